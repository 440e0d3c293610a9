import {
  checkRefund,
  checkVoid,
  maxCapturable,
  maxRefundable,
  type OrderDisplayStatus,
  orderDisplayStatus,
  type TransactionDetails,
  type TransactionStatus,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { AuthUser } from "../auth/auth.hook.ts";
import type { TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { paymentTransactionOf, providerMaximum, refundNeedsOtp } from "../payments/operations.service.ts";
import { merchantCountry, sourceData } from "../payments/transaction-object.ts";
import { requestTipOfOrder } from "../request-to-pay/request-to-pay.repository.ts";
import {
  callbackAttemptsOf,
  maskedCard,
  merchantOfTransaction,
  orderOfTransaction,
  parentOfTransaction,
} from "./transactions.repository.ts";

/** The details page of one transaction (merchant-dashboard.md sections 2 and 3), from its row and relatives. */

const FINANCING_KEYS = [
  "valu",
  "souhoola",
  "get_go",
  "contact",
  "aman",
  "sympl",
  "bank_installment",
] as const;

type Data = Record<string, unknown>;

function num(data: Data, key: string): number | null {
  const v = data[key];
  return typeof v === "number" ? v : null;
}
function str(data: Data, key: string): string | null {
  const v = data[key];
  return typeof v === "string" ? v : null;
}

/** A wallet refund needs a one-time code (the spec's OTP refund); the payment core decides it. */
export { refundNeedsOtp };

export function actionsFor(tx: TransactionRow, country: string, user: AuthUser, now: Date) {
  const rules = paymentTransactionOf(tx, country);
  const isPayment = tx.parent_transaction_id === null;
  const canRefundAmount = isPayment ? maxRefundable(rules) : 0;
  const cap = providerMaximum(tx);
  const maxRefund = cap === null ? canRefundAmount : Math.min(cap, canRefundAmount);
  const maxCapture = isPayment ? maxCapturable(rules) : 0;
  const refundable = isPayment && maxRefund > 0 && checkRefund(rules, maxRefund, { providerMaximum: cap }).ok;
  return {
    can_delete: user.permissions.has("can delete transactions"),
    can_void: user.permissions.has("can void transactions") && isPayment && checkVoid(rules, now).ok,
    can_refund: user.permissions.has("can refund transactions") && refundable,
    can_capture:
      user.permissions.has("can capture transactions") &&
      isPayment &&
      tx.is_auth &&
      !tx.is_captured &&
      !tx.is_voided &&
      maxCapture > 0,
    refund_needs_otp: refundNeedsOtp(tx),
    max_refund_cents: maxRefund,
    max_capture_cents: maxCapture,
  };
}

export async function transactionDetails(
  db: Kysely<DB>,
  tx: TransactionRow,
  user: AuthUser,
  now: Date,
): Promise<TransactionDetails> {
  const data = (tx.data ?? {}) as Data;
  const source = sourceData(tx) as Data;
  const merchantRow = await merchantOfTransaction(db, tx);
  const order = await orderOfTransaction(db, tx);
  const parent = await parentOfTransaction(db, tx);
  const attempts = await callbackAttemptsOf(db, tx, 100);
  const discount = (data.discount ?? {}) as Data;
  const financing: Record<string, Record<string, unknown>> = {};
  for (const key of FINANCING_KEYS) {
    const block = data[key];
    if (block && typeof block === "object" && !Array.isArray(block)) financing[key] = block as Data;
  }
  const country = merchantCountry(merchantRow);
  return {
    transaction: {
      id: tx.id,
      type: tx.gateway_type,
      amount_cents: tx.amount_cents,
      trnx_type: tx.trnx_type,
      updated_at: tx.updated_at.toISOString(),
      order_id: tx.order_id,
      created_at: tx.created_at.toISOString(),
      origin: tx.origin,
      other_references: tx.merchant_txn_ref ?? str(data, "bill_reference"),
      status: tx.status as TransactionStatus,
      // A request to pay's payment (docs/pos-risk.md "Request to pay"): the tip its customer paid with.
      tip_amount_cents:
        num(data, "tip_amount_cents") ??
        (tx.order_id !== null && tx.parent_transaction_id === null
          ? await requestTipOfOrder(db, tx.order_id)
          : null),
      captured_amount_cents: tx.captured_amount_cents,
      refunded_amount_cents: tx.refunded_amount_cents,
      converted_amount_cents: num(data, "converted_amount_cents"),
      fees_cents: tx.fees_cents,
      vat_cents: tx.vat_cents,
      commission_cents: tx.commission_cents,
      routing_bank: str(data, "routing_bank"),
      card_holder_bank: tx.issuing_bank,
      card_type: tx.card_type,
      card_sub_type: str(source, "sub_type"),
      issuing_country: str(data, "issuing_country"),
      scheme: tx.card_scheme,
      card_first6: tx.card_first6,
      card_last4: tx.card_last4,
      card_number: maskedCard(tx.card_first6, tx.card_last4),
      merchant_staff_tag: str(data, "merchant_staff_tag") ?? tx.created_by,
      original_amount_cents: num(discount, "original_amount_cents"),
      discounted_amount_cents:
        num(discount, "discount_amount_cents") ?? num(discount, "discounted_amount_cents"),
      amount_after_discount_cents: num(discount, "amount_after_discount_cents"),
      exchange_rate: num(data, "exchange_rate"),
      margin_rate: num(data, "margin_rate"),
      currency: tx.currency,
      order_amount_cents: order?.amount_cents ?? null,
      convenience_fee_cents: num(data, "convenience_fee_cents"),
      is_voided: tx.is_voided,
      is_refunded: tx.is_refunded,
      is_captured: tx.is_captured,
      is_auth: tx.is_auth,
      is_3d_secure: tx.is_3d_secure,
      is_standalone: tx.is_standalone,
      is_installment: tx.is_installment,
      is_discounted: tx.is_discounted,
      is_split_paid: tx.is_split_paid,
      is_live: tx.is_live,
      pending: tx.status === "pending",
      success: tx.status === "success",
      merchant_txn_ref: tx.merchant_txn_ref,
      integration_id: tx.integration_id,
      wallet_msisdn: tx.wallet_msisdn,
      created_by: tx.created_by,
      channel: tx.channel,
      customer_name: tx.customer_name,
      customer_email: tx.customer_email,
      phone_number: tx.customer_phone,
    },
    merchant: user.bank_id !== null ? { id: tx.merchant_id, name: merchantRow.company_name } : null,
    order: order
      ? {
          id: order.id,
          merchant_order_id: order.merchant_order_id,
          amount_cents: order.amount_cents,
          paid_amount_cents: order.paid_amount_cents,
          currency: order.currency,
          status: orderStatusOf(order, country),
          created_at: order.created_at.toISOString(),
          created_by: order.created_by,
          source: order.api_source,
          delivery_needed: order.delivery_needed,
          collector: order.collector,
        }
      : null,
    shipping: (order?.shipping_data as Record<string, unknown> | null | undefined) ?? null,
    billing: (tx.billing_data as Record<string, unknown> | null) ?? null,
    financing,
    parent: parent
      ? {
          id: parent.id,
          amount_cents: parent.amount_cents,
          created_at: parent.created_at.toISOString(),
          origin: parent.origin,
          integration_id: parent.integration_id,
          is_3d_secure: parent.is_3d_secure,
          pending: parent.status === "pending",
          is_refunded: parent.is_refunded,
          refunded_amount_cents: parent.refunded_amount_cents,
          is_auth: parent.is_auth,
          is_capture: parent.is_capture,
          is_voided: parent.is_voided,
          is_standalone: parent.is_standalone,
        }
      : null,
    error: {
      failure_reason: tx.failure_reason,
      txn_response_code: tx.txn_response_code,
      acq_response_code: tx.acq_response_code,
      message: str(data, "message"),
    },
    callbacks: attempts.map((a) => ({
      id: a.id,
      kind: a.kind,
      trigger: a.trigger,
      attempt: a.attempt,
      url: a.url,
      attempted_at: a.attempted_at.toISOString(),
      status_code: a.status_code,
      success: a.status_code !== null && a.status_code >= 200 && a.status_code < 300,
      error: a.error,
    })),
    actions: actionsFor(tx, country, user, now),
  };
}

export function orderStatusOf(
  order: { amount_cents: number; paid_amount_cents: number; payment_status: string; is_canceled: boolean },
  country: string,
): OrderDisplayStatus {
  return orderDisplayStatus(
    {
      amount: order.amount_cents,
      paidAmount: order.paid_amount_cents,
      paymentStatus: order.payment_status,
      canceled: order.is_canceled,
    },
    merchantCountry({ country }),
  );
}
