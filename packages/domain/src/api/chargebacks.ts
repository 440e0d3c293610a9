import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { boundedText } from "../text-input.ts";
import { boolParam, dateParam, idParams, intParam, paging } from "./workspace-shared.ts";

/**
 * Chargebacks (back-office.md "Chargebacks" and the Chargeback entity; docs/transfers.md): the acquirer opens a
 * dispute on a payment; the merchant accepts it or answers with evidence before the deadline; the outcome (won or
 * lost) moves money through the merchant's next transfer. Merchants see their own, banks their merchants'.
 */

/** open: waiting for the merchant's answer; under_review: evidence sent, the acquirer decides; won, lost: final. */
export const CHARGEBACK_STATUSES = ["open", "under_review", "won", "lost"] as const;
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number];
/** How it was answered: accepted by the merchant, evidence sent, or the deadline passed unanswered. */
export const CHARGEBACK_ANSWERS = ["accepted", "evidence", "expired"] as const;
export type ChargebackAnswer = (typeof CHARGEBACK_ANSWERS)[number];

/** Evidence files: PNG, JPG/JPEG or PDF (checked by their first bytes), each at most 2 MB, at most 5 per answer. */
export const EVIDENCE_TYPES = ["image/png", "image/jpeg", "application/pdf"] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
export const EVIDENCE_MAX_BYTES = 2 * 1024 * 1024;
export const EVIDENCE_MAX_FILES = 5;
export const EVIDENCE_NOTE_MAX = 2000;

export const CHARGEBACK_MESSAGES = {
  deadlinePassed: "The deadline to answer this chargeback has passed.",
  alreadyAnswered: "This chargeback has already been answered.",
  fileType: "Upload a PNG, JPG, JPEG or PDF file.",
  fileSize: "Each file must be at most 2 MB.",
  fileCount: "Add between 1 and 5 files.",
  accepted: "Chargeback accepted.",
  evidenceSent: "Evidence submitted.",
} as const;

export const chargebackListQuerySchema = z.object({
  is_live: boolParam.default(true),
  status: z.enum(CHARGEBACK_STATUSES).optional(),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  transaction_id: intParam.positive().optional(),
  /** Banks: one of their merchants. */
  merchant_id: intParam.positive().optional(),
  ...paging,
});
export type ChargebackListQuery = z.infer<typeof chargebackListQuerySchema>;

export const chargebackItemSchema = z.object({
  id: z.number(),
  transaction_id: z.number(),
  order_id: z.number().nullable(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(CHARGEBACK_STATUSES),
  chargeback_date: z.string(),
  deadline_at: z.string(),
  vat_cents: z.number(),
  accept_fees_cents: z.number(),
  parent_transaction_id: z.number().nullable(),
  integration_id: z.number().nullable(),
  is_live: z.boolean(),
  merchant: z.object({ id: z.number(), name: z.string() }),
});
export type ChargebackItem = z.infer<typeof chargebackItemSchema>;
export const chargebackListAnswerSchema = listAnswer(chargebackItemSchema);

export const evidenceFileSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.enum(EVIDENCE_TYPES),
  size_bytes: z.number(),
  created_at: z.string(),
});

export const chargebackDetailsSchema = chargebackItemSchema.extend({
  reason: z.string(),
  answer: z.enum(CHARGEBACK_ANSWERS).nullable(),
  answered_at: z.string().nullable(),
  evidence_note: z.string().nullable(),
  resolved_at: z.string().nullable(),
  /** The transfer that carried the outcome, once one has. */
  transfer_id: z.number().nullable(),
  /** Whether the caller may still accept or answer it (open, before the deadline). */
  can_answer: z.boolean(),
  evidence: z.array(evidenceFileSchema),
});
export type ChargebackDetails = z.infer<typeof chargebackDetailsSchema>;

/** The longest base64 text of a file of EVIDENCE_MAX_BYTES. */
const EVIDENCE_BASE64_MAX = Math.ceil(EVIDENCE_MAX_BYTES / 3) * 4;

/** A file's name and its bytes in base64 (the type is read from the bytes, never from the name). */
export const evidenceUploadSchema = z.object({
  note: boundedText(EVIDENCE_NOTE_MAX, { multiline: true }).optional(),
  files: z
    .array(
      z.object({
        name: boundedText(200),
        /** base64 of at most EVIDENCE_MAX_BYTES bytes */
        content_base64: z
          .string()
          .refine((v) => v.length <= EVIDENCE_BASE64_MAX, { message: CHARGEBACK_MESSAGES.fileSize })
          .refine((v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v), { message: CHARGEBACK_MESSAGES.fileType }),
      }),
    )
    .refine((files) => files.length >= 1 && files.length <= EVIDENCE_MAX_FILES, {
      message: CHARGEBACK_MESSAGES.fileCount,
    }),
});
export type EvidenceUpload = z.infer<typeof evidenceUploadSchema>;

/** The request body limit of the evidence route: five base64 files and the note. */
export const EVIDENCE_BODY_LIMIT = EVIDENCE_MAX_FILES * (EVIDENCE_BASE64_MAX + 1024) + 16_384;

const TAGS = ["Chargebacks"] as const;
const VIEW = { permission: "can view transactions" } as const;
/** Answering gives money back or argues against it: the refund permission. */
const ANSWER = { permission: "can refund transactions" } as const;

export const chargebacksApi = {
  list: route({
    method: "GET",
    path: "/api/chargebacks",
    access: VIEW,
    tags: TAGS,
    summary: "Chargebacks of the merchant (a bank: of its merchants), newest first",
    query: chargebackListQuerySchema,
    answers: { 200: chargebackListAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/chargebacks/:id",
    access: VIEW,
    tags: TAGS,
    summary: "One chargeback with its answer, evidence files and outcome",
    params: idParams,
    answers: { 200: chargebackDetailsSchema, 404: errorResponseSchema },
  }),
  accept: route({
    method: "POST",
    path: "/api/chargebacks/:id/accept",
    access: ANSWER,
    tags: TAGS,
    summary: "Accept an open chargeback before its deadline: it is lost and settles in the next transfer",
    description: "Merchants only. 409 chargeback_answered, 409 chargeback_closed (deadline passed).",
    params: idParams,
    answers: {
      200: chargebackDetailsSchema,
      403: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  }),
  evidence: route({
    method: "POST",
    path: "/api/chargebacks/:id/evidence",
    access: ANSWER,
    tags: TAGS,
    summary:
      "Answer an open chargeback with evidence files (PNG, JPG, JPEG, PDF; 2 MB each, 1 to 5) before its deadline",
    description:
      "Merchants only. Files are checked by their first bytes, stored in the database encrypted. 400 validation (fields.files), 409 chargeback_answered, 409 chargeback_closed.",
    params: idParams,
    body: evidenceUploadSchema,
    answers: {
      200: chargebackDetailsSchema,
      400: errorResponseSchema,
      403: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  }),
  /** A file: served with its true type, nosniff and as an attachment. */
  evidenceFile: route({
    method: "GET",
    path: "/api/chargebacks/:id/evidence/:file_id",
    access: VIEW,
    tags: TAGS,
    summary: "Download one evidence file of the chargeback",
    params: z.object({ id: z.coerce.number().int().positive(), file_id: z.coerce.number().int().positive() }),
    answers: {},
  }),
};
