import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The bank's back-office on merchants (issue 12, docs/backoffice.md): what the bank decides about a merchant
 * (documents received, rejection and suspicion reasons, deactivation, bank account, fee plan, the add form's
 * registration fields), the merchant's documents (files stored in the database, checked by magic bytes), the
 * bank's comments, the audit of every action (who, when, why; the "approvals" of the details page) and the
 * merchant's branches. Indexes serve the merchants summary's first page under each filter (bank, status, MCC).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table merchants
  add column docs_received boolean not null default false,
  add column deactivated boolean not null default false,
  add column deactivate_reason text,
  add column rejection_reason text,
  add column digital_rejection_reason text,
  add column cib_rejection_reason text,
  add column suspicion_reason text,
  add column bank_account text,
  add column fee_id integer,
  add column bank_profile jsonb not null default '{}'::jsonb;

create index merchants_bank_status_idx on merchants (bank_id, bank_merchant_status, created_at desc, id desc);
create index merchants_bank_mcc_idx on merchants (bank_id, mcc, created_at desc, id desc);

create table merchant_documents (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  kind text not null check (kind in ('company_registration','tax_card','acquirer_contract','provider_contract','signatory_national_id','rent_contract')),
  file_name text not null,
  content_type text not null check (content_type in ('application/pdf','image/png','image/jpeg')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  content bytea not null,
  uploaded_by bigint references users(id),
  created_at timestamptz not null default now()
);
create index merchant_documents_merchant_idx on merchant_documents (merchant_id, id);

create table merchant_comments (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  user_id bigint not null references users(id),
  content text not null,
  created_at timestamptz not null default now()
);
create index merchant_comments_merchant_idx on merchant_comments (merchant_id, created_at desc, id desc);

create table merchant_actions (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  user_id bigint references users(id),
  action text not null,
  reason text,
  from_status text,
  to_status text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index merchant_actions_merchant_idx on merchant_actions (merchant_id, created_at desc, id desc);

create table merchant_branches (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  branch_name text not null,
  branch_code text not null,
  created_at timestamptz not null default now(),
  unique (merchant_id, branch_code)
);

alter table exports drop constraint if exists exports_kind_check;
alter table exports add constraint exports_kind_check check (kind in ('transactions','orders','merchants'));
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop table merchant_branches;
drop table merchant_actions;
drop table merchant_comments;
drop table merchant_documents;
drop index merchants_bank_status_idx;
drop index merchants_bank_mcc_idx;
alter table merchants drop column docs_received, drop column deactivated, drop column deactivate_reason,
  drop column rejection_reason, drop column digital_rejection_reason, drop column cib_rejection_reason,
  drop column suspicion_reason, drop column bank_account, drop column fee_id, drop column bank_profile;
`,
  );
}
