import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { EXPORT_FORMATS, EXPORT_STATUS_CHOICES } from "../transaction-types.ts";
import { boolParam, dateParam, idParams, paging } from "./workspace-shared.ts";

/**
 * Reports (back-office.md "Reports", docs/transfers.md): a merchant or a bank asks for a report of one type over a
 * date range of at most one month (transactions and merchants also take a status choice); a durable job writes it (the exports
 * feature's job and file storage: a report is an export row with purpose "report"). The summary table shows it
 * Pending until the file is ready, then Download.
 */

/** The report types of the spec; "merchants" is the banks' (their merchants who signed up in the range). */
export const REPORT_TYPES = ["transactions", "orders", "invoices", "transfers", "merchants"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** The types a merchant may ask for; a bank may ask for every type. */
export const MERCHANT_REPORT_TYPES = [
  "transactions",
  "orders",
  "invoices",
  "transfers",
] as const satisfies readonly ReportType[];

/** Pending until the file is ready; failed when its job gave up. */
export const REPORT_STATES = ["pending", "ready", "failed"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** The spec's success message. */
export const REPORT_SUBMITTED = "Request Submitted";

export const reportRequestSchema = z.object({
  type: z.enum(REPORT_TYPES),
  date_from: dateParam,
  date_to: dateParam,
  /** Transactions only (trx_all, trx_success, trx_decline); other types ignore it. */
  status: z.enum(EXPORT_STATUS_CHOICES).default("trx_all"),
  is_live: z.boolean().default(true),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

export const reportItemSchema = z.object({
  id: z.number(),
  type: z.enum(REPORT_TYPES),
  date_from: z.string(),
  date_to: z.string(),
  created_at: z.string(),
  status: z.enum(EXPORT_STATUS_CHOICES),
  is_live: z.boolean(),
  state: z.enum(REPORT_STATES),
  downloaded: z.boolean(),
  rows_done: z.number(),
  rows_total: z.number().nullable(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;
export const reportListAnswerSchema = listAnswer(reportItemSchema);
export const reportListQuerySchema = z.object({ ...paging, is_live: boolParam.optional() });
export const reportDownloadQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default("xlsx") });

const TAGS = ["Reports"] as const;
const VIEW = { permission: "can view reports" } as const;

export const reportsApi = {
  create: route({
    method: "POST",
    path: "/api/reports",
    access: VIEW,
    tags: TAGS,
    summary: "Ask for a report (at most one month): a durable job writes it; answers it Pending",
    description:
      "Also needs the view permission of the report's type (transactions, orders, quick links for invoices, transfers, merchants). Merchants: transactions, orders, invoices, transfers; banks also merchants. At most 3 reports and exports of a user in progress: 429 too_many_exports.",
    body: reportRequestSchema,
    answers: {
      201: reportItemSchema,
      400: errorResponseSchema,
      403: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
  list: route({
    method: "GET",
    path: "/api/reports",
    access: VIEW,
    tags: TAGS,
    summary: "The reports summary table, newest first: id, from and to date, date created, type, state",
    query: reportListQuerySchema,
    answers: { 200: reportListAnswerSchema },
  }),
  /** A file, not JSON: the dashboard downloads it with fetch (reports.api.ts downloadReport). */
  download: route({
    method: "GET",
    path: "/api/reports/:id/download",
    access: VIEW,
    tags: TAGS,
    summary:
      "Download a ready report (xlsx or csv). Pending or missing: the spec's 'Download Failed' message",
    params: idParams,
    query: reportDownloadQuerySchema,
    answers: {},
  }),
};
