import { describe, expect, it } from "vitest";
import { parseConsumerTip, parseTipValue, tipCents, tipValueText } from "./request-to-pay.ts";

describe("request to pay tips (back-office.md section 5)", () => {
  it("stores fixed tips as whole units and percentages as basis points", () => {
    expect(parseTipValue("fixed", "15")).toEqual({ ok: true, stored: 15 });
    expect(parseTipValue("fixed", "1.5")).toEqual({ ok: false, code: "fixed_tip" });
    expect(parseTipValue("fixed", "0")).toEqual({ ok: false, code: "fixed_tip" });
    expect(parseTipValue("percentage", "12.5")).toEqual({ ok: true, stored: 1250 });
    expect(parseTipValue("percentage", "0.01")).toEqual({ ok: true, stored: 1 });
    expect(parseTipValue("percentage", "99.99")).toEqual({ ok: true, stored: 9999 });
    for (const bad of ["0", "100", "100.0", "-1", "1.234", "", "abc"])
      expect(parseTipValue("percentage", bad)).toEqual({ ok: false, code: "percentage_tip" });
    expect(parseTipValue("none", "")).toEqual({ ok: true, stored: null });
    expect(parseTipValue("consumer", "3")).toEqual({ ok: false, code: "no_tip_value" });
    expect(tipValueText("percentage", 1250)).toBe("12.5");
    expect(tipValueText("percentage", 1205)).toBe("12.05");
    expect(tipValueText("percentage", 1000)).toBe("10");
    expect(tipValueText("fixed", 15)).toBe("15");
  });

  it("computes the tip in integer minor units, percentages rounded half up", () => {
    const base = { amount_cents: 10_005, currency: "EGP" };
    expect(tipCents({ ...base, tip_type: "percentage", tip_value: 1250 })).toBe(1251);
    expect(tipCents({ ...base, tip_type: "percentage", tip_value: 1000 })).toBe(1001);
    expect(tipCents({ amount_cents: 100, currency: "EGP", tip_type: "percentage", tip_value: 50 })).toBe(1);
    expect(tipCents({ amount_cents: 100, currency: "EGP", tip_type: "percentage", tip_value: 49 })).toBe(0);
    expect(tipCents({ ...base, tip_type: "fixed", tip_value: 15 })).toBe(1500);
    expect(tipCents({ amount_cents: 1000, currency: "OMR", tip_type: "fixed", tip_value: 2 })).toBe(2000);
    expect(tipCents({ ...base, tip_type: "none", tip_value: null })).toBe(0);
    expect(tipCents({ ...base, tip_type: "consumer", tip_value: null }, 550)).toBe(550);
    // The largest amount and percentage stay exact integers.
    const max = tipCents({
      amount_cents: 10_000_000_000,
      currency: "EGP",
      tip_type: "percentage",
      tip_value: 9999,
    });
    expect(Number.isSafeInteger(max)).toBe(true);
    expect(max).toBe(9_999_000_000);
  });

  it("parses the customer's own tip without floats", () => {
    expect(parseConsumerTip("5.50", "EGP")).toBe(550);
    expect(parseConsumerTip("", "EGP")).toBe(0);
    expect(parseConsumerTip("0", "EGP")).toBe(0);
    expect(parseConsumerTip("1.234", "EGP")).toBeUndefined();
    expect(parseConsumerTip("1.234", "KWD")).toBe(1234);
    expect(parseConsumerTip("-1", "EGP")).toBeUndefined();
    expect(parseConsumerTip("abc", "EGP")).toBeUndefined();
  });
});
