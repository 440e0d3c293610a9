import { isKioskPayment } from "./gateways.ts";
import type { MessageCode } from "./messages.ts";
import { MoneyRuleError, type PaymentTransaction, type RuleCheck } from "./payment-transaction.ts";
import { assertSafeInteger, safeAdd, safeSubtract } from "./safe-integer.ts";

/**
 * Refund rules (merchant-dashboard.md section 5, the public API reference): a refund is positive and at most
 * what remains (captured or paid amount, minus the non-refundable convenience fee, minus earlier refunds); a
 * partial refund must leave more than 500 minor units; financing providers may cap a refund; kiosk payments
 * cannot be refunded.
 */
export const PARTIAL_REFUND_MIN_REMAINDER = 500;

export type RefundRefusal =
  | "kiosk_not_refundable"
  | "not_successful"
  | "voided"
  | "not_captured"
  | "invalid_amount"
  | "nothing_left"
  | "exceeds_remaining"
  | "exceeds_provider_maximum"
  | "remainder_too_small";

/** Message code for each refusal; those that need numbers take {minimum} or {maximum} as formatted amounts. */
export const REFUND_REFUSAL_MESSAGES: Record<RefundRefusal, MessageCode> = {
  kiosk_not_refundable: "refund_422",
  not_successful: "refund_422",
  voided: "refund_422",
  not_captured: "refund_422",
  invalid_amount: "invalid_amount",
  nothing_left: "refund_422",
  exceeds_remaining: "refund_exceeds_remaining",
  exceeds_provider_maximum: "refund_provider_maximum",
  remainder_too_small: "partial_refund_remainder",
};

export interface RefundLimits {
  /** A financing provider's maximum refund amount, in minor units; null or undefined when none applies. */
  providerMaximum?: number | null;
}

/** What can still be refunded: (captured for an auth, else amount) - convenience fee - refunded, never below 0. */
export function maxRefundable(tx: PaymentTransaction): number {
  const base = tx.isAuth ? tx.capturedAmount : tx.amount;
  const left = safeSubtract(safeSubtract(base, tx.convenienceFee ?? 0), tx.refundedAmount);
  return Math.max(0, left);
}

export function checkRefund(
  tx: PaymentTransaction,
  amount: number,
  limits: RefundLimits = {},
): RuleCheck<RefundRefusal> {
  const refuse = (reason: RefundRefusal) => ({ ok: false, reason }) as const;
  if (isKioskPayment(tx)) return refuse("kiosk_not_refundable");
  if (!tx.success || tx.pending) return refuse("not_successful");
  if (tx.isVoided) return refuse("voided");
  if (tx.isAuth && tx.capturedAmount <= 0) return refuse("not_captured");
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse("invalid_amount");
  const remaining = maxRefundable(tx);
  if (remaining === 0) return refuse("nothing_left");
  if (amount > remaining) return refuse("exceeds_remaining");
  if (limits.providerMaximum != null && amount > limits.providerMaximum)
    return refuse("exceeds_provider_maximum");
  const remainder = remaining - amount;
  if (remainder > 0 && remainder <= PARTIAL_REFUND_MIN_REMAINDER) return refuse("remainder_too_small");
  return { ok: true };
}

/** The transaction after the refund; throws MoneyRuleError when checkRefund refuses. */
export function applyRefund(
  tx: PaymentTransaction,
  amount: number,
  limits?: RefundLimits,
): PaymentTransaction {
  const check = checkRefund(tx, amount, limits);
  if (!check.ok) throw new MoneyRuleError("refund", check.reason);
  return { ...tx, refundedAmount: safeAdd(tx.refundedAmount, assertSafeInteger(amount)) };
}
