import type { OrderDisplayStatus } from "@portal/domain";
import { sql } from "kysely";

/**
 * An order's display status in SQL, over `o` (orders) and `m` (its merchant): the same derivation as
 * orderDisplayStatus (canceled first; Oman follows payment_status; else amount against paid amount). The orders
 * list filters and shows it; the orders header counts its PAID ones (migration 0010 keeps a copy in the rollup's
 * triggers, and totals.repository.test.ts proves the two equal).
 */
export const orderStatusSql = sql<OrderDisplayStatus>`case
  when o.is_canceled then 'CANCELED'
  when m.country = 'OMN' then case
    when upper(replace(trim(o.payment_status), 'CANCELLED', 'CANCELED')) in ('PAID', 'CANCELED')
      then upper(replace(trim(o.payment_status), 'CANCELLED', 'CANCELED'))
    else 'UNPAID' end
  when o.amount_cents <= o.paid_amount_cents then 'PAID'
  else 'UNPAID' end`;
