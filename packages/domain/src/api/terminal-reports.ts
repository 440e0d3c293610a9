import { z } from "zod";
import { listAnswer, route } from "../contract.ts";
import { boolParam, currencyParam, intParam, paging } from "./workspace-shared.ts";

/**
 * Terminal reports (back-office.md "Terminal reports" and the Terminal report entity; issue 14 item 3;
 * docs/pos-risk.md "Terminal reports"). The closing job closes one report per terminal and business day (the
 * local day of the merchant's country) for each mode and currency the terminal took card-present payments in:
 * its period (start and end time), the total amount of its successful payments and the count of its payments
 * with their success, pending and declined counts. The header totals give the devices in scope, the revenue per
 * currency (never summed across currencies) and the transactions of the reports the filters select.
 * A terminal user reads its own terminal's reports, a merchant its terminals', a bank its merchants' terminals'.
 */

/** A business day filter: YYYY-MM-DD. */
const dayParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Enter a valid date." });

export const TERMINAL_REPORT_SORTS = [
  "business_day",
  "-business_day",
  "total_amount_cents",
  "-total_amount_cents",
] as const;

/** The filters of the list and of the header totals; the bank adds merchant_id. */
export const terminalReportFiltersSchema = z.object({
  is_live: boolParam.default(true),
  /** Business days, inclusive. */
  date_from: dayParam.optional(),
  date_to: dayParam.optional(),
  terminal_id: intParam.positive().optional(),
  currency: currencyParam.optional(),
  merchant_id: intParam.positive().optional(),
});
export type TerminalReportFilters = z.infer<typeof terminalReportFiltersSchema>;

export const terminalReportListQuerySchema = terminalReportFiltersSchema.extend({
  ...paging,
  sort: z.enum(TERMINAL_REPORT_SORTS).default("-business_day"),
});
export type TerminalReportListQuery = z.infer<typeof terminalReportListQuerySchema>;

/** A report's figures: its terminal, business day and period, currency, total amount and counts. */
export const terminalReportFiguresSchema = z.object({
  terminal: z.object({
    id: z.number(),
    /** The terminal's own identifier (its code), the "terminal id" users know. */
    code: z.string(),
    branch_name: z.string().nullable(),
  }),
  /** The business day, YYYY-MM-DD, in time_zone. */
  business_day: z.string(),
  time_zone: z.string(),
  /** The period the report covers: the business day's local start and end (exclusive). */
  start_time: z.string(),
  end_time: z.string(),
  currency: z.string(),
  /** The successful payments' amounts, in the currency's minor units. */
  total_amount_cents: z.number(),
  transactions_count: z.number(),
  success_count: z.number(),
  pending_count: z.number(),
  declined_count: z.number(),
  is_live: z.boolean(),
});
export type TerminalReportFigures = z.infer<typeof terminalReportFiguresSchema>;

/** A closed report. */
export const terminalReportItemSchema = terminalReportFiguresSchema.extend({
  id: z.number(),
  /** When the closing job wrote it. */
  created_at: z.string(),
  /** The terminal's merchant, for bank users (null for merchants and terminals). */
  merchant: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TerminalReportItem = z.infer<typeof terminalReportItemSchema>;
export const terminalReportListAnswerSchema = listAnswer(terminalReportItemSchema);
export type TerminalReportListAnswer = z.infer<typeof terminalReportListAnswerSchema>;

export const terminalReportTotalsSchema = z.object({
  is_live: z.boolean(),
  /** The terminals in scope (the terminal user's own: 1). */
  total_devices: z.number(),
  /** The payments of the selected reports. */
  total_transactions: z.number(),
  /** The selected reports' total amounts, one entry per currency. */
  total_revenue: z.array(z.object({ currency: z.string(), amount_cents: z.number() })),
});
export type TerminalReportTotals = z.infer<typeof terminalReportTotalsSchema>;

/**
 * The business day still open (today in the merchant's time zone): the running figures per terminal and currency,
 * read from the payments as they are; the closing job freezes them once the day has ended.
 */
export const terminalReportTodayAnswerSchema = z.object({
  business_day: z.string(),
  time_zone: z.string(),
  reports: z.array(terminalReportFiguresSchema),
});
export type TerminalReportTodayAnswer = z.infer<typeof terminalReportTodayAnswerSchema>;
export const terminalReportTodayQuerySchema = z.object({ is_live: boolParam.default(true) });

const TAGS = ["Terminal reports"] as const;
/** Merchants (owner, staff with it) and terminal users hold "can view terminals"; banks read by their own route. */
const VIEW = { permission: "can view terminals" } as const;
const BANK_VIEW = { permission: "can view transactions" } as const;

export const terminalReportsApi = {
  list: route({
    method: "GET",
    path: "/api/terminal-reports",
    access: VIEW,
    tags: TAGS,
    summary: "Closed terminal reports: the terminal user's own terminal, or the merchant's terminals",
    query: terminalReportListQuerySchema,
    answers: { 200: terminalReportListAnswerSchema },
  }),
  totals: route({
    method: "GET",
    path: "/api/terminal-reports/totals",
    access: VIEW,
    tags: TAGS,
    summary: "Header totals: total devices, total revenue per currency, total transactions",
    query: terminalReportFiltersSchema,
    answers: { 200: terminalReportTotalsSchema },
  }),
  today: route({
    method: "GET",
    path: "/api/terminal-reports/today",
    access: VIEW,
    tags: TAGS,
    summary: "The open business day: today's running figures per terminal and currency, not closed yet",
    query: terminalReportTodayQuerySchema,
    answers: { 200: terminalReportTodayAnswerSchema },
  }),
  bankList: route({
    method: "GET",
    path: "/api/bank/terminal-reports",
    access: BANK_VIEW,
    tags: TAGS,
    summary: "Closed terminal reports of the bank's merchants' terminals, with the merchant column",
    query: terminalReportListQuerySchema,
    answers: { 200: terminalReportListAnswerSchema },
  }),
  bankTotals: route({
    method: "GET",
    path: "/api/bank/terminal-reports/totals",
    access: BANK_VIEW,
    tags: TAGS,
    summary: "Header totals of the bank's merchants' terminals",
    query: terminalReportFiltersSchema,
    answers: { 200: terminalReportTotalsSchema },
  }),
};
