import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { callbackAttemptSchema } from "./callbacks.ts";
import { idField, jsonObjectField, textField, tokenField } from "./provider-fields.ts";
import { PROVIDER_PUBLIC, providerErrorSchema } from "./public-api.ts";
import { advanceTestClockSchema, setTestClockSchema, testClockSchema } from "./test-clock.ts";
import { idParams } from "./workspace-shared.ts";

/**
 * Test helpers (issue 15 item 4, docs/payments.md "Test helpers"): what a merchant's own automated tests call
 * with the merchant's TEST secret key (`Authorization: Token <sk_test>`), in test mode only: the recent callback
 * deliveries (their bodies and signatures), a replay and a cancel, and a forced error on the next call of a named
 * public route. A live key, or an auth token, is answered 403 in the provider's shape. The Developers page reads
 * the same deliveries through the dashboard routes below (`testHelpersApi`).
 */

/** One callback delivery attempt in test mode, with what was sent. */
export const testDeliverySchema = callbackAttemptSchema.extend({
  transaction_id: z.number(),
  /** The request as sent: POST to the url with ?hmac= appended, its headers and JSON body. */
  request: z.object({
    method: z.literal("POST"),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  /** The HMAC-SHA512 of the body's fields (the `hmac` query parameter). */
  signature: z.string(),
  /** When this delivery's next automatic attempt is due (a retry waiting in the outbox), else null. */
  next_attempt_at: z.string().nullable(),
});
export type TestDelivery = z.infer<typeof testDeliverySchema>;

/** A callback waiting in the outbox (a first delivery or a retry), which cancel removes. */
export const pendingDeliverySchema = z.object({
  id: z.number(),
  transaction_id: z.number(),
  kind: z.enum(["TRANSACTION", "TOKEN"]),
  trigger: z.enum(["event", "retry", "manual"]),
  attempt: z.number(),
  /** Null when the outbox parked it (it failed in our own code too often). */
  next_attempt_at: z.string().nullable(),
});
export type PendingDelivery = z.infer<typeof pendingDeliverySchema>;

export const testDeliveriesSchema = z.object({
  results: z.array(testDeliverySchema),
  pending: z.array(pendingDeliverySchema),
});
export type TestDeliveries = z.infer<typeof testDeliveriesSchema>;

/** The statuses a forced fault may answer. */
export const FAULT_STATUSES = [400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504] as const;

export const faultSchema = z.object({
  route: z.string(),
  status: z.number(),
  body: z.record(z.string(), z.unknown()),
  armed_at: z.string(),
});

const faultBody = z.looseObject({
  /** `METHOD /path` of a public API route, as documented: "POST /v1/intention/", "POST /api/acceptance/payment_keys". */
  route: textField(200),
  status: z
    .number()
    .int()
    .refine((s) => (FAULT_STATUSES as readonly number[]).includes(s), {
      message: `One of ${FAULT_STATUSES.join(", ")}.`,
    }),
  /** The JSON body to answer; by default the provider's {detail} for that status. */
  body: jsonObjectField().optional(),
});

const PUBLIC_TAGS = ["public API: test helpers"] as const;
/** A POST that reads nothing from its body: none, or an empty JSON object (any field is dropped). */
const noBody = z.object({}).nullish();
const publicErrors = {
  400: providerErrorSchema,
  401: providerErrorSchema,
  403: providerErrorSchema,
  404: providerErrorSchema,
} as const;
/** A token made from a user's password needs this where it reaches a helper (it is refused there anyway). */
const HELPER_PERMISSION = "can view api key" as const;

const limitQuery = z.object({ limit: idField().pipe(z.number().max(100)).optional() });

const completeFields = {
  /** A scenario name (docs/payments.md "Test scenarios"): "approved", "declined_insufficient_funds", ... */
  scenario: textField(64),
  /** pending_settles_* only: settle after this many seconds on the merchant's test clock. */
  settle_after_seconds: idField().pipe(z.number().max(31_622_400)).optional(),
};

/** What a completion answers: the payment's result, as the hosted checkout's card API answers it. */
export const completionSchema = z
  .union([
    z.looseObject({ state: z.literal("done"), transaction: z.looseObject({ id: z.number() }) }),
    z.looseObject({ state: z.literal("challenge"), challenge_id: z.string(), transaction_id: z.number() }),
  ])
  .describe("The payment made: {state: 'done', transaction, redirect_url} (3-D Secure is answered for you).");

export const testHelpersPublicApi = {
  completeIntention: route({
    method: "POST",
    path: "/v1/test/intentions/:client_secret/complete",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "Pay a pending test intention with a named scenario, without a browser",
    description:
      "Pays the intention's card method (or `integration`) as the hosted checkout would with the scenario's card: " +
      "the same transaction, attempts and callbacks.",
    params: z.object({ client_secret: tokenField() }),
    body: z.looseObject({ ...completeFields, integration: idField().optional() }),
    answers: { 200: completionSchema, ...publicErrors, 409: providerErrorSchema },
  }),
  completePaymentKey: route({
    method: "POST",
    path: "/v1/test/payment_keys/complete",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "Pay a pending test payment key (legacy flow) with a named scenario, without a browser",
    body: z.looseObject({ ...completeFields, payment_token: tokenField() }),
    answers: { 200: completionSchema, ...publicErrors, 409: providerErrorSchema },
  }),
  deliveries: route({
    method: "GET",
    path: "/v1/test/deliveries",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "The recent callback deliveries in test mode (bodies, signatures, answers) and the pending ones",
    description: "Authorization: Token <test secret key>. Newest first; `limit` up to 100 (default 20).",
    query: limitQuery,
    answers: { 200: testDeliveriesSchema, ...publicErrors },
  }),
  replay: route({
    method: "POST",
    path: "/v1/test/deliveries/:id/replay",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary:
      "Send a test delivery's very body again now, with a signature made now (one attempt, no retries)",
    params: z.object({ id: idField() }),
    body: noBody,
    answers: { 200: testDeliverySchema, ...publicErrors },
  }),
  cancel: route({
    method: "POST",
    path: "/v1/test/deliveries/pending/:id/cancel",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "Remove a pending test delivery (a first delivery or a retry) from the outbox: it is never sent",
    params: z.object({ id: idField() }),
    body: noBody,
    answers: { 200: z.object({ detail: z.string() }), ...publicErrors },
  }),
  faults: route({
    method: "GET",
    path: "/v1/test/faults",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "The forced errors armed for the next calls of public routes",
    answers: { 200: z.object({ results: z.array(faultSchema) }), ...publicErrors },
  }),
  armFault: route({
    method: "POST",
    path: "/v1/test/faults",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "Make the next call of a public route with the test secret key answer this error, once",
    description:
      "Body: {route: 'POST /v1/intention/', status: 500, body?: {...}}. Held in the memory of the server process " +
      'that received it (docs/payments.md "Test helpers"); arming the same route again replaces it.',
    body: faultBody,
    answers: { 201: faultSchema, ...publicErrors },
  }),
  clock: route({
    method: "GET",
    path: "/v1/test/clock",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: 'The merchant\'s test clock (docs/payments.md "Test clock")',
    answers: { 200: testClockSchema, ...publicErrors },
  }),
  advanceClock: route({
    method: "POST",
    path: "/v1/test/clock/advance",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "Move the merchant's test clock forward by {seconds}",
    body: advanceTestClockSchema,
    answers: { 200: testClockSchema, ...publicErrors },
  }),
  setClock: route({
    method: "POST",
    path: "/v1/test/clock/set",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "Move the merchant's test clock to {now} (ISO 8601, not before its current test time)",
    body: setTestClockSchema,
    answers: { 200: testClockSchema, ...publicErrors },
  }),
  resetClock: route({
    method: "POST",
    path: "/v1/test/clock/reset",
    access: PROVIDER_PUBLIC,
    apiPermission: HELPER_PERMISSION,
    tags: PUBLIC_TAGS,
    trailingSlash: true,
    summary: "Return the merchant's test clock to real time",
    body: noBody,
    answers: { 200: testClockSchema, ...publicErrors },
  }),
} as const;

// ------------------------------------------------------------------------------------------- dashboard routes

const TAGS = ["test helpers"] as const;
const ACCESS = { permission: "can view api key" } as const;

/** The Developers page's deliveries (always the test mode's; the page says so in live mode). */
export const testHelpersApi = {
  deliveries: route({
    method: "GET",
    path: "/api/test-helpers/deliveries",
    access: ACCESS,
    tags: TAGS,
    summary: "The merchant's recent test-mode callback deliveries and pending ones",
    answers: { 200: testDeliveriesSchema },
  }),
  replay: route({
    method: "POST",
    path: "/api/test-helpers/deliveries/:id/replay",
    access: ACCESS,
    tags: TAGS,
    summary: "Send a test delivery's body again now with a signature made now",
    params: idParams,
    answers: { 200: testDeliverySchema, 404: errorResponseSchema },
  }),
  cancel: route({
    method: "POST",
    path: "/api/test-helpers/pending/:id/cancel",
    access: ACCESS,
    tags: TAGS,
    summary: "Remove a pending test delivery from the outbox",
    params: idParams,
    answers: { 200: z.object({ detail: z.string() }), 404: errorResponseSchema },
  }),
} as const;
