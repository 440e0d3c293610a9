/** Transaction reference lists (merchant-dashboard.md sections 3, 4 and 9, back-office.md section 9). */
export const TRANSACTION_STATUSES = ["pending", "success", "declined"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = ["auth", "capture", "3ds", "void", "standalone", "refund"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The transactions list's sort: a column, "-" first for descending (no schema here: the web imports it). */
export const TRANSACTION_SORTS = [
  "created_at",
  "-created_at",
  "amount_cents",
  "-amount_cents",
  "id",
  "-id",
] as const;

/**
 * Where a payment came from. "OTHER" is shown as "Application" in English; "POS" is a card-present payment a
 * terminal took through the terminal API (docs/pos-risk.md).
 */
export const ORIGINS = ["IFRAME", "PRODUCT", "INVOICE", "SDK", "OTHER", "POS"] as const;
export type Origin = (typeof ORIGINS)[number];

export const PAYMENT_CHANNELS = ["Ecommerce", "POS"] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const EXPORT_STATUS_CHOICES = ["trx_all", "trx_success", "trx_decline"] as const;
export type ExportStatusChoice = (typeof EXPORT_STATUS_CHOICES)[number];

export const EXPORT_STATES = ["new", "downloaded"] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** merchants: the bank's merchants summary export (the merchants report's rows; docs/backoffice.md). */
export const EXPORT_KINDS = ["transactions", "orders", "merchants"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** At most one month between date_from and date_to (31 days). */
export const EXPORT_MAX_DAYS = 31;

/** pending while the provider has not answered; then success or declined. */
export function transactionStatus(tx: { pending: boolean; success: boolean }): TransactionStatus {
  if (tx.pending) return "pending";
  return tx.success ? "success" : "declined";
}
