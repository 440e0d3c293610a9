import { type Expression, type Insertable, type Kysely, sql } from "kysely";
import type { IntegrationRow, OrderRow } from "../db/rows.ts";
import type { ApiAuthTokensTable, DB, OrdersTable, PaymentKeysTable } from "../db/schema.ts";

/**
 * The payment core's orders, payment keys, intentions, payment links and cash payments: every query of
 * orders.service.ts, intentions.service.ts, links.service.ts and cash.service.ts (issue 11). Functions take a
 * `db` handle, which is the caller's transaction when they run inside one, and the caller's scope.
 */

/** A merchant's country (the time zone of the provider's times, the client secret's prefix). */
export function merchantCountry(db: Kysely<DB>, merchantId: number): Promise<{ country: string }> {
  return db.selectFrom("merchants").select("country").where("id", "=", merchantId).executeTakeFirstOrThrow();
}

/** What a query is scoped to: the caller's merchant and, for a secret key, its mode (undefined: both modes). */
export interface OrdersScope {
  merchantId: number;
  isLive: boolean | undefined;
}

/** Stores a new API auth token (by its hash). */
export async function insertAuthToken(db: Kysely<DB>, values: Insertable<ApiAuthTokensTable>): Promise<void> {
  await db.insertInto("api_auth_tokens").values(values).execute();
}

/** Inserts an order and answers its row (a duplicate merchant order id raises the unique violation). */
export function insertOrder(db: Kysely<DB>, values: Insertable<OrdersTable>): Promise<OrderRow> {
  return db.insertInto("orders").values(values).returningAll().executeTakeFirstOrThrow();
}

/** The caller's order by id, in the caller's mode. */
export function findOrder(
  db: Kysely<DB>,
  caller: OrdersScope,
  orderId: number,
): Promise<OrderRow | undefined> {
  let query = db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("merchant_id", "=", caller.merchantId);
  if (caller.isLive !== undefined) query = query.where("is_live", "=", caller.isLive);
  return query.executeTakeFirst();
}

/** An integration reference: a number (or digits) is an id, anything else a name. */
export type IntegrationRef = number | string;

export const isIdRef = (ref: IntegrationRef) => typeof ref === "number" || /^\d+$/.test(ref);

/**
 * SQL (a boolean over integrations `i`): an active integration of merchant `merchantId` in mode `isLive` (both
 * modes when undefined) that one of `refs` names by id or by name.
 */
export function integrationCandidatesWhere(
  merchantId: Expression<number>,
  isLive: Expression<boolean> | undefined,
  refs: readonly IntegrationRef[],
) {
  const ids = refs.filter(isIdRef).map(Number);
  const names = refs.filter((r) => !isIdRef(r)).map(String);
  return sql<boolean>`i.merchant_id = ${merchantId} and i.is_active ${isLive ? sql`and i.is_live = ${isLive}` : sql``}
    and (i.id = any(${sql.val(ids)}::bigint[]) or i.name = any(${sql.val(names)}::text[]))`;
}

/** The candidates of integrationCandidatesWhere, ordered by id: one query for any number of references. */
export async function integrationCandidates(
  db: Kysely<DB>,
  caller: OrdersScope,
  refs: readonly IntegrationRef[],
): Promise<IntegrationRow[]> {
  const isLive = caller.isLive === undefined ? undefined : sql.val(caller.isLive);
  const { rows } = await sql<IntegrationRow>`select * from integrations i
    where ${integrationCandidatesWhere(sql.val(caller.merchantId), isLive, refs)} order by i.id`.execute(db);
  return rows;
}

/** Whether an order has any transaction (its mode is then fixed). */
export async function orderHasPayments(db: Kysely<DB>, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom("transactions")
    .select("id")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives an order (made with an auth token and never paid) the mode of its first payment key's integration. */
export async function setOrderMode(db: Kysely<DB>, orderId: number, isLive: boolean): Promise<void> {
  await db.updateTable("orders").set({ is_live: isLive }).where("id", "=", orderId).execute();
}

/** Inserts a payment key and answers its id. */
export function insertPaymentKey(
  db: Kysely<DB>,
  values: Insertable<PaymentKeysTable>,
): Promise<{ id: number }> {
  return db.insertInto("payment_keys").values(values).returning("id").executeTakeFirstOrThrow();
}
