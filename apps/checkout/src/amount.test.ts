import { describe, expect, it } from "vitest";
import { displayAmount } from "./amount.ts";

/** Intl puts narrow no-break spaces and bidi marks in; compare on the visible characters. */
const plain = (s: string) => s.replace(/[\u00a0\u202f\u200e\u200f\u061c]/g, " ");

describe("displayAmount", () => {
  it("shows two decimals for EGP and three for OMR and KWD", () => {
    expect(plain(displayAmount(14999, "EGP", 2, "en"))).toBe("EGP 149.99");
    expect(plain(displayAmount(149990, "OMR", 3, "en"))).toBe("OMR 149.990");
    expect(plain(displayAmount(5, "KWD", 3, "en"))).toBe("KWD 0.005");
    expect(plain(displayAmount(100, "USD", 2, "en"))).toBe("$1.00");
  });

  it("keeps Latin digits in Arabic", () => {
    const ar = displayAmount(14999, "EGP", 2, "ar");
    expect(ar).toMatch(/149\.99/);
    expect(ar).not.toMatch(/[٠-٩]/);
  });

  it("trusts the API's exponent for a currency the portal does not list", () => {
    expect(plain(displayAmount(1234, "CHF", 2, "en"))).toBe("CHF 12.34");
    expect(plain(displayAmount(1234, "QAR", 3, "en"))).toBe("QAR 1.234");
  });

  it("never rounds through floating point", () => {
    expect(plain(displayAmount(900719925474099, "EGP", 2, "en"))).toBe("EGP 9,007,199,254,740.99");
  });

  it("falls back to the number and code for a code Intl refuses", () => {
    expect(displayAmount(1050, "XX1", 2, "en")).toBe("10.50 XX1");
  });
});
