import { CompiledQuery, type Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";

/**
 * pg-boss over our own connection, on PGlite and PostgreSQL alike. Statements without parameters may be whole
 * scripts (pg-boss's schema and its locked maintenance blocks), so they go to exec; statements with parameters go
 * through Kysely, which on a transaction's executor enqueues a job atomically with the change that causes it.
 */
export function bossDb(
  database: Database,
  executor: Kysely<DB> = database.db,
  /** True once the process stopped its queue (JobRunner.stop). */
  stopped: () => boolean = () => false,
): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if ((!values || values.length === 0) && executor === database.db) return await database.exec(text);
        const result = await executor.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows as unknown[] };
      } catch (error) {
        // A job that outlived the stop's grace period still reports its end once the database is closed, from a
        // promise pg-boss does not await (it would crash the process). That write is dropped: the job stays
        // active, expires and is run again by a process that is up (every job here may run twice).
        if (stopped()) return { rows: [] };
        throw error;
      }
    },
  };
}

export interface BossOptions {
  /** Maintenance (expiry, archiving) runs in one process at a time thanks to pg-boss's advisory locks. */
  supervise?: boolean;
  pollingIntervalSeconds?: number;
  /** True once the process stops its queue: pg-boss's late writes are then dropped (bossDb). */
  stopped?: () => boolean;
}

export async function startBoss(database: Database, opts: BossOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDb(database, database.db, opts.stopped),
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
  #stopped = false;

  constructor(private readonly database: Database) {}

  ready(): Promise<PgBoss> {
    this.#stopped = false;
    this.#boss ??= startBoss(this.database, { supervise: false, stopped: () => this.#stopped });
    return this.#boss;
  }

  async stop(): Promise<void> {
    const boss = this.#boss ? await this.#boss.catch(() => undefined) : undefined;
    this.#boss = undefined;
    this.#stopped = true;
    await boss?.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }
}
