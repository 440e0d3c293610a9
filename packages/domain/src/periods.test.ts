import { describe, expect, it } from "vitest";
import {
  bucketLabel,
  PeriodError,
  previousYearDay,
  resolvePeriod,
  startOfLocalDay,
  zoneOffsetMinutes,
} from "./periods.ts";

const base = { comparison: "none", granularity: "daily" } as const;
// Wednesday 25 November 2026, 01:30 in Riyadh (UTC+3), still the 24th in UTC.
const now = new Date("2026-11-24T22:30:00Z");

describe("periods", () => {
  it("reads today in the zone, not in UTC", () => {
    const p = resolvePeriod({ ...base, date: "today" }, now, "Asia/Riyadh");
    expect(p.firstDay).toBe("2026-11-25");
    expect(p.from.toISOString()).toBe("2026-11-24T21:00:00.000Z");
    expect(p.to.toISOString()).toBe("2026-11-25T21:00:00.000Z");
    const utc = resolvePeriod({ ...base, date: "today" }, now, "UTC");
    expect(utc.firstDay).toBe("2026-11-24");
  });

  it("resolves every preset to inclusive local days", () => {
    const days = (date: Parameters<typeof resolvePeriod>[0]["date"]) => {
      const p = resolvePeriod({ ...base, date }, now, "Asia/Karachi");
      return [p.firstDay, p.lastDay];
    };
    expect(days("yesterday")).toEqual(["2026-11-24", "2026-11-24"]);
    expect(days("last_7_days")).toEqual(["2026-11-19", "2026-11-25"]);
    expect(days("last_30_days")).toEqual(["2026-10-27", "2026-11-25"]);
    expect(days("last_90_days")).toEqual(["2026-08-28", "2026-11-25"]);
    expect(days("last_week")).toEqual(["2026-11-16", "2026-11-22"]);
    expect(days("last_year")).toEqual(["2025-01-01", "2025-12-31"]);
    expect(days("this_year")).toEqual(["2026-01-01", "2026-11-25"]);
    const custom = resolvePeriod(
      { ...base, date: "custom", date_from: "2026-02-01", date_to: "2026-02-28" },
      now,
      "Asia/Dubai",
    );
    expect(custom.buckets).toHaveLength(28);
    expect(custom.from.toISOString()).toBe("2026-01-31T20:00:00.000Z");
    expect(custom.to.toISOString()).toBe("2026-02-28T20:00:00.000Z");
  });

  it("shifts comparisons back by days or by a calendar year", () => {
    const p = resolvePeriod(
      { ...base, date: "last_7_days", comparison: "previous_7_days" },
      now,
      "Asia/Muscat",
    );
    expect(p.comparison?.firstDay).toBe("2026-11-12");
    expect(p.comparison?.lastDay).toBe("2026-11-18");
    expect(p.comparison?.to.toISOString()).toBe(p.from.toISOString());
    const y = resolvePeriod(
      { ...base, date: "last_30_days", comparison: "previous_year" },
      now,
      "Asia/Muscat",
    );
    expect(y.comparison?.firstDay).toBe("2025-10-27");
    expect(y.comparisonBuckets).toHaveLength(y.buckets.length);
    expect(previousYearDay("2028-02-29")).toBe("2027-02-28");
    const n = resolvePeriod({ ...base, date: "today", comparison: "previous_90_days" }, now, "UTC");
    expect(n.comparison?.firstDay).toBe("2026-08-26");
    expect(resolvePeriod({ ...base, date: "today" }, now, "UTC").comparison).toBeNull();
  });

  it("handles Cairo's summer time: 23- and 25-hour days", () => {
    // Egypt's summer time ends on the last Thursday of October 2026 (29 October, 24:00 -> 23:00).
    expect(zoneOffsetMinutes(new Date("2026-07-01T00:00:00Z"), "Africa/Cairo")).toBe(180);
    expect(zoneOffsetMinutes(new Date("2026-12-01T00:00:00Z"), "Africa/Cairo")).toBe(120);
    const p = resolvePeriod(
      { ...base, date: "custom", date_from: "2026-10-29", date_to: "2026-10-30", granularity: "hourly" },
      now,
      "Africa/Cairo",
    );
    const hours = (p.to.getTime() - p.from.getTime()) / 3_600_000;
    expect(hours).toBe(49);
    // The repeated local hour is one bucket.
    expect(p.buckets).toHaveLength(48);
    expect(new Set(p.buckets.map((b) => b.bucket)).size).toBe(48);
    expect(startOfLocalDay("2026-10-30", "Africa/Cairo").toISOString()).toBe("2026-10-29T22:00:00.000Z");
  });

  it("makes weekly, monthly and yearly buckets cut to the period", () => {
    const w = resolvePeriod(
      { ...base, date: "custom", date_from: "2026-11-04", date_to: "2026-11-25", granularity: "weekly" },
      now,
      "UTC",
    );
    expect(w.buckets.map((b) => b.bucket)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(w.buckets[0]?.start.toISOString()).toBe("2026-11-04T00:00:00.000Z");
    const m = resolvePeriod({ ...base, date: "this_year", granularity: "monthly" }, now, "UTC");
    expect(m.buckets).toHaveLength(11);
    expect(m.buckets[10]?.bucket).toBe("2026-11-01");
    const y = resolvePeriod({ ...base, date: "last_year", granularity: "yearly" }, now, "UTC");
    expect(y.buckets.map((b) => b.bucket)).toEqual(["2025-01-01"]);
    expect(bucketLabel(new Date("2026-11-24T22:30:00Z"), "hourly", "Asia/Riyadh")).toBe("2026-11-25T01:00");
    expect(bucketLabel(new Date("2026-11-24T22:30:00Z"), "weekly", "Asia/Riyadh")).toBe("2026-11-23");
  });

  it("refuses bad custom ranges and too long hourly ones", () => {
    const bad = (input: Partial<Parameters<typeof resolvePeriod>[0]>) => () =>
      resolvePeriod({ ...base, date: "custom", ...input }, now, "UTC");
    expect(bad({})).toThrow(PeriodError);
    expect(bad({ date_from: "2026-02-30", date_to: "2026-03-01" })).toThrow(PeriodError);
    expect(bad({ date_from: "2026-03-02", date_to: "2026-03-01" })).toThrow(PeriodError);
    expect(bad({ date_from: "2020-01-01", date_to: "2026-03-01" })).toThrow(PeriodError);
    expect(() => resolvePeriod({ ...base, date: "last_year", granularity: "hourly" }, now, "UTC")).toThrow(
      /Hourly/,
    );
    expect(
      resolvePeriod({ ...base, date: "last_90_days", granularity: "hourly" }, now, "UTC").buckets,
    ).toHaveLength(90 * 24);
  });
});
