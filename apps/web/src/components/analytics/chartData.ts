import type { Granularity } from "../../lib/periodSearch.ts";

/**
 * Chart data shaping for the home and reports screens. Pure: the same rows feed the chart and its data table;
 * the chart gets them right to left in Arabic (reversed, with the value axis on the right), the table keeps
 * the time order (the table itself flips with dir).
 */
export type Lang = "en" | "ar";
export type Dir = "ltr" | "rtl";

export const dirOfLang = (lang: Lang): Dir => (lang === "ar" ? "rtl" : "ltr");

/** A chart row: its label on the category axis and one number (or null: no comparison) per series. */
export type ChartRow = { label: string } & Record<string, string | number | null>;

/** The points as the chart draws them: reversed for right-to-left, so time runs from right to left. */
export function forDirection<T>(rows: readonly T[], dir: Dir): T[] {
  return dir === "rtl" ? [...rows].reverse() : [...rows];
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthName(month: number, lang: Lang): string {
  let f = monthFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { month: "short", timeZone: "UTC" });
    monthFormats.set(lang, f);
  }
  return f.format(new Date(Date.UTC(2000, month - 1, 1)));
}

const BUCKET = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):\d{2})?$/;

/**
 * The axis label of a bucket ("YYYY-MM-DD" or "YYYY-MM-DDTHH:00", already local to the merchant): hourly
 * "25 Nov 14:00", daily and weekly "25 Nov", monthly "Nov 2026", yearly "2026". Arabic month names, Latin
 * digits (like the amounts and lib/dates.ts).
 */
export function bucketLabel(bucket: string, granularity: Granularity, lang: Lang): string {
  const m = BUCKET.exec(bucket);
  if (!m) return bucket;
  const [, year, month, day, hour] = m;
  const mon = monthName(Number(month), lang);
  switch (granularity) {
    case "hourly":
      return `${day} ${mon} ${hour ?? "00"}:00`;
    case "daily":
    case "weekly":
      return `${day} ${mon}`;
    case "monthly":
      return `${mon} ${year}`;
    case "yearly":
      return `${year}`;
  }
}

/** The one currency shown: the wanted one when the merchant has it, else the first (currencies come sorted). */
export function selectedCurrency(
  currencies: readonly string[],
  wanted: string | undefined,
): string | undefined {
  if (wanted && currencies.includes(wanted)) return wanted;
  return currencies[0];
}

/** The entry of one currency in a per-currency list; never a sum over several. */
export function ofCurrency<T extends { currency: string }>(
  list: readonly T[],
  currency: string | undefined,
): T | undefined {
  return currency === undefined ? undefined : list.find((item) => item.currency === currency);
}

/** The figures of one bucket the home and reports charts draw; `previous`: the comparison's (or null). */
export interface ChartPoint {
  bucket: string;
  count: number;
  success_count: number;
  gross_amount: number;
  net_amount: number;
  previous: { count: number; gross_amount: number } | null;
}

/**
 * The home answer's compact series (one array per figure, following its bucket labels; issue 17) as one point
 * per bucket, the shape the charts' rows are made from.
 */
export function pointsOfSeries(
  buckets: readonly string[],
  series: {
    count: readonly number[];
    success_count: readonly number[];
    gross_amount: readonly number[];
    net_amount: readonly number[];
    previous: { count: readonly (number | null)[]; gross_amount: readonly (number | null)[] } | null;
  },
): ChartPoint[] {
  return buckets.map((bucket, i) => {
    const previousCount = series.previous?.count[i] ?? null;
    const previousGross = series.previous?.gross_amount[i] ?? null;
    return {
      bucket,
      count: series.count[i] ?? 0,
      success_count: series.success_count[i] ?? 0,
      gross_amount: series.gross_amount[i] ?? 0,
      net_amount: series.net_amount[i] ?? 0,
      previous:
        previousCount === null || previousGross === null
          ? null
          : { count: previousCount, gross_amount: previousGross },
    };
  });
}

/** A bucket of the reports charts: the figures they draw. */
export interface ReportChartPoint {
  bucket: string;
  count: number;
  success_count: number;
  gross_amount: number;
  net_amount: number;
  refunded_amount: number;
  transferred_amount: number;
  paying_customers: number;
  previous: { count: number; gross_amount: number; refunded_amount: number } | null;
}

/** The reports answer's compact series (issue 17) as one point per bucket. */
export function reportPointsOf(
  buckets: readonly string[],
  series: {
    count: readonly number[];
    success_count: readonly number[];
    gross_amount: readonly number[];
    net_amount: readonly number[];
    refunded_amount: readonly number[];
    transferred_amount: readonly number[];
    paying_customers: readonly number[];
    previous: {
      count: readonly (number | null)[];
      gross_amount: readonly (number | null)[];
      refunded_amount: readonly (number | null)[];
    } | null;
  },
): ReportChartPoint[] {
  return buckets.map((bucket, i) => {
    const count = series.previous?.count[i] ?? null;
    const gross = series.previous?.gross_amount[i] ?? null;
    const refunded = series.previous?.refunded_amount[i] ?? null;
    return {
      bucket,
      count: series.count[i] ?? 0,
      success_count: series.success_count[i] ?? 0,
      gross_amount: series.gross_amount[i] ?? 0,
      net_amount: series.net_amount[i] ?? 0,
      refunded_amount: series.refunded_amount[i] ?? 0,
      transferred_amount: series.transferred_amount[i] ?? 0,
      paying_customers: series.paying_customers[i] ?? 0,
      previous:
        count === null || gross === null || refunded === null
          ? null
          : { count, gross_amount: gross, refunded_amount: refunded },
    };
  });
}

/** The reports answer's customers (new and running total per bucket) as one point per bucket. */
export function customerPointsOf(
  buckets: readonly string[],
  customers: { new_customers: readonly number[]; total_customers: readonly number[] },
): { bucket: string; new_customers: number; total_customers: number }[] {
  return buckets.map((bucket, i) => ({
    bucket,
    new_customers: customers.new_customers[i] ?? 0,
    total_customers: customers.total_customers[i] ?? 0,
  }));
}

/** Splits rows that carry a currency into one group per currency, in first-seen order. */
export function splitByCurrency<T extends { currency: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const group = out.get(row.currency);
    if (group) group.push(row);
    else out.set(row.currency, [row]);
  }
  return out;
}

/**
 * Rows of a time series: one per point, labelled by its bucket, with the values `pick` takes from it. Points
 * keep the time order; use forDirection for the chart.
 */
export function seriesRows<P extends { bucket: string }>(
  points: readonly P[],
  granularity: Granularity,
  lang: Lang,
  pick: (point: P) => Record<string, number | null>,
): ChartRow[] {
  return points.map((p) => ({ label: bucketLabel(p.bucket, granularity, lang), ...pick(p) }));
}

/** True when every value of every row is 0 or null: the chart shows the empty state instead. */
export function isEmptySeries(rows: readonly ChartRow[], keys: readonly string[]): boolean {
  return rows.every((row) => keys.every((k) => !row[k]));
}
