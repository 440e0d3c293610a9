import type { Kysely } from "kysely";
import type { TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { riskDecline } from "../risk/risk.check.ts";
import { tokenHash } from "../security/tokens.ts";
import { PaymentError, paymentError } from "./errors.ts";
import { idempotent, requestHash } from "./idempotency.ts";
import { sourceKindOf, takesCards } from "./methods.ts";
import { finalizePayment } from "./outcome.ts";
import {
  insertTransaction,
  lockKeyPayment,
  lockTestKioskPayment,
  pendingKioskPayment,
  savedCard,
  updateTransaction,
} from "./payment.repository.ts";
import {
  baseTransaction,
  type CheckoutPayAnswer,
  doneAnswer,
  loadPaymentContext,
  originOf,
  type PaymentContext,
  resultColumns,
  takeAttempt,
  trnxType,
} from "./payment-context.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { loadTransactionView, type TransactionObject, transactionObject } from "./transaction-object.ts";

/**
 * Payments from another source than the card form: wallets (started here, confirmed with MPIN and OTP), kiosk
 * references, saved-card tokens and cash, and the later settling of a pending kiosk or cash payment. Each runs in
 * one database transaction that holds its payment key's row lock (takeAttempt).
 */

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
        // The wallet's number is the payment's phone for the merchant's risk rules (docs/pos-risk.md "Risk").
        const blocked = ctx.merchant.risk_active
          ? await riskDecline(trx, rt.dataKey, {
              ...riskOf(rt, ctx),
              phone: msisdn,
            })
          : null;
        const answer =
          blocked ??
          (await rt.acquirer.startWallet({
            msisdn,
            amountCents: ctx.key.amount_cents,
            currency: ctx.key.currency,
          }));
        const source = { type: "wallet", pan: msisdn, sub_type: "wallet" };
        row = await insertTransaction(trx, {
          ...baseTransaction(ctx, "OTHER", source),
          ...resultColumns(answer, { source_data: { ...source, tenure: null }, _wallet: { msisdn } }),
          wallet_msisdn: msisdn,
        });
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
        // Checked when the payment is made, before a courier is sent (docs/pos-risk.md "Risk"): a blocked one
        // is declined like a card, so it never becomes a pending collection.
        const blocked = ctx.merchant.risk_active ? await riskDecline(trx, rt.dataKey, riskOf(rt, ctx)) : null;
        row = await insertTransaction(
          trx,
          blocked
            ? {
                ...baseTransaction(ctx, "OTHER", source),
                ...resultColumns(blocked, { source_data: { ...source, tenure: null } }),
              }
            : {
                ...baseTransaction(ctx, "OTHER", source),
                data: JSON.stringify({
                  source_data: { ...source, tenure: null },
                  message: "Pending cash collection",
                  txn_response_code: "PENDING",
                }),
                txn_response_code: "PENDING",
              },
        );
        if (row.status === "pending") extra.cash_reference = row.id;
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
  const saved = await savedCard(trx, ctx.key.merchant_id, ctx.key.is_live, tokenHash(identifier.trim()));
  if (!saved) throw paymentError(404, "invalid_card_token", "Card token not found.");
  // A saved card has no full number left: its card rules match by its issuing country, the lists by e-mail,
  // phone (no fingerprint); merchant-initiated, so never 3-D Secure.
  const blocked = ctx.merchant.risk_active
    ? await riskDecline(trx, rt.dataKey, { ...riskOf(rt, ctx), first6: saved.card_first6 })
    : null;
  const answer =
    blocked ??
    (await rt.acquirer.payToken({
      card: { first6: saved.card_first6, last4: saved.card_last4, subtype: saved.card_subtype },
      amountCents: ctx.key.amount_cents,
      currency: ctx.key.currency,
      authOnly: ctx.integration.is_auth,
    }));
  const source = { type: "card", pan: saved.card_last4, sub_type: saved.card_subtype };
  return insertTransaction(trx, {
    ...baseTransaction(ctx, "OTHER", source),
    ...resultColumns(answer, { source_data: { ...source, tenure: null }, card_token_id: saved.id }),
    trnx_type: trnxType(ctx.integration, false),
    card_first6: saved.card_first6,
    card_last4: saved.card_last4,
    card_scheme: saved.card_subtype,
    card_type: "credit",
  });
}

/** The risk check's facts every source payment has: its merchant, amount and billing contacts. */
function riskOf(rt: PaymentsRuntime, ctx: PaymentContext) {
  return {
    merchantId: ctx.key.merchant_id,
    amountCents: ctx.key.amount_cents,
    currency: ctx.key.currency,
    email: ctx.key.billing_data.email,
    phone: ctx.key.billing_data.phone_number,
    secure: false,
    now: rt.now(),
  };
}

async function startKiosk(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  ctx: PaymentContext,
  origin: string,
): Promise<TransactionRow> {
  const source = { type: "aggregator", pan: "", sub_type: "AGGREGATOR" };
  // Checked before a bill is issued (docs/pos-risk.md "Risk"): a blocked payment gets no reference to pay.
  const blocked = ctx.merchant.risk_active ? await riskDecline(trx, rt.dataKey, riskOf(rt, ctx)) : null;
  if (blocked)
    return insertTransaction(trx, {
      ...baseTransaction(ctx, origin, source),
      ...resultColumns(blocked, { source_data: { ...source, tenure: null } }),
    });
  const row = await insertTransaction(trx, {
    ...baseTransaction(ctx, origin, source),
    txn_response_code: "PENDING",
  });
  const bill = await rt.acquirer.issueKioskBill({ transactionId: row.id, amountCents: row.amount_cents });
  return updateTransaction(trx, row.id, {
    data: JSON.stringify({
      source_data: { ...source, tenure: null },
      bill_reference: bill.billReference,
      message: "Pending payment at a kiosk",
      txn_response_code: "PENDING",
    }),
  });
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
  const existing = await pendingKioskPayment(rt.db, ctx.key.id);
  if (existing) return answer(existing);
  const row = await rt.db.transaction().execute(async (trx) => {
    await takeAttempt(rt, trx, ctx);
    const started = await startKiosk(rt, trx, ctx, originOf(ctx));
    // Declined by the merchant's risk rules: written and finalized like any decline (callbacks, attempts).
    if (started.status !== "pending") await finalizePayment(rt, trx, started);
    return started;
  });
  if (row.status !== "pending")
    throw paymentError(409, "risk_declined", row.failure_reason ?? "The payment was declined.", {
      transaction_id: row.id,
    });
  return answer(row);
}

/** POST /api/simulator/kiosk/pay: the customer pays the reference at a kiosk (test mode only). */
export async function payKioskBill(rt: PaymentsRuntime, billReference: string): Promise<TransactionObject> {
  return rt.db.transaction().execute(async (trx) => {
    const tx = await lockTestKioskPayment(trx, billReference.trim());
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
  return updateTransaction(trx, tx.id, {
    status: "success",
    txn_response_code: "APPROVED",
    acq_response_code: "00",
    data: JSON.stringify({ ...tx.data, message, txn_response_code: "APPROVED", [stamp]: now }),
    updated_at: now,
  });
}

/** POST /api/checkout/wallet: the customer confirms a pending wallet payment with MPIN and OTP. */
export async function confirmWallet(
  rt: PaymentsRuntime,
  input: { payment_token: string; transaction_id: number; mpin: string; otp: string },
): Promise<CheckoutPayAnswer> {
  const ctx = await loadPaymentContext(rt, input.payment_token);
  return rt.db.transaction().execute(async (trx) => {
    const tx = await lockKeyPayment(trx, ctx.key.id, input.transaction_id);
    const wallet = (tx?.data as { _wallet?: { msisdn: string } } | undefined)?._wallet;
    if (!tx || !wallet) throw paymentError(404, "invalid_transaction", "This wallet payment is not valid.");
    if (tx.status !== "pending") return doneAnswer(rt, trx, tx, ctx);
    const answer = await rt.acquirer.confirmWallet({
      msisdn: wallet.msisdn,
      mpin: input.mpin,
      otp: input.otp,
      amountCents: tx.amount_cents,
    });
    const updated = await updateTransaction(trx, tx.id, resultColumns(answer, tx.data));
    const order = updated.status !== "pending" ? await finalizePayment(rt, trx, updated) : undefined;
    return doneAnswer(rt, trx, updated, ctx, order);
  });
}
