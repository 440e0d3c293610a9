import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Lending collection (issue 14 item 6, docs/pos-risk.md "Lending"): a lender (a merchant whose card integration
 * collects instalments) has customers known by a keyed hash of their national ID, each with a balance held by
 * the lender and a PIN for paying from it, and loans paid one instalment at a time by card (through the payment
 * core) or from the balance. A lending payment is one attempt to pay instalment N of a loan: at most one of them
 * is pending or paid per instalment (the partial unique index), so an instalment is never paid twice; a card
 * attempt is credited in the payment's own statement (payments/payment.repository.ts writePayment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table lending_lenders (
  id serial primary key,
  merchant_id bigint not null unique references merchants(id),
  public_id text not null unique,
  integration_id bigint not null references integrations(id),
  created_at timestamptz not null default now()
);
create table lending_accounts (
  id serial primary key,
  lender_id integer not null references lending_lenders(id),
  merchant_id bigint not null references merchants(id),
  national_id_hash text not null,
  national_id_masked text not null,
  currency text not null,
  balance_cents bigint not null default 0 check (balance_cents >= 0),
  pin_hash text not null,
  pin_failures integer not null default 0,
  pin_locked_until timestamptz,
  status text not null default 'active' check (status in ('active', 'suspended')),
  created_at timestamptz not null default now(),
  unique (lender_id, national_id_hash)
);
create table loans (
  id serial primary key,
  lender_id integer not null references lending_lenders(id),
  merchant_id bigint not null references merchants(id),
  account_id integer not null references lending_accounts(id),
  reference text not null,
  service_name text not null,
  currency text not null,
  amount_cents bigint not null check (amount_cents > 0),
  instalment_cents bigint not null check (instalment_cents > 0),
  fee_cents bigint not null default 0 check (fee_cents >= 0),
  instalments_total integer not null check (instalments_total > 0),
  instalments_paid integer not null default 0 check (instalments_paid >= 0 and instalments_paid <= instalments_total),
  outstanding_cents bigint not null check (outstanding_cents >= 0),
  status text not null default 'open' check (status in ('open', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (lender_id, reference)
);
create index loans_account on loans (account_id, status);
create table lending_payments (
  id serial primary key,
  loan_id integer not null references loans(id),
  account_id integer not null references lending_accounts(id),
  merchant_id bigint not null references merchants(id),
  instalment_no integer not null check (instalment_no > 0),
  source text not null check (source in ('card', 'balance')),
  instalment_cents bigint not null check (instalment_cents > 0),
  fee_cents bigint not null check (fee_cents >= 0),
  total_cents bigint not null check (total_cents > 0),
  currency text not null,
  status text not null check (status in ('pending', 'paid', 'cancelled')),
  order_id bigint unique references orders(id),
  payment_key_id bigint references payment_keys(id),
  transaction_id bigint,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create unique index lending_payments_one_live on lending_payments (loan_id, instalment_no)
  where status in ('pending', 'paid');
create index lending_payments_loan on lending_payments (loan_id, id desc);
`,
  );
}
