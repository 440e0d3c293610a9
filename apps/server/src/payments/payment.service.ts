import { randomBytes } from "node:crypto";
import type { Insertable, Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import { callbackJobsCommitted } from "../callbacks/queue.ts";
import { reviveOptionalRow, reviveRow } from "../db/json-rows.ts";
import type { DB, IntegrationsTable, PaymentIntentionsTable, TransactionsTable } from "../db/schema.ts";
import { type RateLimitRule, rateLimitUpsert } from "../ratelimit/rate-limit.repository.ts";
import type { AcquirerResult, CardRef } from "./acquirer.ts";
import { type CardFields, type CheckedCard, checkCard } from "./card.ts";
import { PaymentError, paymentError } from "./errors.ts";
import { idempotent, requestHash } from "./idempotency.ts";
import {
  authenticatesCardholder,
  INSTALLMENT_MONTHS,
  installmentPlans,
  isInstallmentIntegration,
  sourceKindOf,
  takesCards,
} from "./methods.ts";
import { finalizePayment, type KnownRows, responseRedirectUrl, writePayment } from "./outcome.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { paymentTokenId, paymentTokenMatches, sha256 } from "./tokens.ts";
import {
  loadTransactionView,
  type MerchantRow,
  type OrderRow,
  ownerIdOf,
  type PaymentKeyRow,
  type TransactionObject,
  type TransactionRow,
  type TransactionView,
  transactionObject,
} from "./transaction-object.ts";

/**
 * Paying: the hosted card form (with its 3-D Secure step), wallets, kiosk references, cash and saved cards.
 * The payment token is the customer's credential; every payment runs under a row lock on its payment key, so
 * a double click or a replay cannot pay twice or exceed the attempts.
 */

export const MAX_PAYMENT_ATTEMPTS = 3;

export type IntegrationRow = Selectable<IntegrationsTable>;
export type IntentionRow = Selectable<PaymentIntentionsTable>;

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

function known(ctx: PaymentContext): KnownRows {
  return { key: ctx.key, integration: ctx.integration };
}

export type CheckoutState = "open" | "paid" | "expired";

export const INVALID_TOKEN = "This payment link is not valid.";
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
  const counter = limit
    ? sql`with rl as (${rateLimitUpsert(limit.key, limit.rule, !db.isTransaction)})`
    : sql``;
  const hits = limit ? sql`(select hits from rl)` : sql`null::int`;
  const row = (
    await sql<{
      hits: number | null;
      key: unknown;
      integration: unknown;
      order: unknown;
      merchant: unknown;
      owner_id: number | null;
      intention: unknown;
      key_version: string | null;
    }>`${counter} select ${hits} as hits, c.* from (select 1) as one left join lateral (
        select to_jsonb(k) as key, k.xmin::text as key_version, to_jsonb(i) as integration, to_jsonb(o) as "order",
          to_jsonb(m) as merchant, to_jsonb(pi) as intention,
          ${ownerIdOf("m")} as owner_id
        from payment_keys k
        join integrations i on i.id = k.integration_id
        join orders o on o.id = k.order_id
        join merchants m on m.id = k.merchant_id
        left join payment_intentions pi on pi.id = k.intention_id
        where k.id = ${id}) as c on true`.execute(db)
  ).rows[0]!;
  if (limit && (row.hits ?? 0) > limit.rule.limit) throw rateLimited();
  const key = row.key ? reviveRow<PaymentKeyRow>(row.key) : undefined;
  if (!key || !paymentTokenMatches(token, rt.dataKey, key.id, key.salt))
    throw paymentError(404, "invalid_token", INVALID_TOKEN);
  const merchant = reviveRow<MerchantRow>(row.merchant);
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
  const paid = await db
    .selectFrom("transactions")
    .select("id")
    .where("order_id", "=", order.id)
    .where("parent_transaction_id", "is", null)
    .where("status", "=", "success")
    .where("is_voided", "=", false)
    .executeTakeFirst();
  return paid !== undefined;
}

async function linkClosed(db: Kysely<DB>, intention: IntentionRow | null, now: Date): Promise<boolean> {
  if (!intention?.payment_link_id) return false;
  const link = await db
    .selectFrom("payment_links")
    .select(["status", "expires_at"])
    .where("id", "=", intention.payment_link_id)
    .executeTakeFirst();
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
  const now = rt.now().getTime();
  if (ctx.key.expires_at.getTime() <= now) return "expired";
  if (ctx.intention && ctx.intention.expires_at.getTime() <= now) return "expired";
  if (ctx.order.is_canceled || !ctx.integration.is_active) return "expired";
  if (await linkClosed(db, ctx.intention, rt.now())) return "expired";
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

/**
 * True (in SQL) when the order of payment key `k` is paid: by amount, or by a successful payment not voided.
 * Scalar subqueries with `limit 1`, not EXISTS: a prepared statement planned while `transactions` was small (a
 * new install) could otherwise keep a "hashed SubPlan" that reads the whole table at every call.
 */
const keyOrderPaid = sql`(coalesce((select o.amount_cents > 0 and o.paid_amount_cents >= o.amount_cents
    from orders o where o.id = k.order_id), false)
  or coalesce((select true from transactions t where t.order_id = k.order_id
    and t.parent_transaction_id is null and t.status = 'success' and not t.is_voided limit 1), false))`;

const attemptsExhausted = () =>
  paymentError(409, "attempts_exhausted", "No payment attempts are left for this payment.");

/**
 * Locks the payment key and counts one more attempt, then checks the payment is still open: refuses once
 * MAX_PAYMENT_ATTEMPTS were used, or when the order was paid or the key expired. One statement counts the
 * attempt and looks for a payment of the order, under the key's row lock.
 */
async function takeAttempt(rt: PaymentsRuntime, trx: Kysely<DB>, ctx: PaymentContext): Promise<void> {
  const { rows } = await sql<{ attempts: number; paid: boolean }>`
    update payment_keys k set attempts = k.attempts + 1 where k.id = ${ctx.key.id}
      and k.attempts < ${MAX_PAYMENT_ATTEMPTS}
    returning k.attempts, ${keyOrderPaid} as paid`.execute(trx);
  if (rows.length === 0) throw attemptsExhausted();
  await assertOpen(rt, ctx, trx, rows[0]!.paid);
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
async function leaseAttempt(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  token: string,
  first: PaymentContext,
): Promise<PaymentContext> {
  let ctx = first;
  const deadline = Date.now() + LEASE_WAIT_MS;
  // On its own (no idempotency transaction) the lease need not wait for the disk: the statement writing the
  // payment comes after it in the log and waits, so a crash can lose the lease only with the payment.
  const fastCommit = db.isTransaction
    ? sql``
    : sql`cross join (select set_config('synchronous_commit', 'off', true)) as fast_commit`;
  for (;;) {
    await assertOpen(rt, ctx, db, false);
    const { rows } = await sql<{
      taken: number | null;
      version: string;
      attempts: number;
      busy: boolean;
      paid: boolean;
    }>`with took as (
        update payment_keys k set attempts = k.attempts + 1,
          lease_ends_at = now() + make_interval(secs => ${KEY_LEASE_SECONDS})
        where k.id = ${ctx.key.id} and k.xmin = ${ctx.keyVersion}::text::xid
          and k.attempts < ${MAX_PAYMENT_ATTEMPTS} and (k.lease_ends_at is null or k.lease_ends_at <= now())
          and not ${keyOrderPaid}
        returning k.attempts)
      select (select attempts from took) as taken, k.xmin::text as version, k.attempts,
        coalesce(k.lease_ends_at > now(), false) as busy, ${keyOrderPaid} as paid
      from payment_keys k ${fastCommit} where k.id = ${ctx.key.id}`.execute(db);
    const row = rows[0];
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

function trnxType(integration: IntegrationRow, threeDSecure: boolean): string {
  if (integration.is_auth) return "auth";
  return threeDSecure ? "3ds" : "standalone";
}

function statusOf(result: AcquirerResult): TransactionsTable["status"] {
  if (result.outcome === "approved") return "success";
  if (result.outcome === "declined") return "declined";
  return "pending";
}

/** The columns a new parent payment takes from its payment key and integration. */
function baseTransaction(
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
function resultColumns(result: AcquirerResult, data: Record<string, unknown>) {
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

function originOf(ctx: PaymentContext): string {
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
async function doneAnswer(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  tx: TransactionRow,
  ctx: PaymentContext,
  current?: OrderRow,
): Promise<CheckoutPayAnswer> {
  const order =
    current ??
    (await trx.selectFrom("orders").selectAll().where("id", "=", ctx.order.id).executeTakeFirstOrThrow());
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

export interface CardPaymentInput extends CardFields {
  payment_token: string;
  installment_months?: number | undefined;
  save_card?: boolean | undefined;
}

/** POST /api/checkout/card: the hosted card form. */
export async function payByCard(
  rt: PaymentsRuntime,
  input: CardPaymentInput,
  idempotencyKey?: string,
  limit?: CountedLimit,
): Promise<CheckoutPayAnswer> {
  const ctx = await loadPaymentContext(rt, input.payment_token, rt.db, limit);
  if (!takesCards(ctx.integration))
    throw paymentError(400, "method_not_supported", "This payment method does not take cards.");
  const checked = checkCard(input, rt.now());
  if (!checked.ok)
    throw paymentError(400, "invalid", "Please check the card details.", { fields: checked.fields });
  const card = checked.card;
  let installment: { months: number; plan: string } | undefined;
  if (isInstallmentIntegration(ctx.integration)) {
    const months = input.installment_months;
    if (months === undefined || !(INSTALLMENT_MONTHS as readonly number[]).includes(months))
      throw paymentError(400, "invalid", "Please choose an installment plan.", {
        fields: { installment_months: ["Please choose an installment plan."] },
      });
    installment = { months, plan: `${months} months` };
  }
  const hash = () =>
    requestHash(rt.dataKey, {
      pan: card.pan,
      amount: ctx.key.amount_cents,
      months: input.installment_months,
    });
  const result = await idempotent(
    rt.db,
    {
      merchantId: ctx.key.merchant_id,
      scope: `checkout.card:${ctx.key.id}`,
      key: idempotencyKey,
      hash,
      // Without a key every change below is one statement of its own: no database transaction.
      atomicStatements: true,
    },
    async (db) => {
      // The attempt is counted and the key leased; the context is the one the lease was taken on.
      const c = await leaseAttempt(rt, db, input.payment_token, ctx);
      try {
        return await payLeased(rt, db, c, card, input, installment);
      } catch (error) {
        // The payment was not written: the lease ends now rather than when it lapses (the attempt stays used).
        await db
          .updateTable("payment_keys")
          .set({ lease_ends_at: null })
          .where("id", "=", c.key.id)
          .execute()
          .catch(() => undefined);
        throw error;
      }
    },
  );
  return result.body;
}

/** The card payment once its key is leased: the acquirer's answer, then the payment written in one statement. */
async function payLeased(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  ctx: PaymentContext,
  card: CheckedCard,
  input: CardPaymentInput,
  installment: { months: number; plan: string } | undefined,
): Promise<{ statusCode: number; body: CheckoutPayAnswer }> {
  const plan = installment
    ? installmentPlans(ctx.key.amount_cents).find((p) => p.months === installment.months)
    : undefined;
  // valU finances the whole amount in the simulator (no down payment); refunds are capped by what it financed.
  const valu =
    plan && ctx.integration.gateway_type === "VALU"
      ? {
          down_payment: 0,
          financed_amount: ctx.key.amount_cents,
          monthly_installment: plan.monthly_amount_cents,
          installment_plan: `${plan.months} months`,
        }
      : undefined;
  const threeDSecure = authenticatesCardholder(ctx.integration);
  const ref: CardRef = { first6: card.first6, last4: card.last4, subtype: card.subtype };
  const answer = await rt.acquirer.payCard({
    pan: card.pan,
    card: ref,
    amountCents: ctx.key.amount_cents,
    currency: ctx.key.currency,
    isLive: ctx.key.is_live,
    authOnly: ctx.integration.is_auth,
    threeDSecure,
  });
  const challengeId = answer.outcome === "challenge" ? randomBytes(16).toString("hex") : undefined;
  const base = baseTransaction(ctx, originOf(ctx), {
    type: "card",
    pan: card.last4,
    sub_type: card.subtype,
  });
  const data: Record<string, unknown> = {
    source_data: {
      type: "card",
      pan: card.last4,
      sub_type: card.subtype,
      tenure: input.installment_months ?? null,
    },
    ...(installment ? { installment } : {}),
    ...(valu ? { valu } : {}),
    ...(challengeId ? { _challenge_id: challengeId } : {}),
    ...(input.save_card ? { _save_card: true } : {}),
  };
  // The transaction, its outcome (order, intention, callbacks) and the end of the lease in one statement.
  const { tx: row, order } = await writePayment(
    rt,
    db,
    {
      insert: {
        ...base,
        ...resultColumns(answer, data),
        trnx_type: trnxType(ctx.integration, answer.threeDSecure),
        is_3d_secure: answer.threeDSecure && answer.outcome !== "challenge",
        is_installment: installment !== undefined,
        card_first6: card.first6,
        card_last4: card.last4,
        card_scheme: card.subtype,
        card_type: "credit",
      },
    },
    { releaseLease: true, known: { ...known(ctx), paymentLinkId: ctx.intention?.payment_link_id ?? null } },
  );
  // Committed already (one statement outside a transaction): this process's idle callback worker can take it.
  if (!db.isTransaction && row.status !== "pending") callbackJobsCommitted();
  if (challengeId) {
    return {
      statusCode: 200,
      body: { state: "challenge", challenge_id: challengeId, transaction_id: row.id },
    };
  }
  return { statusCode: 200, body: await doneAnswer(rt, db, row, ctx, order) };
}

/** POST /api/checkout/3ds: the one-time code of the 3-D Secure step. */
export async function completeChallenge(
  rt: PaymentsRuntime,
  input: { payment_token: string; challenge_id: string; otp: string },
): Promise<CheckoutPayAnswer> {
  const ctx = await loadPaymentContext(rt, input.payment_token);
  return rt.db.transaction().execute(async (trx) => {
    const tx = await trx
      .selectFrom("transactions")
      .selectAll()
      .where("payment_key_id", "=", ctx.key.id)
      .where(sql<string>`data->>'_challenge_id'`, "=", input.challenge_id)
      .forUpdate()
      .executeTakeFirst();
    if (!tx) throw paymentError(404, "invalid_challenge", "This authentication step is not valid.");
    // A repeated submission answers the result the first one reached.
    if (tx.status !== "pending") return doneAnswer(rt, trx, tx, ctx);
    const answer = await rt.acquirer.completeChallenge({
      card: { first6: tx.card_first6 ?? "", last4: tx.card_last4 ?? "", subtype: tx.card_scheme ?? "" },
      otp: input.otp,
      amountCents: tx.amount_cents,
    });
    const updated = await trx
      .updateTable("transactions")
      .set({
        ...resultColumns(answer, tx.data),
        is_3d_secure: true,
        trnx_type: ctx.integration.is_auth ? "auth" : "3ds",
      })
      .where("id", "=", tx.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const order = updated.status !== "pending" ? await finalizePayment(rt, trx, updated) : undefined;
    return doneAnswer(rt, trx, updated, ctx, order);
  });
}

export interface PaySource {
  identifier: string;
  subtype: string;
}

export interface PayAnswer {
  obj: TransactionObject;
  extra: Record<string, unknown>;
}

/** POST /api/acceptance/payments/pay: wallet, kiosk (AGGREGATOR), cash and saved-card (TOKEN) payments. */
export async function payWithSource(
  rt: PaymentsRuntime,
  input: { payment_token: string; source: PaySource },
  idempotencyKey?: string,
): Promise<PayAnswer> {
  const ctx = await loadPaymentContext(rt, input.payment_token);
  const subtype = input.source.subtype.toUpperCase();
  const kind = sourceKindOf(ctx.integration);
  const wanted = { WALLET: "wallet", AGGREGATOR: "kiosk", CASH: "cash", TOKEN: "card" }[subtype];
  if (!wanted)
    throw new PaymentError(400, {
      source: { subtype: [`"${input.source.subtype}" is not a valid choice.`] },
    });
  if (wanted !== kind || (subtype === "TOKEN" && !takesCards(ctx.integration)))
    throw paymentError(400, "method_not_supported", "This integration does not support this payment source.");
  const hash = requestHash(rt.dataKey, { source: input.source, amount: ctx.key.amount_cents });
  const result = await idempotent(
    rt.db,
    { merchantId: ctx.key.merchant_id, scope: `pay:${ctx.key.id}`, key: idempotencyKey, hash },
    async (trx) => {
      await takeAttempt(rt, trx, ctx);
      let row: TransactionRow;
      const extra: Record<string, unknown> = {};
      if (subtype === "WALLET") {
        const msisdn = input.source.identifier.trim();
        const answer = await rt.acquirer.startWallet({
          msisdn,
          amountCents: ctx.key.amount_cents,
          currency: ctx.key.currency,
        });
        const source = { type: "wallet", pan: msisdn, sub_type: "wallet" };
        row = await trx
          .insertInto("transactions")
          .values({
            ...baseTransaction(ctx, "OTHER", source),
            ...resultColumns(answer, { source_data: { ...source, tenure: null }, _wallet: { msisdn } }),
            wallet_msisdn: msisdn,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (row.status === "pending") {
          const url = `${rt.publicUrl}/checkout/wallet?payment_token=${encodeURIComponent(input.payment_token)}&transaction_id=${row.id}`;
          extra.redirect_url = url;
          extra.iframe_redirection_url = url;
        } else {
          extra.redirect_url = null;
          extra.iframe_redirection_url = null;
        }
      } else if (subtype === "AGGREGATOR") {
        row = await startKiosk(rt, trx, ctx, "OTHER");
      } else if (subtype === "CASH") {
        const source = { type: "cash_present", pan: "", sub_type: "CASH" };
        row = await trx
          .insertInto("transactions")
          .values({
            ...baseTransaction(ctx, "OTHER", source),
            data: JSON.stringify({
              source_data: { ...source, tenure: null },
              message: "Pending cash collection",
              txn_response_code: "PENDING",
            }),
            txn_response_code: "PENDING",
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        extra.cash_reference = row.id;
      } else {
        row = await payWithCardToken(rt, trx, ctx, input.source.identifier);
      }
      if (row.status !== "pending") await finalizePayment(rt, trx, row);
      const view = (await loadTransactionView(trx, row.id))!;
      return { statusCode: 200, body: { obj: transactionObject(view, rt.publicUrl), extra } };
    },
  );
  return result.body;
}

async function payWithCardToken(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  ctx: PaymentContext,
  identifier: string,
): Promise<TransactionRow> {
  const saved = await trx
    .selectFrom("card_tokens")
    .selectAll()
    .where("token_hash", "=", sha256(identifier.trim()))
    .where("merchant_id", "=", ctx.key.merchant_id)
    .where("is_live", "=", ctx.key.is_live)
    .executeTakeFirst();
  if (!saved) throw paymentError(404, "invalid_card_token", "Card token not found.");
  const answer = await rt.acquirer.payToken({
    card: { first6: saved.card_first6, last4: saved.card_last4, subtype: saved.card_subtype },
    amountCents: ctx.key.amount_cents,
    currency: ctx.key.currency,
    authOnly: ctx.integration.is_auth,
  });
  const source = { type: "card", pan: saved.card_last4, sub_type: saved.card_subtype };
  return trx
    .insertInto("transactions")
    .values({
      ...baseTransaction(ctx, "OTHER", source),
      ...resultColumns(answer, { source_data: { ...source, tenure: null }, card_token_id: saved.id }),
      trnx_type: trnxType(ctx.integration, false),
      card_first6: saved.card_first6,
      card_last4: saved.card_last4,
      card_scheme: saved.card_subtype,
      card_type: "credit",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function startKiosk(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  ctx: PaymentContext,
  origin: string,
): Promise<TransactionRow> {
  const source = { type: "aggregator", pan: "", sub_type: "AGGREGATOR" };
  const row = await trx
    .insertInto("transactions")
    .values({ ...baseTransaction(ctx, origin, source), txn_response_code: "PENDING" })
    .returningAll()
    .executeTakeFirstOrThrow();
  const bill = await rt.acquirer.issueKioskBill({ transactionId: row.id, amountCents: row.amount_cents });
  return trx
    .updateTable("transactions")
    .set({
      data: JSON.stringify({
        source_data: { ...source, tenure: null },
        bill_reference: bill.billReference,
        message: "Pending payment at a kiosk",
        txn_response_code: "PENDING",
      }),
    })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** POST /api/checkout/kiosk: the reference to pay at a kiosk (the same one on every call). */
export async function kioskReference(
  rt: PaymentsRuntime,
  paymentToken: string,
): Promise<{ bill_reference: string; transaction_id: number; expires_at: string }> {
  const ctx = await loadPaymentContext(rt, paymentToken);
  if (sourceKindOf(ctx.integration) !== "kiosk")
    throw paymentError(400, "method_not_supported", "This payment method is not a kiosk payment.");
  const answer = (row: TransactionRow) => ({
    bill_reference: String((row.data as { bill_reference?: unknown }).bill_reference),
    transaction_id: row.id,
    expires_at: ctx.key.expires_at.toISOString(),
  });
  const existing = await rt.db
    .selectFrom("transactions")
    .selectAll()
    .where("payment_key_id", "=", ctx.key.id)
    .where("status", "=", "pending")
    .where(sql<string>`data->>'bill_reference'`, "is not", null)
    .executeTakeFirst();
  if (existing) return answer(existing);
  return rt.db.transaction().execute(async (trx) => {
    await takeAttempt(rt, trx, ctx);
    return answer(await startKiosk(rt, trx, ctx, originOf(ctx)));
  });
}

/** POST /api/simulator/kiosk/pay: the customer pays the reference at a kiosk (test mode only). */
export async function payKioskBill(rt: PaymentsRuntime, billReference: string): Promise<TransactionObject> {
  return rt.db.transaction().execute(async (trx) => {
    const tx = await trx
      .selectFrom("transactions")
      .selectAll()
      .where(sql<string>`data->>'bill_reference'`, "=", billReference.trim())
      .where("is_live", "=", false)
      .where("parent_transaction_id", "is", null)
      .orderBy("id", "desc")
      .forUpdate()
      .executeTakeFirst();
    if (!tx) throw paymentError(404, "invalid_reference", "No test kiosk payment has this reference.");
    if (tx.status !== "pending")
      throw paymentError(409, "already_paid", "This reference has already been paid.");
    await finalizePayment(rt, trx, await settlePending(trx, tx, "Approved", "paid_at"));
    return transactionObject((await loadTransactionView(trx, tx.id))!, rt.publicUrl);
  });
}

/**
 * A pending payment paid later (a kiosk bill, collected cash): success, approved, with the simulator's message
 * and the moment in its data under `stamp`. The caller applies the outcome (finalizePayment).
 */
export async function settlePending(
  trx: Kysely<DB>,
  tx: TransactionRow,
  message: string,
  stamp: "paid_at" | "collected_at",
): Promise<TransactionRow> {
  const now = new Date();
  return trx
    .updateTable("transactions")
    .set({
      status: "success",
      txn_response_code: "APPROVED",
      acq_response_code: "00",
      data: JSON.stringify({ ...tx.data, message, txn_response_code: "APPROVED", [stamp]: now }),
      updated_at: now,
    })
    .where("id", "=", tx.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** POST /api/checkout/wallet: the customer confirms a pending wallet payment with MPIN and OTP. */
export async function confirmWallet(
  rt: PaymentsRuntime,
  input: { payment_token: string; transaction_id: number; mpin: string; otp: string },
): Promise<CheckoutPayAnswer> {
  const ctx = await loadPaymentContext(rt, input.payment_token);
  return rt.db.transaction().execute(async (trx) => {
    const tx = await trx
      .selectFrom("transactions")
      .selectAll()
      .where("id", "=", input.transaction_id)
      .where("payment_key_id", "=", ctx.key.id)
      .forUpdate()
      .executeTakeFirst();
    const wallet = (tx?.data as { _wallet?: { msisdn: string } } | undefined)?._wallet;
    if (!tx || !wallet) throw paymentError(404, "invalid_transaction", "This wallet payment is not valid.");
    if (tx.status !== "pending") return doneAnswer(rt, trx, tx, ctx);
    const answer = await rt.acquirer.confirmWallet({
      msisdn: wallet.msisdn,
      mpin: input.mpin,
      otp: input.otp,
      amountCents: tx.amount_cents,
    });
    const updated = await trx
      .updateTable("transactions")
      .set(resultColumns(answer, tx.data))
      .where("id", "=", tx.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const order = updated.status !== "pending" ? await finalizePayment(rt, trx, updated) : undefined;
    return doneAnswer(rt, trx, updated, ctx, order);
  });
}
