import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AUTH_AUTO_VOID_DAYS,
  applyCapture,
  CAPTURE_REFUSAL_MESSAGES,
  checkCapture,
  maxCapturable,
} from "./captures.ts";
import { messageText } from "./messages.ts";
import { MoneyRuleError } from "./payment-transaction.ts";
import { applyRefund, checkRefund } from "./refunds.ts";
import { auth, sale } from "./test-transactions.ts";

const refused = (reason: string) => ({ ok: false, reason });
const DAY = 86_400_000;

describe("checkCapture", () => {
  it("captures a successful auth up to the authorised amount", () => {
    expect(maxCapturable(auth())).toBe(10_000);
    expect(checkCapture(auth(), 10_000)).toEqual({ ok: true });
    expect(checkCapture(auth(), 1)).toEqual({ ok: true });
    expect(checkCapture(auth(), 10_001)).toEqual(refused("exceeds_maximum"));
  });

  it("refuses a second capture", () => {
    const captured = applyCapture(auth(), 5_000);
    expect(captured.capturedAmount).toBe(5_000);
    expect(maxCapturable(captured)).toBe(0);
    expect(checkCapture(captured, 1)).toEqual(refused("already_captured"));
    expect(() => applyCapture(captured, 1)).toThrow(MoneyRuleError);
  });

  it("refuses sales, failed, pending and voided auths", () => {
    expect(checkCapture(sale(), 100)).toEqual(refused("not_auth"));
    expect(checkCapture(auth({ success: false }), 100)).toEqual(refused("not_successful"));
    expect(checkCapture(auth({ pending: true }), 100)).toEqual(refused("not_successful"));
    expect(checkCapture(auth({ isVoided: true }), 100)).toEqual(refused("voided"));
    expect(maxCapturable(auth({ isVoided: true }))).toBe(0);
  });

  it("refuses zero, negative and non-integer amounts", () => {
    for (const amount of [0, -5, 2.5])
      expect(checkCapture(auth(), amount)).toEqual(refused("invalid_amount"));
  });

  it("refuses an auth older than 14 days when now is given", () => {
    const createdAt = new Date("2024-06-01T00:00:00Z");
    const lapse = createdAt.getTime() + AUTH_AUTO_VOID_DAYS * DAY;
    expect(checkCapture(auth({ createdAt }), 100, new Date(lapse - 1))).toEqual({ ok: true });
    expect(checkCapture(auth({ createdAt }), 100, new Date(lapse))).toEqual(refused("auth_expired"));
  });

  it("maps refusals to the spec's capture messages", () => {
    expect(messageText(CAPTURE_REFUSAL_MESSAGES.already_captured)).toBe(
      "Your request cannot be fulfilled. Please make sure that the auth transaction was not captured before.",
    );
    expect(messageText(CAPTURE_REFUSAL_MESSAGES.exceeds_maximum)).toBe(
      "Entered capture amount exceeds the allowable maximum",
    );
  });
});

describe("capture and refund invariants (property)", () => {
  type Op = { kind: "capture" | "refund"; amount: number };
  const op = fc.record({
    kind: fc.constantFrom("capture" as const, "refund" as const),
    amount: fc.integer({ min: -100, max: 2_000_000 }),
  });

  it("captured <= authorised and refunded <= captured, whatever is attempted", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(op, { maxLength: 30 }),
        (amount, ops: Op[]) => {
          let tx = auth({ amount });
          for (const { kind, amount: value } of ops) {
            if (kind === "capture" && checkCapture(tx, value).ok) tx = applyCapture(tx, value);
            if (kind === "refund" && checkRefund(tx, value).ok) tx = applyRefund(tx, value);
            if (tx.capturedAmount > tx.amount) return false;
            if (tx.refundedAmount > tx.capturedAmount) return false;
            if (tx.capturedAmount < 0 || tx.refundedAmount < 0) return false;
          }
          return true;
        },
      ),
    );
  });
});
