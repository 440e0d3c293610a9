import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The payment core: API auth tokens, payment keys and intentions, saved card tokens, idempotency records and
 * the callback delivery log. Transactions gain the link to the payment key that created them;
 * integrations gain the auth/capture flag. The provider's source_data stays in transactions.data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table integrations add column is_auth boolean not null default false;
alter table orders add column is_payment_locked boolean not null default false;

create table api_auth_tokens (
  id text primary key,
  merchant_id bigint not null references merchants(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index api_auth_tokens_expires_idx on api_auth_tokens (expires_at);

create table payment_intentions (
  id bigserial primary key,
  public_id text not null unique,
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  client_secret_hash text not null unique,
  order_id bigint not null references orders(id),
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null,
  integration_ids bigint[] not null,
  items jsonb not null default '[]',
  billing_data jsonb not null,
  customer jsonb,
  extras jsonb not null default '{}',
  special_reference text,
  notification_url text,
  redirection_url text,
  card_token_ids bigint[] not null default '{}',
  status text not null default 'intended',
  confirmed boolean not null default false,
  payment_link_id bigint references payment_links(id),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payment_intentions_merchant_idx on payment_intentions (merchant_id, created_at desc);

create table payment_keys (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  order_id bigint not null references orders(id),
  integration_id bigint not null references integrations(id),
  intention_id bigint references payment_intentions(id),
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null,
  billing_data jsonb not null,
  extra jsonb not null default '{}',
  lock_order_when_paid boolean not null default false,
  notification_url text,
  redirection_url text,
  card_token_id bigint,
  salt text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index payment_keys_order_idx on payment_keys (order_id);
create index payment_keys_intention_idx on payment_keys (intention_id) where intention_id is not null;

create table card_tokens (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  token_hash text not null unique,
  token_enc text not null,
  masked_pan text not null,
  card_first6 text not null,
  card_last4 text not null,
  card_subtype text not null,
  email text,
  order_id bigint references orders(id),
  created_at timestamptz not null default now()
);
create index card_tokens_order_idx on card_tokens (order_id);

alter table transactions add column payment_key_id bigint references payment_keys(id);
create index transactions_bill_reference_idx on transactions ((data->>'bill_reference')) where data->>'bill_reference' is not null;

alter table payment_links add column notification_url text;
alter table payment_links add column paid_at timestamptz;
alter table payment_links add column image_url text;

create table idempotency_keys (
  merchant_id bigint not null references merchants(id),
  scope text not null,
  key text not null,
  request_hash text not null,
  status_code integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (merchant_id, scope, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

create table callback_attempts (
  id bigserial primary key,
  transaction_id bigint not null references transactions(id),
  merchant_id bigint not null references merchants(id),
  kind text not null check (kind in ('TRANSACTION','TOKEN')),
  trigger text not null check (trigger in ('event','retry','manual')),
  attempt integer not null,
  job_id text,
  url text not null,
  attempted_at timestamptz not null default now(),
  finished_at timestamptz,
  status_code integer,
  latency_ms integer,
  response_excerpt text,
  error text
);
create index callback_attempts_transaction_idx on callback_attempts (transaction_id, id);
create index callback_attempts_job_idx on callback_attempts (job_id) where finished_at is null;
`,
  );
}
