import type { Insertable, Kysely } from "kysely";
import { reviveOptionalRow, reviveRow } from "../db/json-rows.ts";
import type {
  IntegrationRow,
  IntentionRow,
  MerchantRow,
  OrderRow,
  PaymentKeyRow,
  TransactionRow,
} from "../db/rows.ts";
import type { DB, TransactionsTable } from "../db/schema.ts";
import type { RateLimitRule } from "../ratelimit/rate-limit.repository.ts";
import { merchantNowSync } from "../test-clock/clock.ts";
import type { AcquirerResult } from "./acquirer.ts";
import { type PaymentError, paymentError } from "./errors.ts";
import { orderById } from "./orders.repository.ts";
import { responseRedirectUrl } from "./outcome.ts";
import {
  countAttempt,
  type KnownRows,
  leaseKey,
  orderHasPayment,
  paymentLinkState,
  readPaymentContext,
} from "./payment.repository.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { paymentTokenId, paymentTokenMatches } from "./tokens.ts";
import { type TransactionObject, type TransactionView, transactionObject } from "./transaction-object.ts";

/**
 * The payment context every payment starts from: the payment key read by its token with its integration, order,
 * merchant and intention in one round trip; whether the checkout is still open; the attempts a token has and the
 * card path's lease of its key. Then what every kind of payment takes from its context: a new transaction's
 * columns, an acquirer answer applied to them, and the checkout's final answer. The payments themselves:
 * card-payment.ts (card and 3-D Secure) and source-payments.ts (wallet, kiosk, saved card, cash). Every payment
 * runs under its payment key (a row lock, or the card path's lease), so a double click or a replay cannot pay
 * twice or exceed the attempts.
 */

export const MAX_PAYMENT_ATTEMPTS = 3;

export interface PaymentContext {
  key: PaymentKeyRow;
  integration: IntegrationRow;
  order: OrderRow;
  merchant: MerchantRow;
  /** The merchant's owner user id (the provider's "owner"). */
  ownerId: number;
  intention: IntentionRow | null;
  /** The payment key row's version when read (its xmin): a lease is taken only if nothing changed it since. */
  keyVersion: string;
}

export function known(ctx: PaymentContext): KnownRows {
  return { key: ctx.key, integration: ctx.integration };
}

export type CheckoutState = "open" | "paid" | "expired";

export const INVALID_TOKEN = "This payment link is not valid.";
export const MERCHANT_DEACTIVATED = "This merchant cannot take payments at the moment.";
export const EXPIRED_TOKEN = "This payment link has expired.";

/** A rate limit counted in the same statement that reads the payment context (one round trip for both). */
export interface CountedLimit {
  key: string;
  rule: RateLimitRule;
}

export const RATE_LIMITED = "Too many requests. Please try again later.";

export function rateLimited(): PaymentError {
  return paymentError(429, "rate_limited", RATE_LIMITED);
}

export async function loadPaymentContext(
  rt: PaymentsRuntime,
  token: string,
  db: Kysely<DB> = rt.db,
  /** Counted first: over its limit the call answers 429 whatever the token. */
  limit?: CountedLimit,
): Promise<PaymentContext> {
  const id = paymentTokenId(token) ?? 0;
  // The payment key with its integration, order, merchant (and owner) and intention, in one round trip.
  const row = await readPaymentContext(db, id, limit);
  if (limit && (row.hits ?? 0) > limit.rule.limit) throw rateLimited();
  const key = row.key ? reviveRow<PaymentKeyRow>(row.key) : undefined;
  if (!key || !paymentTokenMatches(token, rt.dataKey, key.id, key.salt))
    throw paymentError(404, "invalid_token", INVALID_TOKEN);
  const merchant = reviveRow<MerchantRow>(row.merchant);
  // A merchant its bank deactivated takes no live payment (docs/backoffice.md); test mode goes on.
  if (merchant.deactivated && key.is_live)
    throw paymentError(403, "merchant_deactivated", MERCHANT_DEACTIVATED);
  return {
    key,
    integration: reviveRow<IntegrationRow>(row.integration),
    order: reviveRow<OrderRow>(row.order),
    merchant,
    ownerId: row.owner_id ?? merchant.id,
    intention: reviveOptionalRow<IntentionRow>(row.intention),
    keyVersion: row.key_version ?? "",
  };
}

/** A successful payment (not voided) already made for the order. */
export async function orderIsPaid(db: Kysely<DB>, order: OrderRow): Promise<boolean> {
  if (order.amount_cents > 0 && order.paid_amount_cents >= order.amount_cents) return true;
  return orderHasPayment(db, order.id);
}

async function linkClosed(db: Kysely<DB>, intention: IntentionRow | null, now: Date): Promise<boolean> {
  if (!intention?.payment_link_id) return false;
  const link = await paymentLinkState(db, intention.payment_link_id);
  if (!link) return false;
  if (link.status === "canceled" || link.status === "deactivated") return true;
  return link.expires_at !== null && link.expires_at.getTime() <= now.getTime();
}

export async function checkoutState(
  rt: PaymentsRuntime,
  ctx: PaymentContext,
  db = rt.db,
  /** The caller has just checked the order is not paid. */
  knownUnpaid = false,
): Promise<CheckoutState> {
  if (!knownUnpaid && (await orderIsPaid(db, ctx.order))) return "paid";
  // In test mode the key, its intention and its link expire by the merchant's test clock (in memory, no query;
  // docs/payments.md "Test clock"); live mode by real time.
  const now = merchantNowSync(rt.db, ctx.key.merchant_id, ctx.key.is_live, rt.now());
  if (ctx.key.expires_at.getTime() <= now.getTime()) return "expired";
  if (ctx.intention && ctx.intention.expires_at.getTime() <= now.getTime()) return "expired";
  if (ctx.order.is_canceled || !ctx.integration.is_active) return "expired";
  if (await linkClosed(db, ctx.intention, now)) return "expired";
  return "open";
}

async function assertOpen(
  rt: PaymentsRuntime,
  ctx: PaymentContext,
  db: Kysely<DB>,
  paid?: boolean,
): Promise<void> {
  const state = paid ? "paid" : await checkoutState(rt, ctx, db, paid === false);
  if (state === "expired") throw paymentError(410, "expired", EXPIRED_TOKEN);
  if (state === "paid") throw paymentError(409, "already_paid", "This order has already been paid.");
}

const attemptsExhausted = () =>
  paymentError(409, "attempts_exhausted", "No payment attempts are left for this payment.");

/**
 * Locks the payment key and counts one more attempt, then checks the payment is still open: refuses once
 * MAX_PAYMENT_ATTEMPTS were used, or when the order was paid or the key expired. One statement counts the
 * attempt and looks for a payment of the order, under the key's row lock.
 */
export async function takeAttempt(rt: PaymentsRuntime, trx: Kysely<DB>, ctx: PaymentContext): Promise<void> {
  const counted = await countAttempt(trx, ctx.key.id, MAX_PAYMENT_ATTEMPTS);
  if (!counted) throw attemptsExhausted();
  await assertOpen(rt, ctx, trx, counted.paid);
}

/** A card payment's lease of its payment key: how long the acquirer may take, and how long another one waits. */
export const KEY_LEASE_SECONDS = 60;
const LEASE_WAIT_MS = 15_000;

/**
 * The card path's takeAttempt without a row lock held across the acquirer's call: one statement counts the
 * attempt and leases the key (`lease_ends_at`) if the key row is still the version the context read, no other
 * payment holds its lease, attempts are left and the order is not paid. The statement that writes the payment
 * clears the lease (writePayment's `releaseLease`). A changed key row (another submission's lease or payment,
 * an intention update) means reading the context again; a held lease means waiting for it, as a row lock would.
 * Answers the context the lease was taken on.
 */
export async function leaseAttempt(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  token: string,
  first: PaymentContext,
): Promise<PaymentContext> {
  let ctx = first;
  const deadline = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    await assertOpen(rt, ctx, db, false);
    // On its own (no idempotency transaction) the lease need not wait for the disk: the statement writing the
    // payment comes after it in the log and waits, so a crash can lose the lease only with the payment.
    const row = await leaseKey(db, ctx.key.id, ctx.keyVersion, MAX_PAYMENT_ATTEMPTS, KEY_LEASE_SECONDS);
    if (!row) throw paymentError(404, "invalid_token", INVALID_TOKEN);
    if (row.taken !== null) return { ...ctx, key: { ...ctx.key, attempts: row.taken } };
    if (row.version === ctx.keyVersion) {
      if (row.attempts >= MAX_PAYMENT_ATTEMPTS) throw attemptsExhausted();
      if (row.paid) await assertOpen(rt, ctx, db, true);
    }
    if (row.busy) {
      if (Date.now() > deadline)
        throw paymentError(409, "payment_in_progress", "Another payment with this link is in progress.");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The key row changed (or its lease ended meanwhile): read the context again.
    ctx = await loadPaymentContext(rt, token, db);
  }
}

export function attemptsLeft(key: PaymentKeyRow): number {
  return Math.max(0, MAX_PAYMENT_ATTEMPTS - key.attempts);
}

export function trnxType(integration: IntegrationRow, threeDSecure: boolean): string {
  if (integration.is_auth) return "auth";
  return threeDSecure ? "3ds" : "standalone";
}

function statusOf(result: AcquirerResult): TransactionsTable["status"] {
  if (result.outcome === "approved") return "success";
  if (result.outcome === "declined") return "declined";
  return "pending";
}

/** The columns a new parent payment takes from its payment key and integration. */
export function baseTransaction(
  ctx: PaymentContext,
  origin: string,
  source: { type: string; pan: string; sub_type: string },
): Insertable<TransactionsTable> {
  const billing = ctx.key.billing_data;
  return {
    merchant_id: ctx.key.merchant_id,
    order_id: ctx.key.order_id,
    integration_id: ctx.key.integration_id,
    payment_key_id: ctx.key.id,
    is_live: ctx.key.is_live,
    amount_cents: ctx.key.amount_cents,
    currency: ctx.key.currency,
    status: "pending",
    gateway_type: ctx.integration.gateway_type,
    trnx_type: ctx.integration.is_auth ? "auth" : "standalone",
    origin,
    is_auth: ctx.integration.is_auth,
    is_standalone: true,
    customer_name: [billing.first_name, billing.last_name].filter(Boolean).join(" ") || null,
    customer_email: billing.email ?? null,
    customer_phone: billing.phone_number ?? null,
    billing_data: JSON.stringify(billing),
    data: JSON.stringify({ source_data: { ...source, tenure: null } }),
  };
}

/** Applies an acquirer answer to the transaction's columns. */
export function resultColumns(result: AcquirerResult, data: Record<string, unknown>) {
  return {
    status: statusOf(result),
    txn_response_code: result.txnResponseCode,
    acq_response_code: result.acqResponseCode || null,
    failure_reason: result.outcome === "declined" ? result.message : null,
    data: JSON.stringify({
      ...data,
      ...result.data,
      message: result.message,
      txn_response_code: result.txnResponseCode,
      acq_response_code: result.acqResponseCode,
      klass: "SimulatorPayment",
      ...(result.reference ? { _acquirer_reference: result.reference } : {}),
    }),
    updated_at: new Date(),
  };
}

export function originOf(ctx: PaymentContext): string {
  // A product's purchase (selling/products.service.ts) makes its order with api_source PRODUCT.
  if (ctx.order.api_source === "PRODUCT") return "PRODUCT";
  return ctx.intention?.payment_link_id ? "INVOICE" : "IFRAME";
}

export interface TransactionSummary {
  id: number;
  success: boolean;
  pending: boolean;
  message: string;
  txn_response_code: string;
}

export type CheckoutPayAnswer =
  | { state: "challenge"; challenge_id: string; transaction_id: number }
  | { state: "done"; transaction: TransactionSummary; redirect_url: string | null };

function summary(obj: TransactionObject): TransactionSummary {
  const data = obj.data as { message?: unknown; txn_response_code?: unknown };
  return {
    id: obj.id,
    success: obj.success,
    pending: obj.pending,
    message: String(data.message ?? ""),
    txn_response_code: String(data.txn_response_code ?? ""),
  };
}

/**
 * The checkout's final answer, built from the rows the payment already holds (the order is read again unless
 * the payment's outcome just answered it).
 */
export async function doneAnswer(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  tx: TransactionRow,
  ctx: PaymentContext,
  current?: OrderRow,
): Promise<CheckoutPayAnswer> {
  const order = current ?? (await orderById(trx, ctx.order.id));
  const view: TransactionView = {
    tx,
    order,
    merchant: ctx.merchant,
    paymentKey: ctx.key,
    ownerId: ctx.ownerId,
    intentionPublicId: ctx.intention?.public_id ?? null,
  };
  const obj = transactionObject(view, rt.publicUrl);
  return {
    state: "done",
    transaction: summary(obj),
    redirect_url: await responseRedirectUrl(rt, trx, view, obj, known(ctx)),
  };
}
