import type { Kysely } from "kysely";
import { sql } from "kysely";
import { signTransaction } from "../callbacks/hmac.ts";
import { type CallbackJob, enqueueCallbacks } from "../callbacks/queue.ts";
import { reviveRow } from "../db/json-rows.ts";
import type { DB } from "../db/schema.ts";
import { encryptSecret, readHmacSecret } from "../security/keys.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { newCardToken, sha256 } from "./tokens.ts";
import {
  flatTransaction,
  type OrderRow,
  type TransactionObject,
  type TransactionRow,
  type TransactionView,
} from "./transaction-object.ts";

/**
 * What follows a transaction reaching its result: the order's paid amount and lock, the intention and payment
 * link states, a saved card, and the processed callbacks, all in the caller's database transaction.
 */

/** The notification url of a transaction: its payment key's (from the intention or payment key request), else its integration's. */
export async function notificationUrl(db: Kysely<DB>, tx: TransactionRow): Promise<string | null> {
  if (tx.payment_key_id !== null) {
    const key = await db
      .selectFrom("payment_keys")
      .select("notification_url")
      .where("id", "=", tx.payment_key_id)
      .executeTakeFirst();
    if (key?.notification_url) return key.notification_url;
  }
  if (tx.integration_id === null) return null;
  const integration = await db
    .selectFrom("integrations")
    .select("processed_callback_url")
    .where("id", "=", tx.integration_id)
    .executeTakeFirst();
  return integration?.processed_callback_url || null;
}

/** Rows the caller already holds, so the outcome needs no second read of them. */
export interface KnownRows {
  key: { notification_url: string | null; lock_order_when_paid: boolean; intention_id: number | null } | null;
  integration: { processed_callback_url: string | null; response_callback_url: string | null };
}

export async function enqueueCallback(
  trx: Kysely<DB>,
  tx: TransactionRow,
  job: Omit<CallbackJob, "transactionId" | "attempt" | "trigger"> = { kind: "TRANSACTION" },
  known?: KnownRows,
): Promise<boolean> {
  const url = known
    ? known.key?.notification_url || known.integration.processed_callback_url
    : await notificationUrl(trx, tx);
  if (!url) return false;
  await enqueueCallbacks(trx, [{ ...job, transactionId: tx.id, attempt: 1, trigger: "event" }]);
  return true;
}

const cardTokenContext = (merchantId: number) => `merchant:${merchantId}:card_token`;

/** Saves the card of a successful payment as a token for later payments (the provider's "save card"). */
export async function saveCardToken(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  tx: TransactionRow,
): Promise<number | undefined> {
  if (!tx.card_first6 || !tx.card_last4 || tx.order_id === null) return undefined;
  const token = newCardToken();
  const row = await trx
    .insertInto("card_tokens")
    .values({
      merchant_id: tx.merchant_id,
      is_live: tx.is_live,
      token_hash: sha256(token),
      token_enc: encryptSecret(token, rt.dataKey, cardTokenContext(tx.merchant_id)),
      masked_pan: `xxxx-xxxx-xxxx-${tx.card_last4}`,
      card_first6: tx.card_first6,
      card_last4: tx.card_last4,
      card_subtype: tx.card_scheme ?? "Card",
      email: tx.customer_email,
      order_id: tx.order_id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export { cardTokenContext };

/**
 * Applies a transaction's result; answers the order row when it changed it (a successful payment), so the
 * caller need not read the order again.
 */
export async function finalizePayment(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  tx: TransactionRow,
  known?: KnownRows,
): Promise<OrderRow | undefined> {
  if (tx.status === "success" && tx.parent_transaction_id === null && tx.order_id !== null) {
    const key = known
      ? known.key
      : tx.payment_key_id === null
        ? undefined
        : await trx
            .selectFrom("payment_keys")
            .select(["lock_order_when_paid", "intention_id"])
            .where("id", "=", tx.payment_key_id)
            .executeTakeFirst();
    const lock = key?.lock_order_when_paid === true;
    // A sale adds its amount to the order (an auth does not); either may lock the order.
    const orderChange = !tx.is_auth
      ? paidAmount(tx.amount_cents, lock)
      : lock
        ? { is_payment_locked: true }
        : undefined;
    const orderId = tx.order_id;
    const intentionId = key?.intention_id ?? null;
    const confirm = { confirmed: true, status: "confirmed", updated_at: new Date() } as const;
    let order: OrderRow | undefined;
    let paymentLinkId: number | null | undefined;
    if (orderChange && intentionId) {
      // The order and the intention's confirmation in one statement.
      const row = await trx
        .with("o", (q) => q.updateTable("orders").set(orderChange).where("id", "=", orderId).returningAll())
        .with("i", (q) =>
          q
            .updateTable("payment_intentions")
            .set(confirm)
            .where("id", "=", intentionId)
            .returning("payment_link_id"),
        )
        .selectNoFrom((eb) => [
          eb.selectFrom("o").select(sql<unknown>`to_jsonb(o)`.as("order")).as("order"),
          eb.selectFrom("i").select("i.payment_link_id").as("payment_link_id"),
        ])
        .executeTakeFirstOrThrow();
      order = row.order ? reviveRow<OrderRow>(row.order) : undefined;
      paymentLinkId = row.payment_link_id;
    } else if (orderChange)
      order = await trx
        .updateTable("orders")
        .set(orderChange)
        .where("id", "=", orderId)
        .returningAll()
        .executeTakeFirst();
    else if (intentionId)
      paymentLinkId = (
        await trx
          .updateTable("payment_intentions")
          .set(confirm)
          .where("id", "=", intentionId)
          .returning("payment_link_id")
          .executeTakeFirst()
      )?.payment_link_id;
    if (paymentLinkId)
      await trx
        .updateTable("payment_links")
        .set({ status: "paid", paid_at: new Date() })
        .where("id", "=", paymentLinkId)
        .execute();
    await enqueueCallback(trx, tx, { kind: "TRANSACTION" }, known);
    if ((tx.data as { _save_card?: boolean })._save_card) {
      const cardTokenId = await saveCardToken(rt, trx, tx);
      if (cardTokenId !== undefined) await enqueueCallback(trx, tx, { kind: "TOKEN", cardTokenId }, known);
    }
    return order;
  }
  await enqueueCallback(trx, tx, { kind: "TRANSACTION" }, known);
  return undefined;
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
