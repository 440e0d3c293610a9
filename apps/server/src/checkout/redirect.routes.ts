import { checkoutApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else if (value !== undefined) params.append(key, String(value));
  }
  return params.toString();
}

/**
 * The provider's customer-facing entry URLs, redirected (302) to the hosted checkout app with the query kept:
 * the legacy iframe page and the unified checkout of the Intention API (both spellings of the trailing slash).
 */
export const redirectRoutes: FastifyPluginAsync = async (app) => {
  implement(app, checkoutApi.iframe, async (request, reply) => {
    const query = queryString({ ...request.query, iframe_id: request.params.iframe_id });
    return reply.redirect(`/checkout/pay?${query}`, 302);
  });

  implement(app, checkoutApi.unifiedCheckout, async (request, reply) => {
    return reply.redirect(`/checkout/unified?${queryString(request.query)}`, 302);
  });
};
