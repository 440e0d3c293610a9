import { createHmac, randomBytes } from "node:crypto";
import {
  type CustomerRequest,
  currencyExponent,
  isCurrency,
  linkMethodOf,
  parseConsumerTip,
  parseTipValue,
  REQUEST_TO_PAY_DAYS,
  REQUEST_TO_PAY_MESSAGES,
  type RequestState,
  type RequestToPayDetails,
  type RequestToPayItem,
  type RequestToPayListQuery,
  type requestToPayBodySchema,
  type TipType,
  tipCents,
  tipValueText,
  toMajorString,
  withinMaximum,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  applyBranding,
  checkoutBrandingOf,
} from "../checkout-customization/checkout-customization.service.ts";
import type { IntegrationRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { exponentOf } from "../payments/intentions.service.ts";
import { createOrder, createPaymentKey } from "../payments/orders.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { tokenHash } from "../security/tokens.ts";
import { activeIntegrations, merchantProfile } from "../selling/links.repository.ts";
import { sendSms } from "../sms/sms.ts";
import { merchantNow, merchantNowSync } from "../test-clock/clock.ts";
import {
  COUNT_CAP,
  cancelOrder,
  findByTokenHash,
  findRequest,
  insertRequest,
  listRequests,
  lockRequest,
  orderAmount,
  orderHasPendingPayment,
  type RequestView,
  updateRequest,
} from "./request-to-pay.repository.ts";

/**
 * Request to pay (issue 14 item 5; docs/pos-risk.md "Request to pay"): the merchant's requests, their SMS, and the
 * customer page that adds the tip and hands over to the hosted checkout with a payment token of amount plus tip.
 */

type Body = z.output<typeof requestToPayBodySchema>;
const M = REQUEST_TO_PAY_MESSAGES;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/** The customer page's token: an HMAC of the row's salt with the data key (never stored; its hash finds the row). */
export function requestToken(dataKey: Buffer, salt: string): string {
  return createHmac("sha256", dataKey).update(`request-to-pay:${salt}`).digest("hex").slice(0, 32);
}

export function requestPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/checkout/request?token=${encodeURIComponent(token)}`;
}

/**
 * What is shown: paid (its order was paid) first, then cancelled, expired, or the stored created / sent. `now` is the
 * request's mode's time: a test request expires by the merchant's test clock (requestNow).
 */
export function requestState(row: RequestView, now: Date): RequestState {
  if (row.transaction_id !== null) return "paid";
  if (row.status === "cancelled") return "cancelled";
  if (row.expires_at.getTime() <= now.getTime()) return "expired";
  return row.status;
}

/** The request's now: real time for a live request, the merchant's test time for a test one (in memory, no query). */
function requestNow(rt: PaymentsRuntime, row: Pick<RequestView, "merchant_id" | "is_live">): Date {
  return merchantNowSync(rt.db, row.merchant_id, row.is_live, rt.now());
}

function item(row: RequestView, now: Date): RequestToPayItem {
  const state = requestState(row, now);
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    is_live: row.is_live,
    amount_cents: row.amount_cents,
    currency: row.currency,
    mob_num: row.mob_num,
    bill_num: row.bill_num,
    store_id: row.store_id,
    loyal_num: row.loyal_num,
    ref_num: row.ref_num,
    cons_id: row.cons_id,
    term_id: row.term_id,
    purpose: row.purpose,
    tip_type: row.tip_type,
    tip_value: tipValueText(row.tip_type, row.tip_value),
    merchant_order_id: row.merchant_order_id,
    state,
    tip_cents: state === "paid" ? (row.tip_cents ?? 0) : null,
    paid_amount_cents: state === "paid" ? row.paid_amount_cents : null,
    transaction_id: row.transaction_id,
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    expires_at: row.expires_at.toISOString(),
    created_by: row.created_by,
  };
}

function details(rt: PaymentsRuntime, row: RequestView): RequestToPayDetails {
  const base = item(row, requestNow(rt, row));
  return {
    ...base,
    link_url: requestPageUrl(rt.publicUrl, requestToken(rt.dataKey, row.salt)),
    updated_at: row.updated_at.toISOString(),
    can_edit: base.state === "created" || base.state === "sent",
  };
}

export async function listRequestsOf(rt: PaymentsRuntime, merchantId: number, query: RequestToPayListQuery) {
  const now = await merchantNow(rt.db, merchantId, query.is_live, rt.now());
  const { count, rows } = await listRequests(rt.db, merchantId, query, now);
  return {
    count: Math.min(count, COUNT_CAP),
    count_capped: count > COUNT_CAP,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => item(r, now)),
  };
}

async function mustFind(db: Kysely<DB>, merchantId: number, id: number): Promise<RequestView> {
  const row = await findRequest(db, merchantId, id);
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  return row;
}

export async function requestDetails(rt: PaymentsRuntime, merchantId: number, id: number) {
  return details(rt, await mustFind(rt.db, merchantId, id));
}

/** The merchant's active card integration of the mode and currency the request is paid with (lowest id). */
async function cardIntegration(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  currency: string,
): Promise<IntegrationRow | undefined> {
  return (await activeIntegrations(db, merchantId, isLive)).find(
    (i) => linkMethodOf(i.gateway_type) === "card" && i.currency === currency,
  );
}

function fieldError(
  status: number,
  code: keyof typeof M,
  field: string,
  values: Record<string, string> = {},
) {
  const text = fill(M[code], values);
  return new HttpError(status, code, text, { [field]: [text] });
}

function stored(body: Body) {
  const tip = parseTipValue(body.tip_type, body.tip_value);
  // The contract's refinement already checked it; this narrows the type.
  if (!tip.ok) throw fieldError(400, tip.code, "tip_value");
  return {
    is_live: body.is_live,
    amount_cents: body.amount_cents,
    currency: body.currency,
    mob_num: body.mob_num,
    bill_num: body.bill_num,
    store_id: body.store_id,
    loyal_num: body.loyal_num,
    ref_num: body.ref_num,
    cons_id: body.cons_id,
    term_id: body.term_id,
    purpose: body.purpose,
    tip_type: body.tip_type,
    tip_value: tip.stored,
    merchant_order_id: body.merchant_order_id,
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

async function checkIntegration(db: Kysely<DB>, merchantId: number, body: Body): Promise<void> {
  if (!(await cardIntegration(db, merchantId, body.is_live, body.currency)))
    throw fieldError(400, "no_card_integration", "currency");
}

export async function createRequest(
  rt: PaymentsRuntime,
  merchantId: number,
  createdBy: string,
  body: Body & { send: boolean },
): Promise<RequestToPayDetails> {
  await checkIntegration(rt.db, merchantId, body);
  const now = rt.now();
  // A test request is made at the merchant's test time and expires by it, as invoices do (docs/payments.md "Test
  // clock"); its other times (updated, sent) are real.
  const madeAt = merchantNowSync(rt.db, merchantId, body.is_live, now);
  const salt = randomBytes(16).toString("hex");
  const id = await rt.db
    .transaction()
    .execute(async (trx) => {
      const made = await insertRequest(trx, {
        merchant_id: merchantId,
        salt,
        token_hash: tokenHash(requestToken(rt.dataKey, salt)),
        ...stored(body),
        created_by: createdBy,
        created_at: madeAt,
        updated_at: now,
        expires_at: new Date(madeAt.getTime() + REQUEST_TO_PAY_DAYS * 24 * 3600 * 1000),
      });
      if (body.send) await writeSms(rt, trx, merchantId, made, now);
      return made;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw fieldError(409, "order_id_exists", "merchant_order_id");
      throw error;
    });
  return requestDetails(rt, merchantId, id);
}

/** The request's current order when its amount must change: cancelled, unless a payment of it is in flight. */
async function releaseOrder(trx: Kysely<DB>, row: RequestView): Promise<void> {
  if (row.order_id === null) return;
  if (await orderHasPendingPayment(trx, row.order_id))
    throw new HttpError(409, "payment_in_progress", M.payment_in_progress);
  await cancelOrder(trx, row.order_id);
}

export async function editRequest(
  rt: PaymentsRuntime,
  merchantId: number,
  id: number,
  body: Body,
): Promise<RequestToPayDetails> {
  await mustFind(rt.db, merchantId, id);
  await checkIntegration(rt.db, merchantId, body);
  await rt.db
    .transaction()
    .execute(async (trx) => {
      if (!(await lockRequest(trx, merchantId, id))) throw new HttpError(404, "not_found", "Not found.");
      const row = await mustFind(trx, merchantId, id);
      const state = requestState(row, requestNow(rt, row));
      if (state === "paid") throw new HttpError(409, "paid_not_editable", M.paid_not_editable);
      if (state !== "created" && state !== "sent")
        throw new HttpError(409, "not_editable", fill(M.not_editable, { state }));
      await releaseOrder(trx, row);
      await updateRequest(trx, merchantId, id, {
        ...stored(body),
        order_id: null,
        tip_cents: null,
        updated_at: rt.now(),
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw fieldError(409, "order_id_exists", "merchant_order_id");
      throw error;
    });
  return requestDetails(rt, merchantId, id);
}

/** The SMS a customer receives for a request (English, then Arabic): the merchant, the bill, the amount, the link. */
export function requestSmsText(
  merchant: string,
  row: { amount_cents: number; currency: string; bill_num: string | null },
  url: string,
): string {
  const amount = `${isCurrency(row.currency) ? toMajorString(row.amount_cents, row.currency) : row.amount_cents} ${row.currency}`;
  const bill = row.bill_num ? ` ${row.bill_num}` : "";
  return `${merchant}: payment request${bill} for ${amount}. Pay here: ${url}\n${merchant}: طلب دفع${bill} بمبلغ ${amount}. ادفع من هنا: ${url}`;
}

async function writeSms(rt: PaymentsRuntime, trx: Kysely<DB>, merchantId: number, id: number, now: Date) {
  const row = await mustFind(trx, merchantId, id);
  const merchant = (await merchantProfile(trx, merchantId)).company_name;
  const url = requestPageUrl(rt.publicUrl, requestToken(rt.dataKey, row.salt));
  await sendSms(trx, { to: row.mob_num, merchantId, text: requestSmsText(merchant, row, url) });
  await updateRequest(trx, merchantId, id, { status: "sent", sent_at: now, updated_at: now });
}

/** Sends (or sends again) the SMS of a created or sent request, in one transaction with its sent time. */
export async function sendRequest(rt: PaymentsRuntime, merchantId: number, id: number) {
  await rt.db.transaction().execute(async (trx) => {
    if (!(await lockRequest(trx, merchantId, id))) throw new HttpError(404, "not_found", "Not found.");
    const row = await mustFind(trx, merchantId, id);
    const state = requestState(row, requestNow(rt, row));
    if (state !== "created" && state !== "sent")
      throw new HttpError(
        409,
        state === "paid" ? "already_paid" : "not_sendable",
        fill(M.not_sendable, { state }),
      );
    await writeSms(rt, trx, merchantId, id, rt.now());
  });
  return requestDetails(rt, merchantId, id);
}

export async function cancelRequest(rt: PaymentsRuntime, merchantId: number, id: number) {
  await rt.db.transaction().execute(async (trx) => {
    if (!(await lockRequest(trx, merchantId, id))) throw new HttpError(404, "not_found", "Not found.");
    const row = await mustFind(trx, merchantId, id);
    const state = requestState(row, requestNow(rt, row));
    if (state !== "created" && state !== "sent")
      throw new HttpError(409, "not_cancelable", fill(M.not_cancelable, { state }));
    await releaseOrder(trx, row);
    await updateRequest(trx, merchantId, id, { status: "cancelled", updated_at: rt.now() });
  });
  return requestDetails(rt, merchantId, id);
}

// ------------------------------------------------------------------------------------------ the customer page

function tipOf(row: RequestView, consumerTipCents?: number): number {
  return tipCents(
    {
      amount_cents: row.amount_cents,
      currency: row.currency,
      tip_type: row.tip_type,
      tip_value: row.tip_value,
    },
    consumerTipCents,
  );
}

async function byToken(rt: PaymentsRuntime, token: string) {
  const row = await findByTokenHash(rt.db, tokenHash(token));
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  return row;
}

const customerState = (state: RequestState): CustomerRequest["state"] =>
  state === "created" || state === "sent" ? "open" : state;

export async function customerRequest(rt: PaymentsRuntime, token: string): Promise<CustomerRequest> {
  const row = await byToken(rt, token);
  const state = customerState(requestState(row, requestNow(rt, row)));
  const branded = applyBranding(
    await checkoutBrandingOf(rt.db, row.merchant_id),
    { name: row.company_name, logo_url: row.merchant_logo_url },
    [],
  );
  return {
    merchant: branded.merchant,
    look: branded.look,
    amount_cents: row.amount_cents,
    currency: row.currency,
    exponent: exponentOf(row.currency),
    purpose: row.purpose,
    bill_num: row.bill_num,
    reference: row.merchant_order_id,
    tip_type: row.tip_type as TipType,
    tip_value: tipValueText(row.tip_type, row.tip_value),
    tip_cents: row.tip_type === "consumer" ? null : tipOf(row),
    paid_tip_cents: state === "paid" ? (row.tip_cents ?? 0) : null,
    expires_at: row.expires_at.toISOString(),
    state,
    is_live: row.is_live,
  };
}

/**
 * The customer starts paying: the tip is computed (or the customer's is checked), and a payment key of amount plus
 * tip is issued for the request's order. The same total reuses the current order; another total (a new tip)
 * cancels it and makes a new one, unless a payment of it is in flight. Serialized on the request's row, and the
 * payment core refuses a paid or cancelled order, so a request is paid once.
 */
export async function startPayment(
  rt: PaymentsRuntime,
  token: string,
  body: { tip?: string | undefined },
): Promise<{
  amount_cents: number;
  tip_cents: number;
  total_cents: number;
  currency: string;
  payment_token: string;
}> {
  const found = await byToken(rt, token);
  return rt.db.transaction().execute(async (trx) => {
    await lockRequest(trx, found.merchant_id, found.id);
    const row = await mustFind(trx, found.merchant_id, found.id);
    const now = rt.now();
    // The request and its payment key expire together, on the merchant's test clock for a test request.
    const requestTime = requestNow(rt, row);
    const state = requestState(row, requestTime);
    if (state === "paid") throw new HttpError(409, "already_paid", M.already_paid);
    if (state !== "created" && state !== "sent")
      throw new HttpError(409, "not_payable", fill(M.not_payable, { state }));
    let consumerTip: number | undefined;
    if (row.tip_type === "consumer") {
      consumerTip = parseConsumerTip(body.tip ?? "", row.currency);
      if (consumerTip === undefined) throw fieldError(400, "consumer_tip", "tip");
    }
    const tip = tipOf(row, consumerTip);
    const total = row.amount_cents + tip;
    if (!withinMaximum(total, row.currency)) throw fieldError(400, "total_too_large", "tip");
    const integration = await cardIntegration(trx, row.merchant_id, row.is_live, row.currency);
    if (!integration) throw new HttpError(409, "not_payable", fill(M.not_payable, { state: "unavailable" }));
    const caller = { merchantId: row.merchant_id, isLive: row.is_live };
    let orderId = row.order_id;
    if (orderId !== null) {
      const current = await orderAmount(trx, orderId);
      if (!current || current.is_canceled || Number(current.amount_cents) !== total) {
        await releaseOrder(trx, row);
        orderId = null;
      }
    }
    if (orderId === null) {
      const items = [{ name: row.purpose || "Request to pay", amount_cents: row.amount_cents, quantity: 1 }];
      if (tip > 0) items.push({ name: "Tip", amount_cents: tip, quantity: 1 });
      const order = await createOrder(
        rt,
        caller,
        { amount_cents: total, currency: row.currency, items },
        trx,
      );
      orderId = order.id;
    }
    const seconds = Math.max(1, Math.ceil((row.expires_at.getTime() - requestTime.getTime()) / 1000));
    const key = await createPaymentKey(
      rt,
      caller,
      {
        order_id: orderId,
        integration_id: integration.id,
        amount_cents: total,
        currency: row.currency,
        expiration: seconds,
        billing_data: { first_name: "NA", last_name: "NA", email: "NA", phone_number: row.mob_num },
      },
      trx,
    );
    await updateRequest(trx, row.merchant_id, row.id, { order_id: orderId, tip_cents: tip, updated_at: now });
    return {
      amount_cents: row.amount_cents,
      tip_cents: tip,
      total_cents: total,
      currency: row.currency,
      payment_token: key.token,
    };
  });
}

/** The exponent of a currency, for tests and the demo (amounts of whole units). */
export const unitsToMinor = (units: number, currency: string) => units * 10 ** currencyExponent(currency);
