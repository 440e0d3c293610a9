import { describe, expect, it } from "vitest";
import { checkCaptureInput, checkRefundInput } from "./amountInput.ts";

describe("refund amount field", () => {
  it("parses decimals and Arabic digits to minor units", () => {
    expect(checkRefundInput("149.99", "EGP", 100_000)).toEqual({ ok: true, amount: 14_999 });
    expect(checkRefundInput("١٤٩٫٩٩", "EGP", 100_000)).toEqual({ ok: true, amount: 14_999 });
    expect(checkRefundInput("1.250", "OMR", 100_000)).toEqual({ ok: true, amount: 1_250 });
  });
  it("requires a positive, well-formed amount", () => {
    expect(checkRefundInput("", "EGP", 100)).toEqual({ ok: false, problem: "required" });
    expect(checkRefundInput("abc", "EGP", 100)).toEqual({ ok: false, problem: "invalidAmount" });
    expect(checkRefundInput("0", "EGP", 100)).toEqual({ ok: false, problem: "invalidAmount" });
    expect(checkRefundInput("1.999", "EGP", 100_000)).toEqual({ ok: false, problem: "invalidAmount" });
    expect(checkRefundInput("-5", "EGP", 100_000)).toEqual({ ok: false, problem: "invalidAmount" });
  });
  it("refuses more than the transaction amount minus the refunded amount", () => {
    expect(checkRefundInput("1000.01", "EGP", 100_000)).toEqual({
      ok: false,
      problem: "refundExceedsRemaining",
    });
    expect(checkRefundInput("1000", "EGP", 100_000)).toEqual({ ok: true, amount: 100_000 });
  });
  it("a partial refund must leave more than 500 minor units", () => {
    expect(checkRefundInput("995", "EGP", 100_000)).toEqual({ ok: false, problem: "partialRefundRemainder" });
    expect(checkRefundInput("994.99", "EGP", 100_000)).toEqual({ ok: true, amount: 99_499 });
  });
  it("respects a financing provider's maximum", () => {
    expect(checkRefundInput("600", "EGP", 100_000, 50_000)).toEqual({
      ok: false,
      problem: "refundProviderMaximum",
    });
  });
});

describe("capture amount field", () => {
  it("allows up to the maximum", () => {
    expect(checkCaptureInput("500", "EGP", 50_000)).toEqual({ ok: true, amount: 50_000 });
    expect(checkCaptureInput("500.01", "EGP", 50_000)).toEqual({
      ok: false,
      problem: "captureExceedsMaximum",
    });
    expect(checkCaptureInput("", "EGP", 50_000)).toEqual({ ok: false, problem: "required" });
  });
});
