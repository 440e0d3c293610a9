import type { Insertable, Kysely } from "kysely";
import { sql } from "kysely";
import { signTransaction } from "../callbacks/hmac.ts";
import type { CallbackJob } from "../callbacks/queue.ts";
import { reviveRow } from "../db/json-rows.ts";
import type { OrderRow, TransactionRow } from "../db/rows.ts";
import type { CardTokensTable, DB, TransactionsTable } from "../db/schema.ts";
import { Statement } from "../db/statement.ts";
import { encryptSecret, readHmacSecret } from "../security/keys.ts";
import { tokenHash } from "../security/tokens.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { newCardToken } from "./tokens.ts";
import { flatTransaction, type TransactionObject, type TransactionView } from "./transaction-object.ts";

/**
 * What follows a transaction reaching its result: the order's paid amount and lock, the intention and payment
 * link states, a saved card, and the processed callbacks, written in one statement with the transaction itself
 * (writePayment).
 */

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

/** Enqueues a transaction's callback of an event when it has somewhere to go. */
export async function enqueueCallback(trx: Kysely<DB>, tx: TransactionRow): Promise<void> {
  await enqueueTransactionCallbacks(trx, [tx.id], { kind: "TRANSACTION", trigger: "event" });
}

const cardTokenContext = (merchantId: number) => `merchant:${merchantId}:card_token`;

type CardTokenSource = Pick<
  TransactionRow,
  "merchant_id" | "is_live" | "card_first6" | "card_last4" | "card_scheme" | "customer_email" | "order_id"
>;

/** The card_tokens row saving a payment's card ("save card"), or undefined when the payment has no card. */
function cardTokenRow(rt: PaymentsRuntime, tx: CardTokenSource): Insertable<CardTokensTable> | undefined {
  if (!tx.card_first6 || !tx.card_last4 || tx.order_id === null) return undefined;
  const token = newCardToken();
  return {
    merchant_id: tx.merchant_id,
    is_live: tx.is_live,
    token_hash: tokenHash(token),
    token_enc: encryptSecret(token, rt.dataKey, cardTokenContext(tx.merchant_id)),
    masked_pan: `xxxx-xxxx-xxxx-${tx.card_last4}`,
    card_first6: tx.card_first6,
    card_last4: tx.card_last4,
    card_subtype: tx.card_scheme ?? "Card",
    email: tx.customer_email,
    order_id: tx.order_id,
  };
}

export { cardTokenContext };

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
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  source: PaymentSource,
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
  const token =
    paid && (v.data as { _save_card?: boolean } | null)?._save_card ? cardTokenRow(rt, v) : undefined;
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

/**
 * Applies a written transaction's result (order, intention, link, saved card, callbacks) in one statement;
 * answers the order as it is afterwards.
 */
export async function finalizePayment(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  tx: TransactionRow,
): Promise<OrderRow | undefined> {
  return (await writePayment(rt, trx, { row: tx })).order;
}

/**
 * Adds (or with a negative amount removes) paid money on an order and derives its payment status; `lock` also
 * locks the order against further payments. Answers the updated order.
 */
export async function addPaidAmount(
  trx: Kysely<DB>,
  orderId: number,
  amount: number,
  lock = false,
): Promise<OrderRow | undefined> {
  return trx
    .updateTable("orders")
    .set(paidAmount(amount, lock))
    .where("id", "=", orderId)
    .returningAll()
    .executeTakeFirst();
}

/** The order columns that add (or remove) paid money and derive the payment status; `lock` locks the order. */
function paidAmount(amount: number, lock: boolean) {
  return {
    paid_amount_cents: sql<number>`greatest(paid_amount_cents + ${amount}, 0)`,
    payment_status: sql<string>`case when greatest(paid_amount_cents + ${amount}, 0) >= amount_cents then 'PAID' else 'UNPAID' end`,
    ...(lock ? { is_payment_locked: true } : {}),
  };
}

/** The merchant's HMAC secret; an empty secret when the merchant never had keys issued. */
export async function hmacSecretOf(rt: PaymentsRuntime, db: Kysely<DB>, merchantId: number): Promise<string> {
  return (await readHmacSecret(db, merchantId, rt.dataKey)) ?? "";
}

/**
 * The response callback: the redirection url (the payment key's, else the integration's response callback url)
 * with the flat transaction and its hmac in the query, or null when there is none.
 */
export async function responseRedirectUrl(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  view: TransactionView,
  obj: TransactionObject,
  known?: KnownRows,
): Promise<string | null> {
  let target = view.paymentKey?.redirection_url ?? null;
  if (!target && known) target = known.integration.response_callback_url;
  else if (!target && view.tx.integration_id !== null) {
    const integration = await db
      .selectFrom("integrations")
      .select("response_callback_url")
      .where("id", "=", view.tx.integration_id)
      .executeTakeFirst();
    target = integration?.response_callback_url ?? null;
  }
  if (!target) return null;
  const flat = flatTransaction(obj);
  const hmac = signTransaction(flat, await hmacSecretOf(rt, db, view.tx.merchant_id));
  const query = new URLSearchParams({ ...flat, hmac }).toString();
  return `${target}${target.includes("?") ? "&" : "?"}${query}`;
}
