import { hasForbiddenCharacters } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import type { IntegrationRef } from "../payments/orders.service.ts";
import { forcedFault } from "../test-helpers/faults.ts";
import { testHelperPublicRoutes } from "../test-helpers/test-helpers.routes.ts";
import { authenticateMerchant } from "./caller.ts";
import { installFormParsers, isFormBody, providerErrorHandler } from "./http.ts";
import { intentionRoutes } from "./intentions.routes.ts";
import { legacyRoutes } from "./legacy.routes.ts";
import { linkRoutes } from "./links.routes.ts";

/**
 * The largest body of a public API request (413 above it). The fields bound themselves (provider-fields.ts); this bounds
 * what is read before they are checked. An intention of 100 items with 1,000-character descriptions, full
 * billing data and 16 KB extras and customer objects is about 170 KB.
 */
export const PUBLIC_API_BODY_LIMIT = 512 * 1024;

/**
 * An unchecked body's `payment_methods` when it is a short list of ids or names that the database can read (no
 * NUL, control characters or unpaired surrogates: those are the body check's to refuse, with a 400); otherwise
 * none, and the integrations are read after the check.
 */
function integrationRefsOf(body: unknown): IntegrationRef[] | undefined {
  const methods =
    body && typeof body === "object" ? (body as { payment_methods?: unknown }).payment_methods : undefined;
  if (!Array.isArray(methods) || methods.length === 0 || methods.length > 20) return undefined;
  return methods.every(
    (m) =>
      (typeof m === "string" && m.length > 0 && m.length <= 255 && !hasForbiddenCharacters(m)) ||
      (typeof m === "number" && Number.isSafeInteger(m) && m > 0),
  )
    ? (methods as IntegrationRef[])
    : undefined;
}

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
  // A route that needs a credential checks it before a form body is read, so nobody without one can make the
  // server parse their form (issue 10 item 8). A form's credential must come in a header (or the query); JSON
  // bodies may still carry the provider's older auth_token and are checked after parsing as before.
  app.decorateRequest("merchantCaller", null);
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (request.routeOptions.config.apiPermission && isFormBody(request.headers["content-type"]))
      await authenticateMerchant(app.payments.db, request, app.payments.now());
    return payload;
  });
  // Credentials before the body (issue 15): with none, a wrong one or one that may not use the route, the provider
  // answers 401 (or 403) whatever the body holds, not the body's field errors. The body is parsed but not yet
  // checked here: only its older auth_token and the intention's integration references (to read them with the
  // key in one query, as before) are read from it, and only when they have the expected shape.
  app.addHook("preValidation", async (request, reply) => {
    if (!request.routeOptions.config.apiPermission) return;
    if (!request.merchantCaller)
      await authenticateMerchant(
        app.payments.db,
        request,
        app.payments.now(),
        integrationRefsOf(request.body),
      );
    // A forced error armed by the test helpers answers this call once (test secret key only; one map read while
    // none is armed: test-helpers/faults.ts).
    const fault = forcedFault(request);
    if (fault) return reply.code(fault.status).send(fault.body);
  });
  await app.register(legacyRoutes);
  await app.register(intentionRoutes);
  await app.register(linkRoutes);
  await app.register(testHelperPublicRoutes);
};
