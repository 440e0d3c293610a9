import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paymentError } from "../payments/errors.ts";
import { enqueueTransactionCallbacks } from "../payments/outcome.ts";
import { portalErrorHandler } from "../public-api/http.ts";
import { merchantScopeOf, notFoundError } from "../transactions/scope.ts";
import { findTransaction } from "../transactions/transactions.repository.ts";

const TAGS = ["callbacks"];

const attemptSchema = z.object({
  id: z.number(),
  kind: z.enum(["TRANSACTION", "TOKEN"]),
  trigger: z.enum(["event", "retry", "manual"]),
  attempt: z.number(),
  url: z.string(),
  attempted_at: z.string(),
  finished_at: z.string().nullable(),
  status_code: z.number().nullable(),
  latency_ms: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  success: z.boolean(),
});

const errorSchema = z.object({ detail: z.string(), code: z.string() });

/** The callback delivery log of a transaction and its manual resend (dashboard routes). */
export const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const rt = app.payments;
  app.setErrorHandler(portalErrorHandler);

  // The same scope as the transaction's details page: a terminal user reaches only its terminal's payments.
  const ownTransaction = async (request: FastifyRequest, id: number) => {
    const tx = await findTransaction(rt.db, merchantScopeOf(request), id);
    if (!tx) throw notFoundError();
    return tx;
  };

  app.get(
    "/api/transactions/:id/callbacks",
    {
      schema: {
        tags: TAGS,
        summary: "Every delivery attempt of the transaction's callbacks, newest first",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ results: z.array(attemptSchema) }), 404: errorSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => {
      const tx = await ownTransaction(request, request.params.id);
      const rows = await rt.db
        .selectFrom("callback_attempts")
        .selectAll()
        .where("transaction_id", "=", tx.id)
        .where("merchant_id", "=", tx.merchant_id)
        .orderBy("id", "desc")
        .execute();
      return {
        results: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          trigger: r.trigger,
          attempt: r.attempt,
          url: r.url,
          attempted_at: r.attempted_at.toISOString(),
          finished_at: r.finished_at?.toISOString() ?? null,
          status_code: r.status_code,
          latency_ms: r.latency_ms,
          response_excerpt: r.response_excerpt,
          error: r.error,
          success: r.status_code !== null && r.status_code >= 200 && r.status_code < 300,
        })),
      };
    },
  );

  app.post(
    "/api/transactions/:id/callbacks/resend",
    {
      schema: {
        tags: TAGS,
        summary:
          "Send the transaction's processed callback again (retried per the integration's auto retrial)",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 202: z.object({ detail: z.string() }), 404: errorSchema, 409: errorSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request, reply) => {
      const tx = await ownTransaction(request, request.params.id);
      const enqueued = await enqueueTransactionCallbacks(rt.db, [tx.id], {
        kind: "TRANSACTION",
        trigger: "manual",
      });
      if (enqueued === 0)
        throw paymentError(
          409,
          "no_callback_url",
          "This transaction's integration has no transaction processed callback url.",
        );
      return reply.code(202).send({ detail: "Callback sent." });
    },
  );
};
