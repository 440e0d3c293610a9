import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm run bench -- <name>` runs bench/<name>.ts, which prints its figures and writes bench/results/<name>.json.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const name = process.argv[2];
const available = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join("|")}>`);
  process.exit(2);
}
const bench = (await import(path.join(here, `${name}.ts`))) as { run(args: string[]): Promise<void> };
await bench.run(process.argv.slice(3));
