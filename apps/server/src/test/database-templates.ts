import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import type pg from "pg";
import { openPostgres } from "../db/database.ts";
import { MIGRATIONS, migrateToLatest } from "../db/migrate.ts";

/** The local PostgreSQL server the tests use; each suite gets its own database and drops it afterwards. */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Migrated templates shared by one test run (docs/testing.md, "One migration per run"). The server project's
 * global setup (global-setup.ts) gives the run an id and a private folder; the first suite that needs a database
 * of a kind migrates a template once, every suite after it copies the template (PGlite: `loadDataDir` from the
 * dumped files; PostgreSQL: `create database ... template`). Each suite still gets its own database and drops it.
 */
export interface TemplateRun {
  /** Unique per run (the vitest process id and random bytes), so two runs at once never share a template. */
  runId: string;
  /** The run's own folder for the PGlite template file; removed by the global setup's teardown. */
  dir: string;
}

/** The migration list's names in order: a template is made for exactly this list. */
export function migrationListHash(): string {
  return createHash("sha256").update(Object.keys(MIGRATIONS).join("\n")).digest("hex").slice(0, 10);
}

/** The PostgreSQL template of a run: `portal_test_tpl_<hash of the migration list>_<run id>`. */
export function postgresTemplateName(run: TemplateRun): string {
  return `portal_test_tpl_${migrationListHash()}_${run.runId}`;
}

/** The prefix of every run's PostgreSQL template; the run id ends in `<pid>x<random>`. */
export const POSTGRES_TEMPLATE_PREFIX = "portal_test_tpl_";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pgliteTemplates = new Map<string, Promise<Blob | undefined>>();

/**
 * The run's migrated PGlite files (a tarball from `dumpDataDir`). One suite makes them under an exclusive lock
 * file holding its process id, the others wait for the finished file (written to a temporary name, then renamed,
 * so nobody reads half a file). A lock whose process has gone is taken over. Undefined when the file did not come
 * in time: that suite then migrates its own database, as without a template. Read once per module graph.
 */
export function pgliteTemplate(run: TemplateRun): Promise<Blob | undefined> {
  const file = path.join(run.dir, `pglite-${migrationListHash()}.tar`);
  let pending = pgliteTemplates.get(file);
  if (!pending) {
    pending = loadOrMakePgliteTemplate(file);
    pgliteTemplates.set(file, pending);
    // Not kept when it failed or did not come: the next suite tries again.
    pending.then(
      (blob) => {
        if (!blob) pgliteTemplates.delete(file);
      },
      () => pgliteTemplates.delete(file),
    );
  }
  return pending;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function loadOrMakePgliteTemplate(file: string): Promise<Blob | undefined> {
  const lockFile = `${file}.lock`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    let lock: number | undefined;
    try {
      lock = fs.openSync(lockFile, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (lock !== undefined) {
      try {
        fs.writeSync(lock, String(process.pid));
        return await makePgliteTemplate(file);
      } finally {
        fs.closeSync(lock);
        fs.rmSync(lockFile, { force: true });
      }
    }
    // Another suite is migrating it: wait for the file, or take over from a process that has gone.
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(lockFile, "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (holder > 0 && !processAlive(holder)) fs.rmSync(lockFile, { force: true });
    if (Date.now() > deadline) return undefined;
    await sleep(100);
  }
}

async function makePgliteTemplate(file: string): Promise<Blob> {
  const client = await PGlite.create();
  const db = new Kysely({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    const dump = await client.dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await db.destroy();
  }
}

/** Answers with a pg error's code, as PostgreSQL's `55006` (object in use). */
const codeOf = (error: unknown) => (error as { code?: string }).code;

/**
 * Runs a statement that needs nobody connected to a database (drop, rename, copy as a template). pg's pool.end()
 * resolves before its connections have closed, so "is being accessed by other users" (55006) is retried a while.
 */
export async function whenUnused(client: pg.Client, statement: string, force?: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      if (codeOf(error) !== "55006") throw error;
      if (attempt >= 30) {
        if (force === undefined) throw error;
        await client.query(force);
        return;
      }
      await sleep(100);
    }
  }
}

/**
 * Makes the run's PostgreSQL template if it is not there yet, under an advisory lock (two workers of one run
 * never migrate it twice; another run has another name). It is migrated under a building name and renamed when
 * done, so a template by its final name is always complete.
 */
export async function ensurePostgresTemplate(
  admin: pg.Client,
  adminUrl: string,
  run: TemplateRun,
): Promise<string> {
  const name = postgresTemplateName(run);
  const exists = async () =>
    (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if (await exists()) return name;
  const key = createHash("sha256").update(name).digest().readBigInt64BE(0);
  await admin.query("select pg_advisory_lock($1)", [key.toString()]);
  try {
    if (await exists()) return name;
    const building = `${name}_b`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openPostgres(url.toString(), 1);
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    await whenUnused(admin, `alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [key.toString()]);
  }
}
