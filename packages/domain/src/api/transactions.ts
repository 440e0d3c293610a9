import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { AMOUNT_MAX_MINOR } from "../currencies.ts";
import { ORDER_DISPLAY_STATUSES } from "../orders.ts";
import { ORIGINS, TRANSACTION_SORTS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../transaction-types.ts";
import {
  amountCountSchema,
  boolParam,
  cappedListAnswer,
  currencyParam,
  dateParam,
  detailAnswerSchema,
  idParams,
  intParam,
  MERCHANT_TOTAL_METHODS,
  paging,
  filterText as text,
  totalsQuerySchema,
} from "./workspace-shared.ts";

/**
 * The merchant's transactions (merchant-dashboard.md sections 3, 4, 8 and 9): the list with every filter of the
 * spec, the totals header, the details page, its actions (void, refund with its one-time code, capture, delete),
 * the receipt and the re-sending of callbacks by date range. The bank reads the same list and details through
 * api/bank.ts; a transaction's callback log is api/callbacks.ts.
 */

/** GET /api/transactions and GET /api/bank/transactions (the bank adds merchant_id). */
export const transactionListQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  /** transaction id */
  id: intParam.positive().optional(),
  order_id: intParam.positive().optional(),
  merchant_order_id: text.optional(),
  created_by: text.optional(),
  currency: currencyParam.optional(),
  /** other references: merchant_txn_ref, kiosk bill_reference (exact) */
  other_references: text.optional(),
  integration_id: intParam.positive().optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  amount_from: intParam.min(0).optional(),
  amount_to: intParam.min(0).optional(),
  wallet_msisdn: text.optional(),
  phone_number: text.optional(),
  is_installment: boolParam.optional(),
  is_discounted: boolParam.optional(),
  /** type / method: a gateway type, e.g. VPC, UIG, CAGG, CASH, VALU */
  type: text.optional(),
  /** transaction type */
  trnx_type: z.enum(TRANSACTION_TYPES).optional(),
  origin: z.enum(ORIGINS).optional(),
  /** case-insensitive prefix */
  customer_name: text.optional(),
  /** case-insensitive exact */
  customer_email: text.optional(),
  card_last4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  is_split_paid: boolParam.optional(),
  /** bank view only: one of the bank's merchants */
  merchant_id: intParam.positive().optional(),
  ...paging,
  sort: z.enum(TRANSACTION_SORTS).default("-created_at"),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionListItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** the method: gateway type */
  type: z.string(),
  trnx_type: z.string(),
  origin: z.string(),
  order_id: z.number().nullable(),
  merchant_order_id: z.string().nullable(),
  created_by: z.string().nullable(),
  integration_id: z.number().nullable(),
  is_live: z.boolean(),
  is_installment: z.boolean(),
  is_discounted: z.boolean(),
  is_split_paid: z.boolean(),
  is_voided: z.boolean(),
  is_refunded: z.boolean(),
  is_captured: z.boolean(),
  is_auth: z.boolean(),
  refunded_amount_cents: z.number(),
  captured_amount_cents: z.number(),
  parent_transaction_id: z.number().nullable(),
  /** "512345******1234" or null */
  card_number: z.string().nullable(),
  card_last4: z.string().nullable(),
  wallet_msisdn: z.string().nullable(),
  phone_number: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  other_references: z.string().nullable(),
  /** bank view only (null for merchants) */
  merchant: z
    .object({ id: z.number(), name: z.string(), username: z.string().nullable(), mcc: z.string().nullable() })
    .nullable(),
});
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

export const transactionListAnswerSchema = cappedListAnswer(transactionListItemSchema);
export type TransactionListAnswer = z.infer<typeof transactionListAnswerSchema>;

/** One block per currency; amounts are never summed across currencies. Successful payments only. */
export const merchantTotalsAnswerSchema = z.object({
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  is_live: z.boolean(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      methods: z.record(z.enum(MERCHANT_TOTAL_METHODS), amountCountSchema),
      total_orders: amountCountSchema,
      orders_with_delivery: amountCountSchema,
    }),
  ),
});
export type MerchantTotalsAnswer = z.infer<typeof merchantTotalsAnswerSchema>;

/** Details page sections (GET /api/transactions/{id}). */
export const transactionDetailsSchema = z.object({
  transaction: z.object({
    id: z.number(),
    type: z.string(),
    amount_cents: z.number(),
    trnx_type: z.string(),
    updated_at: z.string(),
    order_id: z.number().nullable(),
    created_at: z.string(),
    origin: z.string(),
    other_references: z.string().nullable(),
    status: z.enum(TRANSACTION_STATUSES),
    tip_amount_cents: z.number().nullable(),
    captured_amount_cents: z.number(),
    refunded_amount_cents: z.number(),
    converted_amount_cents: z.number().nullable(),
    fees_cents: z.number(),
    vat_cents: z.number(),
    commission_cents: z.number(),
    routing_bank: z.string().nullable(),
    card_holder_bank: z.string().nullable(),
    card_type: z.string().nullable(),
    card_sub_type: z.string().nullable(),
    issuing_country: z.string().nullable(),
    scheme: z.string().nullable(),
    card_first6: z.string().nullable(),
    card_last4: z.string().nullable(),
    /** first 6, stars, last 4 */
    card_number: z.string().nullable(),
    merchant_staff_tag: z.string().nullable(),
    original_amount_cents: z.number().nullable(),
    discounted_amount_cents: z.number().nullable(),
    amount_after_discount_cents: z.number().nullable(),
    exchange_rate: z.number().nullable(),
    margin_rate: z.number().nullable(),
    currency: z.string(),
    order_amount_cents: z.number().nullable(),
    convenience_fee_cents: z.number().nullable(),
    is_voided: z.boolean(),
    is_refunded: z.boolean(),
    is_captured: z.boolean(),
    is_auth: z.boolean(),
    is_3d_secure: z.boolean(),
    is_standalone: z.boolean(),
    is_installment: z.boolean(),
    is_discounted: z.boolean(),
    is_split_paid: z.boolean(),
    is_live: z.boolean(),
    pending: z.boolean(),
    success: z.boolean(),
    merchant_txn_ref: z.string().nullable(),
    integration_id: z.number().nullable(),
    wallet_msisdn: z.string().nullable(),
    created_by: z.string().nullable(),
    channel: z.string(),
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
    phone_number: z.string().nullable(),
  }),
  /** bank view: the merchant of the transaction; null for merchants */
  merchant: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  order: z
    .object({
      id: z.number(),
      merchant_order_id: z.string().nullable(),
      amount_cents: z.number(),
      paid_amount_cents: z.number(),
      currency: z.string(),
      status: z.enum(ORDER_DISPLAY_STATUSES),
      created_at: z.string(),
      created_by: z.string().nullable(),
      source: z.string(),
      delivery_needed: z.boolean(),
      collector: z.string().nullable(),
    })
    .nullable(),
  shipping: z.record(z.string(), z.unknown()).nullable(),
  billing: z.record(z.string(), z.unknown()).nullable(),
  /** financing blocks present on the transaction (data json): valu, souhoola, get_go, bank_installment, ... */
  financing: z.record(z.string(), z.record(z.string(), z.unknown())),
  parent: z
    .object({
      id: z.number(),
      amount_cents: z.number(),
      created_at: z.string(),
      origin: z.string(),
      integration_id: z.number().nullable(),
      is_3d_secure: z.boolean(),
      pending: z.boolean(),
      is_refunded: z.boolean(),
      refunded_amount_cents: z.number(),
      is_auth: z.boolean(),
      is_capture: z.boolean(),
      is_voided: z.boolean(),
      is_standalone: z.boolean(),
    })
    .nullable(),
  error: z.object({
    failure_reason: z.string().nullable(),
    txn_response_code: z.string().nullable(),
    acq_response_code: z.string().nullable(),
    message: z.string().nullable(),
  }),
  callbacks: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      trigger: z.string(),
      attempt: z.number(),
      url: z.string(),
      attempted_at: z.string(),
      status_code: z.number().nullable(),
      success: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
  /** What the caller may do now (permissions and state); the web hides/disables buttons from this. */
  actions: z.object({
    can_delete: z.boolean(),
    can_void: z.boolean(),
    can_refund: z.boolean(),
    can_capture: z.boolean(),
    /** the refund needs a one-time code (wallet) */
    refund_needs_otp: z.boolean(),
    max_refund_cents: z.number(),
    max_capture_cents: z.number(),
  }),
});
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;

// ---------------------------------------------------------------------------------------------- actions

/** The answer of every successful action (a refusal answers the shared error shape). */
export const actionAnswerSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  /** capture: the provider's 200-with-failure answers success false */
  success: z.boolean().optional(),
  /** the child transaction created by void/refund/capture */
  transaction_id: z.number().optional(),
});
export type ActionAnswer = z.infer<typeof actionAnswerSchema>;

/** POST /api/transactions/{id}/refund; otp is required for wallet refunds (refund_needs_otp). */
export const refundBodySchema = z.object({
  amount_cents: z.number().int().positive().max(AMOUNT_MAX_MINOR),
  otp: z.string().trim().min(1).max(12).optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;
/** POST /api/transactions/{id}/capture */
export const captureBodySchema = z.object({
  amount_cents: z.number().int().positive().max(AMOUNT_MAX_MINOR),
});
export type CaptureBody = z.infer<typeof captureBodySchema>;
/** POST /api/transactions/callbacks/resend */
export const resendCallbacksBodySchema = z.object({
  date_from: dateParam,
  date_to: dateParam,
  is_live: z.boolean().default(true),
});
export type ResendCallbacksBody = z.infer<typeof resendCallbacksBodySchema>;
export const resendCallbacksAnswerSchema = z.object({ detail: z.string(), count: z.number() });

/** GET /api/transactions/{id}/receipt (JSON for the printable page; /receipt.pdf is the PDF). */
export const receiptSchema = z.object({
  transaction_id: z.number(),
  merchant_name: z.string(),
  created_at: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  /** the amount formatted with the currency's decimals, e.g. "149.99 EGP" */
  amount_text: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  type: z.string(),
  trnx_type: z.string(),
  card_number: z.string().nullable(),
  order_id: z.number().nullable(),
  merchant_order_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  response_code: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

// ---------------------------------------------------------------------------------------------- routes

const TAGS = ["Transactions"] as const;
const VIEW = { permission: "can view transactions" } as const;
/** The answers of void, refund and capture: the action's answer, or a refusal with the spec's message. */
const actionAnswers = {
  200: actionAnswerSchema,
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
} as const;

export const transactionsApi = {
  list: route({
    method: "GET",
    path: "/api/transactions",
    access: VIEW,
    tags: TAGS,
    summary: "Transactions of the merchant: every filter of the spec, server-side paging and sorting",
    query: transactionListQuerySchema,
    answers: { 200: transactionListAnswerSchema },
  }),
  totals: route({
    method: "GET",
    path: "/api/transactions/totals",
    access: VIEW,
    tags: TAGS,
    summary: "Totals header: successful payments by method and currency, and orders, over a date range",
    query: totalsQuerySchema,
    answers: { 200: merchantTotalsAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/transactions/:id",
    access: VIEW,
    tags: TAGS,
    summary: "The details page: transaction, order, shipping, billing, financing, parent, error, callbacks",
    params: idParams,
    answers: { 200: transactionDetailsSchema, 404: errorResponseSchema },
  }),
  remove: route({
    method: "DELETE",
    path: "/api/transactions/:id",
    access: { permission: "can delete transactions" },
    tags: TAGS,
    summary: "Soft delete: the transaction leaves the lists (its money history stays)",
    params: idParams,
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema },
  }),
  void: route({
    method: "POST",
    path: "/api/transactions/:id/void",
    access: { permission: "can void transactions" },
    tags: TAGS,
    summary: "Void (through the payment core): 200 'Transaction void successfully', 422 when it cannot",
    params: idParams,
    answers: actionAnswers,
  }),
  refundOtp: route({
    method: "POST",
    path: "/api/transactions/:id/refund/otp",
    access: { permission: "can refund transactions" },
    tags: TAGS,
    summary: "Sends the one-time code a wallet refund needs (to the user's e-mail)",
    params: idParams,
    answers: {
      200: detailAnswerSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      429: errorResponseSchema,
      503: errorResponseSchema,
    },
  }),
  refund: route({
    method: "POST",
    path: "/api/transactions/:id/refund",
    access: { permission: "can refund transactions" },
    tags: TAGS,
    summary:
      "Refund (through the payment core): 200 'Transaction refund successfully'; 422 when it cannot; 400 for the amount rules or a wrong OTP",
    params: idParams,
    body: refundBodySchema,
    answers: actionAnswers,
  }),
  capture: route({
    method: "POST",
    path: "/api/transactions/:id/capture",
    access: { permission: "can capture transactions" },
    tags: TAGS,
    summary:
      "Capture an auth (through the payment core): 200 success true 'Capture transaction is successful.'; 200 success false, 400 or 404 with the spec's messages",
    params: idParams,
    body: captureBodySchema,
    answers: actionAnswers,
  }),
  receipt: route({
    method: "GET",
    path: "/api/transactions/:id/receipt",
    access: VIEW,
    tags: TAGS,
    summary: "The receipt's facts, for the printable page",
    params: idParams,
    answers: { 200: receiptSchema, 404: errorResponseSchema },
  }),
  /** A file, not JSON: the dashboard opens its URL (transactions.api.ts receiptPdfUrl), not call(). */
  receiptPdf: route({
    method: "GET",
    path: "/api/transactions/:id/receipt.pdf",
    access: VIEW,
    tags: TAGS,
    summary: "The receipt as a PDF, in English or in Arabic (right to left)",
    params: idParams,
    query: z.object({ lang: z.enum(["en", "ar"]).default("en") }),
    answers: {},
  }),
  resendCallbacks: route({
    method: "POST",
    path: "/api/transactions/callbacks/resend",
    access: VIEW,
    tags: TAGS,
    summary:
      "Re-send the processed callback of every payment in a date range (through the payment core's callback queue)",
    body: resendCallbacksBodySchema,
    answers: { 202: resendCallbacksAnswerSchema, 400: errorResponseSchema },
  }),
};
