import type { FastifyBaseLogger } from "fastify";
import { voidLapsedAuths } from "../payments/operations.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { deliverCallbacks, type Fetch } from "./delivery.ts";
import { CALLBACK_QUEUE, type CallbackJob } from "./queue.ts";

/**
 * Runs callback deliveries in this process: a few loops each take a batch of due jobs from pg-boss (row-locked,
 * so any number of processes share the queue), deliver them side by side, complete them, and take the next batch
 * at once while the queue is busy (pg-boss's own work() waits a polling interval after every batch, which capped
 * a process at batch size x loops per interval). An idle loop looks again after the polling interval. The queue's
 * maintenance runs here too, which is what gives the jobs of a stopped process back (they expire while "active"
 * and are retried).
 */
export async function startCallbackWorker(
  rt: PaymentsRuntime,
  log: FastifyBaseLogger,
  fetchImpl?: Fetch,
): Promise<{ stop(): Promise<void> }> {
  const boss = await rt.callbacks.ready();
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
    const jobs = await boss.fetch<CallbackJob>(CALLBACK_QUEUE, { batchSize });
    if (jobs.length === 0) return 0;
    try {
      await deliverCallbacks(
        rt,
        jobs.map((job) => ({ job: job.data, jobId: job.id })),
        fetchImpl,
      );
      await boss.complete(
        CALLBACK_QUEUE,
        jobs.map((job) => job.id),
      );
    } catch (error) {
      // Our own failure (not the merchants'): fail the batch's jobs so pg-boss runs them again.
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: { message }, jobs: jobs.length }, "callback delivery failed");
      await Promise.all(
        jobs.map((job) => boss.fail(CALLBACK_QUEUE, job.id, { message }).catch(() => undefined)),
      );
    }
    return jobs.length;
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

  const maintain = async () => {
    try {
      await boss.maintain();
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "job maintenance failed",
      );
    }
  };
  await maintain();
  const timer = setInterval(maintain, rt.settings.jobMaintenanceSeconds * 1000);
  timer.unref();
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
  return {
    async stop() {
      clearInterval(timer);
      clearInterval(lapseTimer);
      stopping = true;
      for (const wake of [...sleepers]) wake();
      // Batches in flight finish (their deliveries are recorded and completed) before the process goes on.
      await Promise.all(running);
    },
  };
}
