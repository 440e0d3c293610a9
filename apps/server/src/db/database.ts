import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { ensurePrivateDir } from "../security/private-dir.ts";
import type { DB } from "./schema.ts";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * Runs raw SQL without parameters (several statements allowed) and answers the rows of the last one; used by
   * job storage. Do not call it while holding a transaction on PGlite (it waits for the single connection).
   */
  exec(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/** Proves the database answers a statement (the readiness probe); rejects when it does not. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** int8 and numeric counts arrive as strings from pg; money and ids are safe integers here, so parse to number. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value outside the safe integer range: ${value}`);
  return n;
}
pg.types.setTypeParser(20, parseInt8);
// int8[] (bigint[] columns such as integration ids) likewise, as PGlite already answers them.
const INT8_ARRAY = 1016 as Parameters<typeof pg.types.getTypeParser>[0];
const parseTextArray = pg.types.getTypeParser(INT8_ARRAY);
pg.types.setTypeParser(INT8_ARRAY, (value: string) =>
  (parseTextArray(value) as (string | null)[]).map((v) => (v === null ? null : parseInt8(v))),
);

/** Distinct statement texts a process prepares at most; further ones run unnamed (parsed and planned each time). */
export const PREPARED_STATEMENTS_MAX = 500;

/**
 * Makes a pool's clients run parameterised statements as named prepared statements: each connection parses and
 * plans a statement text once instead of at every call (about a third of PostgreSQL's work on the payment path;
 * docs/adr/0004-prepared-statements.md). Names are per process and bounded; statements without parameters
 * (several statements in one text, BEGIN and COMMIT) stay unnamed.
 */
export function prepareStatements(pool: pg.Pool, max = PREPARED_STATEMENTS_MAX): { size(): number } {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    const name = `p${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const [text, values] = args;
        if (args.length === 2 && typeof text === "string" && Array.isArray(values) && values.length > 0) {
          const name = nameOf(text);
          if (name !== undefined) return query({ name, text, values });
        }
        return query(...args);
      },
    });
  });
  return { size: () => names.size };
}

export async function openPostgres(
  url: string,
  poolSize = 10,
  opts: { preparedStatements?: boolean } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Off for a connection pooler in transaction mode, where a connection's prepared statements are not its own.
  if (opts.preparedStatements ?? process.env.DATABASE_PREPARED_STATEMENTS !== "off") prepareStatements(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: "postgres",
    async exec(sql) {
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(sql);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [] };
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite). dataDir undefined keeps it in memory (tests). The folder is made 0700.
 * loadDataDir starts from a copy of another instance's files (`dumpDataDir()`), as the tests' migrated template.
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) ensurePrivateDir(dataDir);
  const client = await PGlite.create(dataDir ? path.join(dataDir, "pgdata") : undefined, {
    parsers: { 20: parseInt8 },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: "pglite",
    async exec(sql) {
      // Go through Kysely's serialised connection so raw statements never interleave with a transaction.
      return db.connection().execute(async () => {
        const results = await client.exec(sql);
        return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
      });
    },
    async close() {
      await db.destroy();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Connections per process to PostgreSQL (default 10). */
  poolSize?: number | undefined;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize);
  // DATA_DIR holds the database, the data key and the demo credentials: the server's user only.
  ensurePrivateDir(opts.dataDir);
  return openPglite(path.join(opts.dataDir, "db"));
}
