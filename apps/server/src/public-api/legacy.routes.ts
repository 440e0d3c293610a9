import { publicApi } from "@portal/domain";
import { normalizeBilling } from "@portal/domain/api/provider-fields";
import type { FastifyPluginAsync } from "fastify";
import { mayUseApiWithPassword } from "../auth/api-access.ts";
import { checkPassword, passwordAccepted } from "../auth/auth.service.ts";
import { loadSessionProfile } from "../auth/profile.ts";
import { implement } from "../http/contract-routes.ts";
import { PaymentError } from "../payments/errors.ts";
import { idempotencyKeyOf } from "../payments/idempotency.ts";
import {
  captureTransaction,
  type OperationAnswer,
  refundTransaction,
  voidTransaction,
} from "../payments/operations.service.ts";
import { createOrder, createPaymentKey, findOrder, issueAuthToken } from "../payments/orders.service.ts";
import { cardTokenContext } from "../payments/outcome.ts";
import { providerTime } from "../payments/provider-time.ts";
import { payWithSource } from "../payments/source-payments.ts";
import {
  loadTransactionView,
  orderObject,
  timeZoneOf,
  transactionObject,
} from "../payments/transaction-object.ts";
import { decryptSecret } from "../security/keys.ts";
import { hostScope } from "../sessions/session-country.ts";
import { authenticateMerchant, seesMode } from "./caller.ts";
import {
  findApiKeyMerchant,
  findMerchantCountry,
  latestTransactionOfOrder,
  merchantById,
  orderCardTokens,
} from "./public-api.repository.ts";

/**
 * The legacy flow of the provider's public API: auth tokens, orders, payment keys, payments/pay, refund, void,
 * capture, transaction and order inquiries, and saved card tokens.
 */
export const legacyRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;

  implement(app, publicApi.authToken, async (request, reply) => {
    const body = request.body;
    let merchantId: number;
    let userId: number | null = null;
    // Whose profile the answer carries: a user's token, that user's own; the API key's, the owner's.
    let profileUserId: number | null;
    if (body.api_key) {
      const owner = await findApiKeyMerchant(rt.db, body.api_key.trim());
      if (owner === undefined) throw new PaymentError(403, { detail: "incorrect credentials" });
      merchantId = owner.merchantId;
      profileUserId = owner.ownerId;
    } else if (body.username && body.password) {
      // The dashboard's sign-in check: its rate limits, and a dummy hash for unknown usernames.
      const host = hostScope(app.deps.config, request.host);
      const user = await checkPassword(rt.db, body.username, body.password, request.ip, host);
      // Anyone the API is not for is answered exactly as a wrong password is (no account enumeration).
      if (!user || user.merchant_id === null || user.merchant_deactivated || !mayUseApiWithPassword(user))
        throw new PaymentError(401, { detail: "Can not create token" });
      await passwordAccepted(rt.db, body.username, request.ip);
      merchantId = user.merchant_id;
      userId = user.id;
      profileUserId = user.id;
    } else {
      throw new PaymentError(400, { api_key: ["This field is required."] });
    }
    const { token } = await issueAuthToken(rt, merchantId, body.expiration, userId);
    const profile =
      profileUserId === null
        ? { id: merchantId }
        : ((await loadSessionProfile(rt.db, profileUserId)).profile as unknown as Record<string, unknown>);
    return reply.code(201).send({ token, profile });
  });

  implement(app, publicApi.createOrder, async (request, reply) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const b = request.body;
    const order = await createOrder(rt, caller, {
      amount_cents: b.amount_cents,
      currency: b.currency,
      merchant_order_id: b.merchant_order_id ?? undefined,
      delivery_needed: b.delivery_needed,
      items: b.items,
      shipping_data: b.shipping_data ?? undefined,
    });
    const merchant = await merchantById(rt.db, order.merchant_id);
    return reply.code(201).send({ ...orderObject(order, merchant, rt.publicUrl), token: null, url: null });
  });

  implement(app, publicApi.order, async (request) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const order = await findOrder(rt.db, caller, request.params.order_id);
    if (!order) throw new PaymentError(404, { detail: "Not found." });
    const merchant = await merchantById(rt.db, order.merchant_id);
    return orderObject(order, merchant, rt.publicUrl);
  });

  implement(app, publicApi.paymentKey, async (request, reply) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const b = request.body;
    const { token } = await createPaymentKey(rt, caller, {
      order_id: b.order_id,
      integration_id: b.integration_id,
      amount_cents: b.amount_cents,
      currency: b.currency,
      expiration: b.expiration,
      billing_data: normalizeBilling(b.billing_data),
      lock_order_when_paid: b.lock_order_when_paid,
    });
    return reply.code(201).send({ token });
  });

  implement(app, publicApi.pay, async (request) => {
    const answer = await payWithSource(rt, request.body, idempotencyKeyOf(request.headers));
    return { ...answer.obj, ...answer.extra };
  });

  const operations = [
    [publicApi.refund, refundTransaction],
    [publicApi.void, voidTransaction],
    [publicApi.capture, captureTransaction],
  ] as const;
  for (const [contract, operation] of operations) {
    implement(app, contract, async (request, reply) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      const answer: OperationAnswer = await operation(
        rt,
        {
          merchantId: caller.merchantId,
          isLive: caller.isLive,
          actor: caller.user?.username ?? "API",
          withoutRefundOtp: caller.user !== undefined,
        },
        {
          transactionId: request.body.transaction_id,
          amountCents: request.body.amount_cents,
          idempotencyKey: idempotencyKeyOf(request.headers),
        },
      );
      if (answer.replayed) reply.header("idempotent-replayed", "true");
      return reply.code(answer.statusCode as 200).send(answer.body);
    });
  }

  implement(app, publicApi.transaction, async (request) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const view = await loadTransactionView(rt.db, request.params.transaction_id);
    if (!view || view.tx.merchant_id !== caller.merchantId || !seesMode(caller, view.tx.is_live))
      throw new PaymentError(404, { detail: "Not found." });
    return transactionObject(view, rt.publicUrl);
  });

  implement(app, publicApi.transactionInquiry, async (request) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const { order_id, merchant_order_id } = request.body;
    if (order_id === undefined && !merchant_order_id)
      throw new PaymentError(400, { order_id: ["This field is required."] });
    const latest = await latestTransactionOfOrder(
      rt.db,
      caller,
      order_id !== undefined ? { orderId: order_id } : { merchantOrderId: merchant_order_id!.trim() },
    );
    if (latest === undefined) throw new PaymentError(404, { detail: "Not found." });
    return transactionObject((await loadTransactionView(rt.db, latest))!, rt.publicUrl);
  });

  implement(app, publicApi.orderCardTokens, async (request) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const rows = await orderCardTokens(rt.db, caller, request.body.order_id);
    if (rows.length === 0) throw new PaymentError(404, { message: "No card tokens found for this order" });
    const merchant = await findMerchantCountry(rt.db, caller.merchantId);
    return rows.map((row) => ({
      type: "TOKEN" as const,
      obj: {
        id: row.id,
        token: decryptSecret(row.token_enc, rt.dataKey, cardTokenContext(row.merchant_id)),
        masked_pan: row.masked_pan,
        merchant_id: row.merchant_id,
        card_subtype: row.card_subtype,
        created_at: providerTime(row.created_at, timeZoneOf(merchant)),
        email: row.email ?? "NA",
        order_id: String(row.order_id ?? ""),
        user_added: false,
      },
    }));
  });
};
