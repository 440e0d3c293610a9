import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** Shared by the benchmarks (run.ts skips files starting with "_"). */

export const PG_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The benchmark's own database: kept when asked and present, otherwise created empty. */
export async function benchDatabase(name: string, keep: boolean): Promise<{ url: string; fresh: boolean }> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount! > 0;
  const fresh = !(keep && exists);
  if (fresh) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), fresh };
}

/**
 * The node options of the server's start script (apps/server/package.json "start": `node <options> --import tsx
 * src/main.ts`), so a benchmark runs the server as `npm start` does.
 */
export function serverNodeOptions(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const pkg = JSON.parse(fs.readFileSync(path.resolve(here, "../apps/server/package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(words.indexOf("node") + 1, words.indexOf("--import"));
}
