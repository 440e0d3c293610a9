import type { Insertable, Kysely, Updateable } from "kysely";
import { sql } from "kysely";
import type { OrderRow, TransactionRow } from "../db/rows.ts";
import type { DB, TransactionsTable } from "../db/schema.ts";
import { rateLimitUpsert } from "../ratelimit/rate-limit.repository.ts";
import type { CountedLimit } from "./payment-context.ts";
import { ownerIdOf } from "./transaction-object.ts";

/**
 * The payment core's payments (issue 11): the payment context and its key's attempts and lease, the payments'
 * transactions and their outcome on the order, refunds, voids and captures, and the idempotency claims. Every
 * function takes a `db` handle, which is the caller's transaction when it runs inside one (the payment's row
 * locks are held there), and the caller's scope. The statements are those of the hot path (docs/payments.md):
 * moving them here changed neither their text nor their number.
 */

// ---- The payment context, its attempts and the card path's lease ----

/** The payment context's row: each row as JSON, null when the payment key does not exist. */
export interface PaymentContextRow {
  hits: number | null;
  key: unknown;
  integration: unknown;
  order: unknown;
  merchant: unknown;
  owner_id: number | null;
  intention: unknown;
  key_version: string | null;
}

/**
 * The payment key with its integration, order, merchant (and owner) and intention in one round trip, and the
 * rate limit `limit` counted in the same statement (`hits`). Always one row.
 */
export async function readPaymentContext(
  db: Kysely<DB>,
  keyId: number,
  limit?: CountedLimit,
): Promise<PaymentContextRow> {
  const counter = limit
    ? sql`with rl as (${rateLimitUpsert(limit.key, limit.rule, !db.isTransaction)})`
    : sql``;
  const hits = limit ? sql`(select hits from rl)` : sql`null::int`;
  return (
    await sql<PaymentContextRow>`${counter} select ${hits} as hits, c.* from (select 1) as one left join lateral (
        select to_jsonb(k) as key, k.xmin::text as key_version, to_jsonb(i) as integration, to_jsonb(o) as "order",
          to_jsonb(m) as merchant, to_jsonb(pi) as intention,
          ${ownerIdOf("m")} as owner_id
        from payment_keys k
        join integrations i on i.id = k.integration_id
        join orders o on o.id = k.order_id
        join merchants m on m.id = k.merchant_id
        left join payment_intentions pi on pi.id = k.intention_id
        where k.id = ${keyId}) as c on true`.execute(db)
  ).rows[0]!;
}

/** Whether the order has a successful payment (not a refund or capture child) that is not voided. */
export async function orderHasPayment(db: Kysely<DB>, orderId: number): Promise<boolean> {
  const paid = await db
    .selectFrom("transactions")
    .select("id")
    .where("order_id", "=", orderId)
    .where("parent_transaction_id", "is", null)
    .where("status", "=", "success")
    .where("is_voided", "=", false)
    .executeTakeFirst();
  return paid !== undefined;
}

/** A payment link's state, or undefined when it is gone. */
export function paymentLinkState(db: Kysely<DB>, linkId: number) {
  return db
    .selectFrom("payment_links")
    .select(["status", "expires_at"])
    .where("id", "=", linkId)
    .executeTakeFirst();
}

/**
 * True (in SQL) when the order of payment key `k` is paid: by amount, or by a successful payment not voided.
 * Scalar subqueries with `limit 1`, not EXISTS: a prepared statement planned while `transactions` was small (a
 * new install) could otherwise keep a "hashed SubPlan" that reads the whole table at every call.
 */
const keyOrderPaid = sql`(coalesce((select o.amount_cents > 0 and o.paid_amount_cents >= o.amount_cents
    from orders o where o.id = k.order_id), false)
  or coalesce((select true from transactions t where t.order_id = k.order_id
    and t.parent_transaction_id is null and t.status = 'success' and not t.is_voided limit 1), false))`;

/**
 * Counts one more attempt on the payment key (locking its row) while fewer than `maxAttempts` were used, and
 * looks for a payment of its order, in one statement; undefined when no attempt is left.
 */
export async function countAttempt(
  trx: Kysely<DB>,
  keyId: number,
  maxAttempts: number,
): Promise<{ attempts: number; paid: boolean } | undefined> {
  const { rows } = await sql<{ attempts: number; paid: boolean }>`
    update payment_keys k set attempts = k.attempts + 1 where k.id = ${keyId}
      and k.attempts < ${maxAttempts}
    returning k.attempts, ${keyOrderPaid} as paid`.execute(trx);
  return rows[0];
}

/** What leaseKey found: the attempts when it took the lease (`taken`), else why not. */
export interface KeyLease {
  taken: number | null;
  version: string;
  attempts: number;
  busy: boolean;
  paid: boolean;
}

/**
 * One statement counts an attempt and leases the payment key for `leaseSeconds` if the key row is still at
 * `keyVersion` (its xmin), no lease is held, fewer than `maxAttempts` were used and the order is not paid; it
 * answers the key as it is either way (undefined when the key is gone). On its own (not in a transaction) the
 * statement need not wait for the disk (synchronous_commit off).
 */
export async function leaseKey(
  db: Kysely<DB>,
  keyId: number,
  keyVersion: string,
  maxAttempts: number,
  leaseSeconds: number,
): Promise<KeyLease | undefined> {
  const fastCommit = db.isTransaction
    ? sql``
    : sql`cross join (select set_config('synchronous_commit', 'off', true)) as fast_commit`;
  const { rows } = await sql<KeyLease>`with took as (
        update payment_keys k set attempts = k.attempts + 1,
          lease_ends_at = now() + make_interval(secs => ${leaseSeconds})
        where k.id = ${keyId} and k.xmin = ${keyVersion}::text::xid
          and k.attempts < ${maxAttempts} and (k.lease_ends_at is null or k.lease_ends_at <= now())
          and not ${keyOrderPaid}
        returning k.attempts)
      select (select attempts from took) as taken, k.xmin::text as version, k.attempts,
        coalesce(k.lease_ends_at > now(), false) as busy, ${keyOrderPaid} as paid
      from payment_keys k ${fastCommit} where k.id = ${keyId}`.execute(db);
  return rows[0];
}

/** Ends the payment key's lease now (a payment that was not written). */
export async function endLease(db: Kysely<DB>, keyId: number): Promise<void> {
  await db.updateTable("payment_keys").set({ lease_ends_at: null }).where("id", "=", keyId).execute();
}

// ---- Payments: their transactions and their outcome on the order ----

/** The order as it is now. */
export function orderById(db: Kysely<DB>, orderId: number): Promise<OrderRow> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

/** Inserts a transaction; answers it. */
export function insertTransaction(
  trx: Kysely<DB>,
  values: Insertable<TransactionsTable>,
): Promise<TransactionRow> {
  return trx.insertInto("transactions").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a transaction's columns (its result, its data); answers it. */
export function updateTransaction(
  trx: Kysely<DB>,
  id: number,
  columns: Updateable<TransactionsTable>,
): Promise<TransactionRow> {
  return trx
    .updateTable("transactions")
    .set(columns)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The payment key's transaction waiting for the 3-D Secure step `challengeId`, locked. */
export function lockChallengedPayment(
  trx: Kysely<DB>,
  keyId: number,
  challengeId: string,
): Promise<TransactionRow | undefined> {
  return trx
    .selectFrom("transactions")
    .selectAll()
    .where("payment_key_id", "=", keyId)
    .where(sql<string>`data->>'_challenge_id'`, "=", challengeId)
    .forUpdate()
    .executeTakeFirst();
}

/** A transaction of the payment key, locked (the wallet payment its customer confirms). */
export function lockKeyPayment(
  trx: Kysely<DB>,
  keyId: number,
  id: number,
): Promise<TransactionRow | undefined> {
  return trx
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", id)
    .where("payment_key_id", "=", keyId)
    .forUpdate()
    .executeTakeFirst();
}

/** The payment key's pending kiosk payment (one with a bill reference), if any. */
export function pendingKioskPayment(db: Kysely<DB>, keyId: number): Promise<TransactionRow | undefined> {
  return db
    .selectFrom("transactions")
    .selectAll()
    .where("payment_key_id", "=", keyId)
    .where("status", "=", "pending")
    .where(sql<string>`data->>'bill_reference'`, "is not", null)
    .executeTakeFirst();
}

/** The latest test-mode payment with this kiosk bill reference, locked. */
export function lockTestKioskPayment(
  trx: Kysely<DB>,
  billReference: string,
): Promise<TransactionRow | undefined> {
  return trx
    .selectFrom("transactions")
    .selectAll()
    .where(sql<string>`data->>'bill_reference'`, "=", billReference)
    .where("is_live", "=", false)
    .where("parent_transaction_id", "is", null)
    .orderBy("id", "desc")
    .forUpdate()
    .executeTakeFirst();
}

/** A saved card of the merchant in one mode, by its token's hash. */
export function savedCard(db: Kysely<DB>, merchantId: number, isLive: boolean, tokenHash: string) {
  return db
    .selectFrom("card_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .executeTakeFirst();
}

/**
 * Adds (or with a negative amount removes) paid money on an order and derives its payment status; `lock` also
 * locks the order against further payments. Answers the updated order.
 */
export function addPaidAmount(
  trx: Kysely<DB>,
  orderId: number,
  amount: number,
  lock = false,
): Promise<OrderRow | undefined> {
  return trx
    .updateTable("orders")
    .set({
      paid_amount_cents: sql<number>`greatest(paid_amount_cents + ${amount}, 0)`,
      payment_status: sql<string>`case when greatest(paid_amount_cents + ${amount}, 0) >= amount_cents then 'PAID' else 'UNPAID' end`,
      ...(lock ? { is_payment_locked: true } : {}),
    })
    .where("id", "=", orderId)
    .returningAll()
    .executeTakeFirst();
}

/** An integration's response callback url (null when it has none or is gone). */
export async function integrationResponseUrl(db: Kysely<DB>, integrationId: number): Promise<string | null> {
  const integration = await db
    .selectFrom("integrations")
    .select("response_callback_url")
    .where("id", "=", integrationId)
    .executeTakeFirst();
  return integration?.response_callback_url ?? null;
}

// ---- Refund, void and capture ----

/** A transaction of the merchant (in one mode, when `isLive` is given), locked. */
export function lockMerchantTransaction(
  trx: Kysely<DB>,
  scope: { merchantId: number; isLive?: boolean | undefined },
  id: number,
): Promise<TransactionRow | undefined> {
  let query = trx
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", scope.merchantId);
  if (scope.isLive !== undefined) query = query.where("is_live", "=", scope.isLive);
  return query.forUpdate().executeTakeFirst();
}

/** A transaction, locked (the worker's lapsed auths). */
export function lockTransaction(trx: Kysely<DB>, id: number): Promise<TransactionRow | undefined> {
  return trx.selectFrom("transactions").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

/** The parent's refunded amount after a refund of `amount`. */
export async function recordRefund(trx: Kysely<DB>, parent: TransactionRow, amount: number): Promise<void> {
  await trx
    .updateTable("transactions")
    .set({
      refunded_amount_cents: parent.refunded_amount_cents + amount,
      is_refunded: true,
      updated_at: new Date(),
    })
    .where("id", "=", parent.id)
    .execute();
}

/** The parent voided. */
export async function recordVoid(trx: Kysely<DB>, parentId: number): Promise<void> {
  await trx
    .updateTable("transactions")
    .set({ is_voided: true, updated_at: new Date() })
    .where("id", "=", parentId)
    .execute();
}

/** The parent captured for `amount`. */
export async function recordCapture(trx: Kysely<DB>, parentId: number, amount: number): Promise<void> {
  await trx
    .updateTable("transactions")
    .set({ captured_amount_cents: amount, is_captured: true, updated_at: new Date() })
    .where("id", "=", parentId)
    .execute();
}

/** Auths the core took itself, successful, neither captured nor voided, made at `cutoff` or before: their ids. */
export function lapsedAuths(db: Kysely<DB>, cutoff: Date, limit: number): Promise<{ id: number }[]> {
  return (
    db
      .selectFrom("transactions")
      .select("id")
      .where("is_auth", "=", true)
      .where("status", "=", "success")
      .where("is_captured", "=", false)
      .where("is_voided", "=", false)
      .where("parent_transaction_id", "is", null)
      // Only payments the core took itself: seeded history (no payment key) is left as it was generated.
      .where("payment_key_id", "is not", null)
      .where("created_at", "<=", cutoff)
      .orderBy("id")
      .limit(limit)
      .execute()
  );
}

// ---- Idempotency claims ----

/** An idempotency key of a merchant in one scope. */
export interface IdempotencyClaim {
  merchantId: number;
  scope: string;
  key: string;
}

/**
 * Claims the key with the request's hash (an answer not yet stored); false when it is claimed already. A
 * concurrent claim waits on the row until the first transaction ends.
 */
export async function claimIdempotencyKey(
  trx: Kysely<DB>,
  claim: IdempotencyClaim,
  hash: string,
): Promise<boolean> {
  const claimed = await trx
    .insertInto("idempotency_keys")
    .values({
      merchant_id: claim.merchantId,
      scope: claim.scope,
      key: claim.key,
      request_hash: hash,
      status_code: 0,
      response: JSON.stringify(null),
    })
    .onConflict((oc) => oc.doNothing())
    .returning("key")
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Stores the answer of a claimed key. */
export async function storeIdempotentAnswer(
  trx: Kysely<DB>,
  claim: IdempotencyClaim,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await trx
    .updateTable("idempotency_keys")
    .set({ status_code: answer.statusCode, response: JSON.stringify(answer.body) })
    .where("merchant_id", "=", claim.merchantId)
    .where("scope", "=", claim.scope)
    .where("key", "=", claim.key)
    .execute();
}

/** The stored request hash and answer of a claimed key. */
export function storedIdempotentAnswer(db: Kysely<DB>, claim: IdempotencyClaim) {
  return db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "status_code", "response"])
    .where("merchant_id", "=", claim.merchantId)
    .where("scope", "=", claim.scope)
    .where("key", "=", claim.key)
    .executeTakeFirstOrThrow();
}
