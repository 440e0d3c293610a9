import { describe, expect, it } from "vitest";
import { fmt, langFrom, plural, TEXTS } from "./texts.ts";

function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

describe("texts", () => {
  it("has the same keys in English and Arabic", () => {
    expect(keyPaths(TEXTS.ar).sort()).toEqual(keyPaths(TEXTS.en).sort());
  });

  it("has no empty text and the same placeholders in both languages", () => {
    const ar = TEXTS.ar as unknown as Record<string, unknown>;
    for (const [key, en] of Object.entries(TEXTS.en)) {
      if (typeof en !== "string") continue;
      const other = ar[key] as string;
      expect(en.trim(), key).not.toBe("");
      expect(other.trim(), key).not.toBe("");
      expect(placeholders(other), key).toEqual(placeholders(en));
    }
  });

  it("writes Arabic texts in Arabic", () => {
    const ar = TEXTS.ar as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(ar)) {
      if (typeof value === "string" && key !== "switchTo") expect(value, key).toMatch(/[\u0600-\u06ff]/);
    }
  });
});

describe("langFrom", () => {
  it("prefers ?lang, then the browser language, then English", () => {
    expect(langFrom("?lang=ar")).toBe("ar");
    expect(langFrom("?payment_token=x&lang=en", ["ar-EG"])).toBe("en");
    expect(langFrom("?lang=fr", ["ar-EG"])).toBe("ar");
    expect(langFrom("", ["ar"])).toBe("ar");
    expect(langFrom("", ["en-US", "ar"])).toBe("en");
    expect(langFrom("")).toBe("en");
  });
});

describe("fmt and plural", () => {
  it("fills placeholders and leaves unknown ones", () => {
    expect(fmt("Pay {amount} to {merchant}", { amount: "EGP 1.00", merchant: "Shop" })).toBe(
      "Pay EGP 1.00 to Shop",
    );
    expect(fmt("{a} {b}", { a: 1 })).toBe("1 {b}");
  });

  it("picks Arabic plural forms", () => {
    expect(plural("ar", TEXTS.ar.months, 1)).toBe("شهر واحد");
    expect(plural("ar", TEXTS.ar.months, 2)).toBe("شهران");
    expect(plural("ar", TEXTS.ar.months, 6)).toBe("6 أشهر");
    expect(plural("ar", TEXTS.ar.months, 12)).toBe("12 شهرًا");
    expect(plural("en", TEXTS.en.months, 1)).toBe("1 month");
    expect(plural("en", TEXTS.en.months, 12)).toBe("12 months");
  });
});
