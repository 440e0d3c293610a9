import { type Kysely, sql } from "kysely";
import { RECOUNT_TOTALS } from "./0033_customers.ts";

/**
 * customers_recount (migration 0053) in one statement. It took the queued totals out, then counted the customer's
 * transactions, in two statements and so two snapshots: a payment of that customer committing between them was
 * counted and its queued row still folded later, one transaction too many (caught by
 * customers/activity.concurrency.test.ts). One statement sees a payment's row and its queued row together or neither
 * (they commit together; a WITH's statements share the main statement's snapshot, and a data-modifying one runs
 * whether or not it is read); the fold's lock keeps folds out meanwhile.
 */
const RECOUNT = `create or replace function customers_recount(c bigint) returns void language plpgsql as $fn$
begin
  perform pg_advisory_xact_lock(hashtext('customer_activity_fold'));
  with queued as (
    update customer_activity set total = 0 where customer_id = c and total <> 0 returning 1
  )
${RECOUNT_TOTALS};
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(RECOUNT).execute(db);
}
