import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { TRANSFER_STATUSES } from "../transfer.ts";
import {
  boolParam,
  currencyParam,
  dateParam,
  detailAnswerSchema,
  idParams,
  intParam,
  paging,
} from "./workspace-shared.ts";

/**
 * Transfers (settlements; back-office.md "Transfers" and the Transfer entity, docs/transfers.md): the daily job
 * settles each merchant's transactions that the pending-hours rule marks Transferred into one transfer per
 * merchant, mode, currency and day. Merchants read their own (balance header, summary, details with the
 * transactions, export); banks read their merchants' and move a transfer along Pending, Approved, Transferred,
 * Successful. Amounts are integer minor units of the transfer's currency.
 */

/** The next status a bank user may move a transfer to, by its status (docs/transfers.md "Statuses"). */
export const TRANSFER_NEXT_STATUS = {
  Pending: "Approved",
  Approved: "Transferred",
  Transferred: "Successful",
  Successful: null,
} as const;

/** The types of a transfer's transactions: a payment, the capture of an authorisation, a refund. */
export const TRANSFER_TRANSACTION_KINDS = ["payment", "capture", "refund"] as const;
export type TransferTransactionKind = (typeof TRANSFER_TRANSACTION_KINDS)[number];

export const TRANSFER_SORTS = ["day", "-day", "net_cents", "-net_cents", "id", "-id"] as const;

/** GET /api/transfers and GET /api/bank/transfers (the bank adds merchant_id). Dates filter the transfer's day. */
export const transferListQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  status: z.enum(TRANSFER_STATUSES).optional(),
  currency: currencyParam.optional(),
  id: intParam.positive().optional(),
  merchant_id: intParam.positive().optional(),
  ...paging,
  sort: z.enum(TRANSFER_SORTS).default("-day"),
});
export type TransferListQuery = z.infer<typeof transferListQuerySchema>;

export const transferItemSchema = z.object({
  id: z.number(),
  /** The settlement day, YYYY-MM-DD. */
  date: z.string(),
  currency: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  /** The transfer amount: gross - refunded - chargebacks - fees - VAT. */
  amount_cents: z.number(),
  gross_amount_cents: z.number(),
  refunded_amount_cents: z.number(),
  chargeback_amount_cents: z.number(),
  fees_cents: z.number(),
  vat_cents: z.number(),
  number_of_transactions: z.number(),
  bank_name: z.string().nullable(),
  /** Masked but for its last four digits. */
  bank_account: z.string().nullable(),
  date_paid: z.string().nullable(),
  is_live: z.boolean(),
  created_at: z.string(),
  merchant: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TransferItem = z.infer<typeof transferItemSchema>;
export const transferListAnswerSchema = listAnswer(transferItemSchema);
export type TransferListAnswer = z.infer<typeof transferListAnswerSchema>;

export const transferDetailsSchema = transferItemSchema.extend({
  approved_at: z.string().nullable(),
  transferred_at: z.string().nullable(),
  /** The status a bank user may move it to next (null when Successful, and for merchants). */
  next_status: z.enum(TRANSFER_STATUSES).nullable(),
});
export type TransferDetails = z.infer<typeof transferDetailsSchema>;

export const transferTransactionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  gross_amount_cents: z.number(),
  currency: z.string(),
  order_id: z.number().nullable(),
  email: z.string().nullable(),
  type: z.enum(TRANSFER_TRANSACTION_KINDS),
});
export type TransferTransaction = z.infer<typeof transferTransactionSchema>;
export const transferTransactionsQuerySchema = z.object({ ...paging });
export const transferTransactionsAnswerSchema = listAnswer(transferTransactionSchema);
export type TransferTransactionsAnswer = z.infer<typeof transferTransactionsAnswerSchema>;

/** The balance header (back-office.md): per currency, what is owed to the merchant and not yet sent. */
export const balanceFiguresSchema = z.object({
  currency: z.string(),
  net_cents: z.number(),
  gross_cents: z.number(),
  refunded_cents: z.number(),
  chargeback_cents: z.number(),
  fees_cents: z.number(),
  vat_cents: z.number(),
  /** Subscription bills deducted from the balance: none are billed in this portal, always 0. */
  subscriptions_cents: z.number(),
});
export type BalanceFigures = z.infer<typeof balanceFiguresSchema>;
export const balanceAnswerSchema = z.object({
  is_live: z.boolean(),
  /** False: the spec's 'There is no bank account.' */
  has_bank_account: z.boolean(),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  currencies: z.array(balanceFiguresSchema),
  /** When the figures were read (update balance reads them again). */
  updated_at: z.string(),
});
export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;
export const balanceQuerySchema = z.object({ is_live: boolParam.default(true) });

export const transferExportQuerySchema = z.object({ format: z.enum(["csv", "xlsx"]).default("csv") });

export const transferStatusBodySchema = z.object({ status: z.enum(TRANSFER_STATUSES) });

const TAGS = ["Transfers"] as const;
const VIEW = { permission: "can view transfers" } as const;

export const transfersApi = {
  balance: route({
    method: "GET",
    path: "/api/transfers/balance",
    access: VIEW,
    tags: TAGS,
    summary: "Balance header: net, gross, fees, VAT, subscriptions per currency, and the bank account",
    query: balanceQuerySchema,
    answers: { 200: balanceAnswerSchema },
  }),
  list: route({
    method: "GET",
    path: "/api/transfers",
    access: VIEW,
    tags: TAGS,
    summary:
      "The merchant's transfers, one per currency and day: filters (day range, status, currency), paging",
    query: transferListQuerySchema,
    answers: { 200: transferListAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/transfers/:id",
    access: VIEW,
    tags: TAGS,
    summary: "One transfer of the merchant",
    params: idParams,
    answers: { 200: transferDetailsSchema, 404: errorResponseSchema },
  }),
  transactions: route({
    method: "GET",
    path: "/api/transfers/:id/transactions",
    access: VIEW,
    tags: TAGS,
    summary: "The transfer's transactions: id, date, gross amount, order id, e-mail, type",
    params: idParams,
    query: transferTransactionsQuerySchema,
    answers: { 200: transferTransactionsAnswerSchema, 404: errorResponseSchema },
  }),
  /** A file, not JSON: the dashboard downloads it with fetch (transfers.api.ts), not call(). */
  export: route({
    method: "GET",
    path: "/api/transfers/:id/export",
    access: VIEW,
    tags: TAGS,
    summary: "The transfer's transactions as a csv or xlsx file",
    params: idParams,
    query: transferExportQuerySchema,
    answers: {},
  }),
  bankList: route({
    method: "GET",
    path: "/api/bank/transfers",
    access: VIEW,
    tags: TAGS,
    summary: "Live transfers of the bank's merchants, with the merchant column; filters plus merchant_id",
    query: transferListQuerySchema,
    answers: { 200: transferListAnswerSchema },
  }),
  bankDetails: route({
    method: "GET",
    path: "/api/bank/transfers/:id",
    access: VIEW,
    tags: TAGS,
    summary: "One transfer of the bank's merchants, with the status it may move to next",
    params: idParams,
    answers: { 200: transferDetailsSchema, 404: errorResponseSchema },
  }),
  bankTransactions: route({
    method: "GET",
    path: "/api/bank/transfers/:id/transactions",
    access: VIEW,
    tags: TAGS,
    summary: "The transactions of one transfer of the bank's merchants",
    params: idParams,
    query: transferTransactionsQuerySchema,
    answers: { 200: transferTransactionsAnswerSchema, 404: errorResponseSchema },
  }),
  bankStatus: route({
    method: "POST",
    path: "/api/bank/transfers/:id/status",
    access: { permission: "can review merchants" },
    tags: TAGS,
    summary:
      "Move a transfer to its next status: Pending to Approved, Approved to Transferred, to Successful",
    description: "Any other move answers 409 invalid_transition; the user and the time are recorded.",
    params: idParams,
    body: transferStatusBodySchema,
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  }),
};
