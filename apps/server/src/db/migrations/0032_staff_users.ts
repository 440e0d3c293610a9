import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Users and permissions (issue 18 item 2, docs/settings.md "Users and permissions"):
 * - a staff user added by the merchant waits for activation (`pending_activation`) until they use the e-mailed
 *   link, a password token of purpose 'activate_staff' (stored as a keyed hash, like every e-mailed token);
 * - a deleted staff user is kept for the rows that name them (exports, uploads, answers) but is marked
 *   `deleted_at`, locked and renamed, so their sessions, links and sign-in end and the address can be added again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table users add column pending_activation boolean not null default false;
alter table users add column deleted_at timestamptz;
alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens add constraint password_tokens_purpose_check check (purpose in ('reset','reactivate','activate_staff'));
create index users_merchant_staff_idx on users (merchant_id, id desc) where profile_type = 'MerchantStaff' and deleted_at is null;
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop index users_merchant_staff_idx;
delete from password_tokens where purpose = 'activate_staff';
alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens add constraint password_tokens_purpose_check check (purpose in ('reset','reactivate'));
alter table users drop column deleted_at;
alter table users drop column pending_activation;
`,
  );
}
