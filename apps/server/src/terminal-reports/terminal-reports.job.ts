import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { DB } from "../db/schema.ts";
import { runTerminalClosing } from "./closing.service.ts";

/**
 * The terminal closing job on pg-boss (the statements' mechanism, statements/statements.job.ts). Every quarter of
 * an hour every process queues a run keyed by the UTC hour (pg-boss keeps one job per singleton key and slot, so
 * the many sends of an hour make one job); a run closes, in every time zone, the business days that have ended
 * there and are not closed yet (closing.service.ts). So the first run after local midnight closes the day before,
 * missed runs catch up later and a rerun finds nothing to do. The job row is durable: a restart keeps queued runs,
 * and a failed run is retried.
 */
export const TERMINAL_CLOSING_QUEUE = "terminal-reports-closing";

export interface TerminalClosingJob {
  /** The instant the run closes the ended days of (ISO). */
  at: string;
}

export async function queueTerminalClosing(boss: PgBoss, now: Date): Promise<string | null> {
  return boss.send(TERMINAL_CLOSING_QUEUE, { at: now.toISOString() } satisfies TerminalClosingJob, {
    singletonKey: `terminal-closing:${now.toISOString().slice(0, 13)}`,
    singletonSeconds: 3_600,
    retryLimit: 5,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
  });
}

export async function startTerminalClosingWorker(
  boss: PgBoss,
  db: Kysely<DB>,
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  everySeconds = 15 * 60,
): Promise<{ stop(): Promise<void> }> {
  await boss.createQueue(TERMINAL_CLOSING_QUEUE);
  const id = await boss.work<TerminalClosingJob>(
    TERMINAL_CLOSING_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 30 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await runTerminalClosing(db, new Date(job.data.at));
        } catch (error) {
          log.error(
            { err: { message: error instanceof Error ? error.message : String(error) }, job: job.id },
            "terminal closing job failed",
          );
          throw error;
        }
      }
    },
  );
  const schedule = async () => {
    try {
      await queueTerminalClosing(boss, new Date());
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "terminal closing schedule failed",
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
