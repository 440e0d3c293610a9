import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { callbackJobsCommitted } from "../callbacks/queue.ts";
import type { DB } from "../db/schema.ts";
import { riskDecline } from "../risk/risk.check.ts";
import type { CardRef } from "./acquirer.ts";
import { type CardFields, type CheckedCard, checkCard } from "./card.ts";
import { paymentError } from "./errors.ts";
import { idempotent, requestHash } from "./idempotency.ts";
import {
  authenticatesCardholder,
  INSTALLMENT_MONTHS,
  installmentPlans,
  isInstallmentIntegration,
  takesCards,
} from "./methods.ts";
import { cardTokenRow, finalizePayment } from "./outcome.ts";
import { endLease, lockChallengedPayment, updateTransaction, writePayment } from "./payment.repository.ts";
import {
  baseTransaction,
  type CheckoutPayAnswer,
  type CountedLimit,
  doneAnswer,
  known,
  leaseAttempt,
  loadPaymentContext,
  originOf,
  type PaymentContext,
  resultColumns,
  trnxType,
} from "./payment-context.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { afterScenarioPayment } from "./scenario-effects.ts";

/**
 * Card payments: the hosted card form and its 3-D Secure step. The hot path (docs/payments.md, ADR 0007): the
 * context, the key lease and the payment written with its outcome, three autocommit statements and no database
 * transaction unless an Idempotency-Key asks for one.
 */

export interface CardPaymentInput extends CardFields {
  payment_token: string;
  installment_months?: number | undefined;
  save_card?: boolean | undefined;
  /** A named settling-pending scenario's own delay (payments/scenarios.ts completeWithScenario; not in the API). */
  settle_after_seconds?: number | undefined;
}

/** POST /api/checkout/card: the hosted card form. */
export async function payByCard(
  rt: PaymentsRuntime,
  input: CardPaymentInput,
  idempotencyKey?: string,
  limit?: CountedLimit,
  /** The customer's IP, for the merchant's IP lists and velocity rules (docs/pos-risk.md "Risk"). */
  clientIp?: string,
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
        return await payLeased(rt, db, c, card, input, installment, clientIp);
      } catch (error) {
        // The payment was not written: the lease ends now rather than when it lapses (the attempt stays used).
        await endLease(db, c.key.id).catch(() => undefined);
        throw error;
      }
    },
  );
  // Test mode's scenario cards (payments/scenarios.ts): a settling pending payment's due time, a callback
  // delivered before this answer.
  await afterScenarioPayment(
    rt,
    { first6: card.first6, last4: card.last4, isLive: ctx.key.is_live, merchantId: ctx.key.merchant_id },
    result.body,
    input.settle_after_seconds,
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
  clientIp: string | undefined,
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
  // The merchant's risk rules before the acquirer; a merchant without any (the flag read with the context) skips them.
  const blocked = ctx.merchant.risk_active
    ? await riskDecline(db, rt.dataKey, {
        merchantId: ctx.key.merchant_id,
        amountCents: ctx.key.amount_cents,
        currency: ctx.key.currency,
        pan: card.pan,
        first6: card.first6,
        email: ctx.key.billing_data.email,
        phone: ctx.key.billing_data.phone_number,
        ip: clientIp,
        secure: threeDSecure,
        now: rt.now(),
      })
    : null;
  const answer =
    blocked ??
    (await rt.acquirer.payCard({
      pan: card.pan,
      card: ref,
      amountCents: ctx.key.amount_cents,
      currency: ctx.key.currency,
      isLive: ctx.key.is_live,
      authOnly: ctx.integration.is_auth,
      threeDSecure,
    }));
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
    (v) => cardTokenRow(rt, v),
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
    const tx = await lockChallengedPayment(trx, ctx.key.id, input.challenge_id);
    if (!tx) throw paymentError(404, "invalid_challenge", "This authentication step is not valid.");
    // A repeated submission answers the result the first one reached.
    if (tx.status !== "pending") return doneAnswer(rt, trx, tx, ctx);
    const answer = await rt.acquirer.completeChallenge({
      card: { first6: tx.card_first6 ?? "", last4: tx.card_last4 ?? "", subtype: tx.card_scheme ?? "" },
      otp: input.otp,
      amountCents: tx.amount_cents,
    });
    const updated = await updateTransaction(trx, tx.id, {
      ...resultColumns(answer, tx.data),
      is_3d_secure: true,
      trnx_type: ctx.integration.is_auth ? "auth" : "3ds",
    });
    const order = updated.status !== "pending" ? await finalizePayment(rt, trx, updated) : undefined;
    return doneAnswer(rt, trx, updated, ctx, order);
  });
}
