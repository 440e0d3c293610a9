import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Test helpers (issue 15 item 4, docs/payments.md "Test helpers"): a test-mode callback attempt keeps the body it
 * sent and its signature, so the Developers page shows them and a replay sends the very same body again with a
 * signature made now. Live attempts leave both empty (nullable columns: adding them rewrites nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table callback_attempts add column request_body text, add column signature text;
create index callback_attempts_merchant_recent_idx on callback_attempts (merchant_id, id desc)
  where request_body is not null;
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop index callback_attempts_merchant_recent_idx;
alter table callback_attempts drop column request_body, drop column signature;
`,
  );
}
