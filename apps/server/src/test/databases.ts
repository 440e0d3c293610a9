import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type Database, type DatabaseKind, openPglite, openPostgres } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import {
  ensurePostgresTemplate,
  pgliteTemplate,
  TEST_PG_URL,
  type TemplateRun,
  whenUnused,
} from "./database-templates.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by the server project's global setup (global-setup.ts): the run's shared migrated templates. */
    testDatabaseTemplates: TemplateRun | undefined;
  }
}

/**
 * The run's templates, or undefined outside the server project's global setup or with
 * TEST_DATABASE_TEMPLATES=off (every suite then migrates its own database, as before: to compare timings).
 */
function templateRun(): TemplateRun | undefined {
  if (process.env.TEST_DATABASE_TEMPLATES === "off") return undefined;
  try {
    return inject("testDatabaseTemplates");
  } catch {
    return undefined;
  }
}

export { TEST_PG_URL };

export interface TestDatabase {
  kind: DatabaseKind;
  /** Set for PostgreSQL only: the connection string of this suite's own database. */
  url: string | undefined;
  database: Database;
}

export async function createTestDatabase(
  kind: DatabaseKind,
): Promise<TestDatabase & { drop(): Promise<void> }> {
  const run = templateRun();
  if (kind === "pglite") {
    // A copy of the run's migrated files; migrateToLatest below then finds nothing to do (it still checks).
    const template = run ? await pgliteTemplate(run) : undefined;
    const database = await openPglite(undefined, template ? { loadDataDir: template } : {});
    await migrateToLatest(database.db);
    return { kind, url: undefined, database, drop: () => database.close() };
  }
  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    if (run) {
      const template = await ensurePostgresTemplate(admin, TEST_PG_URL, run);
      await whenUnused(admin, `create database ${name} template ${template}`);
    } else {
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await migrateToLatest(database.db);
  return {
    kind,
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      try {
        // pg's pool.end() resolves before its connections have closed; forcing the drop at once kills them
        // mid-close and surfaces as an unhandled FATAL error. Wait for them, and force only as a last resort.
        await whenUnused(
          c,
          `drop database if exists ${name}`,
          `drop database if exists ${name} with (force)`,
        );
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Declares a suite once per database kind (PGlite and PostgreSQL), each with a fresh migrated database.
 * `get()` returns the suite's database inside tests and hooks.
 */
export function describeEachDatabase(title: string, body: (get: () => TestDatabase) => void): void {
  for (const kind of ["pglite", "postgres"] as const) {
    describe(`${title} [${kind}]`, () => {
      let current: (TestDatabase & { drop(): Promise<void> }) | undefined;
      // The project's hook timeout: the run's first suite of an engine also makes its template.
      beforeAll(async () => {
        current = await createTestDatabase(kind);
      }, 120_000);
      afterAll(async () => {
        await current?.drop();
      });
      body(() => {
        if (!current) throw new Error("test database not ready");
        return current;
      });
    });
  }
}
