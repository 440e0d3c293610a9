import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { hasForbiddenCharacters } from "../text-input.ts";
import { checkInvoiceDraft, type InvoiceDraft, type InvoiceField, invoiceDraftSchema } from "./invoices.ts";
import { boolParam, idParams, paging } from "./workspace-shared.ts";

/**
 * Bulk invoices (back-office.md "Bulk invoices", sections 5 and 9; merchant-dashboard.md sections 3, 5, 9): a
 * template (CSV or XLSX), an upload that is previewed row by row with every bad cell marked, fixes in place, and a
 * submit that creates every valid row's invoice in one database transaction (or none), then sends each by e-mail
 * and SMS as its row asks. Every upload is kept, with its counts, as the history. docs/selling.md.
 */

/** back-office.md section 9: at most 500 rows; above it the preview is refused. */
export const BULK_INVOICE_MAX_ROWS = 500;
/** The largest file taken (500 full rows fit in well under half of it). */
export const BULK_FILE_MAX_BYTES = 1024 * 1024;
/** The longest cell text (a description holds 1000 characters). */
export const BULK_CELL_MAX_LENGTH = 1000;
export const BULK_FILE_NAME_MAX_LENGTH = 255;

/** The template's columns, in order: the invoice form's fields, then how to send the invoice. */
export const BULK_COLUMNS = [
  "full_name",
  "phone_number",
  "email",
  "merchant_order_id",
  "order_name",
  "order_description",
  "amount",
  "currency",
  "integration_id",
  "delivery_needed",
  "expiry_date",
  "expiry_hour",
  "send_email",
  "send_sms",
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
/** Columns a file must have (the rest may be left out: empty). */
export const BULK_REQUIRED_COLUMNS: readonly BulkColumn[] = [
  "full_name",
  "phone_number",
  "email",
  "order_name",
  "amount",
  "currency",
  "integration_id",
];

/** Yes/no cells: yes, true, 1, y (and the Arabic نعم) are yes; no, false, 0, n, لا and empty are no. */
const YES = new Set(["yes", "y", "true", "1", "نعم"]);
const NO = new Set(["no", "n", "false", "0", "لا", ""]);
export function parseYesNo(value: string): boolean | undefined {
  const text = value.trim().toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return undefined;
}

/** File-level refusals, by code (the dashboard translates them; English here for the API). */
export const BULK_FILE_MESSAGES = {
  bulk_too_large: `The file has more than ${BULK_INVOICE_MAX_ROWS} invoice rows, so it cannot be previewed. Split it into files of at most ${BULK_INVOICE_MAX_ROWS} rows.`,
  bulk_file_too_big: "The file is larger than 1 MB.",
  bulk_file_type: "The file is not a CSV or XLSX file. Download the template, fill it in and upload it.",
  bulk_file_unreadable: "The file could not be read. Save it again as CSV or XLSX from the template.",
  bulk_file_empty: "The file has no invoice rows.",
  bulk_columns: "The file's columns do not match the template. Missing: {columns}.",
  bulk_already_submitted: "This upload has already been submitted.",
  bulk_nothing_valid: "No row is valid: fix the marked cells first.",
  bulk_submit_failed: "No invoice was created: {reason}",
} as const;
export type BulkFileCode = keyof typeof BULK_FILE_MESSAGES;

/** Row-level problems of the bulk file beyond the invoice form's own messages (VALIDATION_MESSAGES). */
export const BULK_ROW_MESSAGES = {
  bulk_duplicate_in_file: "The same merchant order ID appears in another row of this file.",
  bulk_unknown_integration: "No active payment integration has this ID in this mode.",
  bulk_currency_mismatch: "The integration does not take this currency.",
  bulk_yes_no: "Enter yes or no.",
  bulk_invalid_hour: "Enter an hour from 0 to 23.",
  bulk_too_long: "This text is too long.",
} as const;
export type BulkRowCode = keyof typeof BULK_ROW_MESSAGES;

/** Which invoice form field each column fills (the rest are the bulk file's own). */
const FIELD_OF: Partial<Record<BulkColumn, InvoiceField>> = {
  full_name: "fullName",
  phone_number: "phoneNumber",
  email: "email",
  merchant_order_id: "merchantOrderId",
  order_name: "orderName",
  order_description: "orderDescription",
  amount: "orderAmount",
  currency: "currency",
  integration_id: "gatewayType",
  delivery_needed: "deliveryNeeded",
  expiry_date: "expiryDate",
  expiry_hour: "expiryHour",
};
export const BULK_COLUMN_OF_FIELD = Object.fromEntries(
  Object.entries(FIELD_OF).map(([c, f]) => [f, c]),
) as Record<InvoiceField, BulkColumn>;

export type BulkRowErrors = Partial<Record<BulkColumn, string[]>>;

export interface BulkRowCheck {
  /** The row as the invoice form's draft: what createInvoices takes. */
  draft: InvoiceDraft;
  /** The row's own problems by column; empty when the row passed every check that needs no database. */
  errors: BulkRowErrors;
  sendEmail: boolean;
  sendSms: boolean;
}

/**
 * A row's own checks, without the database: the invoice form's rules (checkInvoiceDraft, the same messages as
 * the form), the text bounds of its contract, and the bulk columns (payment integrations as ids separated by
 * spaces, commas or semicolons; yes/no cells; an hour from 0 to 23). The server adds what needs the database:
 * integrations of the mode, their currency, merchant invoice ids used before or twice in the file.
 */
export function checkBulkRow(values: BulkRowValues): BulkRowCheck {
  const errors: BulkRowErrors = {};
  const add = (column: BulkColumn, code: string) => {
    errors[column] ??= [];
    if (!errors[column].includes(code)) errors[column].push(code);
  };
  const ids = values.integration_id.split(/[\s,;|]+/).filter(Boolean);
  const integrationIds = ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (integrationIds.length !== ids.length) add("integration_id", "bulk_unknown_integration");
  const delivery = values.delivery_needed.trim() === "" ? undefined : parseYesNo(values.delivery_needed);
  if (values.delivery_needed.trim() !== "" && delivery === undefined) add("delivery_needed", "bulk_yes_no");
  const hourText = values.expiry_hour.trim();
  const hour = hourText === "" ? undefined : Number(hourText);
  if (hour !== undefined && !(Number.isInteger(hour) && hour >= 0 && hour <= 23))
    add("expiry_hour", "bulk_invalid_hour");
  const sendEmail = parseYesNo(values.send_email);
  const sendSms = parseYesNo(values.send_sms);
  if (sendEmail === undefined) add("send_email", "bulk_yes_no");
  if (sendSms === undefined) add("send_sms", "bulk_yes_no");
  const draft: InvoiceDraft = {
    fullName: values.full_name,
    phoneNumber: values.phone_number,
    email: values.email,
    merchantOrderId: values.merchant_order_id,
    orderName: values.order_name,
    orderDescription: values.order_description,
    orderAmount: values.amount,
    currency: values.currency,
    gatewayType: integrationIds.slice(0, 20),
    ...(delivery === undefined ? {} : { deliveryNeeded: delivery }),
    expiryDate: values.expiry_date,
    ...(hour !== undefined && !errors.expiry_hour ? { expiryHour: hour } : {}),
  };
  const bounded = invoiceDraftSchema.safeParse(draft);
  if (!bounded.success)
    for (const issue of bounded.error.issues) {
      const column = BULK_COLUMN_OF_FIELD[issue.path[0] as InvoiceField];
      if (column) add(column, "bulk_too_long");
    }
  const checked = checkInvoiceDraft(draft);
  if (!checked.ok)
    for (const [field, problem] of Object.entries(checked.problems)) {
      const column = BULK_COLUMN_OF_FIELD[field as InvoiceField];
      // One problem per column, as the form shows one per field: the column's own check speaks first.
      if (column && problem && !errors[column]) add(column, problem);
    }
  return { draft, errors, sendEmail: sendEmail === true, sendSms: sendSms === true };
}

/** A cell as typed: bounded text without NUL, lone surrogates or control characters other than tab and breaks. */
const cellText = z
  .string()
  .max(BULK_CELL_MAX_LENGTH)
  .refine((v) => !hasForbiddenCharacters(v, true), { message: "forbidden_characters" });

export const bulkRowValuesSchema = z.object(
  Object.fromEntries(BULK_COLUMNS.map((c) => [c, cellText.default("")])) as Record<
    BulkColumn,
    z.ZodDefault<typeof cellText>
  >,
);
export type BulkRowValues = z.infer<typeof bulkRowValuesSchema>;

export const bulkRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  values: bulkRowValuesSchema,
  /** Problems by column, as codes (VALIDATION_MESSAGES, ERROR_MESSAGES or BULK_ROW_MESSAGES). */
  errors: z.record(z.string(), z.array(z.string())),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

export const BULK_UPLOAD_STATUSES = ["previewed", "submitted"] as const;
export type BulkUploadStatus = (typeof BULK_UPLOAD_STATUSES)[number];

export const bulkCountsSchema = z.object({
  rows: z.number(),
  valid: z.number(),
  invalid: z.number(),
  created: z.number(),
  emailed: z.number(),
  texted: z.number(),
});
export type BulkCounts = z.infer<typeof bulkCountsSchema>;

export const bulkUploadItemSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  file_type: z.enum(["csv", "xlsx"]),
  status: z.enum(BULK_UPLOAD_STATUSES),
  is_live: z.boolean(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** Sending the created invoices (a durable job): none to send, queued (under way) or done. */
  send_state: z.enum(["none", "queued", "done"]),
  counts: bulkCountsSchema,
});
export type BulkUploadItem = z.infer<typeof bulkUploadItemSchema>;

export const bulkUploadSchema = bulkUploadItemSchema.extend({ rows: z.array(bulkRowSchema) });
export type BulkUpload = z.infer<typeof bulkUploadSchema>;

export const bulkPreviewBodySchema = z.object({
  file_name: z
    .string()
    .trim()
    .min(1)
    .max(BULK_FILE_NAME_MAX_LENGTH)
    .refine((v) => !hasForbiddenCharacters(v), { message: "forbidden_characters" }),
  /** The file's bytes, base64 (at most BULK_FILE_MAX_BYTES once decoded). */
  content_base64: z
    .string()
    .max(Math.ceil(BULK_FILE_MAX_BYTES / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: "Not base64." }),
  is_live: z.boolean().default(true),
});
export type BulkPreviewBody = z.infer<typeof bulkPreviewBodySchema>;

/** PUT /api/bulk-invoices/:id/rows: corrected rows by line (the others stay as they are). */
export const bulkRowsBodySchema = z.object({
  rows: z
    .array(z.object({ line: z.number().int().min(2).max(100_000), values: bulkRowValuesSchema }))
    .min(1)
    .max(BULK_INVOICE_MAX_ROWS),
});
export type BulkRowsBody = z.infer<typeof bulkRowsBodySchema>;

export const bulkTemplateQuerySchema = z.object({
  format: z.enum(["csv", "xlsx"]).default("xlsx"),
  /** The example row names the merchant's first integration of this mode. */
  is_live: boolParam.default(true),
});
export const bulkListQuerySchema = z.object({ ...paging });
export const bulkListAnswerSchema = listAnswer(bulkUploadItemSchema);
export type BulkListAnswer = z.infer<typeof bulkListAnswerSchema>;

const TAGS = ["Bulk invoices"] as const;
const ACCESS = { permission: "can create orders" } as const;

export const bulkInvoicesApi = {
  /** A file, not JSON: the dashboard downloads it with fetch, not call(). */
  template: route({
    method: "GET",
    path: "/api/bulk-invoices/template",
    access: ACCESS,
    tags: TAGS,
    summary: "The bulk invoice template (csv or xlsx) with its header row and one example row",
    query: bulkTemplateQuerySchema,
    answers: {},
  }),
  list: route({
    method: "GET",
    path: "/api/bulk-invoices",
    access: ACCESS,
    tags: TAGS,
    summary: "Upload history, newest first, with each upload's counts",
    query: bulkListQuerySchema,
    answers: { 200: bulkListAnswerSchema },
  }),
  preview: route({
    method: "POST",
    path: "/api/bulk-invoices/preview",
    access: ACCESS,
    tags: TAGS,
    summary:
      "Upload a CSV or XLSX file (base64): checked by content, at most 500 rows; answers every row's problems",
    description:
      "400 with code bulk_too_large (over 500 rows; nothing is kept), bulk_file_type, bulk_file_too_big, bulk_file_unreadable, bulk_file_empty or bulk_columns.",
    body: bulkPreviewBodySchema,
    answers: { 201: bulkUploadSchema, 400: errorResponseSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/bulk-invoices/:id",
    access: ACCESS,
    tags: TAGS,
    summary: "One upload with its rows and their problems",
    params: idParams,
    answers: { 200: bulkUploadSchema, 404: errorResponseSchema },
  }),
  fixRows: route({
    method: "PUT",
    path: "/api/bulk-invoices/:id/rows",
    access: ACCESS,
    tags: TAGS,
    summary: "Correct rows of a previewed upload; every row is checked again",
    params: idParams,
    body: bulkRowsBodySchema,
    answers: {
      200: bulkUploadSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  }),
  submit: route({
    method: "POST",
    path: "/api/bulk-invoices/:id/submit",
    access: ACCESS,
    tags: TAGS,
    summary: "Create every valid row's invoice in one transaction (or none), then send them as each row asks",
    description:
      "Rows still marked are skipped and counted. 400 bulk_nothing_valid; 409 bulk_already_submitted; a row refused while creating (an ID used meanwhile) creates nothing: 409 bulk_submit_failed.",
    params: idParams,
    answers: {
      200: bulkUploadSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  }),
};
