import {
  type CustomerLink,
  type CustomerLinkState,
  LINK_CURRENCIES,
  LINK_MESSAGES,
  type LinkDetails,
  type LinkDisplayState,
  type LinkItem,
  type LinkListQuery,
  type LinkMethod,
  type LinkOptions,
  linkExpiresAt,
  linkMethodOf,
  linkPayBlocker,
  paymentLinkStatus,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  applyBranding,
  checkoutBrandingOf,
} from "../checkout-customization/checkout-customization.service.ts";
import type { PaymentLinkRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { isMerchantImage } from "../images/images.repository.ts";
import { imageUrl } from "../images/images.service.ts";
import { tokenHash } from "../security/tokens.ts";
import {
  activeIntegrations,
  COUNT_CAP,
  disableOpenLink,
  findByPublicToken,
  findLink,
  insertIntentionForOrder,
  insertLinkOrder,
  integrationsOf,
  type LinkListRow,
  linkIntention,
  listLinks,
  lockLink,
  merchantProfile,
  orderItemsOf,
  paidUses,
  reopenLink,
  setLinkExtras,
} from "../selling/links.repository.ts";
import { merchantNow, merchantNowSync } from "../test-clock/clock.ts";
import { PaymentError, paymentError } from "./errors.ts";
import { createIntention, exponentOf, intentionMethods } from "./intentions.service.ts";
import {
  activePublicKey,
  cancelOpenPaymentLink,
  deletePaymentLink,
  findMerchantCountry,
  findPaymentLink,
  insertPaymentLink,
  setPaymentLinkOrder,
} from "./orders.repository.ts";
import { type Caller, findIntegration, paymentKeyValues } from "./orders.service.ts";
import { providerTime } from "./provider-time.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { newClientSecret, newIntentionId } from "./tokens.ts";
import { merchantCountry, timeZoneOf } from "./transaction-object.ts";

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
  // A test-mode link lives on the merchant's test clock (docs/payments.md "Test clock").
  const now = await merchantNow(rt.db, caller.merchantId, input.is_live, rt.now());
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

// ------------------------------------------------------------------------------ the dashboard (issue 13 item 3)

/** The customer page of a payment_links row (invoice or link); the invoices link to it too. */
export function customerPageUrl(publicUrl: string, publicToken: string): string {
  return `${publicUrl.replace(/\/$/, "")}/checkout/link?token=${encodeURIComponent(publicToken)}`;
}

/** What the list and details show: the stored status, or expired once an unpaid link is past its expiry. */
export function linkDisplayState(
  link: Pick<PaymentLinkRow, "status" | "expires_at">,
  now: Date,
): LinkDisplayState {
  const status = paymentLinkStatus(link.status);
  if (status === "unpaid" && link.expires_at && link.expires_at.getTime() <= now.getTime()) return "expired";
  return status;
}

function methodsOf(
  integrationIds: readonly number[],
  integrations: readonly { id: number; gateway_type: string }[],
) {
  const out = new Set<LinkMethod>();
  for (const id of integrationIds) {
    const integration = integrations.find((i) => i.id === Number(id));
    const method = integration ? linkMethodOf(integration.gateway_type) : undefined;
    if (method) out.add(method);
  }
  return [...out];
}

function linkItem(
  rt: PaymentsRuntime,
  row: LinkListRow,
  integrations: readonly { id: number; gateway_type: string }[],
): LinkItem {
  const client = (row.client ?? {}) as Record<string, string>;
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    state: linkDisplayState(row, merchantNowSync(rt.db, row.merchant_id, row.is_live, rt.now())),
    reference: row.merchant_invoice_id,
    client_name: client.full_name ?? "",
    email: client.email ?? "",
    phone_number: client.phone_number ?? "",
    description: row.description,
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    is_live: row.is_live,
    created_by: row.created_by,
    link_url: customerPageUrl(rt.publicUrl, row.public_token),
    methods: methodsOf(row.integration_ids, integrations),
    one_click: row.one_click,
    use_limit: row.use_limit,
    remaining_attempts: Number(row.attempts_left),
  };
}

function linkDetails(
  rt: PaymentsRuntime,
  row: LinkListRow,
  integrations: readonly { id: number; gateway_type: string }[],
): LinkDetails {
  return {
    ...linkItem(rt, row, integrations),
    order_id: row.order_id === null ? null : Number(row.order_id),
    logo_url: row.logo_image_id ? imageUrl(row.logo_image_id) : null,
    product_image_url: row.product_image_id ? imageUrl(row.product_image_id) : null,
    is_email: row.is_email,
    is_sms: row.is_sms,
    deactivated_at: row.deactivated_at ? row.deactivated_at.toISOString() : null,
    integration_ids: row.integration_ids.map(Number),
  };
}

export async function listDashboardLinks(rt: PaymentsRuntime, merchantId: number, query: LinkListQuery) {
  const [{ count, rows }, integrations] = await Promise.all([
    listLinks(rt.db, merchantId, query, await merchantNow(rt.db, merchantId, query.is_live, rt.now())),
    integrationsOf(rt.db, merchantId),
  ]);
  return {
    count: Math.min(count, COUNT_CAP),
    count_capped: count > COUNT_CAP,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => linkItem(rt, r, integrations)),
  };
}

export async function dashboardLinkDetails(rt: PaymentsRuntime, merchantId: number, id: number) {
  const row = await findLink(rt.db, merchantId, id);
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  return linkDetails(rt, row, await integrationsOf(rt.db, merchantId));
}

/** What the create form offers: EGP, PKR, USD and the merchant's own currency; the methods its integrations give. */
export async function linkOptions(
  rt: PaymentsRuntime,
  merchantId: number,
  isLive: boolean,
): Promise<LinkOptions> {
  const [integrations, merchant] = await Promise.all([
    activeIntegrations(rt.db, merchantId, isLive),
    merchantProfile(rt.db, merchantId),
  ]);
  const own = merchantCountry({ country: merchant.country });
  const merchantCurrency = ownCurrency(own);
  const byMethod = new Map<LinkMethod, Set<string>>();
  for (const i of integrations) {
    const method = linkMethodOf(i.gateway_type);
    if (!method) continue;
    const set = byMethod.get(method) ?? new Set<string>();
    set.add(i.currency);
    byMethod.set(method, set);
  }
  const currencies = [...new Set<string>([...LINK_CURRENCIES, merchantCurrency])];
  return {
    currencies,
    merchant_currency: merchantCurrency,
    methods: [...byMethod].map(([method, set]) => ({ method, currencies: [...set].sort() })),
    has_integrations: integrations.length > 0,
  };
}

/** The merchant's own currency, from its country (EGP when unknown). */
function ownCurrency(country: string): string {
  const byCountry: Record<string, string> = { EGY: "EGP", PAK: "PKR", ARE: "AED", SAU: "SAR", OMN: "OMR" };
  return byCountry[country] ?? "EGP";
}

function fieldRefusal(code: keyof typeof LINK_MESSAGES, field: string): HttpError {
  return new HttpError(400, code, LINK_MESSAGES[code], { [field]: [LINK_MESSAGES[code]] });
}

/**
 * Creates a quick link from the dashboard form: the chosen methods become the merchant's integrations of that
 * method, mode and currency, then the one service the public API uses makes the link (createPaymentLink), and
 * the form's extras (one-click, images, limit) are added.
 */
export async function createDashboardLink(
  rt: PaymentsRuntime,
  merchantId: number,
  createdBy: string,
  body: z.output<typeof import("@portal/domain").linkCreateBodySchema>,
): Promise<LinkDetails> {
  const integrations = await activeIntegrations(rt.db, merchantId, body.is_live);
  if (integrations.length === 0) throw fieldRefusal("no_integrations", "methods");
  const ids: number[] = [];
  for (const method of body.methods) {
    const ofMethod = integrations.filter((i) => linkMethodOf(i.gateway_type) === method);
    if (ofMethod.length === 0) throw fieldRefusal("method_unavailable", "methods");
    const match = ofMethod.find((i) => i.currency === body.currency);
    if (!match) throw fieldRefusal("currency_unavailable", "currency");
    ids.push(match.id);
  }
  for (const [field, id] of [
    ["logo_image_id", body.logo_image_id],
    ["product_image_id", body.product_image_id],
  ] as const) {
    if (id && !(await isMerchantImage(rt.db, merchantId, id))) throw fieldRefusal("image_not_found", field);
  }
  const expiresAt = body.expires_at ? new Date(body.expires_at) : undefined;
  const now = await merchantNow(rt.db, merchantId, body.is_live, rt.now());
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw fieldRefusal("expiry_past", "expires_at");
  const fullName = [body.first_name, body.last_name].filter(Boolean).join(" ");
  let link: PaymentLinkRow;
  try {
    ({ link } = await createPaymentLink(
      rt,
      { merchantId, isLive: body.is_live },
      {
        amount_cents: body.amount_cents,
        payment_methods: ids,
        is_live: body.is_live,
        full_name: fullName || undefined,
        email: body.email || undefined,
        phone_number: body.phone_number || undefined,
        description: body.description || undefined,
        reference_id: body.reference || undefined,
        expires_at: expiresAt,
        created_by: createdBy,
      },
    ));
  } catch (error) {
    throw asDashboardError(error);
  }
  await setLinkExtras(rt.db, link.id, {
    one_click: body.one_click,
    logo_image_id: body.logo_image_id ?? null,
    product_image_id: body.product_image_id ?? null,
    use_limit: body.use_limit,
  });
  return dashboardLinkDetails(rt, merchantId, link.id);
}

/** A payment core refusal (the provider's shapes) as the dashboard's {detail, code, fields}. */
function asDashboardError(error: unknown): unknown {
  if (!(error instanceof PaymentError)) return error;
  const body = error.body;
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body))
    if (Array.isArray(value))
      fields[key === "special_reference" || key === "merchant_order_id" ? "reference" : key] =
        value.map(String);
  const first = Object.values(fields)[0]?.[0];
  const detail = typeof body.detail === "string" ? body.detail : (first ?? "Invalid request.");
  const code = typeof body.code === "string" ? body.code : "invalid";
  return new HttpError(
    Math.min(error.statusCode, 500),
    code,
    detail,
    Object.keys(fields).length ? fields : undefined,
  );
}

/** Cancels the merchant's unpaid link (the public API's cancel); anything else: the spec's failure message. */
export async function cancelDashboardLink(
  rt: PaymentsRuntime,
  merchantId: number,
  id: number,
): Promise<LinkDetails> {
  const row = await findLink(rt.db, merchantId, id);
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  try {
    await cancelPaymentLink(rt, { merchantId, isLive: row.is_live }, id);
  } catch (error) {
    if (error instanceof PaymentError && error.statusCode === 404)
      throw new HttpError(404, "not_found", "Not found.");
    if (error instanceof PaymentError) throw new HttpError(400, "cancel_failed", LINK_MESSAGES.cancel_failed);
    throw error;
  }
  return dashboardLinkDetails(rt, merchantId, id);
}

/** Disables (deactivates) the merchant's unpaid link. */
export async function disableDashboardLink(
  rt: PaymentsRuntime,
  merchantId: number,
  id: number,
): Promise<LinkDetails> {
  const row = await findLink(rt.db, merchantId, id);
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  const done = await disableOpenLink(rt.db, merchantId, id, rt.now());
  if (!done) throw new HttpError(400, "disable_failed", LINK_MESSAGES.disable_failed);
  return dashboardLinkDetails(rt, merchantId, id);
}

// --------------------------------------------------------------------------- the customer page (issue 13 item 7)

/**
 * The customer page of an invoice or link by its public token: the merchant, what is paid, whether it can be
 * paid, and while it can, one payment token per method (the page continues to the hosted checkout with it).
 * An invoice made without an intention gets one for its order on the first visit.
 */
export async function customerLink(rt: PaymentsRuntime, token: string): Promise<CustomerLink> {
  let row = await findByPublicToken(rt.db, token);
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  if (paymentLinkStatus(row.status) === "paid" && (await reopenPaidLink(rt, row)))
    row = (await findByPublicToken(rt.db, token)) ?? row;
  const now = await merchantNow(rt.db, row.merchant_id, row.is_live, rt.now());
  let state: CustomerLinkState = "open";
  const blocker = linkPayBlocker(
    {
      status: row.status,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      remainingAttempts: Number(row.attempts_left),
    },
    now,
  );
  if (blocker) state = blocker;
  let intention = await linkIntention(rt.db, row.id);
  if (state === "open" && !intention && row.order_id !== null) intention = await intentionForOrder(rt, row);
  let methods: CustomerLink["methods"] = [];
  if (state === "open") {
    if (!intention) state = "unavailable";
    else {
      const order = await orderItemsOf(rt.db, intention.order_id);
      if (order?.is_canceled) state = "canceled";
      else
        methods = (await intentionMethods(rt, rt.db, intention)).map((m) => ({
          integration_id: m.integration.id,
          gateway_type: m.integration.gateway_type,
          name: m.integration.name,
          payment_token: m.token,
        }));
      if (state === "open" && methods.length === 0) state = "unavailable";
    }
  }
  const orderId = row.order_id ?? intention?.order_id ?? null;
  const order = orderId !== null ? await orderItemsOf(rt.db, Number(orderId)) : undefined;
  const items = (
    (order?.items ?? []) as {
      name?: string;
      description?: string;
      quantity?: number;
      amount_cents?: number;
    }[]
  ).map((i) => ({
    name: String(i.name ?? ""),
    description: i.description ? String(i.description) : null,
    quantity: Number(i.quantity ?? 1),
    amount_cents: i.amount_cents === undefined ? null : Number(i.amount_cents),
  }));
  // The merchant's checkout customization (issue 18): its look, its logo unless the link has its own, and its
  // methods' order and visibility.
  const branded = applyBranding(
    await checkoutBrandingOf(rt.db, Number(row.merchant_id)),
    { name: row.company_name, logo_url: row.merchant_logo_url },
    methods,
  );
  return {
    kind: row.kind,
    merchant: {
      name: row.company_name,
      logo_url: row.logo_image_id ? imageUrl(row.logo_image_id) : branded.merchant.logo_url,
    },
    look: branded.look,
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    exponent: exponentOf(row.currency),
    reference: row.merchant_invoice_id,
    description: row.description,
    items,
    product_image_url: row.product_image_id ? imageUrl(row.product_image_id) : null,
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    state,
    is_live: row.is_live,
    methods: branded.methods,
  };
}

/** Makes the intention (and payment keys) of a row that has an order but none yet (an invoice), once. */
async function intentionForOrder(rt: PaymentsRuntime, row: LinkListRow) {
  return rt.db.transaction().execute(async (trx) => {
    await lockLink(trx, row.id);
    const existing = await linkIntention(trx, row.id);
    if (existing) return existing;
    return makeIntention(rt, trx, row, Number(row.order_id));
  });
}

/** The intention and payment keys of one order of a row, for the row's active integrations in its currency. */
async function makeIntention(rt: PaymentsRuntime, trx: Kysely<DB>, row: LinkListRow, orderId: number) {
  const integrations = (await activeIntegrations(trx, row.merchant_id, row.is_live)).filter(
    (i) => row.integration_ids.map(Number).includes(i.id) && i.currency === row.currency,
  );
  if (integrations.length === 0) return undefined;
  const merchant = await merchantProfile(trx, row.merchant_id);
  const now = rt.now();
  // The link's expiry, its intention's and its keys' are on the merchant's test clock in test mode (in memory: no
  // query inside the transaction): the intention and keys expire with the link.
  const linkNow = merchantNowSync(rt.db, row.merchant_id, row.is_live, now);
  const expiresAt = row.expires_at ?? linkExpiresAt(row.created_at);
  const seconds = Math.max(1, Math.ceil((expiresAt.getTime() - linkNow.getTime()) / 1000));
  const client = (row.client ?? {}) as Record<string, string>;
  const [first, ...rest] = (client.full_name ?? "").trim().split(/\s+/);
  const billing = {
    first_name: first || "NA",
    last_name: rest.join(" ") || "NA",
    email: client.email || "NA",
    phone_number: client.phone_number || "NA",
  };
  const caller = { merchantId: row.merchant_id, isLive: row.is_live };
  const keys = integrations.map((integration) =>
    paymentKeyValues(
      rt,
      caller,
      {
        order_id: orderId,
        integration_id: integration.id,
        amount_cents: Number(row.amount_cents),
        currency: row.currency,
        expiration: seconds,
        billing_data: billing,
        notification_url: row.notification_url,
      },
      integration,
      { id: orderId, currency: row.currency },
    ),
  );
  return insertIntentionForOrder(
    trx,
    {
      public_id: newIntentionId(row.is_live),
      merchant_id: row.merchant_id,
      is_live: row.is_live,
      client_secret_hash: tokenHash(
        newClientSecret(merchantCountry({ country: merchant.country }), row.is_live),
      ),
      order_id: orderId,
      amount_cents: Number(row.amount_cents),
      currency: row.currency,
      integration_ids: integrations.map((i) => i.id),
      items: JSON.stringify([]),
      billing_data: JSON.stringify(billing),
      customer: null,
      extras: JSON.stringify({}),
      special_reference: null,
      notification_url: row.notification_url,
      redirection_url: null,
      payment_link_id: row.id,
      expires_at: new Date(linkNow.getTime() + seconds * 1000),
      created_at: now,
      updated_at: now,
    },
    keys,
  );
}

/**
 * A quick link paid fewer times than its limit (or unlimited) opens again for the next customer: a new order and
 * intention, the row back to unpaid with the new order. Once per payment: the row is locked and must still be
 * paid. Answers true when it reopened.
 */
async function reopenPaidLink(rt: PaymentsRuntime, row: LinkListRow): Promise<boolean> {
  if (row.kind !== "link" || row.use_limit === 1) return false;
  const now = await merchantNow(rt.db, row.merchant_id, row.is_live, rt.now());
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return false;
  return rt.db.transaction().execute(async (trx) => {
    await lockLink(trx, row.id);
    const current = await paidUses(trx, row.id);
    if (!current || paymentLinkStatus(current.status) !== "paid") return false;
    if (row.use_limit !== null && current.paid >= row.use_limit) return false;
    const previous = row.order_id === null ? undefined : await orderItemsOf(trx, Number(row.order_id));
    const orderId = await insertLinkOrder(trx, row, previous?.items ?? []);
    const intention = await makeIntention(rt, trx, row, orderId);
    if (!intention) return false;
    await reopenLink(trx, row.id, orderId);
    return true;
  });
}
