import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { checkoutLookSchema } from "./checkout-customization.ts";
import { providerTransactionSchema } from "./provider-objects.ts";

/**
 * The hosted checkout's JSON API (apps/checkout; docs/payments.md): the payment token (or the intention's public
 * key and client secret) is the only credential, every call is rate limited per credential. Also the provider's
 * customer-facing entry URLs, which redirect to the checkout app, and the acquirer simulator's test-mode actions.
 */

/** A payment token, client secret or reference: required, bounded, no forbidden characters. */
const credential = () => boundedText(TEXT_MAX.token).pipe(z.string().min(1));
/** Short codes the customer types (CVV, OTP, MPIN). */
const code = () => boundedText(16);
const numberOrText = z.union([z.number(), boundedText(8)]);

/** Every failure of the checkout API: {detail, code, fields}; the checkout app tells them apart by `code`. */
const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
} as const;

/** A redirect to the checkout app: the Location header carries the address, the body is empty. */
const redirect = z.undefined().describe("Redirects to the hosted checkout (Location), the query kept");

const TAGS = ["checkout"] as const;
const PUBLIC = { public: true } as const;

export const checkoutMerchantSchema = z.object({ name: z.string(), logo_url: z.string().nullable() });
export const checkoutBillingSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
/** paid: the order is paid already; expired: the token (or every method of an intention) can no longer pay. */
const checkoutStateSchema = z.enum(["open", "paid", "expired"]);
/** The currency's decimals (2, or 3 for the three-decimal currencies). */
const exponentSchema = z.union([z.literal(2), z.literal(3)]);

export const checkoutPaymentSchema = z.object({
  merchant: checkoutMerchantSchema,
  amount_cents: z.number(),
  currency: z.string(),
  exponent: exponentSchema,
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
  billing: checkoutBillingSchema,
  redirection_url: z.string().nullable(),
  is_live: z.boolean(),
  state: checkoutStateSchema,
  attempts_left: z.number(),
  /** The merchant's checkout customization (docs/settings.md); absent or null: the checkout's own look. */
  look: checkoutLookSchema.nullable().optional(),
});

export const checkoutIntentionSchema = z.object({
  merchant: checkoutMerchantSchema,
  amount_cents: z.number(),
  currency: z.string(),
  exponent: exponentSchema,
  intention_id: z.string(),
  billing: checkoutBillingSchema,
  state: checkoutStateSchema,
  methods: z.array(
    z.object({
      integration_id: z.number(),
      gateway_type: z.string(),
      name: z.string(),
      payment_token: z.string(),
    }),
  ),
  /** The merchant's checkout customization; its methods' order and hidden methods are already applied. */
  look: checkoutLookSchema.nullable().optional(),
});

/** A payment's result as the checkout shows it: message and txn_response_code are "" when the acquirer gave none. */
export const checkoutTransactionSchema = z.object({
  id: z.number(),
  success: z.boolean(),
  pending: z.boolean(),
  message: z.string(),
  txn_response_code: z.string(),
});
export const checkoutDoneSchema = z.object({
  state: z.literal("done"),
  transaction: checkoutTransactionSchema,
  redirect_url: z.string().nullable(),
});
export const checkoutChallengeSchema = z.object({
  state: z.literal("challenge"),
  challenge_id: z.string(),
  transaction_id: z.number(),
});

export const checkoutApi = {
  payment: route({
    method: "GET",
    path: "/api/checkout/payment",
    access: PUBLIC,
    tags: TAGS,
    summary: "What the card, wallet and kiosk pages show for a payment token",
    query: z.object({ payment_token: credential() }),
    answers: { 200: checkoutPaymentSchema, ...errors },
  }),
  intention: route({
    method: "GET",
    path: "/api/checkout/intention",
    access: PUBLIC,
    tags: TAGS,
    summary: "What the unified checkout shows for an intention: its methods, each with a payment token",
    query: z.object({ public_key: credential(), client_secret: credential() }),
    answers: { 200: checkoutIntentionSchema, ...errors },
  }),
  card: route({
    method: "POST",
    path: "/api/checkout/card",
    access: PUBLIC,
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
    answers: { 200: z.union([checkoutChallengeSchema, checkoutDoneSchema]), ...errors },
  }),
  threeDs: route({
    method: "POST",
    path: "/api/checkout/3ds",
    access: PUBLIC,
    tags: TAGS,
    summary: "Complete the 3-D Secure challenge with the one-time code (the simulator's is 123456)",
    body: z.object({ payment_token: credential(), challenge_id: credential(), otp: code() }),
    answers: { 200: checkoutDoneSchema, ...errors },
  }),
  wallet: route({
    method: "POST",
    path: "/api/checkout/wallet",
    access: PUBLIC,
    tags: TAGS,
    summary: "Confirm a pending wallet payment with MPIN and OTP",
    body: z.object({
      payment_token: credential(),
      transaction_id: z.coerce.number().int().positive(),
      mpin: code(),
      otp: code(),
    }),
    answers: { 200: checkoutDoneSchema, ...errors },
  }),
  kiosk: route({
    method: "POST",
    path: "/api/checkout/kiosk",
    access: PUBLIC,
    tags: TAGS,
    summary: "The reference the customer pays at a kiosk (the same one on every call)",
    body: z.object({ payment_token: credential() }),
    answers: {
      200: z.object({ bill_reference: z.string(), transaction_id: z.number(), expires_at: z.string() }),
      ...errors,
    },
  }),
  iframe: route({
    method: "GET",
    path: "/api/acceptance/iframes/:iframe_id",
    access: PUBLIC,
    tags: TAGS,
    summary: "The legacy iframe URL: redirects to the hosted card page",
    params: z.object({ iframe_id: boundedText(TEXT_MAX.token) }),
    query: z.looseObject({ payment_token: boundedText(TEXT_MAX.token).optional() }),
    answers: { 302: redirect },
    trailingSlash: true,
  }),
  unifiedCheckout: route({
    method: "GET",
    path: "/unifiedcheckout/",
    access: PUBLIC,
    tags: TAGS,
    summary: "The unified checkout URL of the Intention API: redirects to the hosted checkout",
    query: z.looseObject({
      publicKey: boundedText(TEXT_MAX.token).optional(),
      clientSecret: boundedText(TEXT_MAX.token).optional(),
    }),
    answers: { 302: redirect },
    trailingSlash: true,
  }),
};

/** The acquirer simulator's actions a customer would take outside the checkout (test mode only). */
export const simulatorApi = {
  kioskPay: route({
    method: "POST",
    path: "/api/simulator/kiosk/pay",
    access: PUBLIC,
    tags: ["simulator"],
    summary: "Simulate the customer paying a kiosk reference (test mode only)",
    body: z.object({ bill_reference: credential() }),
    answers: { 200: providerTransactionSchema, ...errors },
  }),
  cashCollect: route({
    method: "POST",
    path: "/api/simulator/cash/collect",
    access: PUBLIC,
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
    answers: { 200: providerTransactionSchema, ...errors },
  }),
};
