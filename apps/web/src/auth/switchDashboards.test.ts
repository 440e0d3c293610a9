import { describe, expect, it } from "vitest";
import { wantsDashboardSwitch, withoutSdi } from "./switchDashboards.ts";

describe("switching dashboards", () => {
  it("needs both the sdi query and the switch cookie", () => {
    expect(wantsDashboardSwitch("?sdi=1", "token")).toBe(true);
    expect(wantsDashboardSwitch("?sdi", "token")).toBe(true);
    expect(wantsDashboardSwitch("?sdi=1", undefined)).toBe(false);
    expect(wantsDashboardSwitch("?other=1", "token")).toBe(false);
  });

  it("drops sdi from the URL and keeps the rest", () => {
    expect(withoutSdi("/portal2/en/home", "?sdi=1")).toBe("/portal2/en/home");
    expect(withoutSdi("/portal2/en/transactions", "?sdi=1&page=2")).toBe("/portal2/en/transactions?page=2");
  });
});
