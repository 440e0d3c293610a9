import { randomBytes } from "node:crypto";
import { isCurrency, maxAmountMinor } from "@portal/domain";
import type { Insertable, Kysely } from "kysely";
import type { IntegrationRow, OrderRow } from "../db/rows.ts";
import type { DB, OrderItem, OrdersTable, PaymentKeysTable } from "../db/schema.ts";
import { tokenHash } from "../security/tokens.ts";
import { merchantNowSync } from "../test-clock/clock.ts";
import { PaymentError, paymentError } from "./errors.ts";
import {
  findOrder,
  type IntegrationRef,
  insertAuthToken,
  insertOrder,
  insertPaymentKey,
  integrationCandidates,
  isIdRef,
  orderHasPayments,
  setOrderMode,
} from "./orders.repository.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { newAuthToken, paymentToken } from "./tokens.ts";

/**
 * The legacy flow's set-up calls: API auth tokens, orders and payment keys (payment tokens). Their queries are in
 * orders.repository.ts.
 */

export { findOrder, type IntegrationRef } from "./orders.repository.ts";

export interface Caller {
  merchantId: number;
  /** undefined: both modes. */
  isLive: boolean | undefined;
  /** The merchant's country, when the caller's authentication already read it. */
  country?: string | undefined;
  /** Integrations the authentication read with the key (integrationCandidates of the request's references). */
  integrations?: IntegrationRow[] | undefined;
}

export const AUTH_TOKEN_DEFAULT_SECONDS = 3600;
/** Clients ask for very long tokens ("expiration": 999999999999); we cap them at 30 days. */
export const AUTH_TOKEN_MAX_SECONDS = 30 * 24 * 3600;
export const PAYMENT_KEY_DEFAULT_SECONDS = 3600;
/** The Intention API's maximum (36 days) also bounds payment keys. */
export const PAYMENT_KEY_MAX_SECONDS = 3_110_400;

export async function issueAuthToken(
  rt: PaymentsRuntime,
  merchantId: number,
  expirationSeconds?: number,
  /** The user whose password made the token (it is then bound to that user's access); none for the API key. */
  userId: number | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const seconds = Math.min(
    Math.max(1, Math.floor(expirationSeconds ?? AUTH_TOKEN_DEFAULT_SECONDS)),
    AUTH_TOKEN_MAX_SECONDS,
  );
  const token = newAuthToken();
  const now = rt.now();
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  await insertAuthToken(rt.db, {
    id: tokenHash(token),
    merchant_id: merchantId,
    user_id: userId,
    created_at: now,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

export interface OrderInput {
  amount_cents: number;
  currency?: string | undefined;
  merchant_order_id?: string | undefined;
  delivery_needed?: boolean | undefined;
  items?:
    | {
        name: string;
        amount_cents: number;
        description?: string | undefined;
        quantity?: number | undefined;
      }[]
    | undefined;
  shipping_data?: Record<string, unknown> | undefined;
  api_source?: string | undefined;
}

export function duplicateOrder(): PaymentError {
  return new PaymentError(422, {
    message: "duplicate",
    detail: "Order ID already exists",
    code: "order_id_exists",
  });
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

export function currencyOf(value: string | undefined): string {
  const currency = (value ?? "EGP").trim().toUpperCase();
  if (!isCurrency(currency)) throw new PaymentError(400, { currency: [`"${value}" is not a valid choice.`] });
  return currency;
}

/** Refuses an amount above its currency's documented maximum (maxAmountMinor, docs/domain-rules.md). */
export function checkAmountLimit(amount: number, currency: string, field: string): void {
  if (!isCurrency(currency)) return;
  const max = maxAmountMinor(currency);
  if (amount > max)
    throw new PaymentError(400, { [field]: [`Ensure this value is less than or equal to ${max}.`] });
}

/**
 * Each item line (amount × quantity) and the lines' sum stay within the currency's maximum, as every amount does:
 * otherwise 100 lines of 10^10 × 10^6 make a total past exact integers.
 */
export function checkItemsLimit(
  items: readonly { amount_cents: number; quantity: number }[],
  currency: string,
): void {
  if (!isCurrency(currency)) return;
  const max = maxAmountMinor(currency);
  let total = 0;
  for (const [index, item] of items.entries()) {
    const line = item.amount_cents * item.quantity;
    if (line > max)
      throw new PaymentError(400, {
        items: [`Item ${index + 1}: amount_cents × quantity must be less than or equal to ${max}.`],
      });
    total += line;
  }
  if (total > max)
    throw new PaymentError(400, {
      items: [`The items' total (amount_cents × quantity) must be less than or equal to ${max}.`],
    });
}

/** The row of a new order (shared by the orders API and the intentions' one-statement insert). */
export function orderValues(caller: Caller, input: OrderInput): Insertable<OrdersTable> {
  const currency = currencyOf(input.currency);
  checkAmountLimit(input.amount_cents, currency, "amount_cents");
  const items: OrderItem[] = (input.items ?? []).map((i) => ({
    name: i.name,
    amount_cents: i.amount_cents,
    description: i.description ?? "",
    quantity: i.quantity ?? 1,
  }));
  checkItemsLimit(items, currency);
  const shipping = input.shipping_data
    ? Object.fromEntries(
        Object.entries(input.shipping_data).map(([k, v]) => [k, v === null ? "" : String(v)]),
      )
    : null;
  return {
    merchant_id: caller.merchantId,
    // An order made with an auth token gets its mode from its first payment key's integration.
    is_live: caller.isLive ?? false,
    merchant_order_id: input.merchant_order_id?.trim() || null,
    amount_cents: input.amount_cents,
    currency,
    delivery_needed: input.delivery_needed ?? false,
    items: JSON.stringify(items),
    shipping_data: shipping === null ? null : JSON.stringify(shipping),
    api_source: input.api_source ?? "OTHER",
  };
}

export async function createOrder(
  rt: PaymentsRuntime,
  caller: Caller,
  input: OrderInput,
  db: Kysely<DB> = rt.db,
): Promise<OrderRow> {
  const values = orderValues(caller, input);
  try {
    return await insertOrder(db, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateOrder();
    throw error;
  }
}

export const INTEGRATION_NOT_FOUND = "Integration ID/Name does not exist in our system";

/** The references of a request's payment_methods as they are looked up (names trimmed). */
export function integrationRefs(methods: readonly IntegrationRef[]): IntegrationRef[] {
  return methods.map((ref) => (typeof ref === "string" ? ref.trim() : ref));
}

/** The integration a reference names among the candidates (the first by id), or the spec's 404. */
export function pickIntegration(candidates: readonly IntegrationRow[], ref: IntegrationRef): IntegrationRow {
  const integration = isIdRef(ref)
    ? candidates.find((i) => i.id === Number(ref))
    : candidates.find((i) => i.name === ref);
  if (!integration) throw paymentError(404, "integration_not_found", INTEGRATION_NOT_FOUND);
  return integration;
}

/** An active integration of the caller in the caller's mode, by id or by name. */
export async function findIntegration(
  db: Kysely<DB>,
  caller: Caller,
  ref: IntegrationRef,
): Promise<IntegrationRow> {
  return pickIntegration(await integrationCandidates(db, caller, [ref]), ref);
}

export interface PaymentKeyInput {
  order_id: number;
  integration_id: number;
  amount_cents: number;
  currency?: string | undefined;
  expiration?: number | undefined;
  billing_data: Record<string, string>;
  lock_order_when_paid?: boolean | undefined;
  extra?: Record<string, unknown> | undefined;
  notification_url?: string | null | undefined;
  redirection_url?: string | null | undefined;
  intention_id?: number | undefined;
  card_token_id?: number | undefined;
}

/**
 * Issues a payment key for an order and an integration and answers its token. The order takes the
 * integration's mode if it has none of its own yet (made with an auth token and never paid).
 */
export async function createPaymentKey(
  rt: PaymentsRuntime,
  caller: Caller,
  input: PaymentKeyInput,
  db: Kysely<DB> = rt.db,
  /** The integration and order when the caller has just read or made them (an intention's own). */
  known?: { integration: IntegrationRow; order: OrderRow },
): Promise<{ token: string; id: number; integration: IntegrationRow }> {
  const integration = known?.integration ?? (await findIntegration(db, caller, input.integration_id));
  const order =
    known?.order ??
    (await findOrder(db, { merchantId: caller.merchantId, isLive: undefined }, input.order_id));
  if (!order) throw paymentError(404, "order_not_found", "Order not found.");
  const currency = currencyOf(input.currency ?? order.currency);
  checkAmountLimit(input.amount_cents, currency, "amount_cents");
  if (currency !== integration.currency)
    throw new PaymentError(400, {
      currency: [`The integration accepts ${integration.currency} only.`],
    });
  if (order.is_payment_locked)
    throw paymentError(400, "order_locked", "This order is already paid and locked.");
  if (order.is_live !== integration.is_live) {
    const hasPayments = await orderHasPayments(db, order.id);
    if (hasPayments || (caller.isLive !== undefined && caller.isLive !== integration.is_live))
      throw paymentError(400, "mode_mismatch", "Test and live orders and integrations cannot be mixed.");
    await setOrderMode(db, order.id, integration.is_live);
  }
  const values = paymentKeyValues(rt, caller, input, integration, { id: order.id, currency });
  const row = await insertPaymentKey(db, values);
  return { token: paymentToken(rt.dataKey, row.id, values.salt), id: row.id, integration };
}

/** The row of a new payment key, with the salt its token is made from once the row has its id. */
export function paymentKeyValues(
  rt: PaymentsRuntime,
  caller: Caller,
  input: PaymentKeyInput,
  integration: IntegrationRow,
  order: { id: number; currency: string },
): Insertable<PaymentKeysTable> & { salt: string } {
  const seconds = Math.min(
    Math.max(1, Math.floor(input.expiration ?? PAYMENT_KEY_DEFAULT_SECONDS)),
    PAYMENT_KEY_MAX_SECONDS,
  );
  return {
    merchant_id: caller.merchantId,
    is_live: integration.is_live,
    order_id: order.id,
    integration_id: integration.id,
    intention_id: input.intention_id ?? null,
    amount_cents: input.amount_cents,
    currency: order.currency,
    billing_data: JSON.stringify(input.billing_data),
    extra: JSON.stringify(input.extra ?? {}),
    lock_order_when_paid: input.lock_order_when_paid ?? false,
    notification_url: input.notification_url ?? null,
    redirection_url: input.redirection_url ?? null,
    card_token_id: input.card_token_id ?? null,
    salt: randomBytes(16).toString("hex"),
    // A test key lives on the merchant's test clock (in memory, no query; docs/payments.md "Test clock").
    expires_at: new Date(
      merchantNowSync(rt.db, caller.merchantId, integration.is_live, rt.now()).getTime() + seconds * 1000,
    ),
  };
}
