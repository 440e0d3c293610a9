import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The sandbox scenarios' delayed settlements (issue 15 item 2, docs/payments.md "Test scenarios"): a test payment
 * with a settling pending card keeps in its data when it is due (`_settle_at`); this partial index holds only
 * those still pending, so the worker's look for due ones reads a handful of rows, never the transactions table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
create index transactions_scenario_settle_idx on transactions (merchant_id)
  where status = 'pending' and is_live = false and data ? '_settle_at';
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, "drop index transactions_scenario_settle_idx;");
}
