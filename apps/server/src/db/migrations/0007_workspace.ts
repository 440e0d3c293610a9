import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The transactions and orders workspace: soft delete of transactions and orders, the export jobs, and the
 * indexes behind the list filters and the totals header (docs/transactions.md explains each with its plan).
 * Every index leads with merchant_id, because every query is scoped to one merchant (or a bank's merchants).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table transactions add column deleted_at timestamptz;
alter table orders add column deleted_at timestamptz;

create table exports (
  id bigserial primary key,
  merchant_id bigint references merchants(id),
  bank_id bigint references banks(id),
  user_id bigint not null references users(id),
  kind text not null check (kind in ('transactions','orders')),
  status_choice text not null check (status_choice in ('trx_all','trx_success','trx_decline')),
  is_live boolean not null,
  date_from timestamptz not null,
  date_to timestamptz not null,
  state text not null default 'new' check (state in ('new','downloaded')),
  job_state text not null default 'queued' check (job_state in ('queued','running','done','failed')),
  rows_done bigint not null default 0,
  rows_total bigint,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  downloaded_at timestamptz,
  check (merchant_id is not null or bank_id is not null)
);
create index exports_merchant_idx on exports (merchant_id, created_at desc) where merchant_id is not null;
create index exports_bank_idx on exports (bank_id, created_at desc) where bank_id is not null;

-- Totals header: an index-only scan of the date range gives every column the aggregate needs.
create index transactions_totals_idx on transactions (merchant_id, is_live, created_at)
  include (currency, gateway_type, status, amount_cents, parent_transaction_id, deleted_at);

-- Filters: selective ones get (merchant_id, column); the list then sorts the few matches.
create index transactions_card_last4_idx on transactions (merchant_id, card_last4) where card_last4 is not null;
create index transactions_wallet_idx on transactions (merchant_id, wallet_msisdn) where wallet_msisdn is not null;
create index transactions_phone_idx on transactions (merchant_id, customer_phone) where customer_phone is not null;
create index transactions_email_idx on transactions (merchant_id, lower(customer_email)) where customer_email is not null;
create index transactions_name_idx on transactions (merchant_id, lower(customer_name) text_pattern_ops) where customer_name is not null;
create index transactions_ref_idx on transactions (merchant_id, merchant_txn_ref) where merchant_txn_ref is not null;
create index transactions_created_by_idx on transactions (merchant_id, created_by) where created_by is not null;
create index transactions_integration_idx on transactions (integration_id, created_at desc);
create index transactions_amount_idx on transactions (merchant_id, is_live, amount_cents);
-- Less selective filters keep the list's order, so the first page is the first rows of the index. Partial on
-- "deleted_at is null" (every list has it), so the page and the capped count are index-only scans: no heap visit
-- per row to check the soft delete.
create index transactions_list_idx on transactions (merchant_id, is_live, created_at desc, id desc) where deleted_at is null;
create index transactions_status_idx on transactions (merchant_id, is_live, status, created_at desc, id desc) where deleted_at is null;
create index transactions_trnx_type_idx on transactions (merchant_id, is_live, trnx_type, created_at desc, id desc) where deleted_at is null;
create index transactions_gateway_idx on transactions (merchant_id, is_live, gateway_type, created_at desc, id desc) where deleted_at is null;
create index transactions_currency_idx on transactions (merchant_id, is_live, currency, created_at desc, id desc) where deleted_at is null;
create index transactions_origin_idx on transactions (merchant_id, is_live, origin, created_at desc, id desc) where deleted_at is null;
create index transactions_installment_idx on transactions (merchant_id, is_live, created_at desc, id desc) where is_installment and deleted_at is null;
create index transactions_discounted_idx on transactions (merchant_id, is_live, created_at desc, id desc) where is_discounted and deleted_at is null;
create index transactions_split_idx on transactions (merchant_id, is_live, created_at desc, id desc) where is_split_paid and deleted_at is null;
create index transactions_bill_ref_merchant_idx on transactions (merchant_id, (data->>'bill_reference')) where data->>'bill_reference' is not null;

-- One-time codes of wallet refunds (the refund OTP of the spec): hashed, short-lived, single use.
create table refund_otps (
  id bigserial primary key,
  transaction_id bigint not null references transactions(id),
  user_id bigint not null references users(id),
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index refund_otps_transaction_idx on refund_otps (transaction_id, created_at desc);

-- The orders part of the totals header: an index-only scan of the date range.
create index orders_totals_idx on orders (merchant_id, is_live, created_at)
  include (currency, delivery_needed, amount_cents, deleted_at);
create index orders_created_by_idx on orders (merchant_id, created_by) where created_by is not null;
create index orders_amount_idx on orders (merchant_id, is_live, amount_cents);
`,
  );
}
