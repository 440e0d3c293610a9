import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Bulk invoice uploads (issue 13, docs/selling.md): the file as uploaded (bytes in the database, so every server
 * process sees it; checked by content before it is stored), its rows as parsed and corrected, and the counts the
 * history shows. One row per upload; nothing here is a money record (the invoices are payment_links rows).
 * `sends` lists the created invoices to send (e-mail, SMS) for the durable sending job; `sends_done` is how far
 * it got, so a retried job goes on where it stopped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table bulk_invoice_uploads (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  user_id integer references users(id),
  created_by text,
  is_live boolean not null,
  file_name text not null,
  file_type text not null check (file_type in ('csv', 'xlsx')),
  file_bytes bytea not null,
  rows jsonb not null,
  status text not null default 'previewed' check (status in ('previewed', 'submitted')),
  row_count integer not null,
  valid_count integer not null default 0,
  invalid_count integer not null default 0,
  created_count integer not null default 0,
  emailed_count integer not null default 0,
  texted_count integer not null default 0,
  sends jsonb not null default '[]',
  send_state text not null default 'none' check (send_state in ('none', 'queued', 'done')),
  sends_done integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  submitted_at timestamptz
);
create index bulk_invoice_uploads_merchant_created on bulk_invoice_uploads (merchant_id, created_at desc, id desc);
`,
  );
}
