import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * An order's paid amount is the money actually taken for it (payments/outcome.ts and operations.service.ts): a
 * sale its amount, an auth only what was captured, a voided payment nothing. The demo generator used to count a
 * successful auth (captured or not) and a voided sale as paid in full, so capturing such an auth paid the order
 * twice (a partial capture of 20,000 on a 28,999 auth showed 48,999 paid). This recomputes the orders that have a
 * successful auth or a voided payment, and only those whose stored figure differs; their payment status follows
 * (canceled orders keep theirs). The order totals rollup moves with the rows through its row triggers (0012).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `with paid as (
  select t.order_id as id,
    sum(case when t.is_voided then 0 when t.is_auth then t.captured_amount_cents else t.amount_cents end) as paid
  from transactions t
  where t.parent_transaction_id is null and t.status = 'success' and t.order_id in (
    select a.order_id from transactions a
    where a.parent_transaction_id is null and a.status = 'success' and (a.is_auth or a.is_voided)
      and a.order_id is not null)
  group by t.order_id
)
update orders o set paid_amount_cents = p.paid,
  payment_status = case when o.payment_status in ('PAID', 'UNPAID')
    then case when p.paid >= o.amount_cents then 'PAID' else 'UNPAID' end else o.payment_status end
from paid p where o.id = p.id and o.paid_amount_cents <> p.paid;
`,
  );
}
