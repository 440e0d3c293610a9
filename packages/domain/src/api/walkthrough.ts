import { z } from "zod";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";
import { boolParam } from "./workspace-shared.ts";

/**
 * The checkout integration walkthrough (merchant-dashboard.md section 2 "Checkout integration flow"; issue 18
 * item 6; docs/settings.md). One state per merchant, kept on the server so another device resumes:
 *
 * - welcome: not started (Walk me through, Start integration);
 * - test: the Test Integration steps, 1 copy a key, 2 mount (the JS element and the server call), 3 pay with a
 *   test card. Step 3 completes only when a successful test payment made from one of the merchant's intentions
 *   arrives after the walkthrough started; the server then moves the walkthrough to the live page by itself;
 * - live: copy the live secret and public keys (locked until the test is complete), Done completes the
 *   Checkout V2 onboarding;
 * - integrate: the Integrate-with page (Test and Live cards, Start Over); the Intentions, Customers and
 *   Confirmations summaries and the payment methods appear there once the onboarding is complete.
 */

export const WALKTHROUGH_VIEWS = ["welcome", "test", "live", "integrate"] as const;
export type WalkthroughView = (typeof WALKTHROUGH_VIEWS)[number];
/** The pages a started walkthrough may move to (welcome comes back only with Start Over). */
export const WALKTHROUGH_MOVES = ["test", "live", "integrate"] as const;
export const WALKTHROUGH_TEST_STEPS = 3;
/** How many days the summaries look back. */
export const WALKTHROUGH_SUMMARY_DAYS = 30;

export const WALKTHROUGH_MESSAGES = {
  notStarted: "Start the integration walkthrough first.",
  liveLocked:
    "Complete the test integration first: the live integration unlocks after your first test payment.",
  onboardingIncomplete: "Complete the Checkout V2 onboarding to see this summary.",
} as const;

/** A key as the walkthrough shows it: public keys whole, secret keys by their prefix (stored hashed). */
const walkthroughKeysSchema = z.object({
  public_key: z.string().nullable(),
  secret_prefix: z.string().nullable(),
});

export const walkthroughStateSchema = z.object({
  view: z.enum(WALKTHROUGH_VIEWS),
  test_step: z.number().int().min(1).max(WALKTHROUGH_TEST_STEPS),
  started_at: z.string().nullable(),
  test_completed: z.boolean(),
  test_completed_at: z.string().nullable(),
  /** The test payment that completed the test integration. */
  test_payment: z
    .object({
      transaction_id: z.number(),
      amount_cents: z.number(),
      currency: z.string(),
      created_at: z.string(),
    })
    .nullable(),
  live_unlocked: z.boolean(),
  onboarding_completed: z.boolean(),
  completed_at: z.string().nullable(),
  /** False when the user may not view the public and secret keys ("can view public secret keys"). */
  may_view_keys: z.boolean(),
  test_keys: walkthroughKeysSchema.nullable(),
  /** Null while the live integration is locked (and for users who may not view keys). */
  live_keys: walkthroughKeysSchema.nullable(),
  /** The merchant's active test card integration, for the server call's payment_methods (null: none yet). */
  test_integration: z.object({ id: z.number(), name: z.string(), currency: z.string() }).nullable(),
});
export type WalkthroughState = z.infer<typeof walkthroughStateSchema>;

const amountSchema = z.object({ currency: z.string(), amount_cents: z.number() });

export const walkthroughSummarySchema = z.object({
  is_live: z.boolean(),
  since: z.string(),
  days: z.number(),
  intentions: z.object({
    created: z.number(),
    paid: z.number(),
    /** Paid amounts per currency (never summed across currencies). */
    paid_amounts: z.array(amountSchema),
  }),
  customers: z.object({
    /** Distinct customers (billing e-mail, else phone) of the period's intentions. */
    count: z.number(),
    /** Of them, those who paid. */
    paying: z.number(),
  }),
  confirmations: z.object({
    /** Processed callbacks of intention payments the merchant's server answered with 2xx. */
    delivered: z.number(),
    failed: z.number(),
  }),
  payment_methods: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.string(),
      gateway_type: z.string(),
      currency: z.string(),
      is_live: z.boolean(),
    }),
  ),
});
export type WalkthroughSummary = z.infer<typeof walkthroughSummarySchema>;

const TAGS = ["Checkout integration walkthrough"] as const;
const ACCESS = { permission: "can view payment integration" } as const;
const stateAnswers = { 200: walkthroughStateSchema, ...signedInErrors } as const;

export const walkthroughApi = {
  state: route({
    method: "GET",
    path: "/api/checkout-walkthrough",
    access: ACCESS,
    tags: TAGS,
    summary: "The merchant's walkthrough state; notices the test payment that completes the test integration",
    answers: stateAnswers,
  }),
  start: route({
    method: "POST",
    path: "/api/checkout-walkthrough/start",
    access: ACCESS,
    tags: TAGS,
    summary: "Walk me through (guided: test step 1) or Start integration (the Integrate-with page)",
    body: z.object({ guided: z.boolean() }),
    answers: { ...stateAnswers, 400: errorResponseSchema },
  }),
  move: route({
    method: "POST",
    path: "/api/checkout-walkthrough/move",
    access: ACCESS,
    tags: TAGS,
    summary:
      "Back, Next: move to a test step, the live page (once the test is complete) or the Integrate-with page",
    body: z.object({
      view: z.enum(WALKTHROUGH_MOVES),
      test_step: z.number().int().min(1).max(WALKTHROUGH_TEST_STEPS).optional(),
    }),
    answers: { ...stateAnswers, 400: errorResponseSchema, 409: errorResponseSchema },
  }),
  complete: route({
    method: "POST",
    path: "/api/checkout-walkthrough/complete",
    access: ACCESS,
    tags: TAGS,
    summary: "Done on the live page: completes the Checkout V2 onboarding",
    answers: { ...stateAnswers, 409: errorResponseSchema },
  }),
  startOver: route({
    method: "POST",
    path: "/api/checkout-walkthrough/start-over",
    access: ACCESS,
    tags: TAGS,
    summary: "Start Over: forgets the walkthrough (a new test payment is needed to unlock live again)",
    answers: stateAnswers,
  }),
  summary: route({
    method: "GET",
    path: "/api/checkout-walkthrough/summary",
    access: ACCESS,
    tags: TAGS,
    summary: "Intentions, customers and confirmations of the last 30 days, and the payment methods",
    query: z.object({ is_live: boolParam.default(true) }),
    answers: { 200: walkthroughSummarySchema, 409: errorResponseSchema, ...signedInErrors },
  }),
};
