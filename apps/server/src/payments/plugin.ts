import type { FastifyInstance } from "fastify";
import { callbackRoutes } from "../callbacks/callbacks.routes.ts";
import type { Fetch } from "../callbacks/delivery.ts";
import { startCallbackWorker } from "../callbacks/worker.ts";
import { checkoutRoutes } from "../checkout/checkout.routes.ts";
import { redirectRoutes } from "../checkout/redirect.routes.ts";
import { integrationRoutes } from "../integrations/integrations.routes.ts";
import { keysRoutes } from "../integrations/keys.routes.ts";
import { publicApiRoutes } from "../public-api/public-api.routes.ts";
import { testHelperRoutes } from "../test-helpers/test-helpers.routes.ts";
import { createPaymentsRuntime, type PaymentsRuntime, type RuntimeOverrides } from "./runtime.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The payment core of this process (services, acquirer, callback queue). */
    payments: PaymentsRuntime;
  }
}

export interface PaymentsOptions extends RuntimeOverrides {
  /** Deliver callbacks from this process once it listens (default true). */
  worker?: boolean;
  /** Replaces fetch for callback deliveries (tests). */
  fetch?: Fetch;
}

/**
 * The payment core: the provider-compatible public API, the hosted checkout's API and redirects, the dashboard
 * routes of integrations, keys and callbacks, and (once the server listens) the callback delivery worker.
 */
export async function installPayments(app: FastifyInstance, options: PaymentsOptions = {}): Promise<void> {
  const rt = createPaymentsRuntime(app.deps.config, app.deps.database, options);
  app.decorate("payments", rt);

  await app.register(publicApiRoutes);
  await app.register(redirectRoutes);
  await app.register(checkoutRoutes);
  await app.register(integrationRoutes);
  await app.register(keysRoutes);
  await app.register(callbackRoutes);
  await app.register(testHelperRoutes);

  let worker: { stop(): Promise<void> } | undefined;
  if (options.worker !== false) {
    app.addHook("onListen", async () => {
      worker = await startCallbackWorker(rt, app.log, options.fetch);
    });
  }
  app.addHook("onClose", async () => {
    await worker?.stop();
    await rt.jobs.stop();
  });
}
