import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * A card payment leases its payment key while the acquirer decides (docs/payments.md, "Money rules"): the
 * attempt is counted and `lease_ends_at` set in one statement, and the statement that writes the payment clears
 * it, so the card path needs no database transaction and no row lock held across the acquirer's call. A second
 * submission with the same key waits for the lease (or its end, when a process stopped mid-payment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, "alter table payment_keys add column lease_ends_at timestamptz;\n");
}
