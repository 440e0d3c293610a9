import { describe, expect, it } from "vitest";
import { changeOf, formatCompactAmount, formatCount, formatPercent } from "./change.ts";

describe("comparison change", () => {
  it("is absent without a comparison", () => {
    expect(changeOf({ value: 10, previous: null, change_percent: null })).toBeNull();
  });
  it("goes up or down with the server's percentage, as an absolute value", () => {
    expect(changeOf({ value: 150, previous: 100, change_percent: 50 })).toEqual({
      direction: "up",
      percent: 50,
    });
    expect(changeOf({ value: 75, previous: 100, change_percent: -25 })).toEqual({
      direction: "down",
      percent: 25,
    });
    expect(changeOf({ value: 1, previous: 3, change_percent: -66.7 })).toEqual({
      direction: "down",
      percent: 66.7,
    });
  });
  it("computes the percentage when the server gave none", () => {
    expect(changeOf({ value: 1, previous: 3, change_percent: null })).toEqual({
      direction: "down",
      percent: 66.7,
    });
  });
  it("is new when the previous period had nothing, flat when equal or below 0.05%", () => {
    expect(changeOf({ value: 500, previous: 0, change_percent: null })).toEqual({
      direction: "new",
      percent: null,
    });
    expect(changeOf({ value: 0, previous: 0, change_percent: null })).toEqual({
      direction: "flat",
      percent: 0,
    });
    expect(changeOf({ value: 100_001, previous: 100_000, change_percent: 0 })).toEqual({
      direction: "flat",
      percent: 0,
    });
  });
  it("formats percentages and counts with Latin digits in both languages", () => {
    expect(formatPercent(12.5, "en")).toBe("12.5%");
    expect(formatPercent(12.5, "ar")).toBe("12.5٪");
    expect(formatPercent(1234, "en")).toBe("1,234%");
    expect(formatPercent(null, "en")).toBe("");
    expect(formatCount(1234567, "en")).toBe("1,234,567");
    expect(formatCount(1234567, "ar")).toMatch(/^1.234.567$/);
    expect(formatCompactAmount(1_250_000, 2, "en")).toBe("12.5K");
    expect(formatCompactAmount(1_250_000, 3, "en")).toBe("1.3K");
  });
});
