import type { Insertable, Kysely } from "kysely";
import type { DB, OrdersTable, TransactionsTable } from "../db/schema.ts";
import { unique } from "../test/fixtures.ts";

/** Rows for workspace tests, shaped like the demo data (docs/demo-data.md): payments and their child rows. */
export function rows(db: Kysely<DB>) {
  const order = async (merchantId: number, o: Partial<Insertable<OrdersTable>> = {}) =>
    db
      .insertInto("orders")
      .values({
        merchant_id: merchantId,
        is_live: true,
        merchant_order_id: unique("MO-"),
        amount_cents: 10000,
        currency: "EGP",
        items: JSON.stringify([{ name: "Mug", description: "A mug", quantity: 2, amount_cents: 5000 }]),
        ...o,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  const payment = async (merchantId: number, o: Partial<Insertable<TransactionsTable>> = {}) =>
    db
      .insertInto("transactions")
      .values({
        merchant_id: merchantId,
        is_live: true,
        amount_cents: 10000,
        currency: "EGP",
        status: "success",
        gateway_type: "VPC",
        trnx_type: "standalone",
        origin: "IFRAME",
        card_first6: "512345",
        card_last4: "2346",
        customer_name: "Mona Adel",
        customer_email: "mona@example.test",
        customer_phone: "+201001234567",
        data: JSON.stringify({ message: "Approved", source_data: { type: "card", sub_type: "MasterCard" } }),
        ...o,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  return { order, payment };
}
