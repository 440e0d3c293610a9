import type { FastifyInstance } from "fastify";
import { riskRoutes } from "./risk.routes.ts";
import { startRiskCountersWorker } from "./risk-counters.job.ts";

export interface RiskOptions {
  /** Schedule and work the velocity counters' clean-up in this process once it listens (default true). */
  worker?: boolean;
}

/**
 * The risk center (docs/pos-risk.md "Risk"): its routes, and the velocity counters' clean-up job on the payment
 * core's pg-boss instance (install after installPayments).
 */
export async function installRisk(app: FastifyInstance, options: RiskOptions = {}): Promise<void> {
  await app.register(riskRoutes);
  let worker: { stop(): Promise<void> } | undefined;
  if (options.worker !== false) {
    app.addHook("onListen", async () => {
      const boss = await app.payments.jobs.ready();
      worker = await startRiskCountersWorker(boss, app.payments.db, app.log);
    });
  }
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
}
