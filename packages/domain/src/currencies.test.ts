import { describe, expect, it } from "vitest";
import { COUNTRIES, COUNTRY_INFO } from "./countries.ts";
import {
  CURRENCIES,
  currencyExponent,
  DEFAULT_CURRENCY,
  isCurrency,
  THREE_DECIMAL_CURRENCIES,
} from "./currencies.ts";

const BACK_OFFICE_CURRENCIES =
  "EGP, USD, AED, SAR, OMR, KWD, BHD, IQD, LYD, TND, PKR, EUR, GBP, CAD, INR, PHP, TWD, BRL, MAD, ZAR, MXN, MYR".split(
    ", ",
  );

describe("currencies", () => {
  it("covers every currency listed in back-office.md section 9 and the three-decimal set", () => {
    for (const code of [...BACK_OFFICE_CURRENCIES, "JOD", "ILS"]) expect(isCurrency(code)).toBe(true);
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
  });

  it("covers each country's own currency", () => {
    for (const country of COUNTRIES) expect(isCurrency(COUNTRY_INFO[country].currency)).toBe(true);
  });

  it("gives 3 digits to the three-decimal set and 2 to the rest", () => {
    for (const code of ["JOD", "OMR", "KWD", "BHD", "ILS", "IQD", "LYD", "TND"])
      expect(currencyExponent(code)).toBe(3);
    for (const code of CURRENCIES.filter((c) => !THREE_DECIMAL_CURRENCIES.includes(c)))
      expect(currencyExponent(code)).toBe(2);
    expect(currencyExponent("EGP")).toBe(2);
    expect(currencyExponent("SAR")).toBe(2);
  });

  it("rejects unknown codes", () => {
    expect(isCurrency("XYZ")).toBe(false);
    expect(isCurrency("egp")).toBe(false);
    expect(isCurrency(42)).toBe(false);
    expect(() => currencyExponent("XYZ")).toThrow(RangeError);
  });

  it("defaults to EGP", () => {
    expect(DEFAULT_CURRENCY).toBe("EGP");
  });
});
