import { checkoutApi, simulatorApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import {
  applyBranding,
  checkoutBrandingOf,
} from "../checkout-customization/checkout-customization.service.ts";
import { implement } from "../http/contract-routes.ts";
import { completeChallenge, payByCard } from "../payments/card-payment.ts";
import { collectCash } from "../payments/cash.service.ts";
import { paymentError } from "../payments/errors.ts";
import { idempotencyKeyOf } from "../payments/idempotency.ts";
import { exponentOf, intentionByPublicKey, intentionMethods } from "../payments/intentions.service.ts";
import { installmentPlans, isInstallmentIntegration, methodName } from "../payments/methods.ts";
import {
  attemptsLeft,
  checkoutState,
  EXPIRED_TOKEN,
  loadPaymentContext,
  orderIsPaid,
  rateLimited,
} from "../payments/payment-context.ts";
import { confirmWallet, kioskReference, payKioskBill } from "../payments/source-payments.ts";
import { hitRateLimit } from "../ratelimit/rate-limit.repository.ts";
import { intentionPageRows } from "./checkout.repository.ts";

/** The checkout's bodies are a few fields (413 above this). */
const CHECKOUT_BODY_LIMIT = 16 * 1024;

/**
 * Requests per minute on one credential (payment token, client secret or kiosk reference). The credentials are
 * unguessable, so limits per client address would add nothing but one hot counter row shared by every
 * customer behind the same address; CHECKOUT_RATE_LIMIT overrides the reads' limit.
 */
const READS_PER_MINUTE = Number(process.env.CHECKOUT_RATE_LIMIT ?? 120);
/** Payment submissions per minute on one payment token. */
const SUBMISSIONS_PER_MINUTE = 30;

function billingOf(data: Record<string, string>) {
  return {
    first_name: data.first_name ?? "",
    last_name: data.last_name ?? "",
    email: data.email ?? "",
    phone_number: data.phone_number ?? "",
  };
}

/**
 * The JSON API of the hosted checkout (apps/checkout), declared in packages/domain/src/api/checkout.ts: the payment
 * token (or the intention's public key and client secret) is the credential; every call is rate limited.
 */
export const checkoutRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= CHECKOUT_BODY_LIMIT;
  });

  const rateLimit = (credential: string, kind: "read" | "submit") => ({
    key: `checkout:${kind}:${credential.slice(0, 96)}`,
    rule:
      kind === "read"
        ? { limit: READS_PER_MINUTE, windowSeconds: 60 }
        : { limit: SUBMISSIONS_PER_MINUTE, windowSeconds: 60 },
  });
  const limit = async (credential: string, kind: "read" | "submit") => {
    const { key, rule } = rateLimit(credential, kind);
    if (!(await hitRateLimit(rt.db, key, rule)).allowed) throw rateLimited();
  };

  implement(app, checkoutApi.payment, async (request) => {
    await limit(request.query.payment_token, "read");
    const ctx = await loadPaymentContext(rt, request.query.payment_token);
    const state = await checkoutState(rt, ctx);
    if (state === "expired") throw paymentError(410, "expired", EXPIRED_TOKEN);
    const { key, integration, order, merchant } = ctx;
    // The merchant's checkout customization (issue 18): its colours, logo and post-payment text and redirect.
    const branded = applyBranding(
      await checkoutBrandingOf(rt.db, merchant.id),
      { name: merchant.company_name, logo_url: merchant.logo_url },
      [],
    );
    return {
      merchant: branded.merchant,
      look: branded.look,
      amount_cents: key.amount_cents,
      currency: key.currency,
      exponent: exponentOf(key.currency),
      order_id: order.id,
      merchant_order_id: order.merchant_order_id,
      method: {
        integration_id: integration.id,
        gateway_type: integration.gateway_type,
        type: integration.type,
        name: methodName(integration),
      },
      ...(isInstallmentIntegration(integration)
        ? { installment_plans: installmentPlans(key.amount_cents) }
        : {}),
      billing: billingOf(key.billing_data),
      redirection_url: key.redirection_url ?? integration.response_callback_url,
      is_live: key.is_live,
      state,
      attempts_left: attemptsLeft(key),
    };
  });

  implement(app, checkoutApi.intention, async (request) => {
    await limit(request.query.client_secret, "read");
    const intention = await intentionByPublicKey(rt, request.query.public_key, request.query.client_secret);
    if (!intention) throw paymentError(404, "invalid_token", "This payment link is not valid.");
    const { merchant, order } = await intentionPageRows(rt.db, intention);
    const methods = await intentionMethods(rt, rt.db, intention);
    let state: "open" | "paid" | "expired" = "open";
    if (intention.confirmed || (await orderIsPaid(rt.db, order))) state = "paid";
    else if (methods.length === 0) state = "expired";
    else {
      const first = await loadPaymentContext(rt, methods[0]!.token);
      state = await checkoutState(rt, first);
    }
    if (state === "expired") throw paymentError(410, "expired", EXPIRED_TOKEN);
    // The merchant's checkout customization (issue 18): its look, logo, and its methods' order and visibility.
    const branded = applyBranding(
      await checkoutBrandingOf(rt.db, intention.merchant_id),
      { name: merchant.company_name, logo_url: merchant.logo_url },
      methods.map((m) => ({
        integration_id: m.integration.id,
        gateway_type: m.integration.gateway_type,
        name: methodName(m.integration),
        payment_token: m.token,
      })),
    );
    return {
      merchant: branded.merchant,
      look: branded.look,
      amount_cents: intention.amount_cents,
      currency: intention.currency,
      exponent: exponentOf(intention.currency),
      intention_id: intention.public_id,
      billing: billingOf(intention.billing_data),
      state,
      methods: branded.methods,
    };
  });

  implement(app, checkoutApi.card, async (request) => {
    // The submission is counted in the same statement that reads the payment.
    return payByCard(
      rt,
      request.body,
      idempotencyKeyOf(request.headers),
      rateLimit(request.body.payment_token, "submit"),
      request.ip,
    );
  });

  implement(app, checkoutApi.threeDs, async (request) => {
    await limit(request.body.payment_token, "submit");
    const answer = await completeChallenge(rt, request.body);
    if (answer.state !== "done") throw new Error("unexpected challenge answer");
    return answer;
  });

  implement(app, checkoutApi.wallet, async (request) => {
    await limit(request.body.payment_token, "submit");
    const answer = await confirmWallet(rt, request.body);
    if (answer.state !== "done") throw new Error("unexpected challenge answer");
    return answer;
  });

  implement(app, checkoutApi.kiosk, async (request) => {
    await limit(request.body.payment_token, "submit");
    return kioskReference(rt, request.body.payment_token);
  });

  implement(app, simulatorApi.kioskPay, async (request) => {
    await limit(request.body.bill_reference, "submit");
    return payKioskBill(rt, request.body.bill_reference);
  });

  implement(app, simulatorApi.cashCollect, async (request) => {
    await limit(request.body.payment_token, "submit");
    return collectCash(rt, request.body);
  });
};
