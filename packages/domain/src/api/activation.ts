import { z } from "zod";
import {
  ACTIVATION_DOCUMENT_KINDS,
  ACTIVATION_INDUSTRIES,
  ACTIVATION_STATUSES,
  ACTIVATION_STEPS,
  BUSINESS_TYPES,
  ID_TYPES,
  PAYMENT_SOLUTIONS,
} from "../activation.ts";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";
import { COUNTRIES } from "../countries.ts";
import { idParams } from "./workspace-shared.ts";

/**
 * The account activation wizard (issue 16 items 4 and 5; rules in ../activation.ts; docs/onboarding.md
 * "Account activation"). Owner merchant only: the routes declare no permission (like the header's Activate
 * Account, screens.ts activateAccount) and the server answers 403 {code "not_owner"} to anyone but a Merchant
 * profile (staff, terminals, banks). Every write answers the whole application.
 *
 * SHAPES (what the web reads):
 *
 * ActivationApplication (GET /api/activation, and the answer of every PUT and DELETE):
 *   { status: "draft" | "submitted",
 *     country: "EGY" | "ARE" | "SAU" | "PAK" | "OMN",           // the merchant's: banks, IBAN and wallet rules
 *     current_step: "business_info" | "payment_solutions" | "documents" | "settlements" | "terms",
 *                                                               // the first step not complete (resume here)
 *     completed_steps: ActivationStep[],                        // steps whose saved data is valid now
 *     business_info: { business_type: "registered_company" | "individual", industry: <ACTIVATION_INDUSTRIES code>,
 *                      industry_other: string | null, online_presence: string | null } | null,
 *     payment_solutions: { payment_solutions: <PAYMENT_SOLUTIONS code>[] } | null,
 *     documents: { id_type: "national_id" | "passport" } | null,
 *     settlements: { settlement_method: "bank_account", bank: <BANKS[country] code>, account_name, account_number,
 *                    iban } | { settlement_method: "wallet", wallet_phone } | null,
 *     terms: { terms_accepted: boolean } | null,
 *     required_documents: ActivationDocumentKind[],             // what the documents step needs now
 *     files: ActivationFile[],                                   // uploaded files, metadata only (never bytes)
 *     submitted_at: string | null,                              // ISO date-time once submitted
 *     updated_at: string | null }
 * ActivationFile: { id: number, kind: ActivationDocumentKind, file_name: string, content_type: "image/png" |
 *   "image/jpeg", size_bytes: number, sha256: string (hex of the bytes: the web may refuse a duplicate before
 *   sending), created_at: string, url: string }  // url: where the caller reads the bytes: the owner "/api/merchant/documents/{id}", the bank "/api/bank/merchants/{merchant}/documents/{id}"
 *
 * PUT /api/activation/steps/:step  body = that step's fields (below). Valid: saved, 200 ActivationApplication.
 *   Invalid: 400 { detail, code: "validation", fields: { <field>: [<English message>] }, errors: { <field>:
 *   <ActivationMessageCode> } }: translate by the code. Nothing is saved. Submitted: 409 code "already_submitted".
 *   business_info    { business_type, industry, industry_other?, online_presence? }
 *   payment_solutions{ payment_solutions: string[] }
 *   documents        { id_type }                 (400 lists each missing required kind: "document_required")
 *   settlements      { settlement_method, bank?, account_name?, account_number?, iban?, wallet_phone? }
 *   terms            { terms_accepted: boolean }
 * POST /api/activation/documents?kind=<ActivationDocumentKind>  multipart/form-data, ONE part named "file".
 *   201 ActivationFile (replaces the kind's previous file). Refused, nothing stored: 400 code file_type_not_accepted
 *   | file_empty | file_name | file_missing | file_duplicate, 413 code file_too_large; detail is the English message.
 * GET /api/merchant/documents/:id  (merchantsApi.ownDocument, the owner's copy): the bytes with their true type,
 *   nosniff; ?download=true for an attachment. Use fetch (not call()) and an object URL for the preview.
 * DELETE /api/activation/documents/:id  200 ActivationApplication (draft only; 404 when not the merchant's).
 * POST /api/activation/submit  body { terms_accepted: true }: saves the terms, checks every step; 200
 *   { message: "You have completed on boarding successfully.", application } and the merchant is Pending
 *   Verification for its bank. Incomplete: 400 code "incomplete" with `errors` { <field>: code } and
 *   `steps` (the incomplete steps); terms not accepted: 400 code "terms_required".
 * Bank (back-office): GET /api/bank/merchants/:id/activation  ActivationApplication of the bank's own merchant
 *   (404 for another bank's), and its files through GET /api/bank/merchants/:id/documents/:documentId
 *   (merchantsApi.document).
 * The terms text: ../activation-terms.ts (ACTIVATION_TERMS, 17 sections, en and ar).
 */

export const activationFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVATION_DOCUMENT_KINDS),
  file_name: z.string(),
  content_type: z.enum(["image/png", "image/jpeg"]),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
  url: z.string(),
});
export type ActivationFile = z.infer<typeof activationFileSchema>;

const industryCodes = ACTIVATION_INDUSTRIES.map((i) => i.code) as [string, ...string[]];
const solutionCodes = PAYMENT_SOLUTIONS.map((s) => s.code) as [string, ...string[]];

/** Request bodies: loose (strings may be empty), so that the rules of ../activation.ts answer the messages. */
const text = (max: number) => z.string().max(max).nullish();
export const activationStepBodies = {
  business_info: z.object({
    business_type: text(40),
    industry: text(40),
    industry_other: text(400),
    online_presence: text(1000),
  }),
  payment_solutions: z.object({ payment_solutions: z.array(z.string().max(40)).max(20).nullish() }),
  documents: z.object({ id_type: text(40) }),
  settlements: z.object({
    settlement_method: text(40),
    bank: text(40),
    account_name: text(200),
    account_number: text(100),
    iban: text(100),
    wallet_phone: text(40),
  }),
  terms: z.object({ terms_accepted: z.boolean().nullish() }),
} as const;
export type ActivationStepBody<S extends keyof typeof activationStepBodies> = z.input<
  (typeof activationStepBodies)[S]
>;

/** One body for PUT /api/activation/steps/:step: the union of every step's fields (the step decides which). */
export const activationStepBodySchema = z.object({
  ...activationStepBodies.business_info.shape,
  ...activationStepBodies.payment_solutions.shape,
  ...activationStepBodies.documents.shape,
  ...activationStepBodies.settlements.shape,
  ...activationStepBodies.terms.shape,
});

const settlementsSchema = z.union([
  z.object({
    settlement_method: z.literal("bank_account"),
    bank: z.string(),
    account_name: z.string(),
    account_number: z.string(),
    iban: z.string(),
  }),
  z.object({ settlement_method: z.literal("wallet"), wallet_phone: z.string() }),
]);

export const activationApplicationSchema = z.object({
  status: z.enum(ACTIVATION_STATUSES),
  country: z.enum(COUNTRIES),
  current_step: z.enum(ACTIVATION_STEPS),
  completed_steps: z.array(z.enum(ACTIVATION_STEPS)),
  business_info: z
    .object({
      business_type: z.enum(BUSINESS_TYPES),
      industry: z.enum(industryCodes),
      industry_other: z.string().nullable(),
      online_presence: z.string().nullable(),
    })
    .nullable(),
  payment_solutions: z.object({ payment_solutions: z.array(z.enum(solutionCodes)) }).nullable(),
  documents: z.object({ id_type: z.enum(ID_TYPES) }).nullable(),
  settlements: settlementsSchema.nullable(),
  terms: z.object({ terms_accepted: z.boolean() }).nullable(),
  required_documents: z.array(z.enum(ACTIVATION_DOCUMENT_KINDS)),
  files: z.array(activationFileSchema),
  submitted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ActivationApplication = z.infer<typeof activationApplicationSchema>;

/** A refused step or submit: the error shape plus each field's message code and, on submit, the open steps. */
export const activationErrorSchema = errorResponseSchema.extend({
  errors: z.record(z.string(), z.string()).optional(),
  steps: z.array(z.enum(ACTIVATION_STEPS)).optional(),
});

export const activationSubmitAnswerSchema = z.object({
  message: z.string(),
  application: activationApplicationSchema,
});

const TAGS = ["Activation"] as const;
const OWNER = { permission: null } as const;

export const activationApi = {
  show: route({
    method: "GET",
    path: "/api/activation",
    access: OWNER,
    tags: TAGS,
    summary: "The merchant's activation application: saved steps, the step to resume at, documents' metadata",
    answers: { 200: activationApplicationSchema, ...signedInErrors },
  }),
  saveStep: route({
    method: "PUT",
    path: "/api/activation/steps/:step",
    access: OWNER,
    tags: TAGS,
    summary:
      "Save one step of the activation wizard (checked by the step's rules; nothing saved when refused)",
    params: z.object({ step: z.enum(ACTIVATION_STEPS) }),
    body: activationStepBodySchema,
    answers: {
      200: activationApplicationSchema,
      400: activationErrorSchema,
      409: errorResponseSchema,
      ...signedInErrors,
    },
  }),
  upload: route({
    method: "POST",
    path: "/api/activation/documents",
    access: OWNER,
    tags: TAGS,
    summary:
      "Upload one activation document (multipart/form-data, one part named file): PNG or JPEG, at most 4 MB",
    description:
      "Checked by content (magic bytes and the whole structure; markup or anything after the image's end is refused). Refused: 400 file_type_not_accepted, file_empty, file_name, file_missing, file_duplicate, or 413 file_too_large, and nothing stored. Stored encrypted in the database; replaces the kind's previous file.",
    query: z.object({ kind: z.enum(ACTIVATION_DOCUMENT_KINDS) }),
    answers: {
      201: activationFileSchema,
      400: errorResponseSchema,
      409: errorResponseSchema,
      413: errorResponseSchema,
      ...signedInErrors,
    },
  }),
  deleteDocument: route({
    method: "DELETE",
    path: "/api/activation/documents/:id",
    access: OWNER,
    tags: TAGS,
    summary: "Remove one uploaded activation document (draft only)",
    params: idParams,
    answers: {
      200: activationApplicationSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      ...signedInErrors,
    },
  }),
  submit: route({
    method: "POST",
    path: "/api/activation/submit",
    access: OWNER,
    tags: TAGS,
    summary:
      "Submit the application: every step complete and the terms accepted; the merchant awaits its bank",
    body: z.object({ terms_accepted: z.boolean().nullish() }),
    answers: {
      200: activationSubmitAnswerSchema,
      400: activationErrorSchema,
      409: errorResponseSchema,
      ...signedInErrors,
    },
  }),
  bankShow: route({
    method: "GET",
    path: "/api/bank/merchants/:id/activation",
    access: { permission: "can view merchants" },
    tags: TAGS,
    summary:
      "A bank's merchant's activation application with its documents' metadata (its files: merchantsApi.document)",
    params: idParams,
    answers: { 200: activationApplicationSchema, 404: errorResponseSchema, ...signedInErrors },
  }),
} as const;
