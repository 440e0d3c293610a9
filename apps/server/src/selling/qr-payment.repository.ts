import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The statements of QR payments (docs/selling.md "QR payment"). A QR payment is an intention of the payment core
 * marked `extras.portal_qr`; every read takes the merchant, so Check Status never reaches another's order.
 */

export const QR_EXTRA = "portal_qr";

export async function merchantName(db: Kysely<DB>, merchantId: number): Promise<string> {
  const row = await db
    .selectFrom("merchants")
    .select("company_name")
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
  return row.company_name;
}

/** The merchant's active integrations of one mode, to find its wallet integration (payments/methods.ts). */
export async function modeIntegrations(db: Kysely<DB>, merchantId: number, isLive: boolean) {
  return db
    .selectFrom("integrations")
    .select(["id", "type", "gateway_type", "currency"])
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .where("is_active", "=", true)
    .orderBy("id")
    .execute();
}

/** A QR payment's order with its latest payment attempt (none yet: the transaction columns are null). */
export async function qrPaymentState(db: Kysely<DB>, merchantId: number, orderId: number) {
  return db
    .selectFrom("payment_intentions as pi")
    .innerJoin("orders as o", "o.id", "pi.order_id")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("transactions as t")
          .select(["t.id", "t.status", "t.acq_response_code", "t.data"])
          .where("t.order_id", "=", orderId)
          .where("t.merchant_id", "=", merchantId)
          .orderBy("t.id", "desc")
          .limit(1)
          .as("t"),
      (join) => join.onTrue(),
    )
    .select([
      "o.id",
      "o.amount_cents",
      "o.paid_amount_cents",
      "o.currency",
      "t.id as transaction_id",
      "t.status as transaction_status",
      "t.acq_response_code",
      "t.data as transaction_data",
    ])
    .where("pi.merchant_id", "=", merchantId)
    .where("pi.order_id", "=", orderId)
    .where(sql<boolean>`pi.extras ->> ${QR_EXTRA} = 'true'`)
    .executeTakeFirst();
}
