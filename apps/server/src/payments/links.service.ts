import { linkExpiresAt, paymentLinkStatus } from "@portal/domain";
import type { Kysely } from "kysely";
import type { PaymentLinkRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { PaymentError, paymentError } from "./errors.ts";
import { createIntention, intentionMethods } from "./intentions.service.ts";
import {
  activePublicKey,
  cancelOpenPaymentLink,
  deletePaymentLink,
  findMerchantCountry,
  findPaymentLink,
  insertPaymentLink,
  setPaymentLinkOrder,
} from "./orders.repository.ts";
import { type Caller, findIntegration } from "./orders.service.ts";
import { providerTime } from "./provider-time.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { timeZoneOf } from "./transaction-object.ts";

/**
 * Quick payment links (the V2 QuickLink API). A link is an intention the customer reaches from its
 * client_url (the unified checkout page); paying it marks the link paid, cancelling it closes the checkout.
 */

export interface LinkInput {
  amount_cents: number;
  payment_methods: (number | string)[];
  is_live: boolean;
  full_name?: string | undefined;
  email?: string | undefined;
  phone_number?: string | undefined;
  description?: string | undefined;
  reference_id?: string | undefined;
  notification_url?: string | undefined;
  redirection_url?: string | undefined;
  expires_at?: Date | undefined;
  created_by?: string | undefined;
}

/** The hosted payment page of one payment key (its derived payment token), as a customer opens it. */
export function payPageUrl(publicUrl: string, paymentToken: string): string {
  return `${publicUrl.replace(/\/$/, "")}/checkout/pay?payment_token=${encodeURIComponent(paymentToken)}`;
}

export async function createPaymentLink(
  rt: PaymentsRuntime,
  caller: Caller,
  input: LinkInput,
): Promise<{ link: PaymentLinkRow; clientUrl: string }> {
  if (caller.isLive !== undefined && caller.isLive !== input.is_live)
    throw paymentError(400, "mode_mismatch", "Test and live integrations cannot be mixed.");
  const mode: Caller = { merchantId: caller.merchantId, isLive: input.is_live };
  const first = input.payment_methods[0];
  if (first === undefined) throw new PaymentError(400, { payment_methods: ["This field is required."] });
  const integration = await findIntegration(rt.db, mode, first);
  // Every method must exist before anything is stored.
  for (const ref of input.payment_methods.slice(1)) await findIntegration(rt.db, mode, ref);
  const now = rt.now();
  const expiresAt = linkExpiresAt(now, input.expires_at);
  if (expiresAt.getTime() <= now.getTime())
    throw new PaymentError(400, { expires_at: ["The expiry date must be in the future."] });
  const [firstName, ...rest] = (input.full_name ?? "").trim().split(/\s+/);
  const link = await insertPaymentLink(rt.db, {
    merchant_id: caller.merchantId,
    kind: "link",
    is_live: input.is_live,
    merchant_invoice_id: input.reference_id ?? null,
    amount_cents: input.amount_cents,
    currency: integration.currency,
    status: "unpaid",
    client: JSON.stringify({
      full_name: input.full_name ?? "",
      email: input.email ?? "",
      phone_number: input.phone_number ?? "",
    }),
    description: input.description ?? null,
    integration_ids: input.payment_methods.map(Number).filter(Number.isInteger),
    expires_at: expiresAt,
    notification_url: input.notification_url ?? null,
    is_email: Boolean(input.email),
    is_sms: Boolean(input.phone_number),
    created_by: input.created_by ?? null,
    created_at: now,
  });
  const made = await createIntention(rt, mode, {
    amount: input.amount_cents,
    currency: integration.currency,
    payment_methods: input.payment_methods,
    billing_data: {
      first_name: firstName || "NA",
      last_name: rest.join(" ") || "NA",
      email: input.email || "NA",
      phone_number: input.phone_number || "NA",
    },
    special_reference: input.reference_id,
    expiration: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
    notification_url: input.notification_url,
    redirection_url: input.redirection_url,
    payment_link_id: link.id,
  }).catch(async (error: unknown) => {
    // The intention was refused (a duplicate reference, a currency the methods do not take): no link either.
    await deletePaymentLink(rt.db, link.id);
    throw error;
  });
  const { intention, clientSecret } = made;
  const updated = await setPaymentLinkOrder(rt.db, link.id, intention.order_id);
  const publicKey = await activePublicKey(rt.db, caller.merchantId, input.is_live);
  let clientUrl: string;
  if (publicKey) {
    clientUrl = `${rt.publicUrl}/unifiedcheckout/?publicKey=${encodeURIComponent(publicKey)}&clientSecret=${encodeURIComponent(clientSecret)}`;
  } else {
    const [method] = await intentionMethods(rt, rt.db, intention);
    clientUrl = payPageUrl(rt.publicUrl, method!.token);
  }
  return { link: updated, clientUrl };
}

/** The provider's link answer; state "created" while it can be paid. */
export async function linkObject(db: Kysely<DB>, link: PaymentLinkRow, clientUrl: string | null) {
  const merchant = await findMerchantCountry(db, link.merchant_id);
  const zone = timeZoneOf(merchant);
  const status = paymentLinkStatus(link.status);
  return {
    id: link.id,
    client_info: link.client,
    reference_id: link.merchant_invoice_id,
    amount_cents: link.amount_cents,
    currency: link.currency,
    state: status === "unpaid" ? "created" : status,
    description: link.description,
    created_at: providerTime(link.created_at, zone),
    expires_at: link.expires_at ? providerTime(link.expires_at, zone) : null,
    paid_at: link.paid_at ? providerTime(link.paid_at, zone) : null,
    client_url: clientUrl,
    origin: 2,
    merchant_staff_tag: null,
    payment_link_image: link.image_url,
    order: link.order_id,
    is_live: link.is_live,
  };
}

export async function cancelPaymentLink(
  rt: PaymentsRuntime,
  caller: Caller,
  linkId: number,
): Promise<PaymentLinkRow> {
  const updated = await cancelOpenPaymentLink(rt.db, caller, linkId);
  if (updated) return updated;
  const row = await findPaymentLink(rt.db, caller, linkId);
  if (!row) throw paymentError(404, "not_found", "Not found.");
  throw paymentError(
    400,
    "link_not_cancelable",
    `This payment link is ${paymentLinkStatus(row.status)} and cannot be canceled.`,
  );
}
