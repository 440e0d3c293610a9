import type { ProductListQuery } from "@portal/domain";
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { IntegrationRow } from "../db/rows.ts";
import type { DB, ProductsTable } from "../db/schema.ts";

/**
 * Products' statements (docs/selling.md "Products"): the merchant's list and rows, each scoped to the caller's
 * merchant; the public page's read; and the purchase's row lock, held quantity and reservation. The payment's
 * success takes the quantity off the inventory in payments/payment.repository.ts writePayment (its statement).
 */

export type ProductRow = Selectable<ProductsTable>;

/** The merchant's products not deleted, in one mode. */
function merchantProducts(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("products as p")
    .where("p.merchant_id", "=", merchantId)
    .where("p.deleted_at", "is", null);
}

export async function listProducts(
  db: Kysely<DB>,
  merchantId: number,
  query: ProductListQuery,
): Promise<{ count: number; rows: ProductRow[] }> {
  let q = merchantProducts(db, merchantId).where("p.is_live", "=", query.is_live);
  if (query.search !== undefined) {
    const text = query.search.trim();
    const pattern = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb("p.name", "ilike", pattern), eb("p.merchant_product_id", "=", text)]));
  }
  if (query.sold_out !== undefined) q = q.where("p.inventory", query.sold_out ? "=" : ">", 0);
  const [counted, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    q
      .selectAll("p")
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return { count: Number(counted.n), rows };
}

export function findProduct(db: Kysely<DB>, merchantId: number, id: number): Promise<ProductRow | undefined> {
  return merchantProducts(db, merchantId).selectAll("p").where("p.id", "=", id).executeTakeFirst();
}

export function insertProduct(db: Kysely<DB>, values: Insertable<ProductsTable>): Promise<ProductRow> {
  return db.insertInto("products").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateProduct(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  values: Updateable<ProductsTable>,
): Promise<ProductRow | undefined> {
  return db
    .updateTable("products")
    .set(values)
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Soft delete: the page stops selling, orders and reservations keep their product. */
export async function softDeleteProduct(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  at: Date,
): Promise<boolean> {
  const row = await db
    .updateTable("products")
    .set({ deleted_at: at })
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The merchant's active integrations among `ids`. */
export function merchantIntegrations(
  db: Kysely<DB>,
  merchantId: number,
  ids: readonly number[],
): Promise<IntegrationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("integrations")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("is_active", "=", true)
    .where("id", "in", [...ids])
    .orderBy("id")
    .execute();
}

/** What the public page shows: the product, its merchant, and the quantity live reservations hold. */
export async function productPageRow(db: Kysely<DB>, publicId: string, now: Date) {
  return db
    .selectFrom("products as p")
    .innerJoin("merchants as m", "m.id", "p.merchant_id")
    .selectAll("p")
    .select(["m.company_name", "m.logo_url"])
    .select((eb) =>
      eb
        .selectFrom("product_reservations as r")
        .select(sql<number>`coalesce(sum(r.quantity), 0)::int`.as("held"))
        .whereRef("r.product_id", "=", "p.id")
        .where("r.paid_at", "is", null)
        .where("r.expires_at", ">", now)
        .as("held"),
    )
    .where("p.public_id", "=", publicId)
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
}

/** The product of a public id, locked for the purchase's transaction (purchases of it wait for each other). */
export function lockProduct(trx: Kysely<DB>, publicId: string): Promise<ProductRow | undefined> {
  return trx
    .selectFrom("products")
    .selectAll()
    .where("public_id", "=", publicId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

/** The quantity held by the product's reservations that are neither paid nor expired. */
export async function heldQuantity(trx: Kysely<DB>, productId: number, now: Date): Promise<number> {
  const row = await trx
    .selectFrom("product_reservations")
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as("held"))
    .where("product_id", "=", productId)
    .where("paid_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.held);
}

export async function insertReservation(
  trx: Kysely<DB>,
  values: { order_id: number; product_id: number; quantity: number; expires_at: Date; created_at: Date },
): Promise<void> {
  await trx.insertInto("product_reservations").values(values).execute();
}
