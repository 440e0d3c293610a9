import { paymentError } from "./errors.ts";
import { sourceKindOf } from "./methods.ts";
import { lockOrder, lockTestKeyPayment } from "./orders.repository.ts";
import { finalizePayment } from "./outcome.ts";
import { loadPaymentContext, orderIsPaid } from "./payment-context.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { settlePending } from "./source-payments.ts";
import { loadTransactionView, type TransactionObject, transactionObject } from "./transaction-object.ts";

/**
 * The cash collection simulator (test mode only): the courier collects the cash of a pending CASH payment
 * (POST /api/acceptance/payments/pay with source CASH), so the payment succeeds, the order is paid and the
 * processed callback is enqueued, as for any other payment. The payment token is the credential, as for the
 * customer's other checkout calls: a transaction id alone is guessable, and would let anyone collect (and read)
 * another merchant's payment.
 */

export const NO_TEST_CASH_PAYMENT = "No test cash payment has this id.";

export async function collectCash(
  rt: PaymentsRuntime,
  input: { payment_token: string; transaction_id: number },
): Promise<TransactionObject> {
  const ctx = await loadPaymentContext(rt, input.payment_token);
  // Live, not cash, not this payment token's, or no such payment: all the same answer, so nothing leaks.
  if (ctx.key.is_live || sourceKindOf(ctx.integration) !== "cash")
    throw paymentError(404, "invalid_transaction", NO_TEST_CASH_PAYMENT);
  return rt.db.transaction().execute(async (trx) => {
    const tx = await lockTestKeyPayment(trx, ctx.key, input.transaction_id);
    const source = (tx?.data as { source_data?: { type?: unknown } } | undefined)?.source_data;
    if (!tx || source?.type !== "cash_present")
      throw paymentError(404, "invalid_transaction", NO_TEST_CASH_PAYMENT);
    const answer = async () => transactionObject((await loadTransactionView(trx, tx.id))!, rt.publicUrl);
    // Collected before: the same answer again, and no second callback.
    if (tx.status === "success") return answer();
    if (tx.status !== "pending")
      throw paymentError(409, "not_pending", "This cash payment is no longer pending collection.");
    const order = await lockOrder(trx, ctx.order.id);
    if (await orderIsPaid(trx, order))
      throw paymentError(409, "already_paid", "This order has already been paid.");
    const updated = await settlePending(trx, tx, "Cash collected", "collected_at");
    await finalizePayment(rt, trx, updated);
    return answer();
  });
}
