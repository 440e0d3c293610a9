import { describe, expect, it } from "vitest";
import { captureBodySchema, refundBodySchema } from "./api/transactions.ts";
import { AMOUNT_MAX_MINOR, CURRENCIES, maxAmountMinor } from "./currencies.ts";
import { hasForbiddenCharacters, JSON_FIELD_MAX_BYTES, jsonProblem } from "./text-input.ts";

describe("hasForbiddenCharacters", () => {
  it("refuses NUL, control characters and unpaired surrogates", () => {
    for (const bad of [
      "a\u0000b",
      "\u0007",
      "x\u001b[0m",
      "\u007f",
      "\u0085",
      "\ud800",
      "a\udc00b",
      "\ud83d",
    ])
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
  });

  it("accepts ordinary text in both scripts, emoji (paired surrogates) and, when multi-line, tab and newlines", () => {
    for (const good of ["Order 17/2024", "أحمد حسن", "😀 gift", "O'Brien & Co."])
      expect(hasForbiddenCharacters(good), good).toBe(false);
    expect(hasForbiddenCharacters("line 1\nline 2\tend\r\n", true)).toBe(false);
    expect(hasForbiddenCharacters("line 1\nline 2")).toBe(true);
  });
});

describe("jsonProblem", () => {
  it("walks keys and strings at every depth", () => {
    expect(jsonProblem({ a: [{ b: "ok\nfine" }] })).toBeUndefined();
    expect(jsonProblem({ a: [{ b: "x\u0000" }] })).toBe("characters");
    expect(jsonProblem({ "k\ud800": 1 })).toBe("characters");
  });

  it("bounds size and depth", () => {
    expect(jsonProblem({ big: "x".repeat(JSON_FIELD_MAX_BYTES) })).toBe("too_large");
    // Arabic letters are two bytes each in UTF-8.
    expect(jsonProblem({ big: "ب".repeat(JSON_FIELD_MAX_BYTES / 2) })).toBe("too_large");
    let deep: unknown = "leaf";
    for (let i = 0; i < 20; i++) deep = { n: deep };
    expect(jsonProblem(deep)).toBe("too_deep");
  });
});

describe("maxAmountMinor", () => {
  it("is documented per currency and keeps large sums exact", () => {
    for (const code of CURRENCIES) expect(maxAmountMinor(code)).toBeLessThanOrEqual(AMOUNT_MAX_MINOR);
    // 900,000 payments of the maximum still sum to a safe integer.
    expect(Number.isSafeInteger(AMOUNT_MAX_MINOR * 900_000)).toBe(true);
  });

  it("bounds the dashboard's refund and capture amounts", () => {
    for (const schema of [refundBodySchema, captureBodySchema]) {
      expect(schema.safeParse({ amount_cents: AMOUNT_MAX_MINOR }).success).toBe(true);
      expect(schema.safeParse({ amount_cents: 2 ** 53 - 1 }).success).toBe(false);
    }
  });
});
