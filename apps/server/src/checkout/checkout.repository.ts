import type { Kysely } from "kysely";
import type { OrderRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";

/**
 * The checkout's own reads (the payment path's statements live in payments/): what the intention's page shows of
 * its merchant, and the intention's order.
 */
export async function intentionPageRows(
  db: Kysely<DB>,
  intention: { merchant_id: number; order_id: number },
): Promise<{ merchant: { company_name: string; logo_url: string | null }; order: OrderRow }> {
  const merchant = await db
    .selectFrom("merchants")
    .select(["company_name", "logo_url"])
    .where("id", "=", intention.merchant_id)
    .executeTakeFirstOrThrow();
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", intention.order_id)
    .executeTakeFirstOrThrow();
  return { merchant, order };
}
