import type { RequestState } from "@portal/domain";
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { DB, RequestToPayTable } from "../db/schema.ts";

/**
 * Request to pay's queries (table request_to_pay, 0042_request_to_pay). Every dashboard query is scoped to its
 * merchant. Paid is read from the request's current order: its first successful, unvoided payment (not a refund or
 * capture child), so the payment core needs no hook.
 */

export type RequestRow = Selectable<RequestToPayTable>;
export type RequestView = RequestRow & {
  transaction_id: number | null;
  paid_at: Date | null;
  paid_amount_cents: number | null;
};

export const COUNT_CAP = 10_000;

function withPayment(db: Kysely<DB>) {
  return db
    .selectFrom("request_to_pay as r")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("transactions as t")
          .select(["t.id", "t.created_at", "t.amount_cents"])
          .whereRef("t.order_id", "=", "r.order_id")
          .where("t.status", "=", "success")
          .where("t.parent_transaction_id", "is", null)
          .where("t.is_voided", "=", false)
          .orderBy("t.id")
          .limit(1)
          .as("p"),
      (join) => join.onTrue(),
    )
    .selectAll("r")
    .select(["p.id as transaction_id", "p.created_at as paid_at", "p.amount_cents as paid_amount_cents"]);
}

function revive(row: RequestView): RequestView {
  return {
    ...row,
    amount_cents: Number(row.amount_cents),
    tip_value: row.tip_value === null ? null : Number(row.tip_value),
    tip_cents: row.tip_cents === null ? null : Number(row.tip_cents),
    transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
    paid_amount_cents: row.paid_amount_cents === null ? null : Number(row.paid_amount_cents),
    paid_at: row.paid_at === null ? null : new Date(row.paid_at),
  };
}

export async function insertRequest(db: Kysely<DB>, values: Insertable<RequestToPayTable>): Promise<number> {
  const row = await db.insertInto("request_to_pay").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function findRequest(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
): Promise<RequestView | undefined> {
  const row = await withPayment(db)
    .where("r.merchant_id", "=", merchantId)
    .where("r.id", "=", id)
    .executeTakeFirst();
  return row ? revive(row as RequestView) : undefined;
}

/** Locks the merchant's request (edits, sends, cancels and the customer's pay start are serialized on it). */
export async function lockRequest(trx: Kysely<DB>, merchantId: number, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom("request_to_pay")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateRequest(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  values: Updateable<RequestToPayTable>,
): Promise<void> {
  await db
    .updateTable("request_to_pay")
    .set(values)
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .execute();
}

/** The SQL condition of each shown state (paid first; expired is an unpaid, uncancelled request past expiry). */
function stateWhere(state: RequestState, now: Date) {
  switch (state) {
    case "paid":
      return sql<boolean>`p.id is not null`;
    case "cancelled":
      return sql<boolean>`p.id is null and r.status = 'cancelled'`;
    case "expired":
      return sql<boolean>`p.id is null and r.status <> 'cancelled' and r.expires_at <= ${now}`;
    default:
      return sql<boolean>`p.id is null and r.status = ${state} and r.expires_at > ${now}`;
  }
}

export async function listRequests(
  db: Kysely<DB>,
  merchantId: number,
  query: { is_live: boolean; state?: RequestState | undefined; page: number; page_size: number },
  now: Date,
): Promise<{ count: number; rows: RequestView[] }> {
  let base = withPayment(db).where("r.merchant_id", "=", merchantId).where("r.is_live", "=", query.is_live);
  if (query.state) base = base.where(stateWhere(query.state, now));
  const [rows, counted] = await Promise.all([
    base
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    db
      .selectFrom(
        base
          .clearSelect()
          .select("r.id")
          .limit(COUNT_CAP + 1)
          .as("c"),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(counted.n), rows: rows.map((r) => revive(r as RequestView)) };
}

/** The customer page's row by the token's hash, with its merchant's name and logo. */
export async function findByTokenHash(db: Kysely<DB>, hash: string) {
  const row = await withPayment(db)
    .innerJoin("merchants as m", "m.id", "r.merchant_id")
    .select(["m.company_name", "m.logo_url as merchant_logo_url", "m.country"])
    .where("r.token_hash", "=", hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { company_name, merchant_logo_url, country, ...rest } = row;
  return {
    ...revive(rest as RequestView),
    company_name,
    merchant_logo_url: merchant_logo_url as string | null,
    country,
  };
}

/** Whether the order has a payment in flight (pending, not a child): its tip must not change under it. */
export async function orderHasPendingPayment(db: Kysely<DB>, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom("transactions")
    .select("id")
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .where("parent_transaction_id", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function orderAmount(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom("orders")
    .select(["amount_cents", "is_canceled"])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

/** Closes a replaced order (a new tip makes a new order): its payment keys then answer expired. */
export async function cancelOrder(db: Kysely<DB>, orderId: number): Promise<void> {
  await db.updateTable("orders").set({ is_canceled: true }).where("id", "=", orderId).execute();
}

/** The tip of a transaction's order when the order is a request to pay's (the transaction details show it). */
export async function requestTipOfOrder(db: Kysely<DB>, orderId: number): Promise<number | null> {
  const row = await db
    .selectFrom("request_to_pay")
    .select("tip_cents")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row?.tip_cents === null || row?.tip_cents === undefined ? null : Number(row.tip_cents);
}
