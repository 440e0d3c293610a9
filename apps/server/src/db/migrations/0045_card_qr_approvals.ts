import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The card and QR approval statuses of a merchant (issue 12, back-office.md section 3: card_approval_status,
 * card_rejection_reason, QR_approval_status, QR_reject_status; docs/backoffice.md "Card and QR approvals"), and
 * the index of a partner's merchants list (newest first). A constant default adds the columns without rewriting
 * the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table merchants
  add column card_approval_status text not null default 'pending'
    check (card_approval_status in ('pending','approved','rejected')),
  add column card_rejection_reason text,
  add column qr_approval_status text not null default 'pending'
    check (qr_approval_status in ('pending','approved','rejected')),
  add column qr_rejection_reason text;

create index merchants_partner_idx on merchants (partner_id, created_at desc, id desc) where partner_id is not null;
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop index merchants_partner_idx;
alter table merchants drop column card_approval_status, drop column card_rejection_reason,
  drop column qr_approval_status, drop column qr_rejection_reason;
`,
  );
}
