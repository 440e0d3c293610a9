import { isCardPayment } from "@portal/domain";
import { fieldError, PaymentError } from "../payments/errors.ts";
import { findIntentionBySecret, intentionMethods } from "../payments/intentions.service.ts";
import { type CheckoutPayAnswer, loadPaymentContext } from "../payments/payment-context.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { completeWithScenario } from "../payments/scenarios.ts";

/**
 * Completing a pending test payment with a named scenario, without a browser (docs/payments.md "Test helpers"):
 * the merchant's own test intention or payment key only (another merchant's, or a live one, is not found), paid
 * through the scenarios' `completeWithScenario`, the hosted checkout's own card path.
 */

const NOT_FOUND = "Not found.";

/** The answer as a plain object (the contract's loose objects take any further field). */
function plain(answer: CheckoutPayAnswer) {
  return answer.state === "done" ? { ...answer, transaction: { ...answer.transaction } } : { ...answer };
}

export async function completeIntention(
  rt: PaymentsRuntime,
  merchantId: number,
  clientSecret: string,
  scenario: string,
  opts: { integration?: number | undefined; settleAfterSeconds?: number | undefined },
) {
  const intention = await findIntentionBySecret(rt.db, clientSecret, merchantId, false);
  if (!intention) throw new PaymentError(404, { detail: NOT_FOUND });
  const methods = await intentionMethods(rt, rt.db, intention);
  const method =
    opts.integration === undefined
      ? methods.find((m) => isCardPayment({ gatewayType: m.integration.gateway_type }))
      : methods.find((m) => m.integration.id === opts.integration);
  if (!method)
    throw fieldError(
      "integration",
      opts.integration === undefined
        ? "This intention has no card method to complete."
        : "This intention has no such integration.",
    );
  return plain(
    await completeWithScenario(rt, {
      paymentToken: method.token,
      scenario,
      settleAfterSeconds: opts.settleAfterSeconds,
    }),
  );
}

export async function completePaymentKey(
  rt: PaymentsRuntime,
  merchantId: number,
  paymentToken: string,
  scenario: string,
  settleAfterSeconds?: number,
) {
  const ctx = await loadPaymentContext(rt, paymentToken).catch((error: unknown) => {
    if (error instanceof PaymentError && error.statusCode === 404)
      throw new PaymentError(404, { detail: NOT_FOUND });
    throw error;
  });
  if (ctx.merchant.id !== merchantId || ctx.key.is_live) throw new PaymentError(404, { detail: NOT_FOUND });
  return plain(await completeWithScenario(rt, { paymentToken, scenario, settleAfterSeconds }));
}
