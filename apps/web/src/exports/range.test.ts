import { describe, expect, it } from "vitest";
import { rangeProblem } from "./range.ts";

describe("export date range (at most one month)", () => {
  it("needs both days, in order", () => {
    expect(rangeProblem(null, "2026-11-01")).toBe("rangeRequired");
    expect(rangeProblem("2026-11-10", "2026-11-01")).toBe("rangeRequired");
    expect(rangeProblem("2026-11-x", "2026-11-12")).toBe("rangeRequired");
  });
  it("allows one day up to 31 days, refuses longer", () => {
    expect(rangeProblem("2026-11-01", "2026-11-01")).toBeUndefined();
    expect(rangeProblem("2026-01-01", "2026-01-31")).toBeUndefined();
    expect(rangeProblem("2026-01-01", "2026-02-01")).toBe("rangeTooLong");
  });
});
