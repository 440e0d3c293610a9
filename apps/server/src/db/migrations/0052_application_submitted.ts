import { type Kysely, sql } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The back-office's Pending Verification stage (docs/backoffice.md "Statuses and stages") is a merchant whose
 * activation application is submitted (merchant_activations.status, migration 0047), not one whose
 * filled_business_data is set (the first-login popup sets it too). The summary, its stage filter and the admin
 * page's counts read the merchants row alone (index merchants_bank_status_idx, no probe per merchant), so the
 * submission is copied onto it: `merchants.application_submitted`, kept by a row trigger on merchant_activations
 * from whatever writes it (the wizard's Submit, demo data), and filled here from the applications submitted before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table merchants add column application_submitted boolean not null default false;
update merchants m set application_submitted = true
from merchant_activations a
where a.merchant_id = m.id and a.status = 'submitted';
`,
  );
  await sql
    .raw(
      `create function merchants_application_submitted() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'DELETE' then
    update merchants set application_submitted = false where id = old.merchant_id and application_submitted;
    return null;
  end if;
  update merchants set application_submitted = (new.status = 'submitted')
  where id = new.merchant_id and application_submitted is distinct from (new.status = 'submitted');
  return null;
end
$fn$`,
    )
    .execute(db);
  await runStatements(
    db,
    `
create trigger merchants_application_submitted after insert or delete or update of status, merchant_id
on merchant_activations for each row execute function merchants_application_submitted();
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop trigger merchants_application_submitted on merchant_activations;
drop function merchants_application_submitted();
alter table merchants drop column application_submitted;
`,
  );
}
