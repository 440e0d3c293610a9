import type { StatementCurrency } from "@portal/domain";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Row types of the tables in migrations/; keep both in step. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

export interface BanksTable {
  id: Generated<number>;
  name: string;
  name_ar: string;
  country: string;
  created_at: Timestamp;
}

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  code: string;
  domain: string | null;
  time_zone: Generated<string>;
  css: Json<Record<string, string>>;
  logo_url: string | null;
  logo_small_url: string | null;
  is_redirect_to_new_portal: Generated<boolean>;
  onboarding_partner: Generated<boolean>;
  created_at: Timestamp;
}

export interface MerchantsTable {
  id: Generated<number>;
  company_name: string;
  country: string;
  bank_id: number | null;
  partner_id: number | null;
  is_mobadra: Generated<boolean>;
  sector: string | null;
  sales_owner: string | null;
  phones: Json<string[]>;
  emails: Json<string[]>;
  filled_business_data: Generated<boolean>;
  /** The activation application is submitted (merchant_activations.status, kept by migration 0052's trigger). */
  application_submitted: Generated<boolean>;
  /** Onboarding questionnaire answers (migration 0008). */
  business_information: Generated<Json<Record<string, unknown>>>;
  payout_enabled: Generated<boolean>;
  payout_terms: Generated<boolean>;
  logo_url: string | null;
  receive_callback_card_info: Generated<boolean>;
  bank_merchant_status: Generated<string>;
  digital_status: Generated<string>;
  suspicious: Generated<string>;
  is_live: Generated<boolean>;
  live_date: Date | null;
  mcc: string | null;
  /** HMAC secret encrypted with the server's data key (see security/secrets.ts). */
  hmac_secret_enc: string | null;
  created_at: Timestamp;
  /** The bank's back-office (migration 0027, docs/backoffice.md). */
  docs_received: Generated<boolean>;
  deactivated: Generated<boolean>;
  deactivate_reason: string | null;
  rejection_reason: string | null;
  digital_rejection_reason: string | null;
  cib_rejection_reason: string | null;
  suspicion_reason: string | null;
  /** The account the merchant's transfers are paid to (0027 and 0028_transfers). */
  bank_account: string | null;
  fee_id: number | null;
  /** The add form's registration fields (city, address, national_id, commercial_registration, ...). */
  bank_profile: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The bank the merchant's transfers are paid to (0028_transfers; bank_account is 0027's). */
  bank_name: string | null;
  /** The merchant's notification e-mails on or off (0031_profile_settings, docs/settings.md). */
  notification_emails: Generated<boolean>;
  /** The merchant has an active risk rule or a list entry (0041_risk_center, docs/pos-risk.md). */
  risk_active: Generated<boolean>;
  /** The card and QR approvals (0045_card_qr_approvals, docs/backoffice.md): pending, approved, rejected. */
  card_approval_status: Generated<string>;
  card_rejection_reason: string | null;
  qr_approval_status: Generated<string>;
  qr_rejection_reason: string | null;
  /** The merchant's own referral code for /growth/signup (0046_registration, docs/onboarding.md). */
  referral_code: string | null;
}

/** A self-registered merchant (0046_registration): its sign-up e-mail and phone (unique), its referrer. */
export interface MerchantRegistrationsTable {
  merchant_id: number;
  user_id: number;
  email: string;
  phone: string;
  lang: Generated<"en" | "ar">;
  referred_by: number | null;
  confirmed_at: Date | null;
  created_at: Generated<Date>;
}

export interface TerminalsTable {
  id: Generated<number>;
  merchant_id: number;
  terminal_code: string;
  branch_name: string | null;
  city: string | null;
  address: string | null;
  created_at: Timestamp;
  /** The branch the terminal belongs to (0039); branch_name, city and address are its copy. */
  branch_id: number | null;
  updated_at: Date | null;
}

/** A terminal's own keys, one per mode (0039): only a keyed hash of each is kept. */
export interface TerminalKeysTable {
  id: Generated<number>;
  terminal_id: number;
  merchant_id: number;
  is_live: boolean;
  key_hash: string;
  key_prefix: string;
  created_at: Generated<Date>;
  revoked_at: Date | null;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string;
  profile_type: "Merchant" | "MerchantStaff" | "Bank" | "BankStaff" | "Terminal" | "Partner";
  merchant_id: number | null;
  bank_id: number | null;
  partner_id: number | null;
  terminal_id: number | null;
  country: string;
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  portal_config: Json<{ qr_code: boolean; add_merchant: boolean }> | null;
  is_temp_password: Generated<boolean>;
  is_active: Generated<boolean>;
  failed_old_password_attempts: Generated<number>;
  date_joined: Timestamp;
  last_login_at: Date | null;
  /** A staff user added by the merchant who has not used the activation link yet (0032). */
  pending_activation: Generated<boolean>;
  /** A deleted staff user: locked, renamed, kept for the rows that name them (0032). */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SessionsTable {
  /** sha256 of the session token; the token itself is never stored. */
  id: string;
  user_id: number;
  kind: Generated<"full" | "temp">;
  csrf_hash: string;
  /** The country of the host the session was made on; null: made before 0016, unbound. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface PasswordTokensTable {
  id: string;
  user_id: number;
  purpose: "reset" | "reactivate" | "activate_staff" | "confirm_email";
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  created_at: Timestamp;
  status: Generated<"queued" | "sent" | "failed" | "local">;
  attempts: Generated<number>;
  sent_at: Date | null;
  last_error: string | null;
  /** When a queued message may next be tried; a sender pushes it forward while it holds the message. */
  next_attempt_at: Timestamp;
}

export interface IntegrationsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  type: string;
  gateway_type: string;
  currency: string;
  is_live: boolean;
  is_active: Generated<boolean>;
  is_shopify: Generated<boolean>;
  processed_callback_url: string | null;
  response_callback_url: string | null;
  auto_callback_retrial: Generated<boolean>;
  onboarding_status: Generated<string>;
  /** Payments through this integration are authorisations, captured later (0003_payments). */
  is_auth: Generated<boolean>;
  /** Origins that may frame this integration's hosted checkout (0016_integration_frame_origins). */
  frame_origins: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

export interface MerchantKeysTable {
  id: Generated<number>;
  merchant_id: number;
  kind: "api" | "secret" | "public";
  is_live: boolean;
  /** sha256 of the secret key material; null for public keys. */
  key_hash: string | null;
  /** The visible start of the key (country, kind and mode), for display and support. */
  key_prefix: string;
  /** Public keys are not secret and are kept whole. */
  public_value: string | null;
  created_at: Timestamp;
  revoked_at: Date | null;
}

export interface CustomersTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  points: Generated<number>;
  created_at: Timestamp;
  /** Kept by the payment's own INSERT (migration 0033): linked transactions, the latest one's time and card. */
  total_transactions: Generated<number>;
  last_transaction_at: Timestamp | null;
  card_last4: string | null;
  card_scheme: string | null;
  updated_at: Timestamp | null;
}

export interface OrderItem {
  name: string;
  amount_cents: number;
  description: string;
  quantity: number;
}

export interface OrdersTable {
  id: Generated<number>;
  merchant_id: number;
  is_live: boolean;
  merchant_order_id: string | null;
  amount_cents: number;
  paid_amount_cents: Generated<number>;
  currency: string;
  payment_status: Generated<string>;
  is_canceled: Generated<boolean>;
  delivery_needed: Generated<boolean>;
  items: Json<OrderItem[]>;
  shipping_data: Json<Record<string, string>> | null;
  customer_id: number | null;
  created_by: string | null;
  api_source: Generated<string>;
  collector: string | null;
  /** Set when a payment key asked lock_order_when_paid and the order was paid (0003_payments). */
  is_payment_locked: Generated<boolean>;
  created_at: Timestamp;
  /** Soft delete (0007): hidden from the dashboard lists. */
  deleted_at: Date | null;
}

export interface PaymentLinksTable {
  id: Generated<number>;
  merchant_id: number;
  kind: "invoice" | "link";
  is_live: boolean;
  order_id: number | null;
  merchant_invoice_id: string | null;
  amount_cents: number;
  currency: string;
  status: Generated<string>;
  client: Json<Record<string, string>>;
  description: string | null;
  integration_ids: ColumnType<number[], number[] | undefined, number[]>;
  expires_at: Date | null;
  remaining_attempts: number | null;
  is_sms: Generated<boolean>;
  is_email: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
  notification_url: string | null;
  paid_at: Date | null;
  image_url: string | null;
  /** When an invoice was last sent by SMS / e-mail: the 60-second resend limit (0024_invoices_sms). */
  sms_sent_at: Generated<Date | null>;
  email_sent_at: Generated<Date | null>;
  /** 0025: the customer page's unguessable token, one-click payment, images, quick-link limit, disabled at. */
  public_token: Generated<string>;
  one_click: Generated<boolean>;
  logo_image_id: string | null;
  product_image_id: string | null;
  use_limit: number | null;
  deactivated_at: Date | null;
}

export interface TransactionsTable {
  id: Generated<number>;
  merchant_id: number;
  order_id: number | null;
  integration_id: number | null;
  terminal_id: number | null;
  parent_transaction_id: number | null;
  is_live: boolean;
  amount_cents: number;
  currency: string;
  status: "pending" | "success" | "declined";
  gateway_type: string;
  trnx_type: string;
  origin: string;
  channel: Generated<string>;
  is_auth: Generated<boolean>;
  is_capture: Generated<boolean>;
  is_standalone: Generated<boolean>;
  is_3d_secure: Generated<boolean>;
  is_voided: Generated<boolean>;
  is_refunded: Generated<boolean>;
  is_captured: Generated<boolean>;
  is_installment: Generated<boolean>;
  is_discounted: Generated<boolean>;
  is_split_paid: Generated<boolean>;
  captured_amount_cents: Generated<number>;
  refunded_amount_cents: Generated<number>;
  fees_cents: Generated<number>;
  vat_cents: Generated<number>;
  commission_cents: Generated<number>;
  card_first6: string | null;
  card_last4: string | null;
  card_scheme: string | null;
  card_type: string | null;
  issuing_bank: string | null;
  wallet_msisdn: string | null;
  customer_id: number | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  billing_data: Json<Record<string, string>> | null;
  data: Json<Record<string, unknown>>;
  failure_reason: string | null;
  txn_response_code: string | null;
  acq_response_code: string | null;
  merchant_txn_ref: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The payment key (payment token) the payment was made with; null for children and seeded rows. */
  payment_key_id: number | null;
  /** Soft delete (0007): hidden from the dashboard lists. */
  deleted_at: Date | null;
}

// ---------------------------------------------------------------------------------------------------------
// Payment core (0003_payments).

export interface ApiAuthTokensTable {
  /** sha256 of the token. */
  id: string;
  merchant_id: number;
  /** The user whose password made it (0015); null for a token from the API key. */
  user_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface PaymentIntentionsTable {
  id: Generated<number>;
  public_id: string;
  merchant_id: number;
  is_live: boolean;
  client_secret_hash: string;
  order_id: number;
  amount_cents: number;
  currency: string;
  integration_ids: ColumnType<number[], number[], number[]>;
  items: Json<Record<string, unknown>[]>;
  billing_data: Json<Record<string, string>>;
  customer: Json<Record<string, unknown>> | null;
  extras: Json<Record<string, unknown>>;
  special_reference: string | null;
  notification_url: string | null;
  redirection_url: string | null;
  card_token_ids: ColumnType<number[], number[] | undefined, number[]>;
  status: Generated<string>;
  confirmed: Generated<boolean>;
  payment_link_id: number | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentKeysTable {
  id: Generated<number>;
  merchant_id: number;
  is_live: boolean;
  order_id: number;
  integration_id: number;
  intention_id: number | null;
  amount_cents: number;
  currency: string;
  billing_data: Json<Record<string, string>>;
  extra: Json<Record<string, unknown>>;
  lock_order_when_paid: Generated<boolean>;
  notification_url: string | null;
  redirection_url: string | null;
  card_token_id: number | null;
  /** Random salt of the derived payment token (see payments/payment-token.ts); the token is never stored. */
  salt: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** Set while a card payment with this key waits for the acquirer (migration 0013). */
  lease_ends_at: Date | null;
}

export interface CardTokensTable {
  id: Generated<number>;
  merchant_id: number;
  is_live: boolean;
  token_hash: string;
  /** The token encrypted under the data key (the order_card_tokens inquiry answers it). */
  token_enc: string;
  masked_pan: string;
  card_first6: string;
  card_last4: string;
  card_subtype: string;
  email: string | null;
  order_id: number | null;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  merchant_id: number;
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: Json<unknown>;
  created_at: Timestamp;
}

/** A pending callback delivery (the outbox, migration 0011). */
export interface CallbackJobsTable {
  id: Generated<number>;
  transaction_id: number;
  kind: "TRANSACTION" | "TOKEN";
  card_token_id: number | null;
  attempt: number;
  trigger: "event" | "retry" | "manual";
  run_at: Timestamp;
  taken: Generated<number>;
  created_at: Timestamp;
}

export interface CallbackAttemptsTable {
  id: Generated<number>;
  transaction_id: number;
  merchant_id: number;
  kind: "TRANSACTION" | "TOKEN";
  trigger: "event" | "retry" | "manual";
  attempt: number;
  job_id: string | null;
  url: string;
  attempted_at: Timestamp;
  finished_at: Date | null;
  status_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  /** Test mode only (0050_test_helpers): the JSON body sent and its hmac, for the test helpers' replay. */
  request_body: string | null;
  signature: string | null;
}

export interface ExportsTable {
  id: Generated<number>;
  merchant_id: number | null;
  bank_id: number | null;
  user_id: number;
  kind: "transactions" | "orders" | "merchants" | "invoices" | "transfers";
  status_choice: "trx_all" | "trx_success" | "trx_decline";
  is_live: boolean;
  date_from: Timestamp;
  date_to: Timestamp;
  state: Generated<"new" | "downloaded">;
  job_state: Generated<"queued" | "running" | "done" | "failed">;
  rows_done: Generated<number>;
  rows_total: number | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
  downloaded_at: Date | null;
  /** 0030: an export of a list, or a report (reports/, docs/transfers.md). */
  purpose: Generated<"export" | "report">;
}

export interface RefundOtpsTable {
  id: Generated<number>;
  transaction_id: number;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface MerchantDocumentsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: string;
  file_name: string;
  content_type: "application/pdf" | "image/png" | "image/jpeg";
  size_bytes: number;
  content: Buffer;
  uploaded_by: number | null;
  created_at: Timestamp;
  /** The activation wizard's uploads: sha256 of the bytes (duplicates refused), 0047. */
  content_hash: string | null;
  /** 'v1': content is AES-256-GCM under the data key (security/keys.ts encryptBytes); 'none' before 0047. */
  encryption: Generated<"none" | "v1">;
}

/** The account activation wizard's application, one per merchant (0047; activation/activation.repository.ts). */
export interface MerchantActivationsTable {
  merchant_id: number;
  status: Generated<"draft" | "submitted">;
  business_info: Json<Record<string, unknown> | null>;
  payment_solutions: Json<Record<string, unknown> | null>;
  documents: Json<Record<string, unknown> | null>;
  /** The settlements step as JSON, encrypted under the data key (encryptSecret). */
  settlements_encrypted: string | null;
  terms_accepted: boolean | null;
  terms_version: string | null;
  submitted_at: Date | null;
  submitted_by: number | null;
  updated_at: Timestamp;
}

export interface MerchantCommentsTable {
  id: Generated<number>;
  merchant_id: number;
  user_id: number;
  content: string;
  created_at: Timestamp;
}

export interface MerchantActionsTable {
  id: Generated<number>;
  merchant_id: number;
  user_id: number | null;
  action: string;
  reason: string | null;
  from_status: string | null;
  to_status: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
}

export interface MerchantBranchesTable {
  id: Generated<number>;
  merchant_id: number;
  branch_name: string;
  branch_code: string;
  created_at: Timestamp;
  /** Required on the merchant's Branches screen (0039); null on branches the bank's add form made before. */
  city: string | null;
  address: string | null;
  updated_at: Date | null;
}

export interface ProductsTable {
  id: Generated<number>;
  public_id: string;
  merchant_id: number;
  is_live: boolean;
  name: string;
  description: string | null;
  price_cents: number;
  currency: string;
  /** Items left; never below zero (0026_products). */
  inventory: number;
  delivery_needed: Generated<boolean>;
  allow_quantity_edit: Generated<boolean>;
  merchant_product_id: string | null;
  integration_ids: ColumnType<number[], number[] | undefined, number[]>;
  /** An image of the image store (images/), or null. */
  image_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  deleted_at: Date | null;
}

/** A merchant's iframe: its own HTML, JavaScript and CSS at an unguessable public id (0037_iframes). */
export interface IframesTable {
  id: Generated<number>;
  merchant_id: number;
  public_id: string;
  name: string;
  description: string | null;
  html: Generated<string>;
  javascript: Generated<string>;
  css: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The quantity a product purchase holds until its payment key expires, or is paid (0026_products). */
export interface ProductReservationsTable {
  order_id: number;
  product_id: number;
  quantity: number;
  expires_at: Timestamp;
  paid_at: Date | null;
  created_at: Timestamp;
}

/** SMS messages (0024_invoices_sms): 'local' when no SMS provider is configured (the local SMS viewer). */
export interface SmsOutboxTable {
  id: Generated<number>;
  merchant_id: number | null;
  to_number: string;
  body: string;
  status: Generated<"queued" | "sent" | "failed" | "local">;
  attempts: Generated<number>;
  sent_at: Date | null;
  created_at: Timestamp;
}

/** Service-credit pack purchases (0038, service-credit/): each tops the balance up until expires_at. */
export interface ServiceCreditsTable {
  id: Generated<number>;
  merchant_id: number;
  user_id: number | null;
  amount_cents: number;
  currency: string;
  created_at: Timestamp;
  expires_at: Date;
}

/** The risk center (0041_risk_center, docs/pos-risk.md "Risk"). */
export interface RiskRulesTable {
  id: Generated<number>;
  merchant_id: number;
  kind: "max_amount" | "min_amount" | "velocity" | "countries" | "three_ds";
  currency: string | null;
  amount_cents: number | null;
  subject: "card" | "email" | "phone" | "ip" | null;
  max_payments: number | null;
  window_seconds: number | null;
  countries: string[] | null;
  is_active: Generated<boolean>;
  note: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface RiskListEntriesTable {
  id: Generated<number>;
  merchant_id: number;
  list: "black" | "white";
  kind: "card" | "email" | "phone" | "ip";
  /** The card's keyed hash, the lower-cased e-mail, the phone's digits or the IP range's canonical network. */
  value_key: string;
  label: string;
  card_first6: string | null;
  card_last4: string | null;
  note: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface RiskAuditTable {
  id: Generated<number>;
  merchant_id: number;
  user_id: number | null;
  user_email: string | null;
  action: "created" | "updated" | "deleted";
  target: "rule" | "black" | "white";
  target_id: number;
  summary: string;
  created_at: Generated<Date>;
}

export interface RiskCountersTable {
  rule_id: number;
  subject_key: string;
  window_start: number;
  payments: number;
  amount_cents: number;
  max_payments: number | null;
  max_amount_cents: number | null;
}

/** Uploaded images (logos, product images), checked by content (0025, images/images.service.ts). */
export interface ImagesTable {
  id: string;
  merchant_id: number;
  content_type: "image/png" | "image/jpeg";
  size_bytes: number;
  sha256: string;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}

/** A merchant's checkout customization (0035, checkout-customization/; issue 18 item 5). */
export interface CheckoutCustomizationsTable {
  merchant_id: number;
  primary_color: string;
  background_color: string;
  text_color: string;
  button_text_color: string;
  logo_image_id: string | null;
  methods: Json<{ integration_id: number; visible: boolean }[]>;
  post_payment_text: string | null;
  redirect_url: string | null;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface ChargebacksTable {
  id: Generated<number>;
  merchant_id: number;
  transaction_id: number;
  order_id: number | null;
  integration_id: number | null;
  is_live: boolean;
  amount_cents: number;
  currency: string;
  vat_cents: Generated<number>;
  accept_fees_cents: Generated<number>;
  reason: string;
  status: Generated<"open" | "under_review" | "won" | "lost">;
  answer: "accepted" | "evidence" | "expired" | null;
  chargeback_date: Timestamp;
  deadline_at: Date;
  answered_at: Date | null;
  answered_by: number | null;
  evidence_note: string | null;
  resolved_at: Date | null;
  /** The transfer that carried the outcome (0030; set once by the transfers job). */
  transfer_id: number | null;
  created_at: Timestamp;
}

export interface ChargebackEvidenceTable {
  id: Generated<number>;
  chargeback_id: number;
  merchant_id: number;
  file_name: string;
  content_type: "application/pdf" | "image/png" | "image/jpeg";
  size_bytes: number;
  /** Encrypted with the data key (chargebacks/evidence.ts). */
  content: Buffer;
  uploaded_by: number | null;
  created_at: Timestamp;
}

/** 0029: a bulk invoice upload, its file and rows, and the counts of the history (selling/bulk-invoices.*). */
export interface BulkInvoiceUploadsTable {
  id: Generated<number>;
  merchant_id: number;
  user_id: number | null;
  created_by: string | null;
  is_live: boolean;
  file_name: string;
  file_type: "csv" | "xlsx";
  file_bytes: Buffer;
  rows: Json<{ line: number; values: Record<string, string> }[]>;
  status: Generated<"previewed" | "submitted">;
  row_count: number;
  valid_count: Generated<number>;
  invalid_count: Generated<number>;
  created_count: Generated<number>;
  emailed_count: Generated<number>;
  texted_count: Generated<number>;
  sends: Json<{ invoice_id: number; email: boolean; sms: boolean }[]>;
  send_state: Generated<"none" | "queued" | "done">;
  sends_done: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  submitted_at: Date | null;
}

/** Transfers (settlements, 0028_transfers, docs/transfers.md): one per merchant, mode, currency and day. */
export interface TransfersTable {
  id: Generated<number>;
  merchant_id: number;
  is_live: boolean;
  currency: string;
  /** The settlement day (a date, YYYY-MM-DD in UTC). */
  day: ColumnType<string, string, string>;
  status: Generated<"Pending" | "Approved" | "Transferred" | "Successful">;
  gross_cents: Generated<number>;
  refunded_cents: Generated<number>;
  chargeback_cents: Generated<number>;
  fees_cents: Generated<number>;
  vat_cents: Generated<number>;
  /** Generated: gross - refunded - chargeback - fees - vat. */
  net_cents: ColumnType<number, never, never>;
  transactions_count: Generated<number>;
  bank_name: string | null;
  bank_account: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  approved_at: Date | null;
  approved_by: number | null;
  transferred_at: Date | null;
  transferred_by: number | null;
  date_paid: Date | null;
  paid_by: number | null;
}

/** Each settled transaction's one transfer (its primary key is transaction_id). */
export interface TransferTransactionsTable {
  transaction_id: number;
  transfer_id: number;
  kind: "payment" | "capture" | "refund";
}

/** The days the transfers job settled, and the instant each settled up to. */
export interface TransferRunsTable {
  day: ColumnType<string, string, string>;
  cutoff: Timestamp;
  transfers: Generated<number>;
  transactions: Generated<number>;
  finished_at: Timestamp;
}

/**
 * The balance's unsettled transactions, maintained (0044_transfer_balance, docs/transfers.md): per merchant, mode,
 * currency and UTC day of created_at, their count and sums (folded rows; the deltas table has the same columns).
 */
export interface TransferBalanceDaysTable {
  merchant_id: number;
  is_live: boolean;
  currency: string;
  day: ColumnType<string, string, string>;
  transactions: number;
  gross: number;
  refunded: number;
  fees: number;
  vat: number;
}

/** A merchant's test clock (0048_test_clock, test-clock/clock.ts): test-mode time is real time plus offset_ms. */
export interface TestClocksTable {
  merchant_id: number;
  offset_ms: number;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** The checkout integration walkthrough's state, one row per merchant (0036_checkout_walkthrough). */
export interface CheckoutWalkthroughsTable {
  merchant_id: number;
  view: "test" | "live" | "integrate";
  test_step: number;
  started_at: Generated<Date>;
  test_transaction_id: number | null;
  test_completed_at: Date | null;
  completed_at: Date | null;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

/** A merchant's MONTHLY STATEMENT switch (0034; no row: off). */
export interface StatementSubscriptionsTable {
  merchant_id: number;
  active: boolean;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** One monthly statement per merchant and month (0034); figures: StatementCurrency[] of @portal/domain. */
export interface StatementsTable {
  id: Generated<number>;
  merchant_id: number;
  /** The first day of the month covered, YYYY-MM-DD. */
  month: ColumnType<string, string, string>;
  time_zone: string;
  period_start: Date;
  period_end: Date;
  figures: Json<StatementCurrency[]>;
  created_at: Generated<Date>;
  downloaded_at: Date | null;
}

/** One closed report per terminal, business day, mode and currency (0040_terminal_reports, docs/pos-risk.md). */
export interface TerminalReportsTable {
  id: Generated<number>;
  terminal_id: number;
  merchant_id: number;
  is_live: boolean;
  currency: string;
  /** The local business day, YYYY-MM-DD. */
  business_day: ColumnType<string, string, string>;
  time_zone: string;
  start_at: Date;
  end_at: Date;
  total_cents: number;
  transactions_count: number;
  success_count: number;
  pending_count: number;
  declined_count: number;
  created_at: Generated<Date>;
}

/** The (time zone, business day) pairs the terminal closing job has closed (0040). */
export interface TerminalReportRunsTable {
  time_zone: string;
  business_day: ColumnType<string, string, string>;
  reports: number;
  transactions: number;
  finished_at: Generated<Date>;
}

/** Lending collection (0043_lending, docs/pos-risk.md "Lending"): a lender's collection integration. */
export interface LendingLendersTable {
  id: Generated<number>;
  merchant_id: number;
  public_id: string;
  integration_id: number;
  created_at: Generated<Date>;
  /** Set while the bank has the lender disabled (0051): its page answers as for no lender. */
  disabled_at: Date | null;
  updated_at: Date | null;
}

/** A lender's customer: a keyed hash of the national ID, its masked form, the balance and the balance PIN. */
export interface LendingAccountsTable {
  id: Generated<number>;
  lender_id: number;
  merchant_id: number;
  national_id_hash: string;
  national_id_masked: string;
  currency: string;
  balance_cents: Generated<number>;
  pin_hash: string;
  pin_failures: Generated<number>;
  pin_locked_until: Date | null;
  status: Generated<"active" | "suspended">;
  created_at: Generated<Date>;
}

/** A loan paid by instalments (0043). */
export interface LoansTable {
  id: Generated<number>;
  lender_id: number;
  merchant_id: number;
  account_id: number;
  reference: string;
  service_name: string;
  currency: string;
  amount_cents: number;
  instalment_cents: number;
  fee_cents: Generated<number>;
  instalments_total: number;
  instalments_paid: Generated<number>;
  outstanding_cents: number;
  status: Generated<"open" | "closed">;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One attempt to pay instalment N of a loan, by card (an order of the payment core) or from the balance. */
export interface LendingPaymentsTable {
  id: Generated<number>;
  loan_id: number;
  account_id: number;
  merchant_id: number;
  instalment_no: number;
  source: "card" | "balance";
  instalment_cents: number;
  fee_cents: number;
  total_cents: number;
  currency: string;
  status: "pending" | "paid" | "cancelled";
  order_id: number | null;
  payment_key_id: number | null;
  transaction_id: number | null;
  created_at: Generated<Date>;
  paid_at: Date | null;
}

/** Request to pay (0042_request_to_pay, docs/pos-risk.md "Request to pay"). */
export interface RequestToPayTable {
  id: Generated<number>;
  merchant_id: number;
  is_live: boolean;
  salt: string;
  token_hash: string;
  amount_cents: number;
  currency: string;
  mob_num: string;
  bill_num: string | null;
  store_id: string | null;
  loyal_num: string | null;
  ref_num: string | null;
  cons_id: string | null;
  term_id: string | null;
  purpose: string | null;
  tip_type: "none" | "fixed" | "percentage" | "consumer";
  tip_value: number | null;
  merchant_order_id: string | null;
  status: ColumnType<"created" | "sent" | "cancelled", "created" | "sent" | "cancelled" | undefined>;
  order_id: number | null;
  tip_cents: number | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Date | null;
  expires_at: Date;
}

export interface DB {
  banks: BanksTable;
  partners: PartnersTable;
  merchants: MerchantsTable;
  terminals: TerminalsTable;
  terminal_keys: TerminalKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  merchant_registrations: MerchantRegistrationsTable;
  rate_limits: RateLimitsTable;
  email_outbox: EmailOutboxTable;
  integrations: IntegrationsTable;
  merchant_keys: MerchantKeysTable;
  customers: CustomersTable;
  orders: OrdersTable;
  payment_links: PaymentLinksTable;
  transactions: TransactionsTable;
  api_auth_tokens: ApiAuthTokensTable;
  payment_intentions: PaymentIntentionsTable;
  payment_keys: PaymentKeysTable;
  card_tokens: CardTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  callback_attempts: CallbackAttemptsTable;
  callback_jobs: CallbackJobsTable;
  exports: ExportsTable;
  refund_otps: RefundOtpsTable;
  merchant_documents: MerchantDocumentsTable;
  merchant_activations: MerchantActivationsTable;
  merchant_comments: MerchantCommentsTable;
  merchant_actions: MerchantActionsTable;
  merchant_branches: MerchantBranchesTable;
  sms_outbox: SmsOutboxTable;
  service_credits: ServiceCreditsTable;
  request_to_pay: RequestToPayTable;
  lending_lenders: LendingLendersTable;
  lending_accounts: LendingAccountsTable;
  loans: LoansTable;
  lending_payments: LendingPaymentsTable;
  products: ProductsTable;
  product_reservations: ProductReservationsTable;
  iframes: IframesTable;
  images: ImagesTable;
  checkout_customizations: CheckoutCustomizationsTable;
  chargebacks: ChargebacksTable;
  chargeback_evidence: ChargebackEvidenceTable;
  bulk_invoice_uploads: BulkInvoiceUploadsTable;
  transfers: TransfersTable;
  transfer_transactions: TransferTransactionsTable;
  transfer_runs: TransferRunsTable;
  transfer_balance_days: TransferBalanceDaysTable;
  transfer_balance_deltas: TransferBalanceDaysTable;
  statement_subscriptions: StatementSubscriptionsTable;
  statements: StatementsTable;
  checkout_walkthroughs: CheckoutWalkthroughsTable;
  risk_rules: RiskRulesTable;
  risk_list_entries: RiskListEntriesTable;
  risk_audit: RiskAuditTable;
  risk_counters: RiskCountersTable;
  terminal_reports: TerminalReportsTable;
  terminal_report_runs: TerminalReportRunsTable;
  test_clocks: TestClocksTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Merchant = Selectable<MerchantsTable>;
export type Transaction = Selectable<TransactionsTable>;
