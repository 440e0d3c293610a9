import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Two trims of what a payment and the customers' fold write (issue 17 item 4, docs/payments.md "Re-run after
 * migration 0053"):
 * - `transfer_balance_deltas` loses its index on (merchant_id, is_live). Every successful payment inserts a delta
 *   row, and with one merchant's payments all of them went to the index's last leaf page; the table holds only
 *   what the last fold (every 5 seconds) has not yet moved, so the balance's read scans it instead.
 * - The new-customers trigger on customers (migration 0022) fires only when what it counts changes (the
 *   customer's merchant or creation time): the customers' fold (0053) updates totals on many rows every 5 seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop index transfer_balance_deltas_idx;
drop trigger analytics_new_customers_update on customers;
create trigger analytics_new_customers_update after update on customers for each row
  when (old.merchant_id is distinct from new.merchant_id or old.created_at is distinct from new.created_at)
  execute function analytics_new_customers_update();
`,
  );
}
