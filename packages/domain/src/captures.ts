import type { MessageCode } from "./messages.ts";
import { MoneyRuleError, type PaymentTransaction, type RuleCheck } from "./payment-transaction.ts";

/**
 * Capture rules (spec sections 4 and 5, the public API reference): only a successful auth that is neither
 * captured nor voided, once, for a positive amount up to the authorised amount. Uncaptured auths lapse (are
 * auto-voided) after 14 days.
 */
export const AUTH_AUTO_VOID_DAYS = 14;
const DAY_MS = 86_400_000;

export type CaptureRefusal =
  | "not_auth"
  | "not_successful"
  | "voided"
  | "already_captured"
  | "auth_expired"
  | "invalid_amount"
  | "exceeds_maximum";

export const CAPTURE_REFUSAL_MESSAGES: Record<CaptureRefusal, MessageCode> = {
  not_auth: "capture_404",
  not_successful: "capture_200",
  voided: "capture_200",
  already_captured: "capture_400",
  auth_expired: "capture_200",
  invalid_amount: "invalid_amount",
  exceeds_maximum: "capture_exceeds_maximum",
};

/** The most that can be captured now: the authorised amount of a capturable auth, else 0. */
export function maxCapturable(tx: PaymentTransaction): number {
  const capturable = tx.isAuth && tx.success && !tx.pending && !tx.isVoided && tx.capturedAmount === 0;
  return capturable ? tx.amount : 0;
}

/** now is optional: without it the 14-day lapse is not checked. */
export function checkCapture(tx: PaymentTransaction, amount: number, now?: Date): RuleCheck<CaptureRefusal> {
  const refuse = (reason: CaptureRefusal) => ({ ok: false, reason }) as const;
  if (!tx.isAuth) return refuse("not_auth");
  if (!tx.success || tx.pending) return refuse("not_successful");
  if (tx.isVoided) return refuse("voided");
  if (tx.capturedAmount > 0) return refuse("already_captured");
  if (now && now.getTime() - tx.createdAt.getTime() >= AUTH_AUTO_VOID_DAYS * DAY_MS)
    return refuse("auth_expired");
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse("invalid_amount");
  if (amount > maxCapturable(tx)) return refuse("exceeds_maximum");
  return { ok: true };
}

/** The auth after the capture; throws MoneyRuleError when checkCapture refuses. */
export function applyCapture(tx: PaymentTransaction, amount: number, now?: Date): PaymentTransaction {
  const check = checkCapture(tx, amount, now);
  if (!check.ok) throw new MoneyRuleError("capture", check.reason);
  return { ...tx, capturedAmount: amount };
}
