import type { Kysely } from "kysely";
import type { OrderRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";

/**
 * The checkout's own reads (the payment path's statements live in payments/): what the intention's page shows of
 * its merchant, the intention's order, and the origins that may frame the checkout (frame-origins.ts).
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

/** A payment key's salt (to check the payment token) and the origins its integration lets frame the checkout. */
export function paymentKeyFrameOrigins(
  db: Kysely<DB>,
  paymentKeyId: number,
): Promise<{ salt: string; frame_origins: string[] } | undefined> {
  return db
    .selectFrom("payment_keys as k")
    .innerJoin("integrations as i", "i.id", "k.integration_id")
    .select(["k.salt", "i.frame_origins"])
    .where("k.id", "=", paymentKeyId)
    .executeTakeFirst();
}

/** The frame origins of a merchant's integrations among these ids (an intention's). */
export function integrationsFrameOrigins(
  db: Kysely<DB>,
  merchantId: number,
  integrationIds: readonly number[],
): Promise<{ frame_origins: string[] }[]> {
  return db
    .selectFrom("integrations")
    .select("frame_origins")
    .where("merchant_id", "=", merchantId)
    .where("id", "in", integrationIds)
    .execute();
}
