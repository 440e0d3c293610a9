import { boundedText, TEXT_MAX } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { completeChallenge, payByCard } from "../payments/card-payment.ts";
import { collectCash } from "../payments/cash.service.ts";
import { paymentError } from "../payments/errors.ts";
import { idempotencyKeyOf } from "../payments/idempotency.ts";
import { exponentOf, intentionByPublicKey, intentionMethods } from "../payments/intentions.service.ts";
import { installmentPlans, isInstallmentIntegration, methodName } from "../payments/methods.ts";
import {
  attemptsLeft,
  checkoutState,
  EXPIRED_TOKEN,
  loadPaymentContext,
  orderIsPaid,
  rateLimited,
} from "../payments/payment-context.ts";
import { confirmWallet, kioskReference, payKioskBill } from "../payments/source-payments.ts";
import { tokenField } from "../public-api/fields.ts";
import { portalErrorHandler } from "../public-api/http.ts";
import { transactionSchema } from "../public-api/schemas.ts";
import { hitRateLimit } from "../ratelimit/rate-limit.repository.ts";

const TAGS = ["checkout"];
const PUBLIC = { public: true } as const;

const errorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
const errors = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 410: errorSchema, 429: errorSchema };

const merchantSchema = z.object({ name: z.string(), logo_url: z.string().nullable() });
const billingSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
const stateSchema = z.enum(["open", "paid", "expired"]);

const paymentAnswer = z.object({
  merchant: merchantSchema,
  amount_cents: z.number(),
  currency: z.string(),
  exponent: z.union([z.literal(2), z.literal(3)]),
  order_id: z.number(),
  merchant_order_id: z.string().nullable(),
  method: z.object({
    integration_id: z.number(),
    gateway_type: z.string(),
    type: z.string(),
    name: z.string(),
  }),
  installment_plans: z
    .array(z.object({ months: z.number(), monthly_amount_cents: z.number(), fees_cents: z.number() }))
    .optional(),
  billing: billingSchema,
  redirection_url: z.string().nullable(),
  is_live: z.boolean(),
  state: stateSchema,
  attempts_left: z.number(),
});

const transactionSummary = z.object({
  id: z.number(),
  success: z.boolean(),
  pending: z.boolean(),
  message: z.string(),
  txn_response_code: z.string(),
});
const doneAnswer = z.object({
  state: z.literal("done"),
  transaction: transactionSummary,
  redirect_url: z.string().nullable(),
});
const payAnswer = z.union([
  z.object({ state: z.literal("challenge"), challenge_id: z.string(), transaction_id: z.number() }),
  doneAnswer,
]);

const numberOrText = z.union([z.number(), boundedText(8)]);
/** A payment token, client secret or reference: required, bounded, no forbidden characters. */
const credential = () => tokenField().pipe(z.string().min(1));
/** Short codes the customer types (CVV, OTP, MPIN). */
const code = () => boundedText(16);
/** The checkout's bodies are a few fields (413 above this). */
const CHECKOUT_BODY_LIMIT = 16 * 1024;

/**
 * Requests per minute on one credential (payment token, client secret or kiosk reference). The credentials are
 * unguessable, so limits per client address would add nothing but one hot counter row shared by every
 * customer behind the same address; CHECKOUT_RATE_LIMIT overrides the reads' limit.
 */
const READS_PER_MINUTE = Number(process.env.CHECKOUT_RATE_LIMIT ?? 120);
/** Payment submissions per minute on one payment token. */
const SUBMISSIONS_PER_MINUTE = 30;

function billingOf(data: Record<string, string>) {
  return {
    first_name: data.first_name ?? "",
    last_name: data.last_name ?? "",
    email: data.email ?? "",
    phone_number: data.phone_number ?? "",
  };
}

/**
 * The JSON API of the hosted checkout (apps/checkout), as agreed in the checkout contract: the payment token
 * (or the intention's public key and client secret) is the credential; every call is rate limited.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const rt = app.payments;
  app.setErrorHandler(portalErrorHandler);
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= CHECKOUT_BODY_LIMIT;
  });

  const rateLimit = (credential: string, kind: "read" | "submit") => ({
    key: `checkout:${kind}:${credential.slice(0, 96)}`,
    rule:
      kind === "read"
        ? { limit: READS_PER_MINUTE, windowSeconds: 60 }
        : { limit: SUBMISSIONS_PER_MINUTE, windowSeconds: 60 },
  });
  const limit = async (credential: string, kind: "read" | "submit") => {
    const { key, rule } = rateLimit(credential, kind);
    if (!(await hitRateLimit(rt.db, key, rule)).allowed) throw rateLimited();
  };

  app.get(
    "/api/checkout/payment",
    {
      schema: {
        tags: TAGS,
        summary: "What the card, wallet and kiosk pages show for a payment token",
        querystring: z.object({ payment_token: credential() }),
        response: { 200: paymentAnswer, ...errors },
      },
      config: PUBLIC,
    },
    async (request) => {
      await limit(request.query.payment_token, "read");
      const ctx = await loadPaymentContext(rt, request.query.payment_token);
      const state = await checkoutState(rt, ctx);
      if (state === "expired") throw paymentError(410, "expired", EXPIRED_TOKEN);
      const { key, integration, order, merchant } = ctx;
      return {
        merchant: { name: merchant.company_name, logo_url: merchant.logo_url },
        amount_cents: key.amount_cents,
        currency: key.currency,
        exponent: exponentOf(key.currency),
        order_id: order.id,
        merchant_order_id: order.merchant_order_id,
        method: {
          integration_id: integration.id,
          gateway_type: integration.gateway_type,
          type: integration.type,
          name: methodName(integration),
        },
        ...(isInstallmentIntegration(integration)
          ? { installment_plans: installmentPlans(key.amount_cents) }
          : {}),
        billing: billingOf(key.billing_data),
        redirection_url: key.redirection_url ?? integration.response_callback_url,
        is_live: key.is_live,
        state,
        attempts_left: attemptsLeft(key),
      };
    },
  );

  app.get(
    "/api/checkout/intention",
    {
      schema: {
        tags: TAGS,
        summary: "What the unified checkout shows for an intention: its methods, each with a payment token",
        querystring: z.object({ public_key: credential(), client_secret: credential() }),
        response: {
          200: z.object({
            merchant: merchantSchema,
            amount_cents: z.number(),
            currency: z.string(),
            exponent: z.union([z.literal(2), z.literal(3)]),
            intention_id: z.string(),
            billing: billingSchema,
            state: stateSchema,
            methods: z.array(
              z.object({
                integration_id: z.number(),
                gateway_type: z.string(),
                name: z.string(),
                payment_token: z.string(),
              }),
            ),
          }),
          ...errors,
        },
      },
      config: PUBLIC,
    },
    async (request) => {
      await limit(request.query.client_secret, "read");
      const intention = await intentionByPublicKey(rt, request.query.public_key, request.query.client_secret);
      if (!intention) throw paymentError(404, "invalid_token", "This payment link is not valid.");
      const merchant = await rt.db
        .selectFrom("merchants")
        .select(["company_name", "logo_url"])
        .where("id", "=", intention.merchant_id)
        .executeTakeFirstOrThrow();
      const order = await rt.db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", intention.order_id)
        .executeTakeFirstOrThrow();
      const methods = await intentionMethods(rt, rt.db, intention);
      let state: "open" | "paid" | "expired" = "open";
      if (intention.confirmed || (await orderIsPaid(rt.db, order))) state = "paid";
      else if (methods.length === 0) state = "expired";
      else {
        const first = await loadPaymentContext(rt, methods[0]!.token);
        state = await checkoutState(rt, first);
      }
      if (state === "expired") throw paymentError(410, "expired", EXPIRED_TOKEN);
      return {
        merchant: { name: merchant.company_name, logo_url: merchant.logo_url },
        amount_cents: intention.amount_cents,
        currency: intention.currency,
        exponent: exponentOf(intention.currency),
        intention_id: intention.public_id,
        billing: billingOf(intention.billing_data),
        state,
        methods: methods.map((m) => ({
          integration_id: m.integration.id,
          gateway_type: m.integration.gateway_type,
          name: methodName(m.integration),
          payment_token: m.token,
        })),
      };
    },
  );

  app.post(
    "/api/checkout/card",
    {
      schema: {
        tags: TAGS,
        summary: "Pay with a card: answers the result, or a 3-D Secure challenge to complete",
        description:
          "Validation errors answer 400 {code: invalid, fields}; no attempts left 409 {code: attempts_exhausted}. " +
          "save_card (optional) saves the card as a token for later payments. Idempotent with Idempotency-Key.",
        body: z.object({
          payment_token: credential(),
          card_holder: boundedText(TEXT_MAX.name),
          pan: boundedText(32),
          expiry_month: numberOrText,
          expiry_year: numberOrText,
          cvv: code(),
          installment_months: z.number().int().min(1).max(60).optional(),
          save_card: z.boolean().optional(),
        }),
        response: { 200: payAnswer, ...errors },
      },
      config: PUBLIC,
    },
    async (request) => {
      // The submission is counted in the same statement that reads the payment.
      return payByCard(
        rt,
        request.body,
        idempotencyKeyOf(request.headers),
        rateLimit(request.body.payment_token, "submit"),
      );
    },
  );

  app.post(
    "/api/checkout/3ds",
    {
      schema: {
        tags: TAGS,
        summary: "Complete the 3-D Secure challenge with the one-time code (the simulator's is 123456)",
        body: z.object({
          payment_token: credential(),
          challenge_id: credential(),
          otp: code(),
        }),
        response: { 200: doneAnswer, ...errors },
      },
      config: PUBLIC,
    },
    async (request) => {
      await limit(request.body.payment_token, "submit");
      const answer = await completeChallenge(rt, request.body);
      if (answer.state !== "done") throw new Error("unexpected challenge answer");
      return answer;
    },
  );

  app.post(
    "/api/checkout/wallet",
    {
      schema: {
        tags: TAGS,
        summary: "Confirm a pending wallet payment with MPIN and OTP",
        body: z.object({
          payment_token: credential(),
          transaction_id: z.coerce.number().int().positive(),
          mpin: code(),
          otp: code(),
        }),
        response: { 200: doneAnswer, ...errors },
      },
      config: PUBLIC,
    },
    async (request) => {
      await limit(request.body.payment_token, "submit");
      const answer = await confirmWallet(rt, request.body);
      if (answer.state !== "done") throw new Error("unexpected challenge answer");
      return answer;
    },
  );

  app.post(
    "/api/checkout/kiosk",
    {
      schema: {
        tags: TAGS,
        summary: "The reference the customer pays at a kiosk (the same one on every call)",
        body: z.object({ payment_token: credential() }),
        response: {
          200: z.object({ bill_reference: z.string(), transaction_id: z.number(), expires_at: z.string() }),
          ...errors,
        },
      },
      config: PUBLIC,
    },
    async (request) => {
      await limit(request.body.payment_token, "submit");
      return kioskReference(rt, request.body.payment_token);
    },
  );

  app.post(
    "/api/simulator/kiosk/pay",
    {
      schema: {
        tags: ["simulator"],
        summary: "Simulate the customer paying a kiosk reference (test mode only)",
        body: z.object({ bill_reference: credential() }),
        response: { 200: transactionSchema, ...errors },
      },
      config: PUBLIC,
    },
    async (request) => {
      await limit(request.body.bill_reference, "submit");
      return payKioskBill(rt, request.body.bill_reference);
    },
  );

  app.post(
    "/api/simulator/cash/collect",
    {
      schema: {
        tags: ["simulator"],
        summary: "Simulate the courier collecting a pending cash payment (test mode only)",
        description:
          "The payment succeeds, its order is paid and the processed callback is sent. Idempotent: collecting " +
          "again answers the same transaction without a second callback. A live, non-cash or unknown payment " +
          "(or another payment token's) answers 404 {code: invalid_transaction}.",
        body: z.object({
          payment_token: credential(),
          transaction_id: z.coerce.number().int().positive(),
        }),
        response: { 200: transactionSchema, ...errors },
      },
      config: PUBLIC,
    },
    async (request) => {
      await limit(request.body.payment_token, "submit");
      return collectCash(rt, request.body);
    },
  );
};
