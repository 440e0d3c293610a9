import type { FastifyBaseLogger } from "fastify";
import { voidLapsedAuths } from "../payments/operations.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { deliverCallbacks, type Fetch } from "./delivery.ts";
import { CALLBACK_QUEUE, type CallbackJob } from "./queue.ts";

/**
 * Runs callback deliveries in this process: pg-boss hands out due jobs (row-locked, so any number of processes
 * share the queue), a batch at a time, delivered side by side. The queue's maintenance runs here too, which
 * is what gives the jobs of a stopped process back (they expire while "active" and are retried).
 */
export async function startCallbackWorker(
  rt: PaymentsRuntime,
  log: FastifyBaseLogger,
  fetchImpl?: Fetch,
): Promise<{ stop(): Promise<void> }> {
  const boss = await rt.callbacks.ready();
  const workerIds: string[] = [];
  const workers = Math.max(1, Math.ceil(rt.settings.callbackConcurrency / 10));
  const batchSize = Math.max(1, Math.ceil(rt.settings.callbackConcurrency / workers));
  for (let i = 0; i < workers; i++) {
    workerIds.push(
      await boss.work<CallbackJob>(
        CALLBACK_QUEUE,
        { batchSize, pollingIntervalSeconds: rt.settings.callbackPollSeconds },
        async (jobs) => {
          try {
            await deliverCallbacks(
              rt,
              jobs.map((job) => ({ job: job.data, jobId: job.id })),
              fetchImpl,
            );
          } catch (error) {
            // Our own failure (not the merchants'): fail the batch's jobs so pg-boss runs them again.
            const message = error instanceof Error ? error.message : String(error);
            log.error({ err: { message }, jobs: jobs.length }, "callback delivery failed");
            await Promise.all(
              jobs.map((job) => boss.fail(CALLBACK_QUEUE, job.id, { message }).catch(() => undefined)),
            );
          }
        },
      ),
    );
  }
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
      for (const id of workerIds) await boss.offWork({ id }).catch(() => undefined);
    },
  };
}
