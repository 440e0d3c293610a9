import { CompiledQuery, type Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";

/**
 * pg-boss over our own connection, on PGlite and PostgreSQL alike. Statements without parameters may be whole
 * scripts (pg-boss's schema and its locked maintenance blocks), so they go to exec; statements with parameters go
 * through Kysely, which on a transaction's executor enqueues a job atomically with the change that causes it.
 */
export function bossDb(database: Database, executor: Kysely<DB> = database.db): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && executor === database.db) return database.exec(text);
      const result = await executor.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

export interface BossOptions {
  /** Maintenance (expiry, archiving) runs in one process at a time thanks to pg-boss's advisory locks. */
  supervise?: boolean;
  pollingIntervalSeconds?: number;
}

export async function startBoss(database: Database, opts: BossOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDb(database),
    schema: "pgboss",
    supervise: opts.supervise ?? true,
    schedule: false,
  });
  boss.on("error", (err) => {
    // pg-boss reports background errors here; they must not crash the server.
    console.error("job queue error:", err.message);
  });
  await boss.start();
  return boss;
}

/**
 * The process's pg-boss instance (the exports' queue), started on first use so that a process which never
 * exports never starts it. On PGlite, await ready() before opening a transaction that sends a job: start-up needs
 * the single connection a transaction would hold.
 */
export class JobRunner {
  #boss: Promise<PgBoss> | undefined;

  constructor(private readonly database: Database) {}

  ready(): Promise<PgBoss> {
    this.#boss ??= startBoss(this.database, { supervise: false });
    return this.#boss;
  }

  async stop(): Promise<void> {
    const boss = this.#boss ? await this.#boss.catch(() => undefined) : undefined;
    this.#boss = undefined;
    await boss?.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }
}
