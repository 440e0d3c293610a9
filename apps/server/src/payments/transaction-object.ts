import { COUNTRY_INFO, type Country, isCountry } from "@portal/domain";
import type { Kysely } from "kysely";
import { reviveOptionalRow, reviveRow } from "../db/json-rows.ts";
import type { MerchantRow, OrderRow, PaymentKeyRow, TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { providerTime } from "./provider-time.ts";
import { findMerchantOwnerId, transactionViewRows } from "./transaction-views.repository.ts";

export { findMerchantOwnerId, ownerIdOf } from "./transaction-views.repository.ts";

/**
 * The provider's transaction object (the inquiry answer, the processed callback's obj, the pay answer) and its
 * flat form (the response callback's query), built from our rows. Fields we do not model answer the provider's
 * neutral values (null, [], false) so existing parsers find every key they expect.
 */

export interface TransactionView {
  tx: TransactionRow;
  order: OrderRow | null;
  merchant: MerchantRow;
  paymentKey: PaymentKeyRow | null;
  /** The merchant's owner user id: the provider's "owner" and payment_key_claims.user_id. */
  ownerId: number;
  intentionPublicId: string | null;
}

export function merchantCountry(merchant: { country: string }): Country {
  return isCountry(merchant.country) ? merchant.country : "EGY";
}

export function timeZoneOf(merchant: { country: string }): string {
  return COUNTRY_INFO[merchantCountry(merchant)].timeZone;
}

/** The provider's "owner" of a merchant's transactions: its owner user, or the merchant id when it has none. */
export async function merchantOwnerId(db: Kysely<DB>, merchantId: number): Promise<number> {
  return (await findMerchantOwnerId(db, merchantId)) ?? merchantId;
}

/** One transaction's view (loadTransactionViews, in one query). */
export async function loadTransactionView(db: Kysely<DB>, id: number): Promise<TransactionView | undefined> {
  return (await loadTransactionViews(db, [id])).get(id);
}

/** A transaction view with its integration's callback settings, as loadTransactionViews answers it. */
export interface DeliveryView extends TransactionView {
  integration: { processed_callback_url: string | null; auto_callback_retrial: boolean } | null;
}

/**
 * The views of many transactions in one query (the callback worker builds a batch of payloads with it): each
 * row's transaction, order, merchant, payment key, owner, intention id and integration callback settings.
 */
export async function loadTransactionViews(
  db: Kysely<DB>,
  ids: number[],
): Promise<Map<number, DeliveryView>> {
  const views = new Map<number, DeliveryView>();
  if (ids.length === 0) return views;
  const rows = await transactionViewRows(db, ids);
  for (const row of rows) {
    const tx = reviveRow<TransactionRow>(row.tx);
    const merchant = reviveRow<MerchantRow>(row.merchant);
    views.set(tx.id, {
      tx,
      order: reviveOptionalRow<OrderRow>(row.order),
      merchant,
      paymentKey: reviveOptionalRow<PaymentKeyRow>(row.payment_key),
      ownerId: row.owner_id ?? merchant.id,
      intentionPublicId: row.intention_public_id,
      integration:
        row.auto_callback_retrial === null
          ? null
          : {
              processed_callback_url: row.processed_callback_url,
              auto_callback_retrial: row.auto_callback_retrial,
            },
    });
  }
  return views;
}

export function merchantObject(merchant: MerchantRow, timeZone: string) {
  return {
    id: merchant.id,
    created_at: providerTime(merchant.created_at, timeZone),
    phones: merchant.phones,
    company_emails: merchant.emails,
    company_name: merchant.company_name,
    state: "",
    country: merchant.country,
    city: "",
    postal_code: "",
    street: "",
  };
}

export function orderObject(order: OrderRow, merchant: MerchantRow, publicUrl: string) {
  const timeZone = timeZoneOf(merchant);
  const shipping = order.shipping_data
    ? { ...order.shipping_data, order_id: order.id, order: order.id }
    : null;
  return {
    id: order.id,
    created_at: providerTime(order.created_at, timeZone),
    delivery_needed: order.delivery_needed,
    merchant: merchantObject(merchant, timeZone),
    collector: order.collector,
    amount_cents: order.amount_cents,
    shipping_data: shipping,
    currency: order.currency,
    is_payment_locked: order.is_payment_locked,
    is_return: false,
    is_cancel: false,
    is_returned: false,
    is_canceled: order.is_canceled,
    merchant_order_id: order.merchant_order_id,
    wallet_notification: null,
    paid_amount_cents: order.paid_amount_cents,
    notify_user_with_email: false,
    items: order.items,
    order_url: `${publicUrl}/api/ecommerce/orders/${order.id}`,
    commission_fees: 0,
    delivery_fees_cents: 0,
    delivery_vat_cents: 0,
    payment_method: "tbc",
    merchant_staff_tag: null,
    api_source: order.api_source,
    data: {},
    payment_status: order.payment_status,
  };
}

/** The source_data the provider reports: {type, pan, sub_type, tenure}. */
export function sourceData(tx: TransactionRow): {
  type: string;
  pan: string;
  sub_type: string;
  tenure: unknown;
} {
  const stored = (tx.data as { source_data?: Record<string, unknown> }).source_data;
  if (stored && typeof stored === "object") {
    return {
      type: String(stored.type ?? ""),
      pan: String(stored.pan ?? ""),
      sub_type: String(stored.sub_type ?? ""),
      tenure: stored.tenure ?? null,
    };
  }
  if (tx.card_last4)
    return { type: "card", pan: tx.card_last4, sub_type: tx.card_scheme ?? "card", tenure: null };
  if (tx.wallet_msisdn) return { type: "wallet", pan: tx.wallet_msisdn, sub_type: "wallet", tenure: null };
  return { type: tx.gateway_type.toLowerCase(), pan: "", sub_type: tx.gateway_type, tenure: null };
}

/** Fields of data kept for the core's own use (prefixed with "_") never leave the server. */
function publicData(tx: TransactionRow): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(tx.data)) if (!k.startsWith("_") && k !== "source_data") data[k] = v;
  data.message ??= tx.failure_reason ?? (tx.status === "success" ? "Approved" : "");
  data.txn_response_code ??= tx.txn_response_code;
  data.acq_response_code ??= tx.acq_response_code;
  data.amount = tx.amount_cents;
  data.currency = tx.currency;
  if (tx.card_first6 && tx.card_last4) data.card_num = `${tx.card_first6}xxxxxx${tx.card_last4}`;
  if (tx.card_scheme) data.card_type = tx.card_scheme.toUpperCase();
  data.captured_amount = tx.captured_amount_cents;
  data.refunded_amount = tx.refunded_amount_cents;
  data.merchant_txn_ref = tx.merchant_txn_ref ?? String(tx.id);
  return data;
}

export type TransactionObject = Record<string, unknown> & { id: number; success: boolean; pending: boolean };

export function transactionObject(view: TransactionView, publicUrl: string): TransactionObject {
  const { tx, order, merchant, paymentKey } = view;
  const timeZone = timeZoneOf(merchant);
  const isChild = tx.parent_transaction_id !== null;
  const claims = paymentKey
    ? {
        user_id: view.ownerId,
        amount_cents: paymentKey.amount_cents,
        currency: paymentKey.currency,
        integration_id: paymentKey.integration_id,
        order_id: paymentKey.order_id,
        billing_data: paymentKey.billing_data,
        lock_order_when_paid: paymentKey.lock_order_when_paid,
        extra: paymentKey.extra,
        notification_url: paymentKey.notification_url,
        redirection_url: paymentKey.redirection_url,
        single_payment_attempt: false,
        next_payment_intention: view.intentionPublicId,
        exp: Math.floor(paymentKey.expires_at.getTime() / 1000),
        pmk_ip: null,
      }
    : null;
  return {
    id: tx.id,
    pending: tx.status === "pending",
    amount_cents: tx.amount_cents,
    success: tx.status === "success",
    is_auth: tx.is_auth,
    is_capture: tx.is_capture,
    is_standalone_payment: !isChild,
    is_voided: tx.is_voided,
    is_refunded: tx.is_refunded,
    is_3d_secure: tx.is_3d_secure,
    integration_id: tx.integration_id,
    profile_id: merchant.id,
    has_parent_transaction: isChild,
    order: order ? orderObject(order, merchant, publicUrl) : null,
    created_at: providerTime(tx.created_at, timeZone),
    transaction_processed_callback_responses: [],
    currency: tx.currency,
    source_data: sourceData(tx),
    api_source: tx.origin,
    terminal_id: tx.terminal_id,
    merchant_commission: tx.commission_cents,
    installment: tx.is_installment ? ((tx.data as { installment?: unknown }).installment ?? null) : null,
    discount_details: [],
    is_void: tx.trnx_type === "void",
    is_refund: tx.trnx_type === "refund",
    data: publicData(tx),
    is_hidden: false,
    payment_key_claims: claims,
    error_occured: false,
    is_live: tx.is_live,
    other_endpoint_reference: null,
    refunded_amount_cents: tx.refunded_amount_cents,
    source_id: -1,
    is_captured: tx.is_captured,
    captured_amount: tx.captured_amount_cents,
    merchant_staff_tag: null,
    updated_at: providerTime(tx.updated_at, timeZone),
    is_settled: false,
    bill_balanced: false,
    is_bill: false,
    owner: view.ownerId,
    parent_transaction: tx.parent_transaction_id,
    unique_ref: `${tx.integration_id ?? 0}_${tx.id}`,
  };
}

/** The response callback: the flat query the customer's browser carries to the redirection url (no hmac yet). */
export function flatTransaction(obj: TransactionObject): Record<string, string> {
  const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const source = obj.source_data as ReturnType<typeof sourceData>;
  const data = obj.data as Record<string, unknown>;
  const order = obj.order as { id: number; merchant_order_id: string | null } | null;
  return {
    id: s(obj.id),
    pending: s(obj.pending),
    amount_cents: s(obj.amount_cents),
    success: s(obj.success),
    is_auth: s(obj.is_auth),
    is_capture: s(obj.is_capture),
    is_standalone_payment: s(obj.is_standalone_payment),
    is_voided: s(obj.is_voided),
    is_refunded: s(obj.is_refunded),
    is_3d_secure: s(obj.is_3d_secure),
    integration_id: s(obj.integration_id),
    profile_id: s(obj.profile_id),
    has_parent_transaction: s(obj.has_parent_transaction),
    order: s(order?.id),
    created_at: s(obj.created_at),
    currency: s(obj.currency),
    merchant_commission: s(obj.merchant_commission),
    discount_details: "[]",
    is_void: s(obj.is_void),
    is_refund: s(obj.is_refund),
    error_occured: s(obj.error_occured),
    refunded_amount_cents: s(obj.refunded_amount_cents),
    captured_amount: s(obj.captured_amount),
    updated_at: s(obj.updated_at),
    is_settled: s(obj.is_settled),
    bill_balanced: s(obj.bill_balanced),
    is_bill: s(obj.is_bill),
    owner: s(obj.owner),
    merchant_order_id: s(order?.merchant_order_id),
    "data.message": s(data.message),
    "source_data.type": source.type,
    "source_data.pan": source.pan,
    "source_data.sub_type": source.sub_type,
    acq_response_code: s(data.acq_response_code),
    txn_response_code: s(data.txn_response_code),
  };
}
