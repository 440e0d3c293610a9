import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { DB } from "../db/schema.ts";
import { runMonthlyStatements, type StatementMail } from "./statements.service.ts";

/**
 * The monthly statements job on pg-boss (the transfers' mechanism, transfers.job.ts). Each hour every process
 * queues a run keyed by the UTC hour (pg-boss keeps one job per singleton key and slot, so the many sends of an
 * hour make one job); a run builds, in every time zone, the statements of the month that has ended there for the
 * subscribed merchants that have none yet. So on the 1st in each merchant's time zone (the first hourly run after
 * local midnight) the month before is stated, missed runs catch up later, and a rerun finds nothing to do: the
 * unique (merchant_id, month) of statements makes a second statement impossible. The job row is durable: a
 * restart keeps queued runs, and a failed run is retried.
 */
export const STATEMENTS_QUEUE = "statements-monthly";

export interface StatementsJob {
  /** The instant the run states the ended months of (ISO). */
  at: string;
}

export async function queueStatements(boss: PgBoss, now: Date): Promise<string | null> {
  const hour = now.toISOString().slice(0, 13);
  return boss.send(STATEMENTS_QUEUE, { at: now.toISOString() } satisfies StatementsJob, {
    singletonKey: `statements:${hour}`,
    singletonSeconds: 3_600,
    retryLimit: 5,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
  });
}

export async function startStatementsWorker(
  boss: PgBoss,
  db: Kysely<DB>,
  mail: StatementMail,
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  everySeconds = 15 * 60,
): Promise<{ stop(): Promise<void> }> {
  await boss.createQueue(STATEMENTS_QUEUE);
  const id = await boss.work<StatementsJob>(
    STATEMENTS_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 30 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await runMonthlyStatements(db, mail, new Date(job.data.at));
        } catch (error) {
          log.error(
            { err: { message: error instanceof Error ? error.message : String(error) }, job: job.id },
            "statements job failed",
          );
          throw error;
        }
      }
    },
  );
  const schedule = async () => {
    try {
      await queueStatements(boss, new Date());
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "statements schedule failed",
      );
    }
  };
  await schedule();
  const timer = setInterval(schedule, everySeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await boss.offWork({ id }).catch(() => undefined);
    },
  };
}
