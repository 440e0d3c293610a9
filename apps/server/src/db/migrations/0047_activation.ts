import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The account activation wizard (issue 16 items 4 and 5; docs/onboarding.md "Account activation"): one
 * application per merchant, its steps saved as they are filled (the settlement details encrypted under the data
 * key), and its files among the merchant's documents (the bank reviews both). A wizard upload carries the
 * sha256 of its bytes (the same file twice is refused, also under a race: the unique index) and its content is
 * encrypted (encryption 'v1': AES-256-GCM under the data key; 'none' for the documents stored before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table merchant_documents drop constraint merchant_documents_kind_check;
alter table merchant_documents add constraint merchant_documents_kind_check check (kind in (
  'company_registration','tax_card','acquirer_contract','provider_contract','signatory_national_id','rent_contract',
  'national_id_front','national_id_back','passport','proof_of_residence','utility_bill'));
alter table merchant_documents
  add column content_hash text,
  add column encryption text not null default 'none' check (encryption in ('none','v1'));
create unique index merchant_documents_hash_idx on merchant_documents (merchant_id, content_hash)
  where content_hash is not null;

create table merchant_activations (
  merchant_id bigint primary key references merchants(id),
  status text not null default 'draft' check (status in ('draft','submitted')),
  business_info jsonb,
  payment_solutions jsonb,
  documents jsonb,
  settlements_encrypted text,
  terms_accepted boolean,
  terms_version text,
  submitted_at timestamptz,
  submitted_by bigint references users(id),
  updated_at timestamptz not null default now()
);
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop table merchant_activations;
drop index merchant_documents_hash_idx;
delete from merchant_documents where kind in ('national_id_front','national_id_back','passport','proof_of_residence','utility_bill');
alter table merchant_documents drop column content_hash, drop column encryption;
alter table merchant_documents drop constraint merchant_documents_kind_check;
alter table merchant_documents add constraint merchant_documents_kind_check check (kind in (
  'company_registration','tax_card','acquirer_contract','provider_contract','signatory_national_id','rent_contract'));
`,
  );
}
