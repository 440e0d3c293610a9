import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Invoices (issue 13) and the SMS outbox. An invoice is a payment_links row of kind 'invoice' with its order (the
 * order holds the cart, the shipping data and delivery_needed): this adds only what invoices need on top.
 * - A merchant invoice id is unique per merchant among its invoices: the unique index makes the check race-safe
 *   (two requests with one id: the second waits for the first and fails with 23505).
 * - The list's search: the beginning of a merchant invoice id, or of the client's name, phone or e-mail, each
 *   through its own index (a prefix LIKE), so a search among 100,000 invoices reads only the matches.
 * - sms_sent_at and email_sent_at: when the invoice was last sent, for the 60-second resend limit (one
 *   conditional update, so two clicks at once send once).
 * - sms_outbox: SMS messages, written in the transaction of the change that causes them; with no SMS provider
 *   configured they stay 'local' and the local SMS viewer shows them (as the e-mail outbox and the mailbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `alter table payment_links add column sms_sent_at timestamptz;
alter table payment_links add column email_sent_at timestamptz;
create unique index payment_links_invoice_id_idx on payment_links (merchant_id, merchant_invoice_id)
  where kind = 'invoice' and merchant_invoice_id is not null;
create index payment_links_invoices_idx on payment_links (merchant_id, is_live, created_at desc, id desc)
  where kind = 'invoice';
create index payment_links_invoice_ref_search_idx on payment_links
  (merchant_id, is_live, lower(merchant_invoice_id) text_pattern_ops) where kind = 'invoice';
create index payment_links_invoice_name_search_idx on payment_links
  (merchant_id, is_live, lower(client->>'full_name') text_pattern_ops) where kind = 'invoice';
create index payment_links_invoice_phone_search_idx on payment_links
  (merchant_id, is_live, (client->>'phone_number') text_pattern_ops) where kind = 'invoice';
create index payment_links_invoice_email_search_idx on payment_links
  (merchant_id, is_live, lower(client->>'email') text_pattern_ops) where kind = 'invoice';

create table sms_outbox (
  id bigserial primary key,
  merchant_id bigint references merchants(id),
  to_number text not null,
  body text not null,
  status text not null default 'local' check (status in ('queued','sent','failed','local')),
  attempts integer not null default 0,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index sms_outbox_local_idx on sms_outbox (created_at desc, id desc) where status = 'local';
`,
  );
}
