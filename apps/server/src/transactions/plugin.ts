import type { FastifyInstance } from "fastify";
import { bankRoutes } from "../bank/bank.routes.ts";
import { exportRoutes } from "../exports/exports.routes.ts";
import { startExportWorker } from "../exports/exports.service.ts";
import { orderRoutes } from "../orders/orders.routes.ts";
import { transactionRoutes } from "./transactions.routes.ts";

export interface WorkspaceOptions {
  /** Run export jobs in this process once it listens (default true). */
  worker?: boolean;
}

/**
 * The transactions and orders workspace (issue 4): dashboard routes for merchants and banks, and the export
 * worker on the payment core's pg-boss instance (one per process; install after installPayments).
 */
export async function installWorkspace(app: FastifyInstance, options: WorkspaceOptions = {}): Promise<void> {
  await app.register(transactionRoutes);
  await app.register(orderRoutes);
  await app.register(bankRoutes);
  await app.register(exportRoutes);
  let worker: { stop(): Promise<void> } | undefined;
  if (options.worker !== false) {
    app.addHook("onListen", async () => {
      const boss = await app.payments.jobs.ready();
      worker = await startExportWorker(
        boss,
        app.payments.db,
        app.deps.config.dataDir,
        app.log,
        app.payments.settings.jobMaintenanceSeconds,
      );
    });
  }
  // onClose hooks run in reverse order: this one stops our worker before the payment core stops the shared boss.
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
}
