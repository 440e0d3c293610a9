import type { FastifyBaseLogger } from "fastify";
import { voidLapsedAuths } from "../payments/operations.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { settleDueScenarioPayments, settleOnClockMoves } from "../payments/scenario-effects.ts";
import { releaseCallbackJobs, takeCallbackJobs } from "./callbacks.repository.ts";
import { deliverCallbacks, type Fetch } from "./delivery.ts";
import { MAX_TAKEN, onCallbackJobsCommitted } from "./queue.ts";

/**
 * Runs callback deliveries in this process: a few loops each take a batch of due jobs from the outbox (row-locked
 * and leased, so any number of processes share it), deliver them side by side, and take the next batch at once
 * while the outbox is busy; an idle loop looks again after the polling interval. The deliveries finish their
 * jobs themselves (deleted in the statement that records the answers); a job whose process stopped mid-delivery
 * is due again when its lease ends.
 */
/** How often the worker looks for settling pending test payments that fell due (payments/scenario-effects.ts). */
export const SCENARIO_SETTLE_TICK_MS = 5_000;

export async function startCallbackWorker(
  rt: PaymentsRuntime,
  log: FastifyBaseLogger,
  fetchImpl?: Fetch,
): Promise<{ stop(): Promise<void> }> {
  const loops = Math.max(1, Math.ceil(rt.settings.callbackConcurrency / 10));
  const batchSize = Math.max(1, Math.ceil(rt.settings.callbackConcurrency / loops));
  let stopping = false;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  const runBatch = async (): Promise<number> => {
    const taken = await takeCallbackJobs(rt.db, batchSize, rt.settings.callbackJobExpireSeconds);
    if (taken.length === 0) return 0;
    // A job taken too often without finishing keeps failing in our own code: it is parked, not retried forever.
    const parked = taken.filter((t) => t.taken > MAX_TAKEN);
    if (parked.length > 0) {
      log.error({ jobs: parked.map((t) => t.id) }, "callback jobs parked after repeated failures");
      await releaseCallbackJobs(
        rt.db,
        parked.map((t) => t.id),
        0,
        true,
      );
    }
    const jobs = taken.filter((t) => t.taken <= MAX_TAKEN);
    try {
      await deliverCallbacks(
        rt,
        jobs.map((t) => ({ job: t.job, jobId: t.id })),
        fetchImpl,
      );
    } catch (error) {
      // Our own failure (not the merchants'): the batch's jobs are due again in a second.
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: { message }, jobs: jobs.length }, "callback delivery failed");
      await releaseCallbackJobs(
        rt.db,
        jobs.map((t) => t.id),
        1,
      ).catch(() => undefined);
    }
    return taken.length;
  };

  const loop = async () => {
    while (!stopping) {
      let taken = 0;
      try {
        taken = await runBatch();
      } catch (error) {
        log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "callback queue fetch failed",
        );
      }
      if (taken < batchSize && !stopping) await sleep(rt.settings.callbackPollSeconds * 1000);
    }
  };
  const running = Array.from({ length: loops }, () => loop());
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  const unsubscribe = onCallbackJobsCommitted(wakeAll);

  // Uncaptured auths lapse after 14 days; checking hourly is plenty.
  const lapse = async () => {
    try {
      const voided = await voidLapsedAuths(rt);
      if (voided > 0) log.info({ voided }, "lapsed auths voided");
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "auth lapse check failed",
      );
    }
  };
  const lapseTimer = setInterval(lapse, 3_600_000);
  lapseTimer.unref();
  // Test mode's settling pending scenario cards (payments/scenarios.ts) settle once due on their merchant's test
  // clock: looked for every few seconds (a partial index of the few pending ones), and at once when a clock moves.
  const stopClockMoves = settleOnClockMoves(rt);
  const settle = async () => {
    try {
      await settleDueScenarioPayments(rt);
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "scenario settlement failed",
      );
    }
  };
  const settleTimer = setInterval(settle, SCENARIO_SETTLE_TICK_MS);
  settleTimer.unref();
  return {
    async stop() {
      clearInterval(lapseTimer);
      clearInterval(settleTimer);
      stopClockMoves();
      unsubscribe();
      stopping = true;
      wakeAll();
      // Batches in flight finish (their deliveries are recorded and completed) before the process goes on.
      await Promise.all(running);
    },
  };
}
