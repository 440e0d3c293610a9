import { describe, expect, it } from "vitest";
import {
  bucketLabel,
  customerPointsOf,
  dirOfLang,
  forDirection,
  isEmptySeries,
  ofCurrency,
  pointsOfSeries,
  reportPointsOf,
  selectedCurrency,
  seriesRows,
  splitByCurrency,
} from "./chartData.ts";

describe("chart data shaping", () => {
  it("labels buckets by granularity, with Arabic month names and Latin digits", () => {
    expect(bucketLabel("2026-11-25T14:00", "hourly", "en")).toBe("25 Nov 14:00");
    expect(bucketLabel("2026-11-25", "daily", "en")).toBe("25 Nov");
    expect(bucketLabel("2026-11-23", "weekly", "en")).toBe("23 Nov");
    expect(bucketLabel("2026-11-01", "monthly", "en")).toBe("Nov 2026");
    expect(bucketLabel("2026-01-01", "yearly", "en")).toBe("2026");
    expect(bucketLabel("2026-11-25", "daily", "ar")).toBe("25 نوفمبر");
    expect(bucketLabel("2026-02-01", "monthly", "ar")).toBe("فبراير 2026");
  });

  it("draws right to left in Arabic: the rows are reversed for the chart, the source stays in time order", () => {
    const points = [
      { bucket: "2026-11-01", count: 1 },
      { bucket: "2026-11-02", count: 2 },
      { bucket: "2026-11-03", count: 3 },
    ];
    const rows = seriesRows(points, "daily", "ar", (p) => ({ count: p.count }));
    expect(dirOfLang("ar")).toBe("rtl");
    expect(forDirection(rows, "rtl").map((r) => r.count)).toEqual([3, 2, 1]);
    expect(rows.map((r) => r.count)).toEqual([1, 2, 3]);
    expect(forDirection(rows, dirOfLang("en")).map((r) => r.count)).toEqual([1, 2, 3]);
  });

  it("shows one currency at a time and never sums across currencies", () => {
    const cards = [
      { currency: "EGP", total: 1000 },
      { currency: "USD", total: 50 },
    ];
    expect(selectedCurrency(["EGP", "USD"], "USD")).toBe("USD");
    expect(selectedCurrency(["EGP", "USD"], "SAR")).toBe("EGP");
    expect(selectedCurrency([], "USD")).toBeUndefined();
    expect(ofCurrency(cards, "USD")?.total).toBe(50);
    expect(ofCurrency(cards, undefined)).toBeUndefined();
    const split = splitByCurrency([
      { currency: "EGP", amount: 1 },
      { currency: "USD", amount: 2 },
      { currency: "EGP", amount: 3 },
    ]);
    expect([...split.keys()]).toEqual(["EGP", "USD"]);
    expect(split.get("EGP")?.map((r) => r.amount)).toEqual([1, 3]);
    expect(split.get("USD")?.map((r) => r.amount)).toEqual([2]);
  });

  it("treats a series of zeros and nulls as empty", () => {
    const rows = seriesRows([{ bucket: "2026-11-01" }, { bucket: "2026-11-02" }], "daily", "en", () => ({
      a: 0,
      b: null,
    }));
    expect(isEmptySeries(rows, ["a", "b"])).toBe(true);
    expect(isEmptySeries([{ label: "x", a: 0, b: 2 }], ["a", "b"])).toBe(false);
  });
});

describe("pointsOfSeries", () => {
  it("turns the home answer's compact arrays into one point per bucket, with the comparison when there is one", () => {
    const buckets = ["2026-11-24T00:00", "2026-11-24T01:00", "2026-11-24T02:00"];
    const series = {
      count: [3, 0, 1],
      success_count: [2, 0, 1],
      gross_amount: [5000, 0, 700],
      net_amount: [4000, 0, 700],
      previous: { count: [1, 2, null], gross_amount: [100, 0, null] },
    };
    expect(pointsOfSeries(buckets, series)).toEqual([
      {
        bucket: "2026-11-24T00:00",
        count: 3,
        success_count: 2,
        gross_amount: 5000,
        net_amount: 4000,
        previous: { count: 1, gross_amount: 100 },
      },
      {
        bucket: "2026-11-24T01:00",
        count: 0,
        success_count: 0,
        gross_amount: 0,
        net_amount: 0,
        previous: { count: 2, gross_amount: 0 },
      },
      {
        bucket: "2026-11-24T02:00",
        count: 1,
        success_count: 1,
        gross_amount: 700,
        net_amount: 700,
        previous: null,
      },
    ]);
    expect(pointsOfSeries(buckets, { ...series, previous: null }).map((p) => p.previous)).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe("reportPointsOf and customerPointsOf", () => {
  it("turn the reports answer's compact arrays into one point per bucket", () => {
    const buckets = ["2026-10-01", "2026-11-01"];
    const points = reportPointsOf(buckets, {
      count: [4, 1],
      success_count: [3, 1],
      gross_amount: [900, 100],
      net_amount: [800, 100],
      refunded_amount: [100, 0],
      transferred_amount: [800, 0],
      paying_customers: [2, 1],
      previous: { count: [2, null], gross_amount: [50, null], refunded_amount: [0, null] },
    });
    expect(points[0]).toEqual({
      bucket: "2026-10-01",
      count: 4,
      success_count: 3,
      gross_amount: 900,
      net_amount: 800,
      refunded_amount: 100,
      transferred_amount: 800,
      paying_customers: 2,
      previous: { count: 2, gross_amount: 50, refunded_amount: 0 },
    });
    expect(points[1]?.previous).toBeNull();
    expect(customerPointsOf(buckets, { new_customers: [3, 0], total_customers: [10, 10] })).toEqual([
      { bucket: "2026-10-01", new_customers: 3, total_customers: 10 },
      { bucket: "2026-11-01", new_customers: 0, total_customers: 10 },
    ]);
  });
});
