import type { Country } from "./countries.ts";
import type { PaymentMethodFacts } from "./gateways.ts";

/**
 * The money state of one payment transaction, as the capture, void and refund rules see it. Amounts are integer
 * minor units of the transaction's currency. "Captured" and "refunded" are derived from the amounts.
 */
export interface PaymentTransaction extends PaymentMethodFacts {
  /** The authorised (auth) or paid (standalone) amount. */
  amount: number;
  success: boolean;
  pending: boolean;
  /** An auth waiting for capture; false for a standalone (sale) payment. */
  isAuth: boolean;
  capturedAmount: number;
  refundedAmount: number;
  isVoided: boolean;
  /** The customer's convenience fee inside the amount; never refunded. */
  convenienceFee?: number;
  createdAt: Date;
  /** The merchant's country: its time zone decides "same day" for voids. */
  country: Country;
}

/** Thrown by the apply* functions when a rule refuses the operation; reason is the check's code. */
export class MoneyRuleError extends Error {
  constructor(
    readonly operation: "capture" | "refund" | "void",
    readonly reason: string,
  ) {
    super(`${operation} refused: ${reason}`);
    this.name = "MoneyRuleError";
  }
}

export type RuleCheck<Reason extends string> = { ok: true } | { ok: false; reason: Reason };
