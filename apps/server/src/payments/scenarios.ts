import {
  CALLBACK_AFTER_REDIRECT_SECONDS,
  REFUND_VOID_CALLBACK_DELAY_SECONDS,
  SCENARIO_NAMES,
  SCENARIOS,
  type Scenario,
  type ScenarioCallbacks,
  type ScenarioName,
  scenarioByName,
  scenarioOfCard,
} from "@portal/domain/scenarios";
import type { TransactionRow } from "../db/rows.ts";
import { completeChallenge, payByCard } from "./card-payment.ts";
import { paymentError } from "./errors.ts";
import { type CheckoutPayAnswer, loadPaymentContext } from "./payment-context.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { SIMULATOR_OTP } from "./simulator.ts";

/**
 * The sandbox scenarios on the server (issue 15 item 2; docs/payments.md "Test scenarios").
 *
 * The registry itself (names, card numbers, outcomes, provider-shaped messages and codes, callback behaviour) is
 * pure data in @portal/domain (packages/domain/src/scenarios.ts), re-exported here, so the dashboard's test-mode
 * help shows the same table. This file adds what needs the server:
 *
 * - `completeWithScenario(rt, { paymentToken, scenario, settleAfterSeconds? })`: pays a pending payment key (an
 *   intention's `payment_keys[i].key`, or a legacy payment key) of a card integration with a named scenario, as
 *   if its card had been typed on the hosted checkout: the same path (`payByCard`), the same attempts, the same
 *   callbacks and faults. `3ds_passed` also answers the challenge with the simulator's code, so it ends
 *   approved; `pending_settles_*` may choose its own delay. Answers the checkout's answer (`CheckoutPayAnswer`:
 *   `state: "done"` with the transaction summary and the signed redirect url, or `state: "challenge"` never, as
 *   the one challenge scenario is completed). Refuses (PaymentError) a live payment key: 403 `live_mode`; an
 *   unknown name: 400 `invalid` with `fields.scenario`. The test helpers' route (helper "testhelpers") calls it
 *   after checking the test secret key and the merchant.
 * - `callbackFaultOf(tx, job)`: what the callback delivery (callbacks/delivery.ts) does with one delivery of a
 *   test transaction: send, skip, send twice, sign badly, or defer by some seconds.
 * - the card path's hook (`afterScenarioPayment`, payments/card-payment.ts) stamps when a settling pending
 *   payment is due, and delivers a before-redirect callback before the payment's answer.
 */

export type { Scenario, ScenarioCallbacks, ScenarioName };
export {
  CALLBACK_AFTER_REDIRECT_SECONDS,
  REFUND_VOID_CALLBACK_DELAY_SECONDS,
  SCENARIO_NAMES,
  SCENARIOS,
  scenarioByName,
  scenarioOfCard,
};

/** The card holder, expiry and CVV a named scenario pays with (the published sandbox's). */
export const SCENARIO_CARD = { card_holder: "Test Account", expiry_month: 1, expiry_year: 39, cvv: "123" };

export interface CompleteWithScenarioInput {
  /** A pending payment key of a card integration (intention `payment_keys[i].key`, or a legacy payment key). */
  paymentToken: string;
  scenario: ScenarioName | string;
  /** pending_settles_* only: settle after this many seconds (on the merchant's test clock) instead. */
  settleAfterSeconds?: number | undefined;
}

/** The test-mode scenario a transaction plays (undefined in live mode or for other cards). */
export function scenarioOfTransaction(
  tx: Pick<TransactionRow, "is_live" | "card_first6" | "card_last4">,
): Scenario | undefined {
  if (tx.is_live) return undefined;
  return scenarioOfCard(tx.card_first6, tx.card_last4);
}

/** Pays a pending test payment key with a named scenario, without a browser (see the file's comment). */
export async function completeWithScenario(
  rt: PaymentsRuntime,
  input: CompleteWithScenarioInput,
): Promise<CheckoutPayAnswer> {
  const scenario = scenarioByName(input.scenario);
  if (!scenario)
    throw paymentError(400, "invalid", "Unknown scenario.", {
      fields: { scenario: [`"${input.scenario}" is not a valid choice.`] },
    });
  const ctx = await loadPaymentContext(rt, input.paymentToken);
  if (ctx.key.is_live)
    throw paymentError(403, "live_mode", "Scenarios are for test mode only: use a test payment key.");
  const answer = await payByCard(rt, {
    payment_token: input.paymentToken,
    pan: scenario.pan,
    ...SCENARIO_CARD,
    settle_after_seconds: input.settleAfterSeconds,
  });
  if (answer.state === "challenge")
    return completeChallenge(rt, {
      payment_token: input.paymentToken,
      challenge_id: answer.challenge_id,
      otp: SIMULATOR_OTP,
    });
  return answer;
}

/** Whether a delivery is a deferred scenario's first delivery, taken again once its delay passed. */
export function wasDeferred(
  tx: Pick<TransactionRow, "is_live" | "card_first6" | "card_last4">,
  job: { kind: "TRANSACTION" | "TOKEN"; trigger: "event" | "retry" | "manual"; attempt: number },
): boolean {
  if (job.kind !== "TRANSACTION" || job.trigger !== "retry" || job.attempt !== 1) return false;
  const callbacks = scenarioOfTransaction(tx)?.callbacks;
  return callbacks === "after_redirect" || callbacks === "refund_void_delayed";
}

/** What the callback delivery does with one delivery (callbacks/delivery.ts). */
export type CallbackFault =
  | { kind: "send" }
  | { kind: "skip" }
  | { kind: "twice" }
  | { kind: "bad_signature" }
  | { kind: "defer"; seconds: number };

/**
 * The fault a delivery of a test transaction's processed callback plays. `job.trigger === "retry"` with
 * `attempt === 1` marks a first delivery that was deferred once already (retries start at attempt 2): it is sent.
 */
export function callbackFaultOf(
  tx: Pick<TransactionRow, "is_live" | "card_first6" | "card_last4" | "parent_transaction_id" | "trnx_type">,
  job: { kind: "TRANSACTION" | "TOKEN"; trigger: "event" | "retry" | "manual"; attempt: number },
): CallbackFault {
  const scenario = scenarioOfTransaction(tx);
  if (!scenario || job.kind !== "TRANSACTION") return { kind: "send" };
  const payment = tx.parent_transaction_id === null;
  const firstEvent = job.trigger === "event" && job.attempt === 1;
  switch (scenario.callbacks) {
    case "none":
      return payment && job.trigger === "event" ? { kind: "skip" } : { kind: "send" };
    case "twice":
      return payment && firstEvent ? { kind: "twice" } : { kind: "send" };
    case "bad_signature":
      return { kind: "bad_signature" };
    case "after_redirect":
      return payment && firstEvent
        ? { kind: "defer", seconds: CALLBACK_AFTER_REDIRECT_SECONDS }
        : { kind: "send" };
    case "refund_void_delayed":
      return !payment && firstEvent && (tx.trnx_type === "refund" || tx.trnx_type === "void")
        ? { kind: "defer", seconds: REFUND_VOID_CALLBACK_DELAY_SECONDS }
        : { kind: "send" };
    default:
      return { kind: "send" };
  }
}
