import { z } from "zod";
import { AMOUNT_MAX_MINOR } from "./currencies.ts";
import { ORDER_DISPLAY_STATUSES } from "./orders.ts";
import {
  EXPORT_STATES,
  EXPORT_STATUS_CHOICES,
  ORIGINS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "./transaction-types.ts";

/**
 * The HTTP contract of the transactions and orders workspace (issue 4): merchant routes under /api/transactions,
 * /api/orders, /api/exports and bank routes under /api/bank/*. Amounts are integer minor units everywhere
 * (filters too: amount_from=1000 means 10.00 EGP). Dates are ISO strings; a bare date (YYYY-MM-DD) in date_from
 * means its start and in date_to its end (inclusive day), in UTC.
 *
 * Every list answers {count, page, page_size, results}; page is 1-based; page_size defaults to 10, at most 100;
 * sort is a column name, with a leading "-" for descending (default "-created_at").
 * Every list, totals and details call takes is_live (the live/test toggle); default true.
 */

const boolParam = z.preprocess(
  (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
  z.boolean(),
);
const intParam = z.coerce.number().int();
const text = z.string().trim().min(1).max(200);

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const paging = {
  page: intParam.min(1).default(1),
  page_size: intParam.min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** Payment methods of the merchant totals header, and the gateway types each counts. */
export const MERCHANT_TOTAL_METHODS = [
  "total",
  "card",
  "cash_collection",
  "valu",
  "premium",
  "wallet",
  "accept_kiosk",
  "wallet_pay",
] as const;
export type MerchantTotalMethod = (typeof MERCHANT_TOTAL_METHODS)[number];
export const MERCHANT_METHOD_GATEWAYS: Record<Exclude<MerchantTotalMethod, "total">, readonly string[]> = {
  card: ["VPC", "CARDS", "card_present", "omannet", "INSTALLMENT", "installments"],
  cash_collection: ["CASH"],
  valu: ["VALU"],
  premium: ["PREMIUM"],
  wallet: ["UIG"],
  accept_kiosk: ["CAGG", "aggregator"],
  wallet_pay: ["MPAY"],
};
/** English labels of the header (the web holds the Arabic ones). */
export const MERCHANT_TOTAL_LABELS: Record<MerchantTotalMethod, string> = {
  total: "Total",
  card: "Card",
  cash_collection: "Cash Collection",
  valu: "valU",
  premium: "Premium",
  wallet: "Wallet",
  accept_kiosk: "Accept Kiosk",
  wallet_pay: "Wallet Pay",
};

/** The bank totals header (back-office.md): each key counts transactions of that gateway type; TOTAL all. */
export const BANK_TOTAL_METHODS = [
  "TOTAL",
  "SOUHOOLA",
  "GET_GO",
  "VPC",
  "CASH",
  "VALU",
  "PREMIUM",
  "UIG",
  "CAGG",
  "MPAY",
] as const;
export type BankTotalMethod = (typeof BANK_TOTAL_METHODS)[number];

// ---------------------------------------------------------------------------------------------- transactions

export const TRANSACTION_SORTS = [
  "created_at",
  "-created_at",
  "amount_cents",
  "-amount_cents",
  "id",
  "-id",
] as const;

/** GET /api/transactions and GET /api/bank/transactions (the bank adds merchant_id). */
export const transactionListQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
  /** transaction id */
  id: intParam.positive().optional(),
  order_id: intParam.positive().optional(),
  merchant_order_id: text.optional(),
  created_by: text.optional(),
  currency: z.string().length(3).optional(),
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

export function listAnswerSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number(),
    /**
     * Transaction and order lists stop counting at 10,000 (counting a million rows is slow): count_capped true
     * means "10,000 or more" (show "10,000+"; the last pages are still reachable by page number).
     */
    count_capped: z.boolean().optional(),
    page: z.number(),
    page_size: z.number(),
    results: z.array(item),
  });
}
export const transactionListAnswerSchema = listAnswerSchema(transactionListItemSchema);
export type TransactionListAnswer = z.infer<typeof transactionListAnswerSchema>;

/** GET /api/transactions/totals (and /api/bank/transactions/totals): payments (not child operations) only. */
export const totalsQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
  merchant_id: intParam.positive().optional(),
});
export type TotalsQuery = z.infer<typeof totalsQuerySchema>;

export const amountCountSchema = z.object({ count: z.number(), amount_cents: z.number() });
export type AmountCount = z.infer<typeof amountCountSchema>;

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

export const bankTotalsAnswerSchema = z.object({
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  is_live: z.boolean(),
  currencies: z.array(
    z.object({ currency: z.string(), methods: z.record(z.enum(BANK_TOTAL_METHODS), amountCountSchema) }),
  ),
});
export type BankTotalsAnswer = z.infer<typeof bankTotalsAnswerSchema>;

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

/** The answer of every successful action, and the body of every refusal (plus code). */
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
  date_from: z.string().min(1),
  date_to: z.string().min(1),
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

// ---------------------------------------------------------------------------------------------- exports

export const EXPORT_KINDS = ["transactions", "orders"] as const;
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
/** At most one month between date_from and date_to (31 days). */
export const EXPORT_MAX_DAYS = 31;

export const exportRequestSchema = z.object({
  date_from: z.string().min(1),
  date_to: z.string().min(1),
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
export const exportListAnswerSchema = listAnswerSchema(exportItemSchema);
export const exportListQuerySchema = z.object({ ...paging });
export const exportDownloadQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default("csv") });

// ---------------------------------------------------------------------------------------------- orders

export const ORDER_SORTS = [
  "created_at",
  "-created_at",
  "amount_cents",
  "-amount_cents",
  "id",
  "-id",
] as const;

export const orderListQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
  id: intParam.positive().optional(),
  merchant_order_id: text.optional(),
  created_by: text.optional(),
  currency: z.string().length(3).optional(),
  status: z.enum(ORDER_DISPLAY_STATUSES).optional(),
  delivery_needed: boolParam.optional(),
  /** source: api_source (e.g. INVOICE, OTHER) */
  source: text.optional(),
  amount_from: intParam.min(0).optional(),
  amount_to: intParam.min(0).optional(),
  merchant_id: intParam.positive().optional(),
  ...paging,
  sort: z.enum(ORDER_SORTS).default("-created_at"),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  merchant_order_id: z.string().nullable(),
  amount_cents: z.number(),
  paid_amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(ORDER_DISPLAY_STATUSES),
  created_by: z.string().nullable(),
  source: z.string(),
  delivery_needed: z.boolean(),
  collector: z.string().nullable(),
  is_live: z.boolean(),
  merchant: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;
export const orderListAnswerSchema = listAnswerSchema(orderListItemSchema);

/** Total processed: per currency, all orders and the paid ones. */
const orderTotalsBlockSchema = z.object({
  currency: z.string(),
  orders: amountCountSchema,
  paid: amountCountSchema,
  processed_cents: z.number(),
});
export const orderTotalsAnswerSchema = z.object({
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  is_live: z.boolean(),
  currencies: z.array(orderTotalsBlockSchema),
});
export type OrderTotalsAnswer = z.infer<typeof orderTotalsAnswerSchema>;

/**
 * GET /api/bank/orders/totals: each currency's orders figures (as the merchant's header) plus the bank header by
 * payment method (as /api/bank/transactions/totals: successful payments of the range by gateway type, TOTAL all).
 */
export const bankOrderTotalsAnswerSchema = orderTotalsAnswerSchema.extend({
  currencies: z.array(
    orderTotalsBlockSchema.extend({ methods: z.record(z.enum(BANK_TOTAL_METHODS), amountCountSchema) }),
  ),
});
export type BankOrderTotalsAnswer = z.infer<typeof bankOrderTotalsAnswerSchema>;

export const orderDetailsSchema = z.object({
  order: orderListItemSchema.extend({
    product_description: z.string().nullable(),
    order_link: z.string().nullable(),
  }),
  cart: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      amount_cents: z.number().nullable(),
    }),
  ),
  shipping: z.record(z.string(), z.unknown()).nullable(),
  client: z
    .object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  error: z.object({ message: z.string().nullable() }),
  transactions: z.array(
    z.object({
      id: z.number(),
      status: z.enum(TRANSACTION_STATUSES),
      amount_cents: z.number(),
      trnx_type: z.string(),
    }),
  ),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const detailAnswerSchema = z.object({ detail: z.string() });
