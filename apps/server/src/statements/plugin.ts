import type { FastifyInstance } from "fastify";
import { startStatementsWorker } from "./statements.job.ts";
import { statementRoutes } from "./statements.routes.ts";

export interface StatementsOptions {
  /** Schedule and work the monthly statements job in this process once it listens (default true). */
  worker?: boolean;
}

/**
 * Monthly statements (issue 18 item 4, docs/settings.md): the routes, and the job's schedule and worker on the
 * payment core's pg-boss instance (install after installPayments).
 */
export async function installStatements(
  app: FastifyInstance,
  options: StatementsOptions = {},
): Promise<void> {
  await app.register(statementRoutes);
  let worker: { stop(): Promise<void> } | undefined;
  if (options.worker !== false) {
    app.addHook("onListen", async () => {
      const boss = await app.payments.jobs.ready();
      const mail = { smtp: app.deps.config.smtpUrl !== undefined, publicUrl: app.deps.config.publicUrl };
      worker = await startStatementsWorker(boss, app.payments.db, mail, app.log);
    });
  }
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
}
