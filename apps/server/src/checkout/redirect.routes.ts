import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tokenField } from "../public-api/fields.ts";
import { bothSlashes, hiddenTwin } from "../public-api/http.ts";

const TAGS = ["checkout"];

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
 * the legacy iframe page and the unified checkout of the Intention API.
 */
export const redirectRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [i, url] of bothSlashes("/api/acceptance/iframes/:iframe_id").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "The legacy iframe URL: redirects to the hosted card page",
        params: z.object({ iframe_id: tokenField() }),
        querystring: z.looseObject({ payment_token: tokenField().optional() }),
      },
      config: { public: true },
    };
    app.get(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
      const query = queryString({
        ...(request.query as Record<string, unknown>),
        iframe_id: request.params.iframe_id,
      });
      return reply.redirect(`/checkout/pay?${query}`, 302);
    });
  }

  for (const [i, url] of bothSlashes("/unifiedcheckout/").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "The unified checkout URL of the Intention API: redirects to the hosted checkout",
        querystring: z.looseObject({
          publicKey: tokenField().optional(),
          clientSecret: tokenField().optional(),
        }),
      },
      config: { public: true },
    };
    app.get(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
      return reply.redirect(
        `/checkout/unified?${queryString(request.query as Record<string, unknown>)}`,
        302,
      );
    });
  }
};
