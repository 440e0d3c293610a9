import { describe, expect, it } from "vitest";
import {
  arrangeMethods,
  checkoutCustomizationMessage,
  contrastProblems,
  contrastRatio,
  DEFAULT_CHECKOUT_COLOURS,
  shownRatio,
} from "./checkout-look.ts";

describe("checkout colour contrast (WCAG 2.x)", () => {
  it("computes the known ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#123456", "#123456")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#FFFFFF", "#1d4ed8")).toBeCloseTo(6.7, 1);
  });

  it("shows the ratio rounded down, so a failing 4.48 never reads as 4.5", () => {
    expect(shownRatio(4.48)).toBe("4.4");
    expect(shownRatio(21)).toBe("21.0");
  });

  it("the checkout's own colours pass every check", () => {
    expect(contrastProblems({ ...DEFAULT_CHECKOUT_COLOURS })).toEqual([]);
  });

  it("names each unreadable pair with its field", () => {
    const problems = contrastProblems({
      primary_color: "#fafafa",
      background_color: "#ffffff",
      text_color: "#cccccc",
      button_text_color: "#eeeeee",
    });
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ["contrast_text", "text_color"],
      ["contrast_button", "button_text_color"],
      ["contrast_control", "primary_color"],
    ]);
  });

  it("words the refusal in English and Arabic with the ratio", () => {
    expect(checkoutCustomizationMessage("en", "contrast_text", 2.85)).toBe(
      "The text colour is hard to read on the background colour (contrast 2.8:1; at least 4.5:1 is needed).",
    );
    expect(checkoutCustomizationMessage("ar", "contrast_text", 2.85)).toContain("2.8:1");
  });
});

describe("the checkout's methods in the merchant's order", () => {
  const methods = [1, 2, 3, 4].map((integration_id) => ({ integration_id }));
  it("places the ordered ones first, hides the hidden ones, keeps the rest in their order", () => {
    const out = arrangeMethods(methods, [
      { integration_id: 3, visible: true },
      { integration_id: 1, visible: false },
      { integration_id: 9, visible: true },
    ]);
    expect(out.map((m) => m.integration_id)).toEqual([3, 2, 4]);
  });
  it("never hides every method of a payment", () => {
    const out = arrangeMethods(methods.slice(0, 2), [
      { integration_id: 2, visible: false },
      { integration_id: 1, visible: false },
    ]);
    expect(out.map((m) => m.integration_id)).toEqual([2, 1]);
  });
  it("without settings keeps the methods as they are", () => {
    expect(arrangeMethods(methods, [])).toEqual(methods);
  });
});
