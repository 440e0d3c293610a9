import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_STATES, EXPORT_STATUS_CHOICES } from "../transaction-types.ts";
import { dateParam, idParams, paging } from "./workspace-shared.ts";

/**
 * Exports of the transactions and orders lists (docs/transactions.md): a durable job writes the CSV and XLSX
 * files; the history shows their progress. Who may export what: the view permission of the exported list.
 */

export const exportRequestSchema = z.object({
  date_from: dateParam,
  date_to: dateParam,
  status: z.enum(EXPORT_STATUS_CHOICES),
  kind: z.enum(EXPORT_KINDS).default("transactions"),
  is_live: z.boolean().default(true),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const exportItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_STATUS_CHOICES),
  date_from: z.string(),
  date_to: z.string(),
  /** new until downloaded */
  state: z.enum(EXPORT_STATES),
  /** job progress: queued, running, done, failed; download only when done */
  job_state: z.enum(["queued", "running", "done", "failed"]),
  rows_done: z.number(),
  rows_total: z.number().nullable(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;
export const exportListAnswerSchema = listAnswer(exportItemSchema);
export const exportListQuerySchema = z.object({ ...paging });
export const exportDownloadQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default("csv") });

const TAGS = ["Exports"] as const;
// Which permission depends on the export's kind (the server's EXPORT_PERMISSION), checked in the handlers.
const SIGNED_IN = { permission: null } as const;

export const exportsApi = {
  create: route({
    method: "POST",
    path: "/api/exports",
    access: SIGNED_IN,
    tags: TAGS,
    summary:
      "Start an export (at most one month; trx_all, trx_success or trx_decline): a durable job writes CSV and XLSX",
    description:
      "Needs the view permission of the exported list (transactions or orders). At most 3 exports of a user queued or running at once: 429 too_many_exports.",
    body: exportRequestSchema,
    answers: {
      201: exportItemSchema,
      400: errorResponseSchema,
      403: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
  list: route({
    method: "GET",
    path: "/api/exports",
    access: SIGNED_IN,
    tags: TAGS,
    summary: "Export history, newest first, with state (new, downloaded) and progress",
    description: "Only the kinds of export the user may view (EXPORT_PERMISSION).",
    query: exportListQuerySchema,
    answers: { 200: exportListAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/exports/:id",
    access: SIGNED_IN,
    tags: TAGS,
    summary: "One export with its progress",
    params: idParams,
    answers: { 200: exportItemSchema, 404: errorResponseSchema },
  }),
  /** A file, not JSON: the dashboard downloads it with fetch (exports.api.ts downloadExport), not call(). */
  download: route({
    method: "GET",
    path: "/api/exports/:id/download",
    access: SIGNED_IN,
    tags: TAGS,
    summary:
      "Download the file (csv or xlsx); marks the export downloaded. Not ready or missing: the spec's 'Download Failed' message",
    params: idParams,
    query: exportDownloadQuerySchema,
    answers: {},
  }),
};
