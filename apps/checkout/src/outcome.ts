import type { CheckoutLook } from "@portal/domain";
import type { Done, Merchant } from "./api.ts";
import { navigate } from "./nav.ts";
import type { Money } from "./ui.tsx";

export type Outcome = "success" | "declined" | "pending";

/** What the result page shows; kept in history.state so a reload shows it again. */
export interface ResultState {
  outcome: Outcome;
  message: string | null;
  transaction_id: number | string;
  merchant: Merchant;
  money: Money;
  redirect_url: string | null;
  /** Attempts the payment token still has after this one. */
  attempts_left: number;
  /** Where Try again goes (a path of this app). */
  retry: string | null;
  /** The merchant's checkout customization: its colours, the text after paying and the redirect after success. */
  look?: CheckoutLook | null;
}

export function outcomeOf(done: Done): Outcome {
  return done.transaction.pending ? "pending" : done.transaction.success ? "success" : "declined";
}

export function showResult(
  done: Done,
  context: {
    merchant: Merchant;
    money: Money;
    attemptsBefore: number;
    retry: string | null;
    look?: CheckoutLook | null;
  },
): void {
  const state: ResultState = {
    outcome: outcomeOf(done),
    message: done.transaction.message,
    transaction_id: done.transaction.id,
    merchant: context.merchant,
    money: context.money,
    redirect_url: done.redirect_url,
    attempts_left: Math.max(0, context.attemptsBefore - 1),
    retry: context.retry,
    look: context.look ?? null,
  };
  const query = new URLSearchParams({ outcome: state.outcome, id: String(state.transaction_id) });
  navigate(`/checkout/result?${query}`, state);
}
