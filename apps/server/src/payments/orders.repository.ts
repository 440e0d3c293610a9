import { type Expression, type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { IntegrationRow, IntentionRow, OrderRow, PaymentLinkRow, TransactionRow } from "../db/rows.ts";
import type {
  ApiAuthTokensTable,
  DB,
  OrdersTable,
  PaymentIntentionsTable,
  PaymentKeysTable,
  PaymentLinksTable,
} from "../db/schema.ts";
import { Statement } from "../db/statement.ts";

/**
 * The payment core's orders, payment keys, intentions, payment links and cash payments: every query of
 * orders.service.ts, intentions.service.ts, links.service.ts and cash.service.ts (issue 11). Functions take a
 * `db` handle, which is the caller's transaction when they run inside one, and the caller's scope.
 */

/** A merchant's country (the time zone of the provider's times, the client secret's prefix). */
export function findMerchantCountry(db: Kysely<DB>, merchantId: number): Promise<{ country: string }> {
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

/** The ids of the merchant's saved card tokens (in one mode) among these token hashes. */
export function cardTokenIdsByHash(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  tokenHashes: readonly string[],
): Promise<{ id: number }[]> {
  return db
    .selectFrom("card_tokens")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .where("token_hash", "in", tokenHashes)
    .execute();
}

/** What insertIntention answers: the new order's and intention's rows as JSON, and the keys' ids. */
export interface InsertedIntention {
  order: unknown;
  intention: unknown;
  keys: { id: number; integration_id: number }[];
}

/**
 * The order, the intention and its payment keys in one statement (atomic without a transaction), written as
 * text with positional parameters (db/statement.ts, ADR 0007): the intention request's widest statement. The
 * intention's and the keys' order_id (and the keys' intention_id) are the new rows' ids.
 */
export async function insertIntention(
  db: Kysely<DB>,
  order: Insertable<OrdersTable>,
  intention: Omit<Insertable<PaymentIntentionsTable>, "order_id">,
  keys: readonly Insertable<PaymentKeysTable>[],
): Promise<InsertedIntention> {
  const st = new Statement();
  const text = `with o as (insert into orders ${st.insertColumns(order)} returning *),
    i as (insert into payment_intentions ${st.insertColumns(intention, { order_id: "(select id from o)" })} returning *),
    k as (insert into payment_keys ${st.insertColumns(keys, {
      order_id: "(select id from o)",
      intention_id: "(select id from i)",
    })} returning id, integration_id)
    select to_jsonb(o) as "order", to_jsonb(i) as intention,
      (select json_agg(json_build_object('id', k.id, 'integration_id', k.integration_id)) from k) as keys
    from o, i`;
  const [row] = await st.rows<InsertedIntention>(db, text);
  return row!;
}

/** An intention by its client secret's hash, in a merchant (and mode) when given. */
export function findIntentionBySecretHash(
  db: Kysely<DB>,
  secretHash: string,
  merchantId?: number,
  isLive?: boolean,
): Promise<IntentionRow | undefined> {
  let query = db.selectFrom("payment_intentions").selectAll().where("client_secret_hash", "=", secretHash);
  if (merchantId !== undefined) query = query.where("merchant_id", "=", merchantId);
  if (isLive !== undefined) query = query.where("is_live", "=", isLive);
  return query.executeTakeFirst();
}

/** An order by id (an intention's own: the intention was found in the caller's scope). */
export function orderById(db: Kysely<DB>, orderId: number): Promise<OrderRow> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

/** Changes an intention's order (amount, items, reference, shipping data). */
export async function updateOrder(
  db: Kysely<DB>,
  orderId: number,
  set: Updateable<OrdersTable>,
): Promise<void> {
  await db.updateTable("orders").set(set).where("id", "=", orderId).execute();
}

/** Changes an intention and answers its new row. */
export function updateIntentionRow(
  db: Kysely<DB>,
  intentionId: number,
  set: Updateable<PaymentIntentionsTable>,
): Promise<IntentionRow> {
  return db
    .updateTable("payment_intentions")
    .set(set)
    .where("id", "=", intentionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Expires every payment key of an intention (new ones replace them). */
export async function expireIntentionKeys(db: Kysely<DB>, intentionId: number, now: Date): Promise<void> {
  await db
    .updateTable("payment_keys")
    .set({ expires_at: now })
    .where("intention_id", "=", intentionId)
    .execute();
}

/** An intention's payment keys, newest first. */
export function intentionKeys(
  db: Kysely<DB>,
  intentionId: number,
): Promise<{ id: number; integration_id: number; salt: string }[]> {
  return db
    .selectFrom("payment_keys")
    .select(["id", "integration_id", "salt"])
    .where("intention_id", "=", intentionId)
    .orderBy("id", "desc")
    .execute();
}

/** Integrations by id (an intention's, stored in the caller's scope). */
export function integrationsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<IntegrationRow[]> {
  return db
    .selectFrom("integrations")
    .selectAll()
    .where("id", "in", ids.length ? ids : [-1])
    .execute();
}

/** The saved cards an intention offers, as its answer shows them. */
export function intentionCardTokens(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom("card_tokens")
    .select(["id", "masked_pan", "card_subtype", "created_at"])
    .where("id", "in", ids)
    .execute();
}

/** The merchant's newest unrevoked public key value in one mode (the unified checkout's link). */
export async function activePublicKey(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("merchant_keys")
    .select("public_value")
    .where("merchant_id", "=", merchantId)
    .where("kind", "=", "public")
    .where("is_live", "=", isLive)
    .where("revoked_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.public_value ?? undefined;
}

/** Inserts a payment link and answers its row. */
export function insertPaymentLink(
  db: Kysely<DB>,
  values: Insertable<PaymentLinksTable>,
): Promise<PaymentLinkRow> {
  return db.insertInto("payment_links").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Removes a link whose intention was refused (nothing else refers to it yet). */
export async function deletePaymentLink(db: Kysely<DB>, linkId: number): Promise<void> {
  await db.deleteFrom("payment_links").where("id", "=", linkId).execute();
}

/** Records the order of a link's intention and answers the link's new row. */
export function setPaymentLinkOrder(
  db: Kysely<DB>,
  linkId: number,
  orderId: number,
): Promise<PaymentLinkRow> {
  return db
    .updateTable("payment_links")
    .set({ order_id: orderId })
    .where("id", "=", linkId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Cancels the caller's link while it can be paid; undefined when it cannot (or is not the caller's). */
export function cancelOpenPaymentLink(
  db: Kysely<DB>,
  caller: OrdersScope,
  linkId: number,
): Promise<PaymentLinkRow | undefined> {
  let query = db
    .updateTable("payment_links")
    .set({ status: "canceled" })
    .where("id", "=", linkId)
    .where("merchant_id", "=", caller.merchantId)
    .where("status", "in", ["unpaid", "created"]);
  if (caller.isLive !== undefined) query = query.where("is_live", "=", caller.isLive);
  return query.returningAll().executeTakeFirst();
}

/** The caller's payment link by id, in the caller's mode. */
export function findPaymentLink(
  db: Kysely<DB>,
  caller: OrdersScope,
  linkId: number,
): Promise<PaymentLinkRow | undefined> {
  let query = db
    .selectFrom("payment_links")
    .selectAll()
    .where("id", "=", linkId)
    .where("merchant_id", "=", caller.merchantId);
  if (caller.isLive !== undefined) query = query.where("is_live", "=", caller.isLive);
  return query.executeTakeFirst();
}

/**
 * Locks a test payment of a payment key (not a refund or capture: no parent) for the cash collection, scoped to
 * the key's merchant; undefined when there is none.
 */
export function lockTestKeyPayment(
  trx: Kysely<DB>,
  key: { id: number; merchant_id: number },
  transactionId: number,
): Promise<TransactionRow | undefined> {
  return trx
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", transactionId)
    .where("payment_key_id", "=", key.id)
    .where("merchant_id", "=", key.merchant_id)
    .where("is_live", "=", false)
    .where("parent_transaction_id", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks an order's row (for update) and answers it. */
export function lockOrder(trx: Kysely<DB>, orderId: number): Promise<OrderRow> {
  return trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirstOrThrow();
}
