import { boundedText, isPhone, TEXT_MAX } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mayUseApiWithPassword } from "../auth/api-access.ts";
import { checkPassword, passwordAccepted } from "../auth/auth.service.ts";
import { loadSessionProfile } from "../auth/profile.ts";
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
  findMerchantOwnerId,
  loadTransactionView,
  orderObject,
  timeZoneOf,
  transactionObject,
} from "../payments/transaction-object.ts";
import { decryptSecret, findMerchantByKey } from "../security/keys.ts";
import { apiRoute, authenticateMerchant, seesMode } from "./caller.ts";
import {
  amountField,
  billingDataSchema,
  boolField,
  idField,
  jsonObjectField,
  LIST_MAX,
  normalizeBilling,
  positiveIntField,
  textField,
  tokenField,
} from "./fields.ts";
import { bothSlashes, hiddenTwin } from "./http.ts";
import { orderSchema, providerErrorSchema, transactionSchema } from "./schemas.ts";

const TAGS = ["public API: legacy"];
const PUBLIC = { public: true } as const;
const errors = {
  400: providerErrorSchema,
  401: providerErrorSchema,
  403: providerErrorSchema,
  404: providerErrorSchema,
};

const authTokenBody = z.looseObject({
  api_key: tokenField().optional(),
  username: boundedText(TEXT_MAX.name).optional(),
  password: boundedText(TEXT_MAX.token).optional(),
  // Clients ask for very long tokens (999999999999); the service caps them.
  expiration: positiveIntField().optional(),
});

const orderBody = z.looseObject({
  auth_token: tokenField().optional(),
  delivery_needed: boolField().optional(),
  amount_cents: amountField(),
  currency: tokenField().optional(),
  merchant_order_id: textField(TEXT_MAX.reference).optional().nullable(),
  items: z
    .array(
      z.looseObject({
        name: textField(),
        amount_cents: amountField(),
        description: textField(TEXT_MAX.description, { multiline: true }).optional(),
        quantity: positiveIntField().optional(),
      }),
    )
    .max(LIST_MAX.items)
    .optional(),
  shipping_data: jsonObjectField().optional().nullable(),
});

const paymentKeyBody = z.looseObject({
  auth_token: tokenField().optional(),
  amount_cents: amountField(),
  expiration: positiveIntField().optional(),
  order_id: idField(),
  currency: tokenField().optional(),
  integration_id: idField(),
  lock_order_when_paid: boolField().optional(),
  billing_data: billingDataSchema,
});

/** A wallet is paid from its phone number (isPhone: 8 to 15 digits, an optional +); a saved card by its token. */
const payBody = z
  .looseObject({
    source: z.object({ identifier: textField(TEXT_MAX.token), subtype: tokenField() }),
    payment_token: tokenField().pipe(z.string().min(1)),
  })
  .superRefine((body, ctx) => {
    const { identifier, subtype } = body.source;
    if (subtype.toUpperCase() === "WALLET" && !isPhone(identifier))
      ctx.addIssue({
        code: "custom",
        path: ["source", "identifier"],
        message: "Enter a valid wallet number.",
      });
    if (subtype.toUpperCase() === "TOKEN" && identifier.trim() === "")
      ctx.addIssue({
        code: "custom",
        path: ["source", "identifier"],
        message: "This field may not be blank.",
      });
  });

const operationBody = z.looseObject({
  auth_token: tokenField().optional(),
  transaction_id: idField(),
  amount_cents: amountField().optional(),
});

const inquiryBody = z.looseObject({
  auth_token: tokenField().optional(),
  order_id: idField().optional(),
  merchant_order_id: textField(TEXT_MAX.reference).optional(),
});

/**
 * The legacy flow of the provider's public API: auth tokens, orders, payment keys, payments/pay, refund, void,
 * capture, transaction and order inquiries, and saved card tokens.
 */
export const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const rt = app.payments;

  for (const [i, url] of bothSlashes("/api/auth/tokens").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Exchange the API key (or a merchant's username and password) for an auth token",
        body: authTokenBody,
        response: {
          201: z.object({ token: z.string(), profile: z.looseObject({}) }),
          400: providerErrorSchema,
          401: providerErrorSchema,
          403: providerErrorSchema,
          429: providerErrorSchema,
        },
      },
      config: PUBLIC,
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
      const body = request.body;
      let merchantId: number | undefined;
      let userId: number | null = null;
      if (body.api_key) {
        merchantId = (await findMerchantByKey(rt.db, "api", body.api_key.trim()))?.merchantId;
        if (merchantId === undefined) throw new PaymentError(403, { detail: "incorrect credentials" });
      } else if (body.username && body.password) {
        // The dashboard's sign-in check: its rate limits, and a dummy hash for unknown usernames.
        const user = await checkPassword(rt.db, body.username, body.password, request.ip);
        // Anyone the API is not for is answered exactly as a wrong password is (no account enumeration).
        if (!user || user.merchant_id === null || !mayUseApiWithPassword(user))
          throw new PaymentError(401, { detail: "Can not create token" });
        await passwordAccepted(rt.db, body.username, request.ip);
        merchantId = user.merchant_id;
        userId = user.id;
      } else {
        throw new PaymentError(400, { api_key: ["This field is required."] });
      }
      const { token } = await issueAuthToken(rt, merchantId, body.expiration, userId);
      // A user's token answers that user's own profile (and permissions); the API key's, the owner's.
      const ownerId = userId ?? (await findMerchantOwnerId(rt.db, merchantId));
      const profile =
        ownerId === undefined
          ? { id: merchantId }
          : ((await loadSessionProfile(rt.db, ownerId)).profile as unknown as Record<string, unknown>);
      return reply.code(201).send({ token, profile });
    });
  }

  for (const [i, url] of bothSlashes("/api/ecommerce/orders").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Create an order",
        body: orderBody,
        response: { 201: orderSchema, 422: providerErrorSchema, ...errors },
      },
      config: apiRoute("can create orders"),
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
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
      const merchant = await rt.db
        .selectFrom("merchants")
        .selectAll()
        .where("id", "=", order.merchant_id)
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ ...orderObject(order, merchant, rt.publicUrl), token: null, url: null });
    });
  }

  for (const [i, url] of bothSlashes("/api/ecommerce/orders/:order_id").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Retrieve an order",
        params: z.object({ order_id: idField() }),
        response: { 200: orderSchema, ...errors },
      },
      config: apiRoute("can view orders"),
    };
    app.get(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      const order = await findOrder(rt.db, caller, request.params.order_id);
      if (!order) throw new PaymentError(404, { detail: "Not found." });
      const merchant = await rt.db
        .selectFrom("merchants")
        .selectAll()
        .where("id", "=", order.merchant_id)
        .executeTakeFirstOrThrow();
      return orderObject(order, merchant, rt.publicUrl);
    });
  }

  for (const [i, url] of bothSlashes("/api/acceptance/payment_keys").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Create a payment key (payment token) for an order and an integration",
        body: paymentKeyBody,
        response: { 201: z.object({ token: z.string() }), ...errors },
      },
      config: apiRoute("can create orders"),
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
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
  }

  for (const [i, url] of bothSlashes("/api/acceptance/payments/pay").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Pay with a wallet, at a kiosk (AGGREGATOR), in cash or with a saved card (TOKEN)",
        description:
          "The payment token is the credential. A wallet payment answers pending with redirect_url, where the " +
          "customer confirms with MPIN and OTP; a kiosk payment answers pending with data.bill_reference.",
        body: payBody,
        response: { 200: transactionSchema, 409: providerErrorSchema, 410: providerErrorSchema, ...errors },
      },
      config: PUBLIC,
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const answer = await payWithSource(rt, request.body, idempotencyKeyOf(request.headers));
      return { ...answer.obj, ...answer.extra };
    });
  }

  const operations = [
    [
      "/api/acceptance/void_refund/refund",
      "Refund a payment, fully or partly",
      refundTransaction,
      "can refund transactions",
    ],
    [
      "/api/acceptance/void_refund/void",
      "Void a card payment on the day it was made",
      voidTransaction,
      "can void transactions",
    ],
    [
      "/api/acceptance/capture",
      "Capture an authorised payment",
      captureTransaction,
      "can capture transactions",
    ],
  ] as const;
  for (const [path, summary, operation, permission] of operations) {
    for (const [i, url] of bothSlashes(path).entries()) {
      const options = {
        schema: {
          tags: TAGS,
          summary,
          description:
            "Idempotent with an Idempotency-Key header: a repeated request answers the first one's result.",
          body: operationBody,
          headers: z.looseObject({ "idempotency-key": z.string().optional() }),
          response: { 200: transactionSchema, 422: providerErrorSchema, ...errors },
        },
        config: apiRoute(permission),
      };
      app.post(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
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
  }

  for (const [i, url] of bothSlashes("/api/acceptance/transactions/:transaction_id").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Retrieve a transaction",
        params: z.object({ transaction_id: idField() }),
        response: { 200: transactionSchema, ...errors },
      },
      config: apiRoute("can view transactions"),
    };
    app.get(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      const view = await loadTransactionView(rt.db, request.params.transaction_id);
      if (!view || view.tx.merchant_id !== caller.merchantId || !seesMode(caller, view.tx.is_live))
        throw new PaymentError(404, { detail: "Not found." });
      return transactionObject(view, rt.publicUrl);
    });
  }

  for (const [i, url] of bothSlashes("/api/ecommerce/orders/transaction_inquiry").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "The latest transaction of an order, by order_id or merchant_order_id",
        body: inquiryBody,
        response: { 200: transactionSchema, ...errors },
      },
      config: apiRoute("can view transactions"),
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      const { order_id, merchant_order_id } = request.body;
      if (order_id === undefined && !merchant_order_id)
        throw new PaymentError(400, { order_id: ["This field is required."] });
      let query = rt.db
        .selectFrom("transactions")
        .innerJoin("orders", "orders.id", "transactions.order_id")
        .select("transactions.id")
        .where("transactions.merchant_id", "=", caller.merchantId);
      query =
        order_id !== undefined
          ? query.where("orders.id", "=", order_id)
          : query.where("orders.merchant_order_id", "=", merchant_order_id!.trim());
      if (caller.isLive !== undefined) query = query.where("transactions.is_live", "=", caller.isLive);
      const latest = await query.orderBy("transactions.id", "desc").executeTakeFirst();
      if (!latest) throw new PaymentError(404, { detail: "Not found." });
      return transactionObject((await loadTransactionView(rt.db, latest.id))!, rt.publicUrl);
    });
  }

  for (const [i, url] of bothSlashes("/api/acceptance/order_card_tokens").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "The card tokens saved from an order's payments",
        body: z.looseObject({ auth_token: tokenField().optional(), order_id: idField() }),
        response: {
          200: z.array(z.object({ type: z.literal("TOKEN"), obj: z.looseObject({}) })),
          ...errors,
        },
      },
      config: apiRoute("can view transactions"),
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      let query = rt.db
        .selectFrom("card_tokens")
        .selectAll()
        .where("merchant_id", "=", caller.merchantId)
        .where("order_id", "=", request.body.order_id);
      if (caller.isLive !== undefined) query = query.where("is_live", "=", caller.isLive);
      const rows = await query.orderBy("id").execute();
      if (rows.length === 0) throw new PaymentError(404, { message: "No card tokens found for this order" });
      const merchant = await rt.db
        .selectFrom("merchants")
        .select("country")
        .where("id", "=", caller.merchantId)
        .executeTakeFirstOrThrow();
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
  }
};
