import {
  isCurrency,
  type QrPayment,
  type QrSetupAnswer,
  type QrStatus,
  safeParseAmount,
} from "@portal/domain";
import { HttpError } from "../http/errors.ts";
import { createIntention } from "../payments/intentions.service.ts";
import { payPageUrl } from "../payments/links.service.ts";
import { sourceKindOf } from "../payments/methods.ts";
import { PAYMENT_KEY_DEFAULT_SECONDS } from "../payments/orders.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { merchantName, modeIntegrations, QR_EXTRA, qrPaymentState } from "./qr-payment.repository.ts";

/**
 * QR Code Payment (docs/selling.md "QR payment"): an intention on the merchant's wallet integration through the
 * payment core (createIntention), whose wallet pay page is the address the QR code encodes; the customer scans it
 * and pays with a wallet; Check Status reads the order and its latest attempt. The test wallets that reach each
 * outcome are in docs/payments.md.
 */

export const QR_NO_WALLET =
  "You don't have a mobile wallet integration in this mode, so QR payments cannot be taken.";

async function walletIntegration(rt: PaymentsRuntime, merchantId: number, isLive: boolean) {
  const integrations = await modeIntegrations(rt.db, merchantId, isLive);
  return integrations.find((i) => sourceKindOf(i) === "wallet" && isCurrency(i.currency));
}

export async function qrSetup(
  rt: PaymentsRuntime,
  merchantId: number,
  isLive: boolean,
): Promise<QrSetupAnswer> {
  const [name, wallet] = await Promise.all([
    merchantName(rt.db, merchantId),
    walletIntegration(rt, merchantId, isLive),
  ]);
  return { merchant_name: name, currency: wallet?.currency ?? null, integration_id: wallet?.id ?? null };
}

export async function createQrPayment(
  rt: PaymentsRuntime,
  merchantId: number,
  input: { amount: string; is_live: boolean },
): Promise<QrPayment> {
  const wallet = await walletIntegration(rt, merchantId, input.is_live);
  if (!wallet || !isCurrency(wallet.currency)) throw new HttpError(400, "qr_no_wallet", QR_NO_WALLET);
  const parsed = safeParseAmount(input.amount, wallet.currency);
  if (!parsed.ok || parsed.amount <= 0)
    throw new HttpError(400, "validation", "Invalid request.", { amount: ["invalid_amount"] });
  const [name, made] = await Promise.all([
    merchantName(rt.db, merchantId),
    createIntention(
      rt,
      { merchantId, isLive: input.is_live },
      {
        amount: parsed.amount,
        currency: wallet.currency,
        payment_methods: [wallet.id],
        billing_data: { first_name: "NA", last_name: "NA", email: "NA", phone_number: "NA" },
        extras: { [QR_EXTRA]: true },
        expiration: PAYMENT_KEY_DEFAULT_SECONDS,
      },
    ),
  ]);
  const method = made.methods[0]!;
  return {
    id: made.order.id,
    merchant_name: name,
    amount_cents: parsed.amount,
    currency: wallet.currency,
    payment_url: payPageUrl(rt.publicUrl, method.token),
    expires_at: made.intention.expires_at.toISOString(),
    is_live: input.is_live,
  };
}

/** Check Status: paid is success; else the latest attempt's outcome; nothing tried yet is pending. */
export async function qrStatus(rt: PaymentsRuntime, merchantId: number, orderId: number): Promise<QrStatus> {
  const state = await qrPaymentState(rt.db, merchantId, orderId);
  if (!state) throw new HttpError(404, "not_found", "Not found.");
  const message =
    typeof state.transaction_data?.message === "string" ? (state.transaction_data.message as string) : null;
  const paid = state.paid_amount_cents >= state.amount_cents || state.transaction_status === "success";
  const status = paid ? "success" : state.transaction_status === "declined" ? "declined" : "pending";
  return {
    id: state.id,
    status,
    message: state.transaction_id === null ? null : message,
    reason: status !== "declined" ? null : state.acq_response_code === "51" ? "insufficient_funds" : "other",
    transaction_id: state.transaction_id,
    amount_cents: state.amount_cents,
    currency: state.currency,
  };
}
