import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { DB } from "../db/schema.ts";
import { runTransfers, utcDay } from "./settlement.repository.ts";

/**
 * The daily transfers job on pg-boss (the exports' mechanism, jobs/boss.ts): a durable job per settlement day,
 * queued on a schedule and runnable on demand (runTransfers in settlement.repository.ts). docs/transfers.md.
 */

export const TRANSFERS_QUEUE = "transfers-daily";
const DAY_MS = 86_400_000;

export interface TransfersJob {
  /** The settlement day, YYYY-MM-DD (UTC). */
  day: string;
}

/** The day the daily schedule settles at `now`: yesterday (UTC), the last day that has ended. */
export function dayToSettle(now: Date): string {
  return utcDay(new Date(now.getTime() - DAY_MS));
}

/**
 * pg-boss refuses a throttling slot longer than its archive interval (12 hours by default): with a day's slot
 * every send failed ("throttling interval 86400s cannot exceed archive interval 43200s") and no day was ever
 * settled by the schedule. Half a day: a day gets at most two jobs, the second changing nothing.
 */
export const TRANSFERS_SLOT_SECONDS = 12 * 3600;

/**
 * Queues the job of a day. pg-boss keeps one job per singleton key and time slot, so the many sends of a day
 * (every process, every quarter of an hour) make one job per slot; a duplicate would change nothing anyway.
 */
export async function queueTransfers(boss: PgBoss, day: string): Promise<string | null> {
  return boss.send(TRANSFERS_QUEUE, { day } satisfies TransfersJob, {
    singletonKey: `transfers:${day}`,
    singletonSeconds: TRANSFERS_SLOT_SECONDS,
    retryLimit: 5,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
  });
}

/**
 * The daily schedule and its worker, on the process's pg-boss instance: every `everySeconds` (and at start) the
 * day that has just ended is queued (a no-op when its job exists), and the worker settles queued days. Any process
 * may run both; the job's lock and idempotence make it safe.
 */
export async function startTransfersWorker(
  boss: PgBoss,
  db: Kysely<DB>,
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  everySeconds = 15 * 60,
): Promise<{ stop(): Promise<void> }> {
  await boss.createQueue(TRANSFERS_QUEUE);
  const id = await boss.work<TransfersJob>(
    TRANSFERS_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 30 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await runTransfers(db, job.data.day);
        } catch (error) {
          log.error(
            { err: { message: error instanceof Error ? error.message : String(error) }, job: job.id },
            "transfers job failed",
          );
          throw error;
        }
      }
    },
  );
  const schedule = async () => {
    try {
      await queueTransfers(boss, dayToSettle(new Date()));
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "transfers schedule failed",
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
