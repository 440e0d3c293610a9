import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Reports and chargebacks (issue 12, docs/transfers.md).
 *
 * Reports are export rows with purpose 'report' (the exports feature's durable job and file storage): the exports
 * history lists purpose 'export' only and the reports table purpose 'report'. Their types add invoices and
 * transfers to the kinds an export row may hold.
 *
 * Chargebacks: one per disputed payment (the unique transaction_id), opened by the acquirer (the simulator's
 * dispute cards, chargebacks/disputes.ts); the merchant accepts it or answers with evidence before deadline_at;
 * the outcome (won, lost) is final at resolved_at and is carried by the merchant's next transfer, which records
 * itself in transfer_id (set once: the transfers job takes resolved chargebacks whose transfer_id is null).
 * Evidence files are in the database, encrypted with the data key, their type read from their first bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table exports add column purpose text not null default 'export' check (purpose in ('export','report'));
alter table exports drop constraint if exists exports_kind_check;
alter table exports add constraint exports_kind_check
  check (kind in ('transactions','orders','merchants','invoices','transfers'));
create index exports_report_merchant_idx on exports (merchant_id, purpose, id desc) where merchant_id is not null;
create index exports_report_bank_idx on exports (bank_id, purpose, id desc) where bank_id is not null;

create table chargebacks (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  transaction_id bigint not null unique references transactions(id),
  order_id bigint references orders(id),
  integration_id bigint references integrations(id),
  is_live boolean not null,
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null,
  vat_cents bigint not null default 0 check (vat_cents >= 0),
  accept_fees_cents bigint not null default 0 check (accept_fees_cents >= 0),
  reason text not null,
  status text not null default 'open' check (status in ('open','under_review','won','lost')),
  answer text check (answer in ('accepted','evidence','expired')),
  chargeback_date timestamptz not null default now(),
  deadline_at timestamptz not null,
  answered_at timestamptz,
  answered_by bigint references users(id),
  evidence_note text,
  resolved_at timestamptz,
  transfer_id bigint,
  created_at timestamptz not null default now(),
  check ((status in ('won','lost')) = (resolved_at is not null)),
  check (transfer_id is null or resolved_at is not null)
);
create index chargebacks_merchant_idx on chargebacks (merchant_id, is_live, chargeback_date desc, id desc);
create index chargebacks_open_idx on chargebacks (deadline_at) where status = 'open';
create index chargebacks_review_idx on chargebacks (answered_at) where status = 'under_review';
create index chargebacks_unsettled_idx on chargebacks (merchant_id, currency, resolved_at)
  where resolved_at is not null and transfer_id is null;
-- The disputes job reads the payments of the simulator's dispute cards (payments/simulator.ts DISPUTE_CARDS):
-- a partial index that holds only those rows, so the job never scans the transactions table.
create index transactions_dispute_cards_idx on transactions (card_last4, created_at)
  where card_first6 = '400000' and card_last4 in ('1976', '2685');

create table chargeback_evidence (
  id bigserial primary key,
  chargeback_id bigint not null references chargebacks(id),
  merchant_id bigint not null references merchants(id),
  file_name text not null,
  content_type text not null check (content_type in ('application/pdf','image/png','image/jpeg')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 2097152),
  content bytea not null,
  uploaded_by bigint references users(id),
  created_at timestamptz not null default now()
);
create index chargeback_evidence_chargeback_idx on chargeback_evidence (chargeback_id, id);
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop table chargeback_evidence;
drop table chargebacks;
drop index transactions_dispute_cards_idx;
drop index exports_report_merchant_idx;
drop index exports_report_bank_idx;
alter table exports drop column purpose;
`,
  );
}
