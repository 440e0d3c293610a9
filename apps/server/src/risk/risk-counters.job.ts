import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { DB } from "../db/schema.ts";
import { deleteOldCounters } from "./risk.repository.ts";

/**
 * The velocity counters' clean-up on pg-boss (the terminal closing's mechanism, terminal-reports.job.ts): every
 * quarter of an hour every process queues a run keyed by the UTC hour (pg-boss keeps one job per singleton key and
 * slot, so the many sends of an hour make one job); a run deletes the counters whose window ended more than a day
 * before its instant, and those of removed rules (risk.repository.ts deleteOldCounters). Without it the unlogged
 * `risk_counters` table grows by one row per subject and window forever. The job row is durable: a restart keeps
 * queued runs, a failed run is retried, and a rerun finds nothing to delete.
 */
export const RISK_COUNTERS_QUEUE = "risk-counters-cleanup";

export interface RiskCountersJob {
  /** The instant the run cleans up to (ISO). */
  at: string;
}

export async function queueRiskCountersCleanup(boss: PgBoss, now: Date): Promise<string | null> {
  return boss.send(RISK_COUNTERS_QUEUE, { at: now.toISOString() } satisfies RiskCountersJob, {
    singletonKey: `risk-counters:${now.toISOString().slice(0, 13)}`,
    singletonSeconds: 3_600,
    retryLimit: 5,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
  });
}

/** One run: the counters that count nothing any more at `at` are deleted; answers how many. */
export function runRiskCountersCleanup(db: Kysely<DB>, at: Date): Promise<number> {
  return deleteOldCounters(db, Math.floor(at.getTime() / 1000));
}

export async function startRiskCountersWorker(
  boss: PgBoss,
  db: Kysely<DB>,
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  options: { everySeconds?: number; pollingIntervalSeconds?: number } = {},
): Promise<{ stop(): Promise<void> }> {
  await boss.createQueue(RISK_COUNTERS_QUEUE);
  const id = await boss.work<RiskCountersJob>(
    RISK_COUNTERS_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await runRiskCountersCleanup(db, new Date(job.data.at));
        } catch (error) {
          log.error(
            { err: { message: error instanceof Error ? error.message : String(error) }, job: job.id },
            "risk counters clean-up failed",
          );
          throw error;
        }
      }
    },
  );
  const schedule = async () => {
    try {
      await queueRiskCountersCleanup(boss, new Date());
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "risk counters clean-up schedule failed",
      );
    }
  };
  await schedule();
  const timer = setInterval(schedule, (options.everySeconds ?? 15 * 60) * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await boss.offWork({ id }).catch(() => undefined);
    },
  };
}
