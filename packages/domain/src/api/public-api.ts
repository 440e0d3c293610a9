import { z } from "zod";
import { route } from "../contract.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { isPhone } from "../validation.ts";
import {
  amountField,
  billingDataSchema,
  boolField,
  idField,
  jsonObjectField,
  LIST_MAX,
  positiveIntField,
  textField,
  tokenField,
} from "./provider-fields.ts";
import { providerTransactionSchema } from "./provider-objects.ts";

/**
 * The provider-compatible public merchant API (docs/payments.md, reference/paymob-public-api.md): the provider's
 * paths, field names and error shapes (apps/server/src/public-api/http.ts answers them). Every route answers
 * with and without its trailing slash (`trailingSlash`; the spelling written here is the documented one). A
 * merchant route is public (a key or an auth token authenticates it) and names the dashboard permission a token
 * made from a user's password needs there (`apiPermission`). This file holds the legacy flow; the Intention API
 * and the quick payment links have files of their own (public-api-intentions.ts, public-api-links.ts).
 */

/** Every error of the public API: {detail} or {message}, or DRF-style {field: [messages]} for invalid fields. */
export const providerErrorSchema = z
  .looseObject({ detail: z.string().optional(), message: z.string().optional(), code: z.string().optional() })
  .describe("An error: {detail} (or {message}); validation errors are {field: [messages]}.");

export const providerOrderSchema = z
  .looseObject({
    id: z.number(),
    amount_cents: z.number(),
    currency: z.string(),
    merchant_order_id: z.string().nullable(),
    paid_amount_cents: z.number(),
  })
  .describe("The provider's order object.");

/** Who may call the public API's routes: anyone (the key or token in the request authenticates a merchant). */
export const PROVIDER_PUBLIC = { public: true } as const;

const TAGS = ["public API: legacy"] as const;
const errors = {
  400: providerErrorSchema,
  401: providerErrorSchema,
  403: providerErrorSchema,
  404: providerErrorSchema,
} as const;

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

/** Refund, void and capture: a repeated Idempotency-Key answers the first request's result. */
const idempotencyHeaders = z.looseObject({ "idempotency-key": z.string().optional() });
const operation = {
  access: PROVIDER_PUBLIC,
  tags: TAGS,
  trailingSlash: true,
  description:
    "Idempotent with an Idempotency-Key header: a repeated request answers the first one's result.",
  headers: idempotencyHeaders,
  body: operationBody,
  answers: { 200: providerTransactionSchema, 422: providerErrorSchema, ...errors },
} as const;

const inquiryBody = z.looseObject({
  auth_token: tokenField().optional(),
  order_id: idField().optional(),
  merchant_order_id: textField(TEXT_MAX.reference).optional(),
});

/** A card token saved from an order's payment, as the provider lists them. */
const orderCardTokenSchema = z.object({ type: z.literal("TOKEN"), obj: z.looseObject({}) });

/**
 * The legacy flow: auth tokens, orders, payment keys, payments/pay, refund, void, capture, transaction and order
 * inquiries, and saved card tokens.
 */
export const publicApi = {
  authToken: route({
    method: "POST",
    path: "/api/auth/tokens",
    access: PROVIDER_PUBLIC,
    tags: TAGS,
    trailingSlash: true,
    summary: "Exchange the API key (or a merchant's username and password) for an auth token",
    body: authTokenBody,
    answers: {
      201: z.object({ token: z.string(), profile: z.looseObject({}) }),
      400: providerErrorSchema,
      401: providerErrorSchema,
      403: providerErrorSchema,
      429: providerErrorSchema,
    },
  }),
  createOrder: route({
    method: "POST",
    path: "/api/ecommerce/orders",
    access: PROVIDER_PUBLIC,
    apiPermission: "can create orders",
    tags: TAGS,
    trailingSlash: true,
    summary: "Create an order",
    body: orderBody,
    answers: { 201: providerOrderSchema, 422: providerErrorSchema, ...errors },
  }),
  order: route({
    method: "GET",
    path: "/api/ecommerce/orders/:order_id",
    access: PROVIDER_PUBLIC,
    apiPermission: "can view orders",
    tags: TAGS,
    trailingSlash: true,
    summary: "Retrieve an order",
    params: z.object({ order_id: idField() }),
    answers: { 200: providerOrderSchema, ...errors },
  }),
  paymentKey: route({
    method: "POST",
    path: "/api/acceptance/payment_keys",
    access: PROVIDER_PUBLIC,
    apiPermission: "can create orders",
    tags: TAGS,
    trailingSlash: true,
    summary: "Create a payment key (payment token) for an order and an integration",
    body: paymentKeyBody,
    answers: { 201: z.object({ token: z.string() }), ...errors },
  }),
  pay: route({
    method: "POST",
    path: "/api/acceptance/payments/pay",
    access: PROVIDER_PUBLIC,
    tags: TAGS,
    trailingSlash: true,
    summary: "Pay with a wallet, at a kiosk (AGGREGATOR), in cash or with a saved card (TOKEN)",
    description:
      "The payment token is the credential. A wallet payment answers pending with redirect_url, where the " +
      "customer confirms with MPIN and OTP; a kiosk payment answers pending with data.bill_reference.",
    body: payBody,
    answers: {
      200: providerTransactionSchema,
      409: providerErrorSchema,
      410: providerErrorSchema,
      ...errors,
    },
  }),
  refund: route({
    method: "POST",
    path: "/api/acceptance/void_refund/refund",
    apiPermission: "can refund transactions",
    summary: "Refund a payment, fully or partly",
    ...operation,
  }),
  void: route({
    method: "POST",
    path: "/api/acceptance/void_refund/void",
    apiPermission: "can void transactions",
    summary: "Void a card payment on the day it was made",
    ...operation,
  }),
  capture: route({
    method: "POST",
    path: "/api/acceptance/capture",
    apiPermission: "can capture transactions",
    summary: "Capture an authorised payment",
    ...operation,
  }),
  transaction: route({
    method: "GET",
    path: "/api/acceptance/transactions/:transaction_id",
    access: PROVIDER_PUBLIC,
    apiPermission: "can view transactions",
    tags: TAGS,
    trailingSlash: true,
    summary: "Retrieve a transaction",
    params: z.object({ transaction_id: idField() }),
    answers: { 200: providerTransactionSchema, ...errors },
  }),
  transactionInquiry: route({
    method: "POST",
    path: "/api/ecommerce/orders/transaction_inquiry",
    access: PROVIDER_PUBLIC,
    apiPermission: "can view transactions",
    tags: TAGS,
    trailingSlash: true,
    summary: "The latest transaction of an order, by order_id or merchant_order_id",
    body: inquiryBody,
    answers: { 200: providerTransactionSchema, ...errors },
  }),
  orderCardTokens: route({
    method: "POST",
    path: "/api/acceptance/order_card_tokens",
    access: PROVIDER_PUBLIC,
    apiPermission: "can view transactions",
    tags: TAGS,
    trailingSlash: true,
    summary: "The card tokens saved from an order's payments",
    body: z.looseObject({ auth_token: tokenField().optional(), order_id: idField() }),
    answers: { 200: z.array(orderCardTokenSchema), ...errors },
  }),
} as const;
