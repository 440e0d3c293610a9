import type { FastifyInstance } from "fastify";
import { startTerminalClosingWorker } from "./terminal-reports.job.ts";
import { terminalReportRoutes } from "./terminal-reports.routes.ts";

export interface TerminalReportsOptions {
  /** Schedule and work the closing job in this process once it listens (default true). */
  worker?: boolean;
}

/**
 * Terminal reports (issue 14 item 3, docs/pos-risk.md): the routes, and the closing job's schedule and worker on
 * the payment core's pg-boss instance (install after installPayments).
 */
export async function installTerminalReports(
  app: FastifyInstance,
  options: TerminalReportsOptions = {},
): Promise<void> {
  await app.register(terminalReportRoutes);
  let worker: { stop(): Promise<void> } | undefined;
  if (options.worker !== false) {
    app.addHook("onListen", async () => {
      const boss = await app.payments.jobs.ready();
      worker = await startTerminalClosingWorker(boss, app.payments.db, app.log);
    });
  }
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
}
