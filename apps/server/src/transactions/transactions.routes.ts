import { transactionsApi as api, messageText } from "@portal/domain";
import type { FastifyInstance, FastifyReply } from "fastify";
import { requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { PaymentError } from "../payments/errors.ts";
import { idempotencyKeyOf } from "../payments/idempotency.ts";
import {
  captureTransaction,
  type OperationAnswer,
  refundTransaction,
  voidTransaction,
} from "../payments/operations.service.ts";
import { enqueueTransactionCallbacks } from "../payments/payment.repository.ts";
import { refundNeedsOtp, transactionDetails } from "./details.ts";
import { consumeRefundOtp, sendRefundOtp } from "./otp.ts";
import { receiptOf, receiptPdf } from "./receipt.ts";
import { merchantScopeOf, notFoundError, parseDateParam } from "./scope.ts";
import {
  findTransaction,
  listTransactions,
  merchantTotals,
  softDeleteTransaction,
  transactionIdsCreatedBetween,
} from "./transactions.repository.ts";

/** The most transactions one "resend by date range" re-sends. */
export const RESEND_MAX = 10_000;

export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;

  const own = async (request: Parameters<typeof merchantScopeOf>[0], id: number) => {
    const tx = await findTransaction(db, merchantScopeOf(request), id);
    if (!tx) throw notFoundError();
    return tx;
  };

  implement(app, api.list, async (request) => listTransactions(db, merchantScopeOf(request), request.query));

  implement(app, api.totals, async (request) => merchantTotals(db, merchantScopeOf(request), request.query));

  implement(app, api.details, async (request) => {
    const tx = await own(request, request.params.id);
    return transactionDetails(db, tx, requireUser(request), rt.now());
  });

  implement(app, api.remove, async (request) => {
    if (!(await softDeleteTransaction(db, merchantScopeOf(request), request.params.id)))
      throw notFoundError();
    return { detail: messageText("delete_success") };
  });

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
  implement(app, api.void, async (request, reply) => {
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
  });

  implement(app, api.refundOtp, async (request) => {
    const user = requireUser(request);
    const tx = await own(request, request.params.id);
    if (!refundNeedsOtp(tx))
      throw new HttpError(400, "otp_not_needed", "This transaction is refunded without a one-time code.");
    const sent = await sendRefundOtp(
      db,
      rt.dataKey,
      { smtp: app.deps.config.smtpUrl !== undefined },
      tx.id,
      user.id,
    );
    if (!sent) throw new HttpError(503, "otp_send_fail", messageText("otp_send_fail"));
    return { detail: "OTP sent." };
  });

  implement(app, api.refund, async (request, reply) => {
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
  });

  implement(app, api.capture, async (request, reply) => {
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
  });

  implement(app, api.receipt, async (request) => receiptOf(db, await own(request, request.params.id)));

  implement(app, api.receiptPdf, async (request, reply) => {
    const receipt = await receiptOf(db, await own(request, request.params.id));
    const pdf = await receiptPdf(receipt, request.query.lang);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="receipt-${receipt.transaction_id}.pdf"`)
      .send(pdf);
  });

  implement(app, api.resendCallbacks, async (request, reply) => {
    const scope = merchantScopeOf(request);
    const from = parseDateParam(request.body.date_from, "date_from", false);
    const to = parseDateParam(request.body.date_to, "date_to", true);
    const ids = await transactionIdsCreatedBetween(db, scope, request.body.is_live, {
      from: from!,
      to: to!,
      limit: RESEND_MAX,
    });
    // One statement: every callback of the range that has somewhere to go is enqueued, or none.
    const count = await enqueueTransactionCallbacks(db, ids, { kind: "TRANSACTION", trigger: "manual" });
    return reply.code(202).send({ detail: "Callback sent.", count });
  });
}
