import type { FastifyPluginAsync } from "fastify";
import { installFormParsers, providerErrorHandler } from "./http.ts";
import { intentionRoutes } from "./intentions.routes.ts";
import { legacyRoutes } from "./legacy.routes.ts";
import { linkRoutes } from "./links.routes.ts";

/**
 * The largest body of a public API request (413 above it). The fields bound themselves (fields.ts); this bounds
 * what is read before they are checked. An intention of 100 items with 1,000-character descriptions, full
 * billing data and 16 KB extras and customer objects is about 170 KB.
 */
export const PUBLIC_API_BODY_LIMIT = 512 * 1024;

/**
 * The provider-compatible public merchant API (docs/payments.md): its own error shapes and form bodies, in a
 * scope of its own so the dashboard keeps its {detail, code, fields} answers.
 */
export const publicApiRoutes: FastifyPluginAsync = async (app) => {
  app.setErrorHandler(providerErrorHandler);
  // Every route of the scope takes at most this much body, whatever its encoding (docs/security.md).
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= PUBLIC_API_BODY_LIMIT;
  });
  installFormParsers(app);
  await app.register(legacyRoutes);
  await app.register(intentionRoutes);
  await app.register(linkRoutes);
};
