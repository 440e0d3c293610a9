import { COUNTRY_INFO } from "./countries.ts";
import { isCardPayment } from "./gateways.ts";
import { localDate } from "./local-time.ts";
import type { MessageCode } from "./messages.ts";
import { MoneyRuleError, type PaymentTransaction, type RuleCheck } from "./payment-transaction.ts";

/**
 * Void rules (the public API reference): card payments only, on the calendar day they were made (in the
 * merchant country's time zone), and not once voided or refunded.
 */
export type VoidRefusal =
  | "not_card"
  | "not_successful"
  | "already_voided"
  | "already_refunded"
  | "not_same_day";

export const VOID_REFUSAL_MESSAGES: Record<VoidRefusal, MessageCode> = {
  not_card: "void_422",
  not_successful: "void_422",
  already_voided: "void_422",
  already_refunded: "void_422",
  not_same_day: "void_422",
};

export function checkVoid(tx: PaymentTransaction, now: Date): RuleCheck<VoidRefusal> {
  const refuse = (reason: VoidRefusal) => ({ ok: false, reason }) as const;
  if (!isCardPayment(tx)) return refuse("not_card");
  if (!tx.success || tx.pending) return refuse("not_successful");
  if (tx.isVoided) return refuse("already_voided");
  if (tx.refundedAmount > 0) return refuse("already_refunded");
  const zone = COUNTRY_INFO[tx.country].timeZone;
  if (localDate(tx.createdAt, zone) !== localDate(now, zone)) return refuse("not_same_day");
  return { ok: true };
}

/** The transaction after the void; throws MoneyRuleError when checkVoid refuses. */
export function applyVoid(tx: PaymentTransaction, now: Date): PaymentTransaction {
  const check = checkVoid(tx, now);
  if (!check.ok) throw new MoneyRuleError("void", check.reason);
  return { ...tx, isVoided: true };
}
