import { describe, expect, it } from "vitest";
import { messageText } from "./messages.ts";
import { MoneyRuleError } from "./payment-transaction.ts";
import { auth, sale } from "./test-transactions.ts";
import { applyVoid, checkVoid, VOID_REFUSAL_MESSAGES } from "./voids.ts";

const refused = (reason: string) => ({ ok: false, reason });

describe("checkVoid", () => {
  const createdAt = new Date("2024-06-13T09:00:00Z"); // 12:00 in Cairo (summer time, UTC+3)

  it("voids a card sale or auth on the same day", () => {
    expect(checkVoid(sale({ createdAt }), new Date("2024-06-13T20:59:59Z"))).toEqual({ ok: true });
    expect(checkVoid(auth({ createdAt }), new Date("2024-06-13T10:00:00Z"))).toEqual({ ok: true });
    expect(applyVoid(sale({ createdAt }), createdAt).isVoided).toBe(true);
  });

  it("refuses the next local day, even when UTC still says the same day", () => {
    // 21:00 UTC is midnight in Cairo: a new day there.
    expect(checkVoid(sale({ createdAt }), new Date("2024-06-13T21:00:00Z"))).toEqual(refused("not_same_day"));
    expect(checkVoid(sale({ createdAt }), new Date("2024-06-14T09:00:00Z"))).toEqual(refused("not_same_day"));
  });

  it("reads the day in the merchant country's zone", () => {
    // 21:30 UTC on the 13th is already the 14th in Dubai (UTC+4); a transaction at 19:30 UTC is the 13th there.
    const dubai = sale({ country: "ARE", createdAt: new Date("2024-06-13T19:30:00Z") });
    expect(checkVoid(dubai, new Date("2024-06-13T19:59:59Z"))).toEqual({ ok: true });
    expect(checkVoid(dubai, new Date("2024-06-13T20:00:00Z"))).toEqual(refused("not_same_day"));
  });

  it("refuses non-card payments", () => {
    expect(checkVoid(sale({ gatewayType: "UIG", sourceType: "wallet" }), createdAt)).toEqual(
      refused("not_card"),
    );
    expect(checkVoid(sale({ gatewayType: "CAGG", sourceType: "aggregator" }), createdAt)).toEqual(
      refused("not_card"),
    );
  });

  it("refuses failed, pending, voided and refunded transactions", () => {
    expect(checkVoid(sale({ success: false }), createdAt)).toEqual(refused("not_successful"));
    expect(checkVoid(sale({ pending: true }), createdAt)).toEqual(refused("not_successful"));
    expect(checkVoid(sale({ isVoided: true }), createdAt)).toEqual(refused("already_voided"));
    expect(checkVoid(sale({ refundedAmount: 100 }), createdAt)).toEqual(refused("already_refunded"));
    expect(() => applyVoid(sale({ isVoided: true }), createdAt)).toThrow(MoneyRuleError);
  });

  it("maps refusals to the void message", () => {
    expect(messageText(VOID_REFUSAL_MESSAGES.not_same_day)).toBe("Sorry, this transaction cannot be voided.");
  });
});
