import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The core schema: tenants (banks, partners, merchants), users and sessions, e-mail outbox, rate limits,
 * and the payment data that demo data and the payment core share. Money is bigint minor units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
create table banks (
  id bigserial primary key,
  name text not null,
  name_ar text not null,
  country text not null,
  created_at timestamptz not null default now()
);

create table partners (
  id bigserial primary key,
  name text not null,
  code text not null unique,
  domain text,
  time_zone text not null default 'Africa/Cairo',
  css jsonb not null,
  logo_url text,
  logo_small_url text,
  is_redirect_to_new_portal boolean not null default false,
  onboarding_partner boolean not null default false,
  created_at timestamptz not null default now()
);

create table merchants (
  id bigserial primary key,
  company_name text not null,
  country text not null,
  bank_id bigint references banks(id),
  partner_id bigint references partners(id),
  is_mobadra boolean not null default false,
  sector text,
  sales_owner text,
  phones jsonb not null default '[]',
  emails jsonb not null default '[]',
  filled_business_data boolean not null default false,
  payout_enabled boolean not null default false,
  payout_terms boolean not null default false,
  logo_url text,
  receive_callback_card_info boolean not null default false,
  bank_merchant_status text not null default 'pending',
  digital_status text not null default 'pending',
  suspicious text not null default 'none',
  is_live boolean not null default false,
  live_date timestamptz,
  mcc text,
  hmac_secret_enc text,
  created_at timestamptz not null default now()
);
create index merchants_bank_idx on merchants (bank_id, created_at desc);

create table terminals (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  terminal_code text not null unique,
  branch_name text,
  city text,
  address text,
  created_at timestamptz not null default now()
);

create table users (
  id bigserial primary key,
  username text not null,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  password_hash text not null,
  profile_type text not null check (profile_type in ('Merchant','MerchantStaff','Bank','BankStaff','Terminal','Partner')),
  merchant_id bigint references merchants(id),
  bank_id bigint references banks(id),
  partner_id bigint references partners(id),
  terminal_id bigint references terminals(id),
  country text not null,
  permissions text[] not null default '{}',
  portal_config jsonb,
  is_temp_password boolean not null default false,
  is_active boolean not null default true,
  failed_old_password_attempts integer not null default 0,
  date_joined timestamptz not null default now(),
  last_login_at timestamptz
);
create unique index users_username_idx on users (lower(username));
create index users_email_idx on users (lower(email));
create index users_merchant_idx on users (merchant_id);

create table sessions (
  id text primary key,
  user_id bigint not null references users(id) on delete cascade,
  kind text not null default 'full' check (kind in ('full','temp')),
  csrf_hash text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id);

create table password_tokens (
  id text primary key,
  user_id bigint not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('reset','reactivate')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table rate_limits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);

create table email_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  created_at timestamptz not null default now(),
  status text not null default 'queued' check (status in ('queued','sent','failed','local')),
  attempts integer not null default 0,
  sent_at timestamptz,
  last_error text
);
create index email_outbox_created_idx on email_outbox (created_at desc);

create table integrations (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  name text not null,
  type text not null,
  gateway_type text not null,
  currency text not null,
  is_live boolean not null,
  is_active boolean not null default true,
  is_shopify boolean not null default false,
  processed_callback_url text,
  response_callback_url text,
  auto_callback_retrial boolean not null default false,
  onboarding_status text not null default 'complete',
  created_at timestamptz not null default now()
);
create index integrations_merchant_idx on integrations (merchant_id, is_live);

create table merchant_keys (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  kind text not null check (kind in ('api','secret','public')),
  is_live boolean not null,
  key_hash text,
  key_prefix text not null,
  public_value text,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index merchant_keys_lookup_idx on merchant_keys (key_hash) where revoked_at is null;
create index merchant_keys_merchant_idx on merchant_keys (merchant_id, kind, is_live);

create table customers (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  name text not null,
  email text,
  phone text,
  points integer not null default 0,
  created_at timestamptz not null default now()
);
create index customers_merchant_idx on customers (merchant_id, created_at desc);

create table orders (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  merchant_order_id text,
  amount_cents bigint not null check (amount_cents >= 0),
  paid_amount_cents bigint not null default 0,
  currency text not null,
  payment_status text not null default 'UNPAID',
  is_canceled boolean not null default false,
  delivery_needed boolean not null default false,
  items jsonb not null default '[]',
  shipping_data jsonb,
  customer_id bigint references customers(id),
  created_by text,
  api_source text not null default 'OTHER',
  collector text,
  created_at timestamptz not null default now()
);
create unique index orders_merchant_order_id_idx on orders (merchant_id, merchant_order_id) where merchant_order_id is not null;
create index orders_merchant_created_idx on orders (merchant_id, is_live, created_at desc);

create table payment_links (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  kind text not null check (kind in ('invoice','link')),
  is_live boolean not null,
  order_id bigint references orders(id),
  merchant_invoice_id text,
  amount_cents bigint not null check (amount_cents >= 0),
  currency text not null,
  status text not null default 'unpaid',
  client jsonb not null default '{}',
  description text,
  integration_ids bigint[] not null default '{}',
  expires_at timestamptz,
  remaining_attempts integer,
  is_sms boolean not null default false,
  is_email boolean not null default false,
  created_by text,
  created_at timestamptz not null default now()
);
create index payment_links_merchant_idx on payment_links (merchant_id, kind, created_at desc);

create table transactions (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  order_id bigint references orders(id),
  integration_id bigint references integrations(id),
  terminal_id bigint references terminals(id),
  parent_transaction_id bigint references transactions(id),
  is_live boolean not null,
  amount_cents bigint not null check (amount_cents >= 0),
  currency text not null,
  status text not null check (status in ('pending','success','declined')),
  gateway_type text not null,
  trnx_type text not null,
  origin text not null,
  channel text not null default 'Ecommerce',
  is_auth boolean not null default false,
  is_capture boolean not null default false,
  is_standalone boolean not null default true,
  is_3d_secure boolean not null default false,
  is_voided boolean not null default false,
  is_refunded boolean not null default false,
  is_captured boolean not null default false,
  is_installment boolean not null default false,
  is_discounted boolean not null default false,
  is_split_paid boolean not null default false,
  captured_amount_cents bigint not null default 0,
  refunded_amount_cents bigint not null default 0,
  fees_cents bigint not null default 0,
  vat_cents bigint not null default 0,
  commission_cents bigint not null default 0,
  card_first6 text,
  card_last4 text,
  card_scheme text,
  card_type text,
  issuing_bank text,
  wallet_msisdn text,
  customer_id bigint references customers(id),
  customer_name text,
  customer_email text,
  customer_phone text,
  billing_data jsonb,
  data jsonb not null default '{}',
  failure_reason text,
  txn_response_code text,
  acq_response_code text,
  merchant_txn_ref text,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (captured_amount_cents <= amount_cents),
  check (refunded_amount_cents <= amount_cents)
);
create index transactions_merchant_created_idx on transactions (merchant_id, is_live, created_at desc, id desc);
create index transactions_order_idx on transactions (order_id);
create index transactions_parent_idx on transactions (parent_transaction_id) where parent_transaction_id is not null;
`,
  );
}
