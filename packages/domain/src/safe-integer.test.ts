import { describe, expect, it } from "vitest";
import { assertSafeInteger, safeAdd, safeSubtract, UnsafeIntegerError } from "./safe-integer.ts";

describe("safe integers", () => {
  it("passes safe integers through", () => {
    expect(assertSafeInteger(5)).toBe(5);
    expect(safeAdd(2, 3)).toBe(5);
    expect(safeSubtract(2, 3)).toBe(-1);
  });

  it("throws on fractions, NaN, infinities and overflow", () => {
    expect(() => assertSafeInteger(1.5)).toThrow(UnsafeIntegerError);
    expect(() => assertSafeInteger(Number.NaN)).toThrow(UnsafeIntegerError);
    expect(() => assertSafeInteger(Number.POSITIVE_INFINITY)).toThrow(UnsafeIntegerError);
    expect(() => safeAdd(Number.MAX_SAFE_INTEGER, 1)).toThrow(UnsafeIntegerError);
    expect(() => safeSubtract(Number.MIN_SAFE_INTEGER, 1)).toThrow(UnsafeIntegerError);
    expect(() => safeAdd(0.1, 0.2)).toThrow(UnsafeIntegerError);
  });
});
