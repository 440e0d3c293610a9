import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AMOUNT_MAX_MINOR,
  CURRENCIES,
  type Currency,
  currencyExponent,
  maxAmountMinor,
} from "./currencies.ts";
import {
  AmountParseError,
  addMoney,
  formatAmount,
  formatMoney,
  type Money,
  parseAmount,
  safeParseAmount,
  sumByCurrency,
  toMajorString,
} from "./money.ts";
import { UnsafeIntegerError } from "./safe-integer.ts";

const currency = fc.constantFrom(...CURRENCIES);
/** Amounts a user may type: up to the documented maximum. */
const typable = fc.integer({ min: 0, max: AMOUNT_MAX_MINOR });
/** The decimal inside a formatted amount, without Intl's currency text, bidi marks and group separators. */
const plainNumber = (formatted: string) => (/\d[\d,]*\.\d+/.exec(formatted)?.[0] ?? "").replace(/,/g, "");
/** Intl separates the currency with a no-break space; tests compare with a plain one. */
const en = (minor: number, code: Currency) => formatAmount(minor, code, "en").replace(/\u00a0/g, " ");

describe("parseAmount", () => {
  it("parses decimals to minor units", () => {
    expect(parseAmount("149.99", "EGP")).toBe(14999);
    expect(parseAmount("149.9", "EGP")).toBe(14990);
    expect(parseAmount("149", "EGP")).toBe(14900);
    expect(parseAmount("0.01", "USD")).toBe(1);
    expect(parseAmount("0", "EGP")).toBe(0);
    expect(parseAmount("007.50", "EGP")).toBe(750);
    expect(parseAmount("  12.5 ", "SAR")).toBe(1250);
    expect(parseAmount("149.99", "OMR")).toBe(149990);
    expect(parseAmount("1.005", "KWD")).toBe(1005);
  });

  it("does not go through floating point", () => {
    // 1.005 * 100 is 100.49999999999999 in floating point; 0.29 * 100 is 28.999999999999996.
    expect(parseAmount("1.15", "EGP")).toBe(115);
    expect(parseAmount("0.29", "EGP")).toBe(29);
    expect(parseAmount("99999999.99", "EGP")).toBe(9999999999);
    expect(parseAmount("9999999.991", "OMR")).toBe(9999999991);
  });

  it("accepts Arabic-Indic digits and the Arabic decimal separator", () => {
    expect(parseAmount("١٤٩٫٩٩", "EGP")).toBe(14999);
    expect(parseAmount("١٤٩.٩٩", "EGP")).toBe(14999);
    expect(parseAmount("۱۲۵", "PKR")).toBe(12500);
  });

  it("rejects more decimals than the currency has", () => {
    expect(safeParseAmount("149.999", "EGP")).toEqual({ ok: false, problem: "too_many_decimals" });
    expect(safeParseAmount("1.500", "USD")).toEqual({ ok: false, problem: "too_many_decimals" });
    expect(safeParseAmount("1.5000", "OMR")).toEqual({ ok: false, problem: "too_many_decimals" });
  });

  it("rejects negatives, empty input and garbage", () => {
    expect(safeParseAmount("-5", "EGP")).toEqual({ ok: false, problem: "negative" });
    expect(safeParseAmount("-0.01", "EGP")).toEqual({ ok: false, problem: "negative" });
    expect(safeParseAmount("", "EGP")).toEqual({ ok: false, problem: "empty" });
    expect(safeParseAmount("   ", "EGP")).toEqual({ ok: false, problem: "empty" });
    for (const garbage of [
      "abc",
      "1,000",
      "1e3",
      "+5",
      ".5",
      "5.",
      "1.2.3",
      "0x10",
      "Infinity",
      "NaN",
      "12 34",
      "5$",
    ])
      expect(safeParseAmount(garbage, "EGP"), garbage).toEqual({ ok: false, problem: "invalid" });
  });

  it("rejects amounts beyond the currency's documented maximum", () => {
    expect(parseAmount("100000000.00", "EGP")).toBe(maxAmountMinor("EGP"));
    expect(safeParseAmount("100000000.01", "EGP")).toEqual({ ok: false, problem: "too_large" });
    expect(parseAmount("10000000.000", "OMR")).toBe(maxAmountMinor("OMR"));
    expect(safeParseAmount("10000000.001", "OMR")).toEqual({ ok: false, problem: "too_large" });
    expect(safeParseAmount("90071992547409.92", "EGP")).toEqual({ ok: false, problem: "too_large" });
    expect(safeParseAmount("99999999999999999999", "EGP")).toEqual({ ok: false, problem: "too_large" });
  });

  it("throws an AmountParseError carrying the problem", () => {
    expect(() => parseAmount("abc", "EGP")).toThrow(AmountParseError);
    expect(() => parseAmount("1.234", "EGP")).toThrow(
      expect.objectContaining({ problem: "too_many_decimals" }),
    );
  });

  it("throws for an unknown currency", () => {
    expect(() => parseAmount("1", "XYZ" as Currency)).toThrow(RangeError);
  });

  it("round-trips toMajorString for every currency (property)", () => {
    fc.assert(fc.property(typable, currency, (x, c) => parseAmount(toMajorString(x, c), c) === x));
  });

  it("round-trips the number part of formatAmount in both languages (property)", () => {
    fc.assert(
      fc.property(typable, currency, fc.constantFrom("en" as const, "ar" as const), (x, c, locale) => {
        return parseAmount(plainNumber(formatAmount(x, c, locale)), c) === x;
      }),
    );
  });
});

describe("toMajorString", () => {
  it("writes the exact decimal with the currency's digits", () => {
    expect(toMajorString(14999, "EGP")).toBe("149.99");
    expect(toMajorString(149990, "OMR")).toBe("149.990");
    expect(toMajorString(5, "EGP")).toBe("0.05");
    expect(toMajorString(5, "KWD")).toBe("0.005");
    expect(toMajorString(0, "USD")).toBe("0.00");
    expect(toMajorString(-150, "EGP")).toBe("-1.50");
    expect(toMajorString(Number.MAX_SAFE_INTEGER, "EGP")).toBe("90071992547409.91");
  });

  it("throws on non-integers and unsafe integers", () => {
    expect(() => toMajorString(1.5, "EGP")).toThrow(UnsafeIntegerError);
    expect(() => toMajorString(2 ** 53, "EGP")).toThrow(UnsafeIntegerError);
  });

  it("has exactly exponent fraction digits (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        currency,
        (x, c) => {
          const fraction = toMajorString(x, c).split(".")[1];
          return fraction?.length === currencyExponent(c);
        },
      ),
    );
  });
});

describe("formatAmount", () => {
  it("formats English with 2 or 3 fraction digits", () => {
    expect(en(123450, "EGP")).toBe("EGP 1,234.50");
    expect(en(1234500, "OMR")).toBe("OMR 1,234.500");
    expect(en(5, "KWD")).toBe("KWD 0.005");
    expect(en(14999, "USD")).toBe("$149.99");
  });

  it("uses Intl's Arabic currency names for SAR and AED", () => {
    expect(formatAmount(123450, "SAR", "ar")).toContain("ر.س.");
    expect(formatAmount(123450, "AED", "ar")).toContain("د.إ.");
    expect(formatAmount(123450, "EGP", "ar")).toContain("ج.م.");
    expect(formatAmount(123450, "SAR", "ar")).toContain("1,234.50");
    expect(formatAmount(1234500, "OMR", "ar")).toContain("1,234.500");
  });

  it("keeps exactness for amounts a float cannot hold", () => {
    expect(en(Number.MAX_SAFE_INTEGER, "OMR")).toBe("OMR 9,007,199,254,740.991");
  });

  it("formats negatives and Money values", () => {
    expect(en(-150, "EGP")).toBe("-EGP 1.50");
    expect(formatMoney({ amount: 100, currency: "PKR" }, "en")).toBe(formatAmount(100, "PKR", "en"));
    expect(en(100, "PKR")).toBe("PKR 1.00");
  });

  it("throws on unsafe amounts", () => {
    expect(() => formatAmount(0.5, "EGP", "en")).toThrow(UnsafeIntegerError);
  });
});

describe("sumByCurrency", () => {
  it("totals per currency", () => {
    const totals = sumByCurrency([
      { amount: 100, currency: "EGP" },
      { amount: 250, currency: "USD" },
      { amount: 1, currency: "EGP" },
    ]);
    expect(totals).toEqual(
      new Map([
        ["EGP", 101],
        ["USD", 250],
      ]),
    );
    expect(sumByCurrency([])).toEqual(new Map());
  });

  it("throws when a total leaves safe integers or an amount is not an integer", () => {
    expect(() =>
      sumByCurrency([
        { amount: Number.MAX_SAFE_INTEGER, currency: "EGP" },
        { amount: 1, currency: "EGP" },
      ]),
    ).toThrow(UnsafeIntegerError);
    expect(() => sumByCurrency([{ amount: 1.5, currency: "EGP" }])).toThrow(UnsafeIntegerError);
  });

  it("never mixes currencies (property)", () => {
    const money = fc.record({ amount: fc.integer({ min: -1e9, max: 1e9 }), currency });
    fc.assert(
      fc.property(fc.array(money, { maxLength: 50 }), (list: Money[]) => {
        const totals = sumByCurrency(list);
        for (const [code, total] of totals) {
          const own = list.filter((m) => m.currency === code).reduce((s, m) => s + m.amount, 0);
          if (own !== total) return false;
        }
        return [...totals.keys()].every((code) => list.some((m) => m.currency === code));
      }),
    );
  });
});

describe("addMoney", () => {
  it("adds same-currency amounts and refuses mixed ones", () => {
    expect(addMoney({ amount: 1, currency: "EGP" }, { amount: 2, currency: "EGP" })).toEqual({
      amount: 3,
      currency: "EGP",
    });
    expect(() => addMoney({ amount: 1, currency: "EGP" }, { amount: 2, currency: "USD" })).toThrow(
      RangeError,
    );
  });
});
