import { callbacksApi as api } from "@portal/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { paymentError } from "../payments/errors.ts";
import { enqueueTransactionCallbacks } from "../payments/payment.repository.ts";
import { merchantScopeOf, notFoundError } from "../transactions/scope.ts";
import { callbackAttemptsOf, findTransaction } from "../transactions/transactions.repository.ts";

/** The callback delivery log of a transaction and its manual resend (dashboard routes). */
export const callbackRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;

  // The same scope as the transaction's details page: a terminal user reaches only its terminal's payments.
  const ownTransaction = async (request: FastifyRequest, id: number) => {
    const tx = await findTransaction(rt.db, merchantScopeOf(request), id);
    if (!tx) throw notFoundError();
    return tx;
  };

  implement(app, api.attempts, async (request) => {
    const tx = await ownTransaction(request, request.params.id);
    const rows = await callbackAttemptsOf(rt.db, tx);
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
  });

  implement(app, api.resend, async (request, reply) => {
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
  });
};
