import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Two gaps of issue 14 (docs/pos-risk.md):
 * - The bank's add-merchant form made its terminals without `branch_id` (only the branch's name as a copy): each
 *   now gets the branch it was made for, found as 0039 did (same merchant, same branch name).
 * - Lenders are managed by their bank (list, add, edit, disable): a disabled lender keeps its customers and loans
 *   but its page answers as for no lender; `updated_at` says when the bank last changed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
update terminals t set branch_id = b.id
from merchant_branches b
where b.merchant_id = t.merchant_id and b.branch_name = t.branch_name and t.branch_id is null;
alter table lending_lenders add column disabled_at timestamptz, add column updated_at timestamptz;
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `alter table lending_lenders drop column disabled_at, drop column updated_at;`);
}
