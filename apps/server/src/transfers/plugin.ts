import type { FastifyInstance } from "fastify";
import { startTransfersWorker } from "./transfers.job.ts";
import { transferRoutes } from "./transfers.routes.ts";

export interface TransfersOptions {
  /** Schedule and work the daily transfers job in this process once it listens (default true). */
  worker?: boolean;
}

/**
 * Transfers (issue 12, docs/transfers.md): the dashboard routes, and the daily job's schedule and worker on the
 * payment core's pg-boss instance (install after installPayments).
 */
export async function installTransfers(app: FastifyInstance, options: TransfersOptions = {}): Promise<void> {
  await app.register(transferRoutes);
  let worker: { stop(): Promise<void> } | undefined;
  if (options.worker !== false) {
    app.addHook("onListen", async () => {
      const boss = await app.payments.jobs.ready();
      worker = await startTransfersWorker(boss, app.payments.db, app.log);
    });
  }
  // onClose hooks run in reverse order: this one stops our worker before the payment core stops the shared boss.
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
}
