import type { Insertable, Kysely, Updateable } from "kysely";
import { sql } from "kysely";
import type { CallbackJob } from "../callbacks/queue.ts";
import { reviveRow } from "../db/json-rows.ts";
import type { OrderRow, TransactionRow } from "../db/rows.ts";
import type { CardTokensTable, DB, TransactionsTable } from "../db/schema.ts";
import { Statement } from "../db/statement.ts";
import { LENDING_CREDIT_SQL } from "../lending/lending.repository.ts";
import { rateLimitUpsert } from "../ratelimit/rate-limit.repository.ts";
import type { CountedLimit } from "./payment-context.ts";
import { ownerIdOf } from "./transaction-views.repository.ts";

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

// ---- The payment written with its outcome (ADR 0007: text statements with positional parameters) ----

/** Rows the caller already holds, so the outcome needs no second read of them. */
export interface KnownRows {
  key: { notification_url: string | null; lock_order_when_paid: boolean; intention_id: number | null } | null;
  integration: { processed_callback_url: string | null; response_callback_url: string | null };
}

/**
 * True (in SQL) when transaction `t` has somewhere to send its processed callback: its payment key's
 * notification url, else its integration's processed callback url.
 */
const CALLBACK_URL_OF_T = `coalesce(
    nullif((select pk.notification_url from payment_keys pk where pk.id = t.payment_key_id), ''),
    nullif((select ig.processed_callback_url from integrations ig where ig.id = t.integration_id), '')
  ) is not null`;

/**
 * Enqueues the processed callbacks (first attempts) of those of the transactions that have somewhere to send
 * them, in one statement; answers how many were enqueued.
 */
export async function enqueueTransactionCallbacks(
  db: Kysely<DB>,
  transactionIds: readonly number[],
  job: Pick<CallbackJob, "kind" | "cardTokenId" | "trigger">,
): Promise<number> {
  if (transactionIds.length === 0) return 0;
  const st = new Statement();
  const rows = await st.rows(
    db,
    `insert into callback_jobs (transaction_id, kind, card_token_id, attempt, trigger)
    select t.id, ${st.param(job.kind)}, ${st.param(job.cardTokenId ?? null)}::bigint, 1, ${st.param(job.trigger)}
    from transactions t where t.id = any(${st.param(transactionIds)}::bigint[]) and ${CALLBACK_URL_OF_T}
    order by t.id returning 1`,
  );
  return rows.length;
}

/** What a saved card is made of: the payment's card and customer. */
export type CardTokenSource = Pick<
  TransactionRow,
  "merchant_id" | "is_live" | "card_first6" | "card_last4" | "card_scheme" | "customer_email" | "order_id"
>;

/** A payment to write: a new transaction's values, or a row the caller has just written or changed. */
export type PaymentSource = { insert: Insertable<TransactionsTable> } | { row: TransactionRow };

export interface WrittenPayment {
  tx: TransactionRow;
  /** The order as it is after the payment (changed by it, or as it was). */
  order: OrderRow | undefined;
}

/**
 * Writes a payment and what follows its result in ONE statement: the transaction (when new), and for a final
 * result the order's paid amount and lock, the intention's confirmation and its payment link, the saved card,
 * and the processed callbacks (the outbox rows). One statement is atomic on its own, so the card path needs no
 * database transaction; inside the caller's transaction it is one round trip instead of five or more. Answers
 * the transaction and the order as they are afterwards.
 */
export async function writePayment(
  db: Kysely<DB>,
  source: PaymentSource,
  /** The card_tokens row saving the payment's card, when its data asks to save it (outcome.ts's cardTokenRow). */
  cardToken: (tx: CardTokenSource) => Insertable<CardTokensTable> | undefined,
  options: {
    /** The statement also ends the payment key's lease (the card path's leaseAttempt). */
    releaseLease?: boolean;
    /**
     * What the caller already read (payment key, integration, the intention's payment link): the statement then
     * needs no lookups of its own (fewer plan nodes per call); without it the statement reads them.
     */
    known?: KnownRows & { paymentLinkId: number | null };
  } = {},
): Promise<WrittenPayment> {
  const v: Pick<
    TransactionRow,
    "status" | "is_auth" | "parent_transaction_id" | "order_id" | "amount_cents"
  > &
    CardTokenSource & { data: unknown } =
    "insert" in source
      ? {
          status: source.insert.status,
          is_auth: source.insert.is_auth ?? false,
          parent_transaction_id: source.insert.parent_transaction_id ?? null,
          order_id: source.insert.order_id ?? null,
          amount_cents: source.insert.amount_cents,
          merchant_id: source.insert.merchant_id,
          is_live: source.insert.is_live,
          card_first6: source.insert.card_first6 ?? null,
          card_last4: source.insert.card_last4 ?? null,
          card_scheme: source.insert.card_scheme ?? null,
          customer_email: source.insert.customer_email ?? null,
          data: typeof source.insert.data === "string" ? JSON.parse(source.insert.data) : source.insert.data,
        }
      : source.row;
  const known = options.known;
  // Plain text with positional parameters (db/statement.ts): this is the card path's widest statement.
  const st = new Statement();
  const parts = [
    "insert" in source
      ? `t as (insert into transactions ${st.insertColumns(source.insert)} returning *)`
      : `t as (select * from transactions where id = ${st.param(source.row.id)})`,
  ];
  if (options.releaseLease)
    parts.push(
      "kl as (update payment_keys set lease_ends_at = null where id = (select payment_key_id from t) returning 1)",
    );
  const final = v.status !== "pending";
  // A successful payment (not a refund or capture child) of an order: the order, intention, link and card.
  const paid = v.status === "success" && v.parent_transaction_id === null && v.order_id !== null;
  if (paid) {
    if (!known)
      parts.push(`k as (select pk.lock_order_when_paid, pk.intention_id from payment_keys pk
        where pk.id = (select payment_key_id from t))`);
    const lock = known
      ? String(known.key?.lock_order_when_paid === true)
      : "coalesce((select lock_order_when_paid from k), false)";
    const order = st.param(v.order_id);
    // A sale adds its amount to the order (an auth does not); either may lock the order.
    if (v.is_auth)
      parts.push(
        `o as (update orders set is_payment_locked = true where id = ${order} and ${lock} returning *)`,
      );
    else {
      const amount = st.param(v.amount_cents);
      parts.push(`o as (update orders set paid_amount_cents = greatest(paid_amount_cents + ${amount}, 0),
          payment_status = case when greatest(paid_amount_cents + ${amount}, 0) >= amount_cents
            then 'PAID' else 'UNPAID' end,
          is_payment_locked = is_payment_locked or ${lock}
        where id = ${order} returning *)`);
    }
    // A product's purchase (selling/products.service.ts): its reservation is paid and its quantity leaves the
    // inventory, never below zero; no row for other orders (the reservation's key is the order id).
    parts.push(`pr as (update product_reservations set paid_at = ${st.param(new Date())}
        where order_id = ${order} and paid_at is null returning product_id, quantity)`);
    parts.push(`pq as (update products p set inventory = p.inventory - pr.quantity from pr
        where p.id = pr.product_id and p.inventory >= pr.quantity returning 1)`);
    // A loan's instalment paid by card (lending/lending.service.ts): its pending attempt is paid and the loan
    // credited once, in this statement; no row for other orders (the attempt's key is the order id).
    const paidAt = st.param(new Date());
    parts.push(LENDING_CREDIT_SQL.payment(order, "(select id from t)", paidAt));
    parts.push(LENDING_CREDIT_SQL.loan(paidAt));
    const intention = known
      ? known.key?.intention_id
        ? st.param(known.key.intention_id)
        : null
      : "(select intention_id from k)";
    if (intention !== null)
      parts.push(`i as (update payment_intentions set confirmed = true, status = 'confirmed',
          updated_at = ${st.param(new Date())}
        where id = ${intention} returning payment_link_id)`);
    const link = known
      ? known.paymentLinkId
        ? st.param(known.paymentLinkId)
        : null
      : intention === null
        ? null
        : "(select payment_link_id from i)";
    if (link !== null)
      parts.push(`l as (update payment_links set status = 'paid', paid_at = ${st.param(new Date())}
        where id = ${link} returning 1)`);
  }
  // Somewhere to send the callback: known, or looked up by the statement.
  const sendTo = known
    ? known.key?.notification_url || known.integration.processed_callback_url
      ? "true"
      : undefined
    : CALLBACK_URL_OF_T;
  if (final && sendTo)
    parts.push(`j as (insert into callback_jobs (transaction_id, kind, attempt, trigger)
      select t.id, 'TRANSACTION', 1, 'event' from t where ${sendTo} returning 1)`);
  const token = paid && (v.data as { _save_card?: boolean } | null)?._save_card ? cardToken(v) : undefined;
  if (token) {
    parts.push(`ct as (insert into card_tokens ${st.insertColumns(token)} returning id)`);
    if (sendTo)
      parts.push(`tj as (insert into callback_jobs (transaction_id, kind, card_token_id, attempt, trigger)
        select t.id, 'TOKEN', ct.id, 1, 'event' from t, ct where ${sendTo} returning 1)`);
  }
  const orderJson = paid
    ? "coalesce((select to_jsonb(o) from o), (select to_jsonb(x) from orders x where x.id = t.order_id))"
    : "(select to_jsonb(x) from orders x where x.id = t.order_id)";
  const rows = await st.rows<{ tx: unknown; order: unknown }>(
    db,
    `with ${parts.join(",\n")}\nselect to_jsonb(t) as tx, ${orderJson} as "order" from t`,
  );
  const row = rows[0];
  if (!row) throw new Error("the payment's transaction row is missing");
  return {
    tx: reviveRow<TransactionRow>(row.tx),
    order: row.order ? reviveRow<OrderRow>(row.order) : undefined,
  };
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
