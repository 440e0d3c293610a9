import { describe, expect, it } from "vitest";
import { normalizeDigits } from "./digits.ts";

describe("normalizeDigits", () => {
  it("maps Arabic-Indic and extended Arabic-Indic digits to ASCII", () => {
    expect(normalizeDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(normalizeDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
  });

  it("maps the Arabic decimal separator to a dot and leaves other text alone", () => {
    expect(normalizeDigits("١٤٩٫٩٩")).toBe("149.99");
    expect(normalizeDigits("+20 ab,c")).toBe("+20 ab,c");
  });
});
