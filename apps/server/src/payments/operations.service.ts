import {
  AUTH_AUTO_VOID_DAYS,
  CAPTURE_REFUSAL_MESSAGES,
  checkCapture,
  checkRefund,
  checkVoid,
  formatAmount,
  isCurrency,
  type MessageCode,
  messageText,
  PARTIAL_REFUND_MIN_REMAINDER,
  type PaymentTransaction,
  REFUND_REFUSAL_MESSAGES,
  VOID_REFUSAL_MESSAGES,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { paymentError } from "./errors.ts";
import { idempotent, requestHash } from "./idempotency.ts";
import { findMerchantCountry } from "./orders.repository.ts";
import { enqueueCallback } from "./outcome.ts";
import {
  addPaidAmount,
  insertTransaction,
  lapsedAuths,
  lockMerchantTransaction,
  lockTransaction,
  recordCapture,
  recordRefund,
  recordVoid,
} from "./payment.repository.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import {
  loadTransactionView,
  merchantCountry,
  sourceData,
  type TransactionObject,
  transactionObject,
} from "./transaction-object.ts";

/**
 * Refund, void and capture. Each runs in one database transaction that locks the parent transaction row
 * (select ... for update), checks the rules of packages/domain against the locked, current amounts, asks the
 * acquirer, writes the child transaction and the parent's new amounts, and enqueues the callback. Concurrent
 * requests on one parent therefore run one after the other and can never exceed what the rules allow.
 */

export type Operation = "refund" | "void" | "capture";

/** Who asks: a merchant, limited to one mode (secret key, dashboard mode) or both (API auth token). */
export interface OperationCaller {
  merchantId: number;
  /** Only transactions of this mode are visible; undefined sees both. */
  isLive?: boolean | undefined;
  /** Recorded on the child transaction (created_by). */
  actor?: string | undefined;
  /**
   * The caller cannot give the one-time code a wallet refund needs (a public API token made from a user's
   * password): such refunds are refused with 403. The API keys refund as the provider does.
   */
  withoutRefundOtp?: boolean | undefined;
}

/** Refunds of wallet payments (and of the wallet gateways) need a one-time code in the dashboard. */
export function refundNeedsOtp(tx: TransactionRow): boolean {
  const type = sourceData(tx).type?.toLowerCase();
  return type === "wallet" || tx.gateway_type === "UIG" || tx.gateway_type === "MPAY";
}

export const REFUND_NEEDS_OTP =
  "Refunds of wallet payments need a one-time code: make them in the dashboard, or with the API key.";

export interface OperationRequest {
  transactionId: number;
  /** Required for refund and capture; a void takes the whole amount. */
  amountCents?: number | undefined;
  idempotencyKey?: string | undefined;
}

export interface OperationAnswer {
  statusCode: number;
  body: TransactionObject | Record<string, unknown>;
  replayed: boolean;
}

/** The rules' view of a stored transaction. */
export function paymentTransactionOf(tx: TransactionRow, country: string): PaymentTransaction {
  const data = tx.data as { convenience_fee_cents?: unknown };
  return {
    amount: tx.amount_cents,
    success: tx.status === "success",
    pending: tx.status === "pending",
    isAuth: tx.is_auth,
    capturedAmount: tx.captured_amount_cents,
    refundedAmount: tx.refunded_amount_cents,
    isVoided: tx.is_voided,
    convenienceFee: typeof data.convenience_fee_cents === "number" ? data.convenience_fee_cents : 0,
    createdAt: tx.created_at,
    country: merchantCountry({ country }),
    gatewayType: tx.gateway_type,
    sourceType: sourceData(tx).type,
  };
}

/** A financing provider's cap on refunds: valU refunds at most the financed part of the payment. */
export function providerMaximum(tx: TransactionRow): number | null {
  const valu = (tx.data as { valu?: { financed_amount?: unknown } }).valu;
  return typeof valu?.financed_amount === "number" ? valu.financed_amount : null;
}

/** The HTTP status each refusal answers, by its message (merchant-dashboard.md section 8). */
function refusalStatus(code: MessageCode): number {
  switch (code) {
    case "refund_422":
    case "void_422":
      return 422;
    case "capture_404":
      return 404;
    case "capture_200":
      return 200;
    default:
      return 400;
  }
}

function refusal(operation: Operation, reason: string, code: MessageCode, tx: TransactionRow) {
  const currency = isCurrency(tx.currency) ? tx.currency : "EGP";
  const text = messageText(code, {
    minimum: formatAmount(PARTIAL_REFUND_MIN_REMAINDER, currency, "en"),
    maximum: formatAmount(providerMaximum(tx) ?? 0, currency, "en"),
  });
  const status = refusalStatus(code);
  // The provider answers some refused captures with 200 and success false; the body says why.
  return paymentError(status, reason, text, {
    message: text,
    operation,
    ...(status === 200 ? { success: false, pending: false } : {}),
  });
}

async function lockParent(trx: Kysely<DB>, caller: OperationCaller, id: number): Promise<TransactionRow> {
  const tx = await lockMerchantTransaction(trx, caller, id);
  if (!tx) throw paymentError(404, "not_found", "Not found.");
  return tx;
}

async function merchantCountryOf(trx: Kysely<DB>, merchantId: number): Promise<string> {
  return (await findMerchantCountry(trx, merchantId)).country;
}

function acquirerReference(tx: TransactionRow): string {
  return String((tx.data as { _acquirer_reference?: unknown })._acquirer_reference ?? tx.id);
}

async function insertChild(
  trx: Kysely<DB>,
  parent: TransactionRow,
  operation: Operation,
  amount: number,
  reference: string | undefined,
  actor: string | undefined,
): Promise<TransactionRow> {
  const source = sourceData(parent);
  return insertTransaction(trx, {
    merchant_id: parent.merchant_id,
    order_id: parent.order_id,
    integration_id: parent.integration_id,
    terminal_id: parent.terminal_id,
    payment_key_id: parent.payment_key_id,
    parent_transaction_id: parent.id,
    is_live: parent.is_live,
    amount_cents: amount,
    currency: parent.currency,
    status: "success",
    gateway_type: parent.gateway_type,
    trnx_type: operation,
    origin: parent.origin,
    channel: parent.channel,
    is_capture: operation === "capture",
    is_standalone: false,
    is_3d_secure: false,
    card_first6: parent.card_first6,
    card_last4: parent.card_last4,
    card_scheme: parent.card_scheme,
    card_type: parent.card_type,
    wallet_msisdn: parent.wallet_msisdn,
    customer_id: parent.customer_id,
    customer_name: parent.customer_name,
    customer_email: parent.customer_email,
    customer_phone: parent.customer_phone,
    billing_data: parent.billing_data === null ? null : JSON.stringify(parent.billing_data),
    txn_response_code: "APPROVED",
    acq_response_code: "00",
    created_by: actor ?? null,
    data: JSON.stringify({
      message: "Approved",
      txn_response_code: "APPROVED",
      acq_response_code: "00",
      source_data: source,
      ...(reference ? { _acquirer_reference: reference } : {}),
    }),
  });
}

async function answerFor(rt: PaymentsRuntime, trx: Kysely<DB>, child: TransactionRow) {
  const view = (await loadTransactionView(trx, child.id))!;
  return transactionObject(view, rt.publicUrl);
}

/**
 * One idempotency scope per operation and merchant, whatever the caller's mode (test key, live key, auth token,
 * dashboard): a key used once refunds once. A replay whose answer the caller cannot see (a test refund asked
 * again with the live key) is answered as that caller's request without the key is, 404 (`replayVisibleTo`).
 */
export function operationScope(operation: Operation): string {
  return operation;
}

/** Whether a stored operation answer is of a mode the caller sees (undefined: every mode). */
export function replayVisibleTo(caller: OperationCaller): (stored: OperationAnswer["body"]) => boolean {
  return (stored) =>
    caller.isLive === undefined || (stored as { is_live?: unknown } | null)?.is_live === caller.isLive;
}

function requireAmount(amount: number | undefined): number {
  if (amount === undefined)
    throw paymentError(400, "invalid", "This field is required.", {
      amount_cents: ["This field is required."],
    });
  return amount;
}

/** A partial or full refund of a successful payment (or of a captured auth). */
export async function refundTransaction(
  rt: PaymentsRuntime,
  caller: OperationCaller,
  request: OperationRequest,
): Promise<OperationAnswer> {
  const amount = requireAmount(request.amountCents);
  return idempotent(
    rt.db,
    {
      merchantId: caller.merchantId,
      scope: operationScope("refund"),
      replayVisible: replayVisibleTo(caller),
      key: request.idempotencyKey,
      hash: requestHash(rt.dataKey, { transaction_id: request.transactionId, amount_cents: amount }),
    },
    async (trx) => {
      const parent = await lockParent(trx, caller, request.transactionId);
      if (parent.parent_transaction_id !== null)
        throw refusal("refund", "not_refundable", "refund_422", parent);
      if (caller.withoutRefundOtp && refundNeedsOtp(parent))
        throw paymentError(403, "otp_required", REFUND_NEEDS_OTP);
      const check = checkRefund(
        paymentTransactionOf(parent, await merchantCountryOf(trx, parent.merchant_id)),
        amount,
        {
          providerMaximum: providerMaximum(parent),
        },
      );
      if (!check.ok) throw refusal("refund", check.reason, REFUND_REFUSAL_MESSAGES[check.reason], parent);
      const answer = await rt.acquirer.refund({ reference: acquirerReference(parent), amountCents: amount });
      if (answer.outcome !== "approved") throw refusal("refund", "acquirer_declined", "refund_422", parent);
      const child = await insertChild(trx, parent, "refund", amount, answer.reference, caller.actor);
      await recordRefund(trx, parent, amount);
      await enqueueCallback(trx, child);
      return { statusCode: 200, body: await answerFor(rt, trx, child) };
    },
  );
}

/** Voids a card payment on its day: the whole amount, once. */
export async function voidTransaction(
  rt: PaymentsRuntime,
  caller: OperationCaller,
  request: OperationRequest,
): Promise<OperationAnswer> {
  return idempotent(
    rt.db,
    {
      merchantId: caller.merchantId,
      scope: operationScope("void"),
      replayVisible: replayVisibleTo(caller),
      key: request.idempotencyKey,
      hash: requestHash(rt.dataKey, { transaction_id: request.transactionId }),
    },
    async (trx) => {
      const parent = await lockParent(trx, caller, request.transactionId);
      if (parent.parent_transaction_id !== null) throw refusal("void", "not_voidable", "void_422", parent);
      const check = checkVoid(
        paymentTransactionOf(parent, await merchantCountryOf(trx, parent.merchant_id)),
        rt.now(),
      );
      if (!check.ok) throw refusal("void", check.reason, VOID_REFUSAL_MESSAGES[check.reason], parent);
      const answer = await rt.acquirer.void({ reference: acquirerReference(parent) });
      if (answer.outcome !== "approved") throw refusal("void", "acquirer_declined", "void_422", parent);
      const child = await insertChild(
        trx,
        parent,
        "void",
        parent.amount_cents,
        answer.reference,
        caller.actor,
      );
      await recordVoid(trx, parent.id);
      // A voided sale no longer pays its order; a voided auth never did (until captured).
      const paid = parent.is_auth ? parent.captured_amount_cents : parent.amount_cents;
      if (parent.order_id !== null && paid > 0) await addPaidAmount(trx, parent.order_id, -paid);
      await enqueueCallback(trx, child);
      return { statusCode: 200, body: await answerFor(rt, trx, child) };
    },
  );
}

/** Captures an auth, once, up to the authorised amount. */
export async function captureTransaction(
  rt: PaymentsRuntime,
  caller: OperationCaller,
  request: OperationRequest,
): Promise<OperationAnswer> {
  const amount = requireAmount(request.amountCents);
  return idempotent(
    rt.db,
    {
      merchantId: caller.merchantId,
      scope: operationScope("capture"),
      replayVisible: replayVisibleTo(caller),
      key: request.idempotencyKey,
      hash: requestHash(rt.dataKey, { transaction_id: request.transactionId, amount_cents: amount }),
    },
    async (trx) => {
      const parent = await lockParent(trx, caller, request.transactionId);
      if (parent.parent_transaction_id !== null) throw refusal("capture", "not_auth", "capture_404", parent);
      const check = checkCapture(
        paymentTransactionOf(parent, await merchantCountryOf(trx, parent.merchant_id)),
        amount,
        rt.now(),
      );
      if (!check.ok) throw refusal("capture", check.reason, CAPTURE_REFUSAL_MESSAGES[check.reason], parent);
      const answer = await rt.acquirer.capture({ reference: acquirerReference(parent), amountCents: amount });
      if (answer.outcome !== "approved") throw refusal("capture", "acquirer_declined", "capture_200", parent);
      const child = await insertChild(trx, parent, "capture", amount, answer.reference, caller.actor);
      await recordCapture(trx, parent.id, amount);
      if (parent.order_id !== null) await addPaidAmount(trx, parent.order_id, amount);
      await enqueueCallback(trx, child);
      return { statusCode: 200, body: await answerFor(rt, trx, child) };
    },
  );
}

/**
 * Uncaptured auths lapse after AUTH_AUTO_VOID_DAYS (the reference's 14 days): each is voided with a void
 * child made by "SYSTEM" and its callback, as a merchant's void would be. Runs from the worker; any number of
 * processes may run it at once (rows are locked and re-checked).
 */
export async function voidLapsedAuths(rt: PaymentsRuntime, limit = 100): Promise<number> {
  const cutoff = new Date(rt.now().getTime() - AUTH_AUTO_VOID_DAYS * 86_400_000);
  const due = await lapsedAuths(rt.db, cutoff, limit);
  let voided = 0;
  for (const { id } of due) {
    const done = await rt.db.transaction().execute(async (trx) => {
      const parent = await lockTransaction(trx, id);
      if (!parent || parent.is_voided || parent.is_captured) return false;
      const answer = await rt.acquirer.void({ reference: acquirerReference(parent) });
      if (answer.outcome !== "approved") return false;
      const child = await insertChild(trx, parent, "void", parent.amount_cents, answer.reference, "SYSTEM");
      await recordVoid(trx, parent.id);
      await enqueueCallback(trx, child);
      return true;
    });
    if (done) voided++;
  }
  return voided;
}
