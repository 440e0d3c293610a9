import {
  actionAnswerSchema,
  captureBodySchema,
  detailAnswerSchema,
  merchantTotalsAnswerSchema,
  messageText,
  receiptSchema,
  refundBodySchema,
  resendCallbacksAnswerSchema,
  resendCallbacksBodySchema,
  totalsQuerySchema,
  transactionDetailsSchema,
  transactionListAnswerSchema,
  transactionListQuerySchema,
} from "@portal/domain";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/auth.hook.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { PaymentError } from "../payments/errors.ts";
import { idempotencyKeyOf } from "../payments/idempotency.ts";
import {
  captureTransaction,
  type OperationAnswer,
  refundTransaction,
  voidTransaction,
} from "../payments/operations.service.ts";
import { enqueueTransactionCallbacks } from "../payments/outcome.ts";
import { portalErrorHandler } from "../public-api/http.ts";
import { HttpError } from "../security/errors.ts";
import { refundNeedsOtp, transactionDetails } from "./details.ts";
import { consumeRefundOtp, issueRefundOtp } from "./otp.ts";
import { receiptOf, receiptPdf } from "./receipt.ts";
import { merchantScopeOf, notFoundError, parseDateParam } from "./scope.ts";
import {
  findTransaction,
  listTransactions,
  merchantTotals,
  scopedTransactions,
  softDeleteTransaction,
} from "./transactions.repository.ts";

const TAGS = ["Transactions"];
const errorSchema = z.object({ detail: z.string(), code: z.string().optional() }).passthrough();
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** The list answer also says when the count stopped at its cap. */
const listAnswer = transactionListAnswerSchema.extend({ count_capped: z.boolean() });

/** The most transactions one "resend by date range" re-sends. */
export const RESEND_MAX = 10_000;

export async function transactionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler(portalErrorHandler);
  const rt = parent.payments;
  const db = rt.db;

  const own = async (request: Parameters<typeof merchantScopeOf>[0], id: number) => {
    const tx = await findTransaction(db, merchantScopeOf(request), id);
    if (!tx) throw notFoundError();
    return tx;
  };

  app.get(
    "/api/transactions",
    {
      schema: {
        tags: TAGS,
        summary: "Transactions of the merchant: every filter of the spec, server-side paging and sorting",
        querystring: transactionListQuerySchema,
        response: { 200: listAnswer },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => listTransactions(db, merchantScopeOf(request), request.query),
  );

  app.get(
    "/api/transactions/totals",
    {
      schema: {
        tags: TAGS,
        summary: "Totals header: successful payments by method and currency, and orders, over a date range",
        querystring: totalsQuerySchema,
        response: { 200: merchantTotalsAnswerSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => merchantTotals(db, merchantScopeOf(request), request.query),
  );

  app.get(
    "/api/transactions/:id",
    {
      schema: {
        tags: TAGS,
        summary:
          "The details page: transaction, order, shipping, billing, financing, parent, error, callbacks",
        params: idParams,
        response: { 200: transactionDetailsSchema, 404: errorSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => {
      const tx = await own(request, request.params.id);
      return transactionDetails(db, tx, requireUser(request), rt.now());
    },
  );

  app.delete(
    "/api/transactions/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Soft delete: the transaction leaves the lists (its money history stays)",
        params: idParams,
        response: { 200: detailAnswerSchema, 404: errorSchema },
      },
      config: { permission: "can delete transactions" },
    },
    async (request) => {
      if (!(await softDeleteTransaction(db, merchantScopeOf(request), request.params.id)))
        throw notFoundError();
      return { detail: messageText("delete_success") };
    },
  );

  const answer = (reply: FastifyReply, result: OperationAnswer, success: string) => {
    const body = result.body as { id?: unknown };
    return reply.code(200).send({
      detail: success,
      success: true,
      ...(typeof body.id === "number" ? { transaction_id: body.id } : {}),
    });
  };
  const refusal = (reply: FastifyReply, error: unknown) => {
    if (error instanceof PaymentError) {
      const body = error.body as { detail?: unknown; code?: unknown; success?: unknown };
      return reply.code(error.statusCode).send({
        detail: String(body.detail ?? ""),
        ...(typeof body.code === "string" ? { code: body.code } : {}),
        ...(typeof body.success === "boolean" ? { success: body.success } : {}),
      });
    }
    throw error;
  };
  const actionResponses = {
    200: actionAnswerSchema,
    // Validation errors carry fields too.
    400: actionAnswerSchema.passthrough(),
    403: errorSchema,
    404: actionAnswerSchema,
    422: actionAnswerSchema,
  };

  app.post(
    "/api/transactions/:id/void",
    {
      schema: {
        tags: TAGS,
        summary: "Void (through the payment core): 200 'Transaction void successfully', 422 when it cannot",
        params: idParams,
        response: actionResponses,
      },
      config: { permission: "can void transactions" },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const tx = await own(request, request.params.id);
      try {
        const result = await voidTransaction(
          rt,
          { merchantId: tx.merchant_id, actor: user.username },
          { transactionId: tx.id, idempotencyKey: idempotencyKeyOf(request.headers) },
        );
        return answer(reply, result, messageText("void_success"));
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.post(
    "/api/transactions/:id/refund/otp",
    {
      schema: {
        tags: TAGS,
        summary: "Sends the one-time code a wallet refund needs (to the user's e-mail)",
        params: idParams,
        response: { 200: detailAnswerSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
      config: { permission: "can refund transactions" },
    },
    async (request) => {
      const user = requireUser(request);
      const tx = await own(request, request.params.id);
      if (!refundNeedsOtp(tx))
        throw new HttpError(400, "otp_not_needed", "This transaction is refunded without a one-time code.");
      const row = await db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirst();
      if (!row?.email) throw new HttpError(503, "otp_send_fail", messageText("otp_send_fail"));
      await db.transaction().execute(async (trx) => {
        const code = await issueRefundOtp(trx, rt.dataKey, tx.id, user.id);
        await enqueueEmail(
          trx,
          { smtp: parent.deps.config.smtpUrl !== undefined },
          {
            to: row.email,
            subject: "Refund one-time code / رمز الاسترداد لمرة واحدة",
            text: `Your one-time code for refunding transaction ${tx.id} is ${code}. It is valid for 10 minutes.\n\nرمزك لمرة واحدة لاسترداد المعاملة ${tx.id} هو ${code}. صالح لمدة 10 دقائق.`,
          },
        );
      });
      return { detail: "OTP sent." };
    },
  );

  app.post(
    "/api/transactions/:id/refund",
    {
      schema: {
        tags: TAGS,
        summary:
          "Refund (through the payment core): 200 'Transaction refund successfully'; 422 when it cannot; 400 for the amount rules or a wrong OTP",
        params: idParams,
        body: refundBodySchema,
        response: actionResponses,
      },
      config: { permission: "can refund transactions" },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const tx = await own(request, request.params.id);
      if (refundNeedsOtp(tx)) {
        const otp = request.body.otp;
        if (!otp || !(await consumeRefundOtp(db, rt.dataKey, tx.id, user.id, otp)))
          return reply.code(400).send({ detail: messageText("wrong_otp"), code: "wrong_otp" });
      }
      try {
        const result = await refundTransaction(
          rt,
          { merchantId: tx.merchant_id, actor: user.username },
          {
            transactionId: tx.id,
            amountCents: request.body.amount_cents,
            idempotencyKey: idempotencyKeyOf(request.headers),
          },
        );
        return answer(reply, result, messageText("refund_success"));
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.post(
    "/api/transactions/:id/capture",
    {
      schema: {
        tags: TAGS,
        summary:
          "Capture an auth (through the payment core): 200 success true 'Capture transaction is successful.'; 200 success false, 400 or 404 with the spec's messages",
        params: idParams,
        body: captureBodySchema,
        response: actionResponses,
      },
      config: { permission: "can capture transactions" },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const tx = await own(request, request.params.id);
      try {
        const result = await captureTransaction(
          rt,
          { merchantId: tx.merchant_id, actor: user.username },
          {
            transactionId: tx.id,
            amountCents: request.body.amount_cents,
            idempotencyKey: idempotencyKeyOf(request.headers),
          },
        );
        return answer(reply, result, messageText("capture_success"));
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.get(
    "/api/transactions/:id/receipt",
    {
      schema: {
        tags: TAGS,
        summary: "The receipt's facts, for the printable page",
        params: idParams,
        response: { 200: receiptSchema, 404: errorSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => receiptOf(db, await own(request, request.params.id)),
  );

  app.get(
    "/api/transactions/:id/receipt.pdf",
    {
      schema: { tags: TAGS, summary: "The receipt as a PDF", params: idParams },
      config: { permission: "can view transactions" },
    },
    async (request, reply) => {
      const receipt = await receiptOf(db, await own(request, request.params.id));
      const pdf = await receiptPdf(receipt);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `inline; filename="receipt-${receipt.transaction_id}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    "/api/transactions/callbacks/resend",
    {
      schema: {
        tags: TAGS,
        summary:
          "Re-send the processed callback of every payment in a date range (through the payment core's callback queue)",
        body: resendCallbacksBodySchema,
        response: { 202: resendCallbacksAnswerSchema, 400: errorSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request, reply) => {
      const scope = merchantScopeOf(request);
      const from = parseDateParam(request.body.date_from, "date_from", false);
      const to = parseDateParam(request.body.date_to, "date_to", true);
      const rows = await scopedTransactions(db, scope, request.body.is_live)
        .select("t.id")
        .where("t.created_at", ">=", from!)
        .where("t.created_at", "<", to!)
        .orderBy("t.id")
        .limit(RESEND_MAX)
        .execute();
      // One statement: every callback of the range that has somewhere to go is enqueued, or none.
      const count = await enqueueTransactionCallbacks(
        db,
        rows.map((r) => r.id),
        { kind: "TRANSACTION", trigger: "manual" },
      );
      return reply.code(202).send({ detail: "Callback sent.", count });
    },
  );
}
