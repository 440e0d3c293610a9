import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openPglite } from "../db/database.ts";

/** Writes the OpenAPI document to apps/server/openapi.json, or with --check fails when the committed one is stale. */
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../openapi.json");

export async function generateOpenApi(): Promise<string> {
  const database = await openPglite(undefined);
  const app = await buildApp({ config: loadConfig({}), database }, { logger: false });
  await app.ready();
  const doc = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  await database.close();
  return doc;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const doc = await generateOpenApi();
  if (process.argv.includes("--check")) {
    const committed = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
    if (committed !== doc) {
      console.error("apps/server/openapi.json is stale: run `npm run openapi` and commit the result.");
      process.exit(1);
    }
    console.log("openapi.json is up to date");
  } else {
    fs.writeFileSync(target, doc);
    console.log(`wrote ${target}`);
  }
}
