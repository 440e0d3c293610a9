import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Transfers (settlements, issue 12; docs/transfers.md). One transfer per merchant, mode, currency and day
 * (never a sum across currencies); transfer_transactions links each settled transaction to its transfer, and its
 * primary key on transaction_id is what makes "every transaction belongs to at most one transfer" a fact of the
 * schema. transfer_runs records each day the job settled and the instant it settled up to (its cutoff): the next
 * run reads only the transactions after the previous cutoff less the longest pending-hours threshold. The link
 * table has no foreign keys: checking them row by row doubled the time of a day of a million transactions, the
 * job writes the links from the rows it reads, and neither transactions nor transfers are ever deleted.
 *
 * The merchant's bank account (where a transfer is paid) was stored nowhere: two nullable columns on merchants,
 * added "if not exists" so that the back-office's bank account dialog may add the same ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `alter table merchants add column if not exists bank_name text;
alter table merchants add column if not exists bank_account text;
create table transfers (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  currency text not null,
  day date not null,
  status text not null default 'Pending' check (status in ('Pending', 'Approved', 'Transferred', 'Successful')),
  gross_cents bigint not null default 0 check (gross_cents >= 0),
  refunded_cents bigint not null default 0 check (refunded_cents >= 0),
  chargeback_cents bigint not null default 0 check (chargeback_cents >= 0),
  fees_cents bigint not null default 0 check (fees_cents >= 0),
  vat_cents bigint not null default 0 check (vat_cents >= 0),
  net_cents bigint generated always as (gross_cents - refunded_cents - chargeback_cents - fees_cents - vat_cents) stored,
  transactions_count integer not null default 0,
  bank_name text,
  bank_account text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  approved_at timestamptz,
  approved_by bigint references users(id),
  transferred_at timestamptz,
  transferred_by bigint references users(id),
  date_paid timestamptz,
  paid_by bigint references users(id),
  unique (merchant_id, is_live, currency, day)
);
create index transfers_merchant_day_idx on transfers (merchant_id, is_live, day desc, id desc);
create index transfers_day_idx on transfers (day desc, id desc) where is_live;
create table transfer_transactions (
  transaction_id bigint primary key,
  transfer_id bigint not null,
  kind text not null check (kind in ('payment', 'capture', 'refund'))
);
create index transfer_transactions_transfer_idx on transfer_transactions (transfer_id, transaction_id);
create table transfer_runs (
  day date primary key,
  cutoff timestamptz not null,
  transfers integer not null default 0,
  transactions integer not null default 0,
  finished_at timestamptz not null default now()
);
`,
  );
}
