import type { FastifyPluginAsync } from "fastify";
import { installFormParsers, providerErrorHandler } from "./http.ts";
import { intentionRoutes } from "./intentions.routes.ts";
import { legacyRoutes } from "./legacy.routes.ts";
import { linkRoutes } from "./links.routes.ts";

/**
 * The provider-compatible public merchant API (docs/payments.md): its own error shapes and form bodies, in a
 * scope of its own so the dashboard keeps its {detail, code, fields} answers.
 */
export const publicApiRoutes: FastifyPluginAsync = async (app) => {
  app.setErrorHandler(providerErrorHandler);
  installFormParsers(app);
  await app.register(legacyRoutes);
  await app.register(intentionRoutes);
  await app.register(linkRoutes);
};
