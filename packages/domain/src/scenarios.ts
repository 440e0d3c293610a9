/**
 * The sandbox scenarios (issue 15 item 2; docs/payments.md "Test scenarios"): every outcome and every callback
 * fault a merchant's developer can make happen on purpose in test mode, each reachable by its card number on the
 * hosted checkout or the card API (`POST /api/checkout/card`), and by its name without a card (the server's
 * `completeWithScenario`, apps/server/src/payments/scenarios.ts, used by the test helpers). Live mode never
 * accepts them: a scenario card in live mode is declined `Do not honour` like any card the simulator does not
 * know, and no callback fault applies to a live payment.
 *
 * Pure data, shared by the server (the simulator and the callback faults) and the dashboard's test-mode help
 * (texts under `scenarios.<name>` in the web's en.json and ar.json).
 */

export const SCENARIO_NAMES = [
  "approved",
  "declined_insufficient_funds",
  "declined_do_not_honour",
  "declined_expired_card",
  "declined_lost_or_stolen",
  "declined_cvv_mismatch",
  "3ds_passed",
  "3ds_failed",
  "3ds_abandoned",
  "pending",
  "pending_settles_1m",
  "pending_settles_10m",
  "pending_settles_1h",
  "success_no_callback",
  "callback_twice",
  "callback_bad_signature",
  "callback_before_redirect",
  "callback_after_redirect",
  "refund_void_callbacks_delayed",
] as const;

export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/**
 * What happens to the processed callbacks of a scenario's payment (and of its refunds and voids):
 * - normal: sent once when the payment succeeds or is declined (retried when the integration retries);
 * - none: the payment's callback is never sent on its own (a manual resend still sends it);
 * - twice: the same callback (same body, same hmac) is POSTed twice, two recorded attempts;
 * - bad_signature: every callback of the payment carries an hmac that does not verify;
 * - before_redirect: the callback is delivered before the payment's answer (so before the customer's browser
 *   reaches the redirection url);
 * - after_redirect: the callback waits CALLBACK_AFTER_REDIRECT_SECONDS after the payment, so it arrives after the
 *   customer's browser was redirected (the result page follows the redirect after 5 seconds);
 * - refund_void_delayed: the payment's own callback is normal; each refund's and void's callback waits
 *   REFUND_VOID_CALLBACK_DELAY_SECONDS.
 */
export type ScenarioCallbacks =
  | "normal"
  | "none"
  | "twice"
  | "bad_signature"
  | "before_redirect"
  | "after_redirect"
  | "refund_void_delayed";

/** Seconds an after-redirect callback waits after its payment. */
export const CALLBACK_AFTER_REDIRECT_SECONDS = 15;
/** Seconds the refund and void callbacks of the delayed-callbacks card wait. */
export const REFUND_VOID_CALLBACK_DELAY_SECONDS = 60;

export interface Scenario {
  name: ScenarioName;
  /** The card number that plays it on the hosted checkout or the card API (any name, future expiry and CVV). */
  pan: string;
  /** The result the payment answers: approved, declined, pending, or a 3-D Secure challenge first. */
  outcome: "approved" | "declined" | "pending" | "challenge";
  /** data.message of the transaction (and callback) once it has its result. */
  message: string;
  /** data.txn_response_code once it has its result. */
  txnResponseCode: string;
  /** data.acq_response_code once it has its result ("" when the acquirer gave none). */
  acqResponseCode: string;
  callbacks: ScenarioCallbacks;
  /** Pending scenarios that settle (approved) this many seconds after the payment, on the merchant's test clock. */
  settleAfterSeconds?: number;
}

const approved = {
  outcome: "approved",
  message: "Approved",
  txnResponseCode: "APPROVED",
  acqResponseCode: "00",
};
const declined = (message: string, acqResponseCode: string) =>
  ({ outcome: "declined", message, txnResponseCode: "DECLINED", acqResponseCode }) as const;
const pending = { outcome: "pending", message: "Pending", txnResponseCode: "PENDING", acqResponseCode: "" };

export const SCENARIOS: readonly Scenario[] = [
  { name: "approved", pan: "5123456789012346", ...approved, outcome: "approved", callbacks: "normal" },
  {
    name: "declined_insufficient_funds",
    pan: "4000000000000002",
    ...declined("Insufficient funds", "51"),
    callbacks: "normal",
  },
  {
    name: "declined_do_not_honour",
    pan: "4000000000000051",
    ...declined("Do not honour", "05"),
    callbacks: "normal",
  },
  {
    name: "declined_expired_card",
    pan: "4000000000000069",
    ...declined("Expired card", "54"),
    callbacks: "normal",
  },
  {
    name: "declined_lost_or_stolen",
    pan: "4000000000009979",
    ...declined("Lost or stolen card", "43"),
    callbacks: "normal",
  },
  {
    name: "declined_cvv_mismatch",
    pan: "4000000000000127",
    ...declined("CVV mismatch", "N7"),
    callbacks: "normal",
  },
  // A challenge first; the one-time code 123456 approves it (the named scenario types it).
  {
    name: "3ds_passed",
    pan: "4000000000003220",
    ...approved,
    outcome: "challenge",
    callbacks: "normal",
  },
  {
    name: "3ds_failed",
    pan: "4000000000003063",
    outcome: "declined",
    message: "3-D Secure authentication failed",
    txnResponseCode: "AUTHENTICATION_FAILED",
    acqResponseCode: "",
    callbacks: "normal",
  },
  // The cardholder left the bank's page: declined when the authentication expires (a virtual wait, as timeouts).
  {
    name: "3ds_abandoned",
    pan: "4000000000003246",
    outcome: "declined",
    message: "3-D Secure authentication abandoned",
    txnResponseCode: "AUTHENTICATION_FAILED",
    acqResponseCode: "",
    callbacks: "normal",
  },
  { name: "pending", pan: "4000000000000259", ...pending, outcome: "pending", callbacks: "normal" },
  {
    name: "pending_settles_1m",
    pan: "4000000000000267",
    ...pending,
    outcome: "pending",
    callbacks: "normal",
    settleAfterSeconds: 60,
  },
  {
    name: "pending_settles_10m",
    pan: "4000000000000275",
    ...pending,
    outcome: "pending",
    callbacks: "normal",
    settleAfterSeconds: 600,
  },
  {
    name: "pending_settles_1h",
    pan: "4000000000000283",
    ...pending,
    outcome: "pending",
    callbacks: "normal",
    settleAfterSeconds: 3600,
  },
  {
    name: "success_no_callback",
    pan: "4000000000004004",
    ...approved,
    outcome: "approved",
    callbacks: "none",
  },
  { name: "callback_twice", pan: "4000000000004012", ...approved, outcome: "approved", callbacks: "twice" },
  {
    name: "callback_bad_signature",
    pan: "4000000000004020",
    ...approved,
    outcome: "approved",
    callbacks: "bad_signature",
  },
  {
    name: "callback_before_redirect",
    pan: "4000000000004038",
    ...approved,
    outcome: "approved",
    callbacks: "before_redirect",
  },
  {
    name: "callback_after_redirect",
    pan: "4000000000004046",
    ...approved,
    outcome: "approved",
    callbacks: "after_redirect",
  },
  {
    name: "refund_void_callbacks_delayed",
    pan: "4000000000004053",
    ...approved,
    outcome: "approved",
    callbacks: "refund_void_delayed",
  },
];

const BY_NAME = new Map(SCENARIOS.map((s) => [s.name, s]));
const BY_CARD = new Map(SCENARIOS.map((s) => [s.pan.slice(0, 6) + s.pan.slice(-4), s]));

export function isScenarioName(name: string): name is ScenarioName {
  return BY_NAME.has(name as ScenarioName);
}

/** The scenario of a name, or undefined. */
export function scenarioByName(name: string): Scenario | undefined {
  return BY_NAME.get(name as ScenarioName);
}

/** The scenario a card plays, by its first 6 and last 4 digits (a saved card plays its card's), or undefined. */
export function scenarioOfCard(first6: string | null, last4: string | null): Scenario | undefined {
  if (!first6 || !last4) return undefined;
  return BY_CARD.get(first6 + last4);
}
