import type { Insertable, Kysely } from "kysely";
import { signTransaction } from "../callbacks/hmac.ts";
import type { OrderRow, TransactionRow } from "../db/rows.ts";
import type { CardTokensTable, DB } from "../db/schema.ts";
import { encryptSecret, readHmacSecret } from "../security/keys.ts";
import { tokenHash } from "../security/tokens.ts";
import {
  type CardTokenSource,
  enqueueTransactionCallbacks,
  integrationResponseUrl,
  type KnownRows,
  writePayment,
} from "./payment.repository.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { newCardToken } from "./tokens.ts";
import { flatTransaction, type TransactionObject, type TransactionView } from "./transaction-object.ts";

/**
 * What follows a transaction reaching its result: the order's paid amount and lock, the intention and payment
 * link states, a saved card, and the processed callbacks, written in one statement with the transaction itself
 * (payment.repository.ts's writePayment); the response callback's redirect.
 */

/** Enqueues a transaction's callback of an event when it has somewhere to go. */
export async function enqueueCallback(trx: Kysely<DB>, tx: TransactionRow): Promise<void> {
  await enqueueTransactionCallbacks(trx, [tx.id], { kind: "TRANSACTION", trigger: "event" });
}

const cardTokenContext = (merchantId: number) => `merchant:${merchantId}:card_token`;

/** The card_tokens row saving a payment's card ("save card"), or undefined when the payment has no card. */
export function cardTokenRow(
  rt: PaymentsRuntime,
  tx: CardTokenSource,
): Insertable<CardTokensTable> | undefined {
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

/**
 * Applies a written transaction's result (order, intention, link, saved card, callbacks) in one statement;
 * answers the order as it is afterwards.
 */
export async function finalizePayment(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  tx: TransactionRow,
): Promise<OrderRow | undefined> {
  return (await writePayment(trx, { row: tx }, (v) => cardTokenRow(rt, v))).order;
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
    target = await integrationResponseUrl(db, view.tx.integration_id);
  }
  if (!target) return null;
  const flat = flatTransaction(obj);
  const hmac = signTransaction(flat, await hmacSecretOf(rt, db, view.tx.merchant_id));
  const query = new URLSearchParams({ ...flat, hmac }).toString();
  return `${target}${target.includes("?") ? "&" : "?"}${query}`;
}
