import { z } from "zod";
import { COMPARISON_PRESETS, DATE_PRESETS, GRANULARITIES } from "./period-presets.ts";

/**
 * The query and answers of the home page and the reports overview (issue 5, merchant-dashboard.md sections 2
 * and 3): `GET /api/analytics/home` and `GET /api/analytics/reports` (their contracts: api/analytics.ts), both
 * with the query below. Amounts are integer
 * minor units of their currency; nothing is ever summed across currencies. Dates are read in the merchant
 * country's time zone (`time_zone` in the answer). How presets become ranges: periods.ts (the web uses it too).
 */

export * from "./period-presets.ts";

export const CHANNEL_FILTERS = ["Ecommerce", "POS", "all"] as const;
export type ChannelFilter = (typeof CHANNEL_FILTERS)[number];

/** A local calendar date "YYYY-MM-DD" (in the merchant's time zone). */
export const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");

const booleanQuery = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/**
 * Query of both routes. `date_from`/`date_to` (inclusive local dates) are required with `date=custom` and
 * ignored otherwise. Hourly granularity is accepted for ranges up to 92 days; custom ranges up to 731 days.
 * A refused combination answers 400 with code `invalid_period`.
 */
export const analyticsQuerySchema = z.object({
  date: z.enum(DATE_PRESETS).default("last_30_days"),
  date_from: localDateSchema.optional(),
  date_to: localDateSchema.optional(),
  comparison: z.enum(COMPARISON_PRESETS).default("none"),
  granularity: z.enum(GRANULARITIES).default("daily"),
  channel: z.enum(CHANNEL_FILTERS).default("all"),
  is_live: booleanQuery.default(false),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

/** The resolved period: [from, to) instants, and the comparison period (null for "none"). */
export const analyticsRangeSchema = z.object({
  time_zone: z.string(),
  granularity: z.enum(GRANULARITIES),
  channel: z.enum(CHANNEL_FILTERS),
  is_live: z.boolean(),
  from: z.string().describe("ISO instant, inclusive"),
  to: z.string().describe("ISO instant, exclusive"),
  comparison_from: z.string().nullable(),
  comparison_to: z.string().nullable(),
});
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/**
 * A figure with its comparison: `previous` is null when the comparison is "none"; `change_percent` is
 * (value - previous) / previous * 100 rounded to one decimal, null when there is no comparison or previous is 0.
 */
export const comparedSchema = z.object({
  value: z.number().int(),
  previous: z.number().int().nullable(),
  change_percent: z.number().nullable(),
});
export type Compared = z.infer<typeof comparedSchema>;

/** A volume card: amount and number of payments. Change is of the amount. */
export const volumeFigureSchema = z.object({
  amount: comparedSchema,
  count: comparedSchema,
});
export type VolumeFigure = z.infer<typeof volumeFigureSchema>;

/**
 * Summary cards of one currency. Payments only (operations such as refunds are not counted as payments).
 * total: all payments; successful: status success (voided ones excluded); declined; pending.
 */
export const summaryCardsSchema = z.object({
  currency: z.string(),
  total: volumeFigureSchema,
  successful: volumeFigureSchema,
  declined: volumeFigureSchema,
  pending: volumeFigureSchema,
  total_orders: comparedSchema,
  orders_with_delivery: comparedSchema,
});
export type SummaryCards = z.infer<typeof summaryCardsSchema>;

/** A breakdown row (by channel, method, terminal or card scheme) over the whole period. */
/** The reports' branch point-of-sale revenue: the key of the payments of terminals without a branch. */
export const NO_BRANCH_KEY = "";

export const breakdownSchema = z.object({
  key: z.string(),
  count: z.number().int(),
  success_count: z.number().int(),
  gross_amount: comparedSchema,
});
export type Breakdown = z.infer<typeof breakdownSchema>;

/**
 * The charts of one currency, compact (issue 17): one array per figure the home charts draw, following `buckets`
 * of the answer one to one; an hourly view of 90 days with a comparison is then about 150 KB instead of 820 KB
 * (docs/analytics.md). `count` and `success_count`: the business insights graph; `gross_amount` and `net_amount`
 * (gross = successful not voided amount; net = gross - refunded): the revenue chart. `previous`: the comparison
 * bucket at the same position (null without a comparison; a null item past the comparison's end). `channels`: the
 * payment channel chart (Ecommerce, POS). `methods`: by gateway_type (VPC, UIG, CAGG, VALU, ...).
 */
export const currencySeriesSchema = z.object({
  currency: z.string(),
  count: z.array(z.number().int()),
  success_count: z.array(z.number().int()),
  gross_amount: z.array(z.number().int()),
  net_amount: z.array(z.number().int()),
  previous: z
    .object({
      count: z.array(z.number().int().nullable()),
      gross_amount: z.array(z.number().int().nullable()),
    })
    .nullable(),
  channels: z.array(breakdownSchema),
  methods: z.array(breakdownSchema),
});
export type CurrencySeries = z.infer<typeof currencySeriesSchema>;

export const recentOrderSchema = z.object({
  id: z.number().int(),
  merchant_order_id: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  payment_status: z.string(),
  delivery_needed: z.boolean(),
  created_at: z.string(),
});
export type RecentOrder = z.infer<typeof recentOrderSchema>;

export const recentTransactionSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(["pending", "success", "declined"]),
  trnx_type: z.string(),
  gateway_type: z.string(),
  channel: z.string(),
  card_last4: z.string().nullable(),
  created_at: z.string(),
});
export type RecentTransaction = z.infer<typeof recentTransactionSchema>;

/** GET /api/analytics/home. Currencies: those with any payment or order in either period, ascending. */
export const homeAnswerSchema = z.object({
  range: analyticsRangeSchema,
  currencies: z.array(z.string()),
  /**
   * The local labels of the period's buckets, each its local start ("YYYY-MM-DD", or "YYYY-MM-DDTHH:00" when
   * hourly), in order; each series array follows them. Their instants: periodBuckets() of periods.ts over `range`.
   */
  buckets: z.array(z.string()),
  cards: z.array(summaryCardsSchema),
  series: z.array(currencySeriesSchema),
  /**
   * The 5 newest of the mode (is_live), whatever the period; null for a caller who may not see them (without
   * "can view orders", "can view transactions"): the home screen then leaves the panel out.
   */
  recent_orders: z.array(recentOrderSchema).nullable(),
  recent_transactions: z.array(recentTransactionSchema).nullable(),
  /** False: show the start-accepting prompt. */
  has_live_integration: z.boolean(),
});
export type HomeAnswer = z.infer<typeof homeAnswerSchema>;

/**
 * Reports overview of one currency. net_sales = gross_sales - total_refunds; average_spend_per_customer =
 * gross_sales / distinct paying customers (0 without any). transfers: net amounts of the period's successful
 * payments by transferStatus (Transferred / Pending, packages/domain transfer.ts) at the time of the answer.
 * balance: net amount of all the mode's successful payments still Pending transfer (any date).
 */
export const reportCardsSchema = z.object({
  currency: z.string(),
  net_sales: comparedSchema,
  gross_sales: comparedSchema,
  total_refunds: comparedSchema,
  number_of_transactions: comparedSchema,
  paying_customers: z.number().int(),
  average_spend_per_customer: z.number().int(),
  transfers: z.object({ transferred: z.number().int(), pending: z.number().int() }),
  balance: z.number().int(),
  payment_methods: z.array(breakdownSchema),
  /** Branch point-of-sale revenue: POS payments by terminal (key = terminal code, or the id). */
  pos_branches: z.array(breakdownSchema),
  /** Transactions per bank card: by card scheme. */
  card_schemes: z.array(breakdownSchema),
});
export type ReportCards = z.infer<typeof reportCardsSchema>;

const ints = z.array(z.number().int());
const intsOrNull = z.array(z.number().int().nullable());

/**
 * The report chart areas of one currency, compact (issue 17): one array per figure the charts draw, following
 * `buckets` one to one. net and gross volume, total refunds, transactions (`count`, also transactions per day)
 * and successful ones; `transferred_amount`: the transferred net amount of the bucket's payments at the time of
 * the answer (total transfer chart); `paying_customers`: distinct paying customers of the bucket (the average per
 * customer chart: gross_amount / paying_customers). `previous`: the comparison bucket at the same position (null
 * without a comparison; a null item past the comparison's end).
 */
export const reportSeriesSchema = z.object({
  currency: z.string(),
  net_amount: ints,
  gross_amount: ints,
  refunded_amount: ints,
  count: ints,
  success_count: ints,
  transferred_amount: ints,
  paying_customers: ints,
  previous: z.object({ gross_amount: intsOrNull, refunded_amount: intsOrNull, count: intsOrNull }).nullable(),
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

/**
 * Customers are not per currency: new customers of each bucket and the running total (total customers chart),
 * following `buckets`.
 */
export const customerSeriesSchema = z.object({ new_customers: ints, total_customers: ints });
export type CustomerSeries = z.infer<typeof customerSeriesSchema>;

/** GET /api/analytics/reports. `buckets`: the bucket labels, as in homeAnswerSchema. */
export const reportsAnswerSchema = z.object({
  range: analyticsRangeSchema,
  currencies: z.array(z.string()),
  buckets: z.array(z.string()),
  cards: z.array(reportCardsSchema),
  series: z.array(reportSeriesSchema),
  new_customers: comparedSchema,
  customers: customerSeriesSchema,
});
export type ReportsAnswer = z.infer<typeof reportsAnswerSchema>;

/** change_percent of the contract: one decimal, null without a comparison or with a previous value of 0. */
export function changePercent(value: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
}

export function compared(value: number, previous: number | null): Compared {
  return { value, previous, change_percent: changePercent(value, previous) };
}
