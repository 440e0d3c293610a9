import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import type { PermissionName } from "../permissions.ts";
import { boundedText } from "../text-input.ts";
import { boolParam, idParams, intParam, paging } from "./workspace-shared.ts";

/**
 * The bank's back-office on its merchants (back-office.md sections 1 to 9, docs/backoffice.md): the merchants
 * summary (the bank's landing), the merchant admin page, the merchant details and the bank staff's actions.
 * A bank sees and acts on its own merchants only (merchants.bank_id): another bank's merchant answers 404.
 */

// ---------------------------------------------------------------------------------------------- vocabulary

import {
  DIGITAL_STATUSES,
  MERCHANT_STAGES,
  MERCHANT_STATUSES,
  type MerchantProduct,
  type MerchantStatus,
  PRODUCT_APPROVAL_STATUSES,
  type ProductApprovalStatus,
  SUSPICIOUS_VALUES,
} from "../merchant-states.ts";

export {
  DIGITAL_STATUSES,
  type DigitalStatus,
  MERCHANT_PRODUCTS,
  MERCHANT_STAGES,
  MERCHANT_STATUSES,
  type MerchantProduct,
  type MerchantStage,
  type MerchantStatus,
  PRODUCT_APPROVAL_STATUSES,
  type ProductApprovalStatus,
  SUSPICIOUS_VALUES,
  type SuspiciousValue,
} from "../merchant-states.ts";

/** Rejection reasons of the merchant and digital lists (section 5), by stable key; English labels. */
export const REJECTION_REASONS = {
  unclear_contract: "unclear contract soft copy",
  unclear_nid: "unclear NID soft copy",
  missing_contract_data: "missing data on contract",
  missing_nid: "missing NID copy",
  different_data: "different data between system and contract",
  compliance_closed: "closed by compliance request",
  contract_hard_copy_missing: "contract hard copy not received",
  nid_hard_copy_missing: "NID hard copy not received",
  expired_nid: "expired NID",
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;
export const REJECTION_REASON_KEYS = Object.keys(REJECTION_REASONS) as [
  RejectionReason,
  ...RejectionReason[],
];

/** The extra reasons of cib_rejection_reason (section 5). */
export const CIB_REJECTION_REASONS = {
  expired_commercial_register: "expired commercial register",
  expired_tax_card: "expired tax card",
  expired_licence: "expired licence",
  expired_national_id: "expired national ID",
  missing_shareholders_statement: "missing shareholders statement",
  register_tax_card_mismatch: "mismatch between commercial register and tax card",
  unclear_screening: "unclear screening (hits in OFAC / NL)",
} as const;
export type CibRejectionReason = keyof typeof CIB_REJECTION_REASONS;
export const CIB_REJECTION_REASON_KEYS = Object.keys(CIB_REJECTION_REASONS) as [
  CibRejectionReason,
  ...CibRejectionReason[],
];

/** Suspicion reasons (section 5). */
export const SUSPICION_REASONS = {
  negative_list: "listed in negative list",
  missing_url: "missing URL",
  missing_trading_name: "missing clear trading name",
  different_business: "different line of business",
  restricted_business: "restricted line of business subject to CBE instructions",
  missing_cbe_requirements: "missing CBE requirements (e-commerce merchants)",
} as const;
export type SuspicionReason = keyof typeof SUSPICION_REASONS;
export const SUSPICION_REASON_KEYS = Object.keys(SUSPICION_REASONS) as [
  SuspicionReason,
  ...SuspicionReason[],
];

/** The documents of the activation application (section 3). */
export const MERCHANT_DOCUMENT_KINDS = [
  "company_registration",
  "tax_card",
  "acquirer_contract",
  "provider_contract",
  "signatory_national_id",
  "rent_contract",
  // The activation wizard's own papers (../activation.ts ACTIVATION_DOCUMENT_KINDS).
  "national_id_front",
  "national_id_back",
  "passport",
  "proof_of_residence",
  "utility_bill",
] as const;
export type MerchantDocumentKind = (typeof MERCHANT_DOCUMENT_KINDS)[number];

/** The fee plans a bank may give a merchant (fee_id): percentage in basis points plus a fixed part in piastres. */
export const MERCHANT_FEE_PLANS = [
  { id: 1, name: "Standard", percent_bps: 275, fixed_cents: 100 },
  { id: 2, name: "Reduced", percent_bps: 225, fixed_cents: 100 },
  { id: 3, name: "Enterprise", percent_bps: 180, fixed_cents: 50 },
  { id: 4, name: "Micro business", percent_bps: 300, fixed_cents: 0 },
] as const;
export const MERCHANT_FEE_PLAN_IDS = MERCHANT_FEE_PLANS.map((p) => p.id);

export const SETTLEMENT_TYPES = ["SVA", "BankAccount"] as const;

/** The actions of the audit (merchant_actions.action): who did what, when and why. */
export const MERCHANT_ACTIONS = [
  "created",
  "approved",
  "rejected",
  "deactivated",
  "reactivated",
  "docs_received",
  "docs_not_received",
  "suspicious",
  "not_suspicious",
  "digital_status",
  "edited",
  "bank_account",
  "fee",
  "full_edit",
  "card_approved",
  "card_rejected",
  "qr_approved",
  "qr_rejected",
] as const;
export type MerchantAction = (typeof MERCHANT_ACTIONS)[number];

/**
 * The allowed transitions of bank_merchant_status (docs/backoffice.md "Transitions"), enforced by the server:
 * approve needs the documents received and the merchant not flagged suspicious.
 */
export const MERCHANT_TRANSITIONS = {
  approve: { from: ["pending", "rejected"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  deactivate: { from: ["pending", "approved", "rejected"], to: "deactivated" },
  reactivate: { from: ["deactivated"], to: "pending" },
} as const satisfies Record<string, { from: readonly MerchantStatus[]; to: MerchantStatus }>;
export type MerchantTransition = keyof typeof MERCHANT_TRANSITIONS;

export function canTransition(from: string, transition: MerchantTransition): boolean {
  return (MERCHANT_TRANSITIONS[transition].from as readonly string[]).includes(from);
}

/**
 * The card and QR approvals (docs/backoffice.md "Card and QR approvals"), enforced by the server: approve from
 * pending or rejected (needs the documents received and the merchant not flagged suspicious, else 409
 * can_not_activate), reject with a reason of the merchant list from pending or approved; both refused on a
 * deactivated merchant. Each product has its own permission (card or QR bank staff).
 */
export const PRODUCT_TRANSITIONS = {
  approve: { from: ["pending", "rejected"], to: "approved" },
  reject: { from: ["pending", "approved"], to: "rejected" },
} as const satisfies Record<string, { from: readonly ProductApprovalStatus[]; to: ProductApprovalStatus }>;
export type ProductTransition = keyof typeof PRODUCT_TRANSITIONS;

/** Whether a product's approval may move now (the merchant's own state included). */
export function canProductTransition(
  merchant: { deactivated: boolean },
  from: string,
  transition: ProductTransition,
): boolean {
  if (merchant.deactivated) return false;
  return (PRODUCT_TRANSITIONS[transition].from as readonly string[]).includes(from);
}

/** The permission each product's approval needs. */
export const PRODUCT_PERMISSIONS = {
  card: "can review card merchants",
  qr: "can review QR merchants",
} as const satisfies Record<MerchantProduct, PermissionName>;

/** The spec's messages (sections 2, 4 and 8), word for word. */
export const BACKOFFICE_MESSAGES = {
  cannotActivate: "Can't activate merchant, Please contact us.",
  noMerchants: "No merchants to show yet",
  noComments: "No comments to show yet!",
  transitionRefused: "This action is not allowed in the merchant's current status.",
} as const;

// ---------------------------------------------------------------------------------------------- shapes

const text = (max: number) => boundedText(max);
const optionalText = (max: number) => boundedText(max).optional();
const reasonText = boundedText(500, { multiline: true }).refine((v) => v.trim().length > 0, {
  message: "This field is required.",
});

export const merchantListItemSchema = z.object({
  id: z.number(),
  company_name: z.string(),
  created_at: z.string(),
  bank_merchant_status: z.enum(MERCHANT_STATUSES),
  digital_status: z.enum(DIGITAL_STATUSES),
  suspicious: z.enum(SUSPICIOUS_VALUES),
  is_live: z.boolean(),
  live_date: z.string().nullable(),
  mcc: z.string().nullable(),
  stage: z.enum(MERCHANT_STAGES).nullable(),
  card_approval_status: z.enum(PRODUCT_APPROVAL_STATUSES),
  qr_approval_status: z.enum(PRODUCT_APPROVAL_STATUSES),
  docs_received: z.boolean(),
  deactivated: z.boolean(),
  /** Successful live payments (not refunds or voids). */
  successful_transactions: z.number(),
});
export type MerchantListItem = z.infer<typeof merchantListItemSchema>;

export const merchantListQuerySchema = z.object({
  ...paging,
  id: intParam.positive().optional(),
  mcc: z
    .string()
    .regex(/^\d{4}$/, { message: "Please enter valid number." })
    .optional(),
  status: z.enum(MERCHANT_STATUSES).optional(),
  stage: z.enum(MERCHANT_STAGES).optional(),
});
export type MerchantListQuery = z.infer<typeof merchantListQuerySchema>;
export const merchantListAnswerSchema = listAnswer(merchantListItemSchema);

export const merchantOverviewQuerySchema = z.object({ stage: z.enum(MERCHANT_STAGES).optional() });
export const merchantOverviewSchema = z.object({
  merchants: z.object({
    total: z.number(),
    onboarding: z.number(),
    pending_verification: z.number(),
    live: z.number(),
    rejected: z.number(),
  }),
  /** Successful live payments of the (filtered) merchants. */
  transactions: z.number(),
  /** The fees the (filtered) merchants' successful live payments earned, per currency, minor units. */
  revenue_share: z.array(z.object({ currency: z.string(), amount_cents: z.number() })),
});
export type MerchantOverview = z.infer<typeof merchantOverviewSchema>;

const userRef = z.object({ id: z.number().nullable(), username: z.string().nullable() });

export const merchantDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(MERCHANT_DOCUMENT_KINDS),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
});
export const merchantApprovalSchema = z.object({
  id: z.number(),
  action: z.enum(MERCHANT_ACTIONS),
  reason: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  user: userRef,
  created_at: z.string(),
});
export const merchantCommentSchema = z.object({
  id: z.number(),
  content: z.string(),
  user: userRef,
  created_at: z.string(),
});
export const merchantKeySchema = z.object({
  kind: z.enum(["public", "secret"]),
  is_live: z.boolean(),
  /** A public key whole; a secret key only its visible start (the rest is hashed at rest and shown nowhere). */
  value: z.string(),
  masked: z.boolean(),
  created_at: z.string(),
});
export const merchantBranchSchema = z.object({
  id: z.number(),
  branch_name: z.string(),
  branch_id: z.string(),
  no_of_terminals: z.number(),
});
export const businessOwnerSchema = z.object({
  signatory_name: z.string().nullable(),
  signatory_position: z.string().nullable(),
  national_id: z.string().nullable(),
  passport_id_doc: z.string().nullable(),
});

export const merchantDetailsSchema = z.object({
  merchant: merchantListItemSchema.extend({
    username: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    country: z.string(),
    filled_business_data: z.boolean(),
    industry: z.string().nullable(),
    line_of_business: z.string().nullable(),
    website: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    national_id: z.string().nullable(),
    tax_id_card_number: z.string().nullable(),
    commercial_registration: z.string().nullable(),
    commercial_registration_area: z.string().nullable(),
    wallet_limit_profile: z.string().nullable(),
    super_agent: z.string().nullable(),
    distributor_code: z.string().nullable(),
    distributor_branch_code: z.string().nullable(),
    settlment_merchant_number: z.string().nullable(),
    settlment_type: z.enum(SETTLEMENT_TYPES).nullable(),
    is_active: z.boolean(),
    bank_account: z.string().nullable(),
    fee_id: z.number().nullable(),
    rejection_reason: z.string().nullable(),
    digital_rejection_reason: z.string().nullable(),
    cib_rejection_reason: z.string().nullable(),
    suspicion_reason: z.string().nullable(),
    card_rejection_reason: z.string().nullable(),
    qr_rejection_reason: z.string().nullable(),
    deactivate_reason: z.string().nullable(),
    pos: z.number(),
  }),
  keys: z.array(merchantKeySchema),
  branches: z.array(merchantBranchSchema),
  owners: z.array(businessOwnerSchema),
  documents: z.array(merchantDocumentSchema),
  approvals: z.array(merchantApprovalSchema),
  comments: z.array(merchantCommentSchema),
  /** The actions the merchant's status allows now (the server refuses the others). */
  allowed: z.array(z.enum(["approve", "reject", "deactivate", "reactivate"])),
});
export type MerchantDetails = z.infer<typeof merchantDetailsSchema>;

export const approveBodySchema = z.object({ reason: reasonText });
export const rejectBodySchema = z.object({
  reason: z.enum(REJECTION_REASON_KEYS),
  digital_reason: z.enum(REJECTION_REASON_KEYS).optional(),
  cib_reason: z.enum(CIB_REJECTION_REASON_KEYS).optional(),
});
export const deactivateBodySchema = z.object({ reason: reasonText });
export const documentsBodySchema = z.object({ received: z.boolean() });
export const suspiciousBodySchema = z
  .object({ suspicious: z.boolean(), reason: z.enum(SUSPICION_REASON_KEYS).optional() })
  .refine((b) => !b.suspicious || b.reason !== undefined, {
    message: "This field is required.",
    path: ["reason"],
  });
/** A card or QR approval: approve, or reject with a reason of the merchant list. */
export const productApprovalBodySchema = z
  .object({
    status: z.enum(["approved", "rejected"]),
    reason: z.enum(REJECTION_REASON_KEYS).optional(),
  })
  .refine((b) => b.status !== "rejected" || b.reason !== undefined, {
    message: "This field is required.",
    path: ["reason"],
  });
export type ProductApprovalBody = z.infer<typeof productApprovalBodySchema>;
export const commentBodySchema = z.object({ content: reasonText });

const username = z
  .string()
  .trim()
  .min(3)
  .max(150)
  .regex(/^[A-Za-z0-9_.@+-]+$/, { message: "Enter a valid username." });
const PASSWORD_LENGTH = "The password must have 8 to 128 characters.";
const password = z.string().min(8, { message: PASSWORD_LENGTH }).max(128, { message: PASSWORD_LENGTH });
const phone = z
  .string()
  .trim()
  .regex(/^\+?\d{8,15}$/, { message: "Please enter valid phone number." });
const code = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]*$/, { message: "Please enter valid number." })
    .max(max);

export const editBodySchema = z.object({
  username: username.optional(),
  password: password.optional(),
  settlment_merchant_number: code(30).optional(),
});
export const bankAccountBodySchema = z.object({
  bank_account: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{8,34}$/, { message: "Enter a valid bank account (IBAN): 8 to 34 letters and digits." }),
});
export const feeBodySchema = z.object({
  fee_id: z
    .number()
    .int()
    .refine((v) => (MERCHANT_FEE_PLAN_IDS as number[]).includes(v), {
      message: "Choose a fee plan.",
    }),
});
export const fullEditBodySchema = z.object({
  has_bank_docs: z.boolean(),
  deactivate: z.boolean(),
  deactivation_reason: optionalText(500),
  suspicious: z.enum(SUSPICIOUS_VALUES),
  suspicion_reason: z.enum(SUSPICION_REASON_KEYS).nullable().optional(),
  status: z.enum(["pending", "approved", "rejected"]),
  rejection_reason: z.enum(REJECTION_REASON_KEYS).nullable().optional(),
  digital_status: z.enum(DIGITAL_STATUSES),
  digital_rejection_reason: z.enum(REJECTION_REASON_KEYS).nullable().optional(),
  cib_rejection_reason: z.enum(CIB_REJECTION_REASON_KEYS).nullable().optional(),
});
export type FullEditBody = z.infer<typeof fullEditBodySchema>;

export const MAX_BRANCHES = 50;
export const MAX_TERMINALS_PER_BRANCH = 50;

export const addMerchantBodySchema = z.object({
  username,
  password,
  merchant_name: text(150).refine((v) => v.trim().length > 0, { message: "This field is required." }),
  phone_number: phone,
  email: z.email({ message: "Please enter valid email." }).max(254),
  city: text(100),
  address: text(255),
  national_id: code(20),
  mcc: z
    .string()
    .regex(/^\d{4}$/, { message: "Please enter valid number." })
    .optional(),
  wallet_limit_profile: optionalText(50),
  super_agent: optionalText(50),
  commercial_registration: code(30),
  commercial_registration_area: optionalText(100),
  distributor_code: code(30).optional(),
  distributor_branch_code: code(30).optional(),
  settlment_merchant_number: code(30).optional(),
  is_active: z.boolean().default(true),
  settlment_type: z.enum(SETTLEMENT_TYPES),
  branches: z
    .array(
      z.object({
        branch_name: text(100).refine((v) => v.trim().length > 0, { message: "This field is required." }),
        branch_id: code(30).refine((v) => v.length > 0, { message: "This field is required." }),
        no_of_terminals: z.number().int().min(0).max(MAX_TERMINALS_PER_BRANCH),
      }),
    )
    .max(MAX_BRANCHES)
    .default([]),
});
export type AddMerchantBody = z.infer<typeof addMerchantBodySchema>;

export const documentParams = z.object({
  id: z.coerce.number().int().positive(),
  documentId: z.coerce.number().int().positive(),
});

/** A partner's merchant (docs/backoffice.md "Partners"): what a partner follows of the merchants it brought. */
export const partnerMerchantSchema = z.object({
  id: z.number(),
  company_name: z.string(),
  created_at: z.string(),
  country: z.string(),
  bank_name: z.string().nullable(),
  bank_merchant_status: z.enum(MERCHANT_STATUSES),
  stage: z.enum(MERCHANT_STAGES).nullable(),
  is_live: z.boolean(),
  live_date: z.string().nullable(),
  mcc: z.string().nullable(),
});
export type PartnerMerchant = z.infer<typeof partnerMerchantSchema>;
export const partnerMerchantQuerySchema = z.object({
  ...paging,
  id: intParam.positive().optional(),
  status: z.enum(MERCHANT_STATUSES).optional(),
});
export type PartnerMerchantQuery = z.infer<typeof partnerMerchantQuerySchema>;

// ---------------------------------------------------------------------------------------------- routes

const TAGS = ["Back-office"] as const;
const VIEW = { permission: "can view merchants" } as const;
const REVIEW = { permission: "can review merchants" } as const;
const ACTION_ANSWERS = {
  200: merchantDetailsSchema,
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
} as const;

export const merchantsApi = {
  list: route({
    method: "GET",
    path: "/api/bank/merchants",
    access: VIEW,
    tags: TAGS,
    summary: "Merchants summary: the bank's merchants, newest first; filters id, mcc, status, stage",
    query: merchantListQuerySchema,
    answers: { 200: merchantListAnswerSchema },
  }),
  partnerList: route({
    method: "GET",
    path: "/api/partner/merchants",
    // Partner users only (checked by the handler): partners hold no named permissions (spec: exempt).
    access: { permission: null },
    tags: TAGS,
    summary: "A partner's merchants (merchants.partner_id), newest first; filters id and status",
    query: partnerMerchantQuerySchema,
    answers: { 200: listAnswer(partnerMerchantSchema), 403: errorResponseSchema },
  }),
  overview: route({
    method: "GET",
    path: "/api/bank/merchants/overview",
    access: VIEW,
    tags: TAGS,
    summary: "Merchant admin page: totals of merchants (by stage), transactions and revenue share",
    query: merchantOverviewQuerySchema,
    answers: { 200: merchantOverviewSchema },
  }),
  add: route({
    method: "POST",
    path: "/api/bank/merchants",
    access: { permission: "can add merchants" },
    tags: TAGS,
    summary: "Add a merchant with its branches; its owner gets an activation e-mail",
    body: addMerchantBodySchema,
    answers: { 201: merchantDetailsSchema, 400: errorResponseSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/bank/merchants/:id",
    access: VIEW,
    tags: TAGS,
    summary: "Merchant details: fields, keys, branches, owners, documents, approvals and comments",
    params: idParams,
    answers: { 200: merchantDetailsSchema, 404: errorResponseSchema },
  }),
  /** A file, not JSON: the dashboard opens it with fetch (merchants.api.ts), not call(). */
  document: route({
    method: "GET",
    path: "/api/bank/merchants/:id/documents/:documentId",
    access: VIEW,
    tags: TAGS,
    summary: "One document of the merchant's activation application, with its true type (nosniff)",
    params: documentParams,
    query: z.object({ download: boolParam.default(false) }),
    answers: {},
  }),
  /** A file, not JSON. */
  sheet: route({
    method: "GET",
    path: "/api/bank/merchants/:id/sheet",
    access: VIEW,
    tags: TAGS,
    summary: "Download the merchant's sheet (XLSX): its fields, branches and keys as shown",
    params: idParams,
    answers: {},
  }),
  /** A file, not JSON: the merchant's own copy of a document it submitted. */
  ownDocument: route({
    method: "GET",
    path: "/api/merchant/documents/:documentId",
    // The merchant's owner only (checked by the handler): its activation application's papers.
    access: { permission: null },
    tags: TAGS,
    summary: "One document of the caller's own activation application (the merchant's owner), nosniff",
    params: z.object({ documentId: z.coerce.number().int().positive() }),
    query: z.object({ download: boolParam.default(false) }),
    answers: {},
  }),
  approve: route({
    method: "POST",
    path: "/api/bank/merchants/:id/approve",
    access: REVIEW,
    tags: TAGS,
    summary: "Approve (pending or rejected to approved, live) with a free-text reason",
    description: "Needs the documents received and the merchant not suspicious: 409 can_not_activate.",
    params: idParams,
    body: approveBodySchema,
    answers: ACTION_ANSWERS,
  }),
  reject: route({
    method: "POST",
    path: "/api/bank/merchants/:id/reject",
    access: REVIEW,
    tags: TAGS,
    summary: "Reject (pending to rejected) with a listed reason (and the digital and cib reasons)",
    params: idParams,
    body: rejectBodySchema,
    answers: ACTION_ANSWERS,
  }),
  deactivate: route({
    method: "POST",
    path: "/api/bank/merchants/:id/deactivate",
    access: REVIEW,
    tags: TAGS,
    summary: "Deactivate with a reason: the merchant's users cannot sign in, live payments are refused",
    params: idParams,
    body: deactivateBodySchema,
    answers: ACTION_ANSWERS,
  }),
  documents: route({
    method: "POST",
    path: "/api/bank/merchants/:id/documents-received",
    access: REVIEW,
    tags: TAGS,
    summary: "Mark the documents received or not received",
    params: idParams,
    body: documentsBodySchema,
    answers: ACTION_ANSWERS,
  }),
  suspicious: route({
    method: "POST",
    path: "/api/bank/merchants/:id/suspicious",
    access: { permission: "can flag suspicious merchants" },
    tags: TAGS,
    summary: "Flag suspicious (with a listed reason) or not suspicious",
    params: idParams,
    body: suspiciousBodySchema,
    answers: ACTION_ANSWERS,
  }),
  cardApproval: route({
    method: "POST",
    path: "/api/bank/merchants/:id/card-approval",
    access: { permission: PRODUCT_PERMISSIONS.card },
    tags: TAGS,
    summary: "Card approval: approve, or reject with a listed reason (card bank staff)",
    description:
      "Approve from pending or rejected (needs the documents received and not suspicious: 409 can_not_activate); " +
      "reject from pending or approved; refused on a deactivated merchant (409 transition_refused).",
    params: idParams,
    body: productApprovalBodySchema,
    answers: ACTION_ANSWERS,
  }),
  qrApproval: route({
    method: "POST",
    path: "/api/bank/merchants/:id/qr-approval",
    access: { permission: PRODUCT_PERMISSIONS.qr },
    tags: TAGS,
    summary: "QR approval: approve, or reject with a listed reason (QR bank staff)",
    description:
      "Approve from pending or rejected (needs the documents received and not suspicious: 409 can_not_activate); " +
      "reject from pending or approved; refused on a deactivated merchant (409 transition_refused).",
    params: idParams,
    body: productApprovalBodySchema,
    answers: ACTION_ANSWERS,
  }),
  comment: route({
    method: "POST",
    path: "/api/bank/merchants/:id/comments",
    access: REVIEW,
    tags: TAGS,
    summary: "Add a comment",
    params: idParams,
    body: commentBodySchema,
    answers: { 201: merchantDetailsSchema, 400: errorResponseSchema, 404: errorResponseSchema },
  }),
  edit: route({
    method: "PATCH",
    path: "/api/bank/merchants/:id",
    access: REVIEW,
    tags: TAGS,
    summary: "Edit: the owner's username and password, the settlement merchant number",
    params: idParams,
    body: editBodySchema,
    answers: ACTION_ANSWERS,
  }),
  bankAccount: route({
    method: "PUT",
    path: "/api/bank/merchants/:id/bank-account",
    access: REVIEW,
    tags: TAGS,
    summary: "Set the merchant's bank account",
    params: idParams,
    body: bankAccountBodySchema,
    answers: ACTION_ANSWERS,
  }),
  fee: route({
    method: "PUT",
    path: "/api/bank/merchants/:id/fee",
    access: REVIEW,
    tags: TAGS,
    summary: "Set the merchant's fee plan",
    params: idParams,
    body: feeBodySchema,
    answers: ACTION_ANSWERS,
  }),
  fullEdit: route({
    method: "PUT",
    path: "/api/bank/merchants/:id/full-edit",
    // Each field's own permission (review, suspicious, digital) is checked by the server: 403 forbidden.
    access: VIEW,
    tags: TAGS,
    summary: "Full edit: documents, deactivation, suspicion, status, digital status and their reasons",
    description:
      "Each change follows the transitions and the role rules of the single actions; a change to approved that " +
      "cannot activate answers 409 'Can't activate merchant, Please contact us.' and changes nothing.",
    params: idParams,
    body: fullEditBodySchema,
    answers: { ...ACTION_ANSWERS, 403: errorResponseSchema },
  }),
};
