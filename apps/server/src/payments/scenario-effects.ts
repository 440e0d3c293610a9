import type { Kysely } from "kysely";
import { takeTransactionCallbackJobs } from "../callbacks/callbacks.repository.ts";
import { deliverCallbacks } from "../callbacks/delivery.ts";
import { callbackJobsCommitted } from "../callbacks/queue.ts";
import type { DB } from "../db/schema.ts";
import { merchantNow, onTestClockMove } from "../test-clock/clock.ts";
import { finalizePayment } from "./outcome.ts";
import type { CheckoutPayAnswer } from "./payment-context.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { lockSettlingPayment, settlingPayments, stampSettleAt } from "./scenarios.repository.ts";
import { scenarioOfCard } from "./scenarios.ts";
import { settlePending } from "./source-payments.ts";

/**
 * What the sandbox scenarios (payments/scenarios.ts) add around a test card payment and in the background:
 * - after the payment is written (card-payment.ts's payByCard): a settling pending card's payment is stamped with
 *   when it settles (the merchant's test-clock time plus its delay), and a before-redirect card's callback is
 *   delivered before the payment answers;
 * - `settleDueScenarioPayments`: the callback worker's tick (and every move of a merchant's test clock) settles the
 *   pending payments whose time has come: approved, the order paid, the processed callback enqueued, in one
 *   database transaction.
 */

/** Called by payByCard once the payment's answer is final (the idempotent write committed). */
export async function afterScenarioPayment(
  rt: PaymentsRuntime,
  payment: { first6: string; last4: string; isLive: boolean; merchantId: number },
  answer: CheckoutPayAnswer,
  settleAfterSeconds?: number,
): Promise<void> {
  if (payment.isLive || answer.state !== "done") return;
  const scenario = scenarioOfCard(payment.first6, payment.last4);
  if (!scenario) return;
  const id = answer.transaction.id;
  if (scenario.settleAfterSeconds !== undefined && answer.transaction.pending) {
    const seconds = settleAfterSeconds ?? scenario.settleAfterSeconds;
    const now = await merchantNow(rt.db, payment.merchantId, false, rt.now());
    await stampSettleAt(rt.db, id, new Date(now.getTime() + seconds * 1000));
  }
  if (scenario.callbacks === "before_redirect") {
    const taken = await takeTransactionCallbackJobs(rt.db, id, rt.settings.callbackJobExpireSeconds);
    if (taken.length > 0)
      await deliverCallbacks(
        rt,
        taken.map((t) => ({ job: t.job, jobId: t.id })),
      );
  }
}

/**
 * Settles the settling pending test payments that are due on their merchant's test clock (of one merchant when
 * given); answers how many settled.
 */
export async function settleDueScenarioPayments(rt: PaymentsRuntime, merchantId?: number): Promise<number> {
  const settling = await settlingPayments(rt.db, 500);
  let settled = 0;
  const nows = new Map<number, Date>();
  for (const p of settling) {
    if (merchantId !== undefined && p.merchantId !== merchantId) continue;
    let now = nows.get(p.merchantId);
    if (!now) {
      now = await merchantNow(rt.db, p.merchantId, false, rt.now());
      nows.set(p.merchantId, now);
    }
    if (new Date(p.settleAt).getTime() > now.getTime()) continue;
    const done = await rt.db.transaction().execute(async (trx) => {
      const tx = await lockSettlingPayment(trx, p.id);
      if (!tx) return false;
      await finalizePayment(rt, trx, await settlePending(trx, tx, "Approved", "paid_at"));
      return true;
    });
    if (done) settled++;
  }
  if (settled > 0) callbackJobsCommitted();
  return settled;
}

/** The runtimes whose worker runs, by database: a move of a merchant's test clock settles what fell due at once. */
const runtimes = new WeakMap<Kysely<DB>, PaymentsRuntime>();
onTestClockMove(async (db, merchantId) => {
  const rt = runtimes.get(db);
  if (rt) await settleDueScenarioPayments(rt, merchantId);
});

/** The callback worker registers its runtime (callbacks/worker.ts). */
export function settleOnClockMoves(rt: PaymentsRuntime): () => void {
  runtimes.set(rt.db, rt);
  return () => runtimes.delete(rt.db);
}
