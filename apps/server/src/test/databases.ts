import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { type Database, type DatabaseKind, openPglite, openPostgres } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

/** The local PostgreSQL server the tests use; each suite gets its own database and drops it afterwards. */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  kind: DatabaseKind;
  /** Set for PostgreSQL only: the connection string of this suite's own database. */
  url: string | undefined;
  database: Database;
}

export async function createTestDatabase(
  kind: DatabaseKind,
): Promise<TestDatabase & { drop(): Promise<void> }> {
  if (kind === "pglite") {
    const database = await openPglite(undefined);
    await migrateToLatest(database.db);
    return { kind, url: undefined, database, drop: () => database.close() };
  }
  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if (attempt >= 30) {
              await c.query(`drop database if exists ${name} with (force)`);
              break;
            }
            if ((error as { code?: string }).code !== "55006") throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
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
      beforeAll(async () => {
        current = await createTestDatabase(kind);
      }, 60_000);
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
