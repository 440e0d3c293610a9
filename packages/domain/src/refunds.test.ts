import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messageText } from "./messages.ts";
import { MoneyRuleError } from "./payment-transaction.ts";
import {
  applyRefund,
  checkRefund,
  maxRefundable,
  PARTIAL_REFUND_MIN_REMAINDER,
  REFUND_REFUSAL_MESSAGES,
} from "./refunds.ts";
import { auth, sale } from "./test-transactions.ts";

const refused = (reason: string) => ({ ok: false, reason });
const caught = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("maxRefundable", () => {
  it("is the amount of a sale, or the captured amount of an auth, less refunds and the convenience fee", () => {
    expect(maxRefundable(sale())).toBe(10_000);
    expect(maxRefundable(sale({ refundedAmount: 2_500 }))).toBe(7_500);
    expect(maxRefundable(sale({ convenienceFee: 300 }))).toBe(9_700);
    expect(maxRefundable(sale({ convenienceFee: 300, refundedAmount: 9_700 }))).toBe(0);
    expect(maxRefundable(auth({ capturedAmount: 6_000 }))).toBe(6_000);
    expect(maxRefundable(auth({ capturedAmount: 0 }))).toBe(0);
  });

  it("never goes below zero", () => {
    expect(maxRefundable(sale({ convenienceFee: 20_000 }))).toBe(0);
  });
});

describe("checkRefund", () => {
  it("accepts a full refund and a partial one that leaves more than 500", () => {
    expect(checkRefund(sale(), 10_000)).toEqual({ ok: true });
    expect(checkRefund(sale(), 9_499)).toEqual({ ok: true });
    expect(checkRefund(sale({ refundedAmount: 4_000 }), 6_000)).toEqual({ ok: true });
  });

  it("refuses a partial refund leaving 500 or less", () => {
    expect(checkRefund(sale(), 10_000 - PARTIAL_REFUND_MIN_REMAINDER)).toEqual(
      refused("remainder_too_small"),
    );
    expect(checkRefund(sale(), 9_999)).toEqual(refused("remainder_too_small"));
    expect(checkRefund(sale({ amount: 400 }), 100)).toEqual(refused("remainder_too_small"));
    expect(checkRefund(sale({ amount: 400 }), 400)).toEqual({ ok: true });
  });

  it("refuses more than remains", () => {
    expect(checkRefund(sale(), 10_001)).toEqual(refused("exceeds_remaining"));
    expect(checkRefund(sale({ refundedAmount: 6_000 }), 4_001)).toEqual(refused("exceeds_remaining"));
    expect(checkRefund(sale({ convenienceFee: 250 }), 10_000)).toEqual(refused("exceeds_remaining"));
    expect(checkRefund(sale({ refundedAmount: 10_000 }), 1)).toEqual(refused("nothing_left"));
  });

  it("refuses zero, negative and non-integer amounts", () => {
    for (const amount of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])
      expect(checkRefund(sale(), amount), String(amount)).toEqual(refused("invalid_amount"));
  });

  it("applies a financing provider's maximum", () => {
    expect(checkRefund(sale(), 5_000, { providerMaximum: 4_000 })).toEqual(
      refused("exceeds_provider_maximum"),
    );
    expect(checkRefund(sale(), 4_000, { providerMaximum: 4_000 })).toEqual({ ok: true });
    expect(checkRefund(sale(), 5_000, { providerMaximum: null })).toEqual({ ok: true });
  });

  it("refuses kiosk payments", () => {
    expect(checkRefund(sale({ gatewayType: "CAGG", sourceType: "aggregator" }), 100)).toEqual(
      refused("kiosk_not_refundable"),
    );
    expect(checkRefund(sale({ gatewayType: null, sourceType: "AGGREGATOR" }), 10_000)).toEqual(
      refused("kiosk_not_refundable"),
    );
  });

  it("refuses unsuccessful, pending, voided and uncaptured transactions", () => {
    expect(checkRefund(sale({ success: false }), 100)).toEqual(refused("not_successful"));
    expect(checkRefund(sale({ pending: true }), 100)).toEqual(refused("not_successful"));
    expect(checkRefund(sale({ isVoided: true }), 100)).toEqual(refused("voided"));
    expect(checkRefund(auth(), 100)).toEqual(refused("not_captured"));
    expect(checkRefund(auth({ capturedAmount: 8_000 }), 8_000)).toEqual({ ok: true });
    expect(checkRefund(auth({ capturedAmount: 8_000 }), 8_001)).toEqual(refused("exceeds_remaining"));
  });

  it("maps every refusal to a message", () => {
    expect(messageText(REFUND_REFUSAL_MESSAGES.exceeds_remaining)).toBe(
      "Please enter the amount less than (Transaction amount - Refunded amount).",
    );
    expect(messageText(REFUND_REFUSAL_MESSAGES.kiosk_not_refundable)).toBe(
      "Sorry, this transaction cannot be refund.",
    );
    expect(messageText(REFUND_REFUSAL_MESSAGES.remainder_too_small, { minimum: "EGP 5.00" })).toContain(
      "EGP 5.00",
    );
  });
});

describe("applyRefund", () => {
  it("adds to the refunded amount", () => {
    expect(applyRefund(sale(), 4_000).refundedAmount).toBe(4_000);
    expect(applyRefund(sale({ refundedAmount: 4_000 }), 6_000).refundedAmount).toBe(10_000);
  });

  it("throws MoneyRuleError with the reason", () => {
    expect(() => applyRefund(sale(), 20_000)).toThrow(MoneyRuleError);
    const error = caught(() => applyRefund(sale({ gatewayType: "CAGG" }), 1));
    expect(error).toBeInstanceOf(MoneyRuleError);
    expect(error).toMatchObject({ operation: "refund", reason: "kiosk_not_refundable" });
  });

  it("never lets accepted refunds exceed the refundable amount, and every stop leaves 0 or more than 500 (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(fc.integer({ min: -10, max: 5_000_000 }), { maxLength: 40 }),
        (amount, fee, attempts) => {
          let tx = sale({ amount, convenienceFee: fee });
          for (const attempt of attempts) {
            if (checkRefund(tx, attempt).ok) tx = applyRefund(tx, attempt);
            const left = amount - fee - tx.refundedAmount;
            if (tx.refundedAmount > amount) return false;
            if (tx.refundedAmount > 0 && left !== 0 && left <= PARTIAL_REFUND_MIN_REMAINDER) return false;
          }
          return tx.refundedAmount <= Math.max(0, amount - fee);
        },
      ),
    );
  });
});
