import { currencyExponent, isCurrency } from "@portal/domain";
import type { Kysely } from "kysely";
import { reviveRow } from "../db/json-rows.ts";
import type { IntegrationRow, IntentionRow, OrderRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { findMerchantByKey } from "../security/keys.ts";
import { tokenHash } from "../security/tokens.ts";
import { merchantNowSync } from "../test-clock/clock.ts";
import { PaymentError, paymentError } from "./errors.ts";
import { methodName } from "./methods.ts";
import {
  cardTokenIdsByHash,
  expireIntentionKeys,
  findIntentionBySecretHash,
  findMerchantCountry,
  type InsertedIntention,
  insertIntention,
  integrationCandidates,
  integrationsByIds,
  intentionCardTokens,
  intentionKeys,
  orderById,
  updateIntentionRow,
  updateOrder,
} from "./orders.repository.ts";
import {
  type Caller,
  createPaymentKey,
  currencyOf,
  duplicateOrder,
  findIntegration,
  integrationRefs,
  isUniqueViolation,
  orderValues,
  PAYMENT_KEY_MAX_SECONDS,
  paymentKeyValues,
  pickIntegration,
} from "./orders.service.ts";
import { orderIsPaid } from "./payment-context.ts";
import type { PaymentsRuntime } from "./runtime.ts";
import { newClientSecret, newIntentionId, paymentToken } from "./tokens.ts";
import { merchantCountry } from "./transaction-object.ts";

/**
 * The Intention API (Checkout V2): an intention is an order, one payment key per payment method, and the
 * client secret with which the unified checkout page (and the merchant) reach it.
 */

export interface IntentionItem {
  name: string;
  amount: number;
  description?: string | undefined;
  quantity?: number | undefined;
  image?: string | null | undefined;
}

export interface IntentionInput {
  amount: number;
  currency: string;
  payment_methods: (number | string)[];
  items?: IntentionItem[] | undefined;
  billing_data: Record<string, string>;
  customer?: Record<string, unknown> | undefined;
  extras?: Record<string, unknown> | undefined;
  special_reference?: string | undefined;
  expiration?: number | undefined;
  notification_url?: string | undefined;
  redirection_url?: string | undefined;
  card_tokens?: string[] | undefined;
  payment_link_id?: number | undefined;
}

export const UNMATCHED_ITEM_PRICES = "unmatched_item_prices";

function checkItems(amount: number, items: IntentionItem[] | undefined): void {
  if (!items || items.length === 0) return;
  const sum = items.reduce((acc, i) => acc + i.amount, 0);
  if (sum !== amount)
    throw new PaymentError(406, {
      detail: UNMATCHED_ITEM_PRICES,
      code: UNMATCHED_ITEM_PRICES,
      message: "The sum of the items' amounts must equal the amount.",
    });
}

async function resolveIntegrations(
  db: Kysely<DB>,
  caller: Caller,
  methods: (number | string)[],
  currency: string,
): Promise<IntegrationRow[]> {
  if (methods.length === 0) throw new PaymentError(400, { payment_methods: ["This list may not be empty."] });
  const refs = integrationRefs(methods);
  // Read with the caller's key when the route asked for them, otherwise in one query for every reference.
  const candidates = caller.integrations ?? (await integrationCandidates(db, caller, refs));
  const integrations: IntegrationRow[] = [];
  for (const ref of refs) {
    const integration = pickIntegration(candidates, ref);
    if (!integrations.some((i) => i.id === integration.id)) integrations.push(integration);
  }
  const modes = new Set(integrations.map((i) => i.is_live));
  if (modes.size > 1) throw paymentError(400, "mode_mismatch", "Test and live integrations cannot be mixed.");
  const other = integrations.find((i) => i.currency !== currency);
  if (other)
    throw new PaymentError(400, {
      currency: [`Integration ${other.id} accepts ${other.currency} only.`],
    });
  return integrations;
}

async function resolveCardTokens(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  tokens: string[] | undefined,
): Promise<number[]> {
  const wanted = (tokens ?? []).map((t) => t.trim()).filter(Boolean);
  if (wanted.length > 3)
    throw new PaymentError(400, { card_tokens: ["Ensure this field has no more than 3 elements."] });
  if (wanted.length === 0) return [];
  const rows = await cardTokenIdsByHash(db, merchantId, isLive, wanted.map(tokenHash));
  return rows.map((r) => r.id);
}

function expirationSeconds(value: number | undefined): number {
  if (value === undefined) return PAYMENT_KEY_MAX_SECONDS;
  if (value <= 0 || value > PAYMENT_KEY_MAX_SECONDS)
    throw new PaymentError(400, {
      expiration: [`Ensure this value is between 1 and ${PAYMENT_KEY_MAX_SECONDS}.`],
    });
  return value;
}

function orderItems(items: IntentionItem[] | undefined) {
  return (items ?? []).map((i) => ({
    name: i.name,
    amount_cents: i.amount,
    description: i.description ?? "",
    quantity: i.quantity ?? 1,
  }));
}

async function issueKeys(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  caller: Caller,
  intention: IntentionRow,
  integrations: IntegrationRow[],
  seconds: number,
  order?: OrderRow,
): Promise<IntentionMethod[]> {
  const methods: IntentionMethod[] = [];
  for (const integration of integrations) {
    const key = await createPaymentKey(
      rt,
      { merchantId: caller.merchantId, isLive: integration.is_live },
      {
        order_id: intention.order_id,
        integration_id: integration.id,
        amount_cents: intention.amount_cents,
        currency: intention.currency,
        expiration: seconds,
        billing_data: intention.billing_data,
        extra: intention.extras,
        notification_url: intention.notification_url,
        redirection_url: intention.redirection_url,
        intention_id: intention.id,
        card_token_id: intention.card_token_ids[0],
      },
      trx,
      order ? { integration, order } : undefined,
    );
    methods.push({ integration, paymentKeyId: key.id, token: key.token });
  }
  return methods;
}

function intentionItems(items: IntentionItem[]) {
  return items.map((i) => ({
    name: i.name,
    amount: i.amount,
    description: i.description ?? "",
    quantity: i.quantity ?? 1,
    image: i.image ?? null,
  }));
}

export async function createIntention(
  rt: PaymentsRuntime,
  caller: Caller,
  input: IntentionInput,
): Promise<{ intention: IntentionRow; clientSecret: string; methods: IntentionMethod[]; order: OrderRow }> {
  const currency = currencyOf(input.currency);
  checkItems(input.amount, input.items);
  const seconds = expirationSeconds(input.expiration);
  const country = caller.country ?? (await findMerchantCountry(rt.db, caller.merchantId)).country;
  const integrations = await resolveIntegrations(rt.db, caller, input.payment_methods, currency);
  const isLive = integrations[0]!.is_live;
  const cardTokenIds = await resolveCardTokens(rt.db, caller.merchantId, isLive, input.card_tokens);
  const clientSecret = newClientSecret(merchantCountry({ country }), isLive);
  const now = rt.now();
  // A test intention (and its keys, paymentKeyValues) expires on the merchant's test clock; its record times are real.
  const expiresFrom = merchantNowSync(rt.db, caller.merchantId, isLive, now);
  const order = orderValues(
    { merchantId: caller.merchantId, isLive },
    {
      amount_cents: input.amount,
      currency,
      merchant_order_id: input.special_reference,
      items: orderItems(input.items),
      shipping_data: input.billing_data,
      api_source: "INVOICE",
    },
  );
  const intention = {
    public_id: newIntentionId(isLive),
    merchant_id: caller.merchantId,
    is_live: isLive,
    client_secret_hash: tokenHash(clientSecret),
    amount_cents: input.amount,
    currency,
    integration_ids: integrations.map((i) => i.id),
    items: JSON.stringify(intentionItems(input.items ?? [])),
    billing_data: JSON.stringify(input.billing_data),
    customer: input.customer ? JSON.stringify(input.customer) : null,
    extras: JSON.stringify({ ...(input.extras ?? {}) }),
    special_reference: input.special_reference ?? null,
    notification_url: input.notification_url ?? null,
    redirection_url: input.redirection_url ?? null,
    card_token_ids: cardTokenIds,
    payment_link_id: input.payment_link_id ?? null,
    expires_at: new Date(expiresFrom.getTime() + seconds * 1000),
    created_at: now,
    updated_at: now,
  };
  const keys = integrations.map((integration) =>
    paymentKeyValues(
      rt,
      { merchantId: caller.merchantId, isLive },
      {
        order_id: 0,
        integration_id: integration.id,
        amount_cents: input.amount,
        currency,
        expiration: seconds,
        billing_data: input.billing_data,
        extra: { ...(input.extras ?? {}) },
        notification_url: input.notification_url ?? null,
        redirection_url: input.redirection_url ?? null,
        card_token_id: cardTokenIds[0],
      },
      integration,
      { id: 0, currency },
    ),
  );
  // The order, the intention and its payment keys in one statement (insertIntention, ADR 0007).
  let row: InsertedIntention;
  try {
    row = await insertIntention(rt.db, order, intention, keys);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateOrder();
    throw error;
  }
  const methods = integrations.map((integration, i) => {
    const id = row.keys.find((k) => k.integration_id === integration.id)!.id;
    return { integration, paymentKeyId: id, token: paymentToken(rt.dataKey, id, keys[i]!.salt) };
  });
  return {
    intention: reviveRow<IntentionRow>(row.intention),
    clientSecret,
    methods,
    order: reviveRow<OrderRow>(row.order),
  };
}

export async function findIntentionBySecret(
  db: Kysely<DB>,
  clientSecret: string,
  merchantId?: number,
  isLive?: boolean,
): Promise<IntentionRow | undefined> {
  return findIntentionBySecretHash(db, tokenHash(clientSecret.trim()), merchantId, isLive);
}

export type IntentionUpdate = Partial<
  Omit<IntentionInput, "currency" | "card_tokens" | "customer" | "payment_link_id">
> & {
  accept_order_id: number;
};

/** PUT /v1/intention/{client_secret}: changes what is not paid yet; new payment keys replace the old ones. */
export async function updateIntention(
  rt: PaymentsRuntime,
  caller: Caller,
  clientSecret: string,
  input: IntentionUpdate,
): Promise<IntentionRow> {
  const current = await findIntentionBySecret(rt.db, clientSecret, caller.merchantId, caller.isLive);
  if (!current) throw paymentError(404, "not_found", "Not found.");
  if (input.accept_order_id !== current.order_id)
    throw new PaymentError(400, { accept_order_id: ["This order does not belong to the intention."] });
  const order = await orderById(rt.db, current.order_id);
  if (current.confirmed || (await orderIsPaid(rt.db, order)))
    throw paymentError(
      400,
      "intention_confirmed",
      "This intention has already been paid and cannot be changed.",
    );
  const amount = input.amount ?? current.amount_cents;
  const items = input.items ?? (current.items as unknown as IntentionItem[]);
  if (input.amount !== undefined || input.items !== undefined) checkItems(amount, items);
  const seconds = input.expiration === undefined ? undefined : expirationSeconds(input.expiration);
  return rt.db.transaction().execute(async (trx) => {
    const integrations = input.payment_methods
      ? await resolveIntegrations(trx, caller, input.payment_methods, current.currency)
      : await Promise.all(current.integration_ids.map((id) => findIntegration(trx, caller, id)));
    if (integrations.some((i) => i.is_live !== current.is_live))
      throw paymentError(400, "mode_mismatch", "Test and live integrations cannot be mixed.");
    const now = rt.now();
    // Its expiry is on the merchant's test clock in test mode (in memory: no query inside the transaction).
    const expiresFrom = merchantNowSync(rt.db, current.merchant_id, current.is_live, now);
    await updateOrder(trx, current.order_id, {
      amount_cents: amount,
      items: JSON.stringify(orderItems(items)),
      ...(input.special_reference !== undefined ? { merchant_order_id: input.special_reference } : {}),
      ...(input.billing_data ? { shipping_data: JSON.stringify(input.billing_data) } : {}),
    });
    const updated = await updateIntentionRow(trx, current.id, {
      amount_cents: amount,
      integration_ids: integrations.map((i) => i.id),
      items: JSON.stringify(intentionItems(items)),
      ...(input.billing_data ? { billing_data: JSON.stringify(input.billing_data) } : {}),
      ...(input.extras ? { extras: JSON.stringify(input.extras) } : {}),
      ...(input.special_reference !== undefined ? { special_reference: input.special_reference } : {}),
      ...(input.notification_url !== undefined ? { notification_url: input.notification_url } : {}),
      ...(input.redirection_url !== undefined ? { redirection_url: input.redirection_url } : {}),
      ...(seconds !== undefined ? { expires_at: new Date(expiresFrom.getTime() + seconds * 1000) } : {}),
      updated_at: now,
    });
    // The replaced keys expire at the real now: already past on the test clock too, and still past after a reset.
    await expireIntentionKeys(trx, current.id, now);
    const remaining = Math.max(1, Math.floor((updated.expires_at.getTime() - expiresFrom.getTime()) / 1000));
    await issueKeys(rt, trx, caller, updated, integrations, remaining);
    return updated;
  });
}

export interface IntentionMethod {
  integration: IntegrationRow;
  paymentKeyId: number;
  token: string;
}

/** The current payment key (and token) of each of the intention's methods, in the merchant's order. */
export async function intentionMethods(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  intention: IntentionRow,
): Promise<IntentionMethod[]> {
  const keys = await intentionKeys(db, intention.id);
  const integrations = await integrationsByIds(db, intention.integration_ids);
  const out: IntentionMethod[] = [];
  for (const id of intention.integration_ids) {
    const integration = integrations.find((i) => i.id === id);
    const key = keys.find((k) => k.integration_id === id);
    if (integration && key)
      out.push({ integration, paymentKeyId: key.id, token: paymentToken(rt.dataKey, key.id, key.salt) });
  }
  return out;
}

/** The provider's intention answer (create, update and the element call). */
export async function intentionObject(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  intention: IntentionRow,
  clientSecret: string,
  /** What a just-created intention already knows: its methods and its (unpaid) order. */
  fresh?: { methods: IntentionMethod[]; order: OrderRow },
) {
  const methods = fresh?.methods ?? (await intentionMethods(rt, db, intention));
  const order = fresh?.order ?? (await orderById(db, intention.order_id));
  const cardTokens = intention.card_token_ids.length
    ? await intentionCardTokens(db, intention.card_token_ids)
    : [];
  const paid = fresh ? false : intention.confirmed || (await orderIsPaid(db, order));
  const billing = {
    apartment: "",
    floor: "",
    street: "",
    building: "",
    shipping_method: "",
    city: "",
    country: "",
    state: "",
    postal_code: "",
    ...intention.billing_data,
  };
  return {
    payment_keys: methods.map((m) => ({
      integration: m.integration.id,
      key: m.token,
      gateway_type: m.integration.gateway_type,
      iframe_id: null,
      order_id: intention.order_id,
      redirection_url: intention.redirection_url ?? m.integration.response_callback_url,
      save_card: true,
    })),
    redirection_url: intention.redirection_url,
    intention_order_id: intention.order_id,
    id: intention.public_id,
    intention_detail: {
      amount: intention.amount_cents,
      items: intention.items,
      currency: intention.currency,
      billing_data: billing,
    },
    client_secret: clientSecret,
    payment_methods: methods.map((m) => ({
      integration_id: m.integration.id,
      alias: null,
      name: methodName(m.integration),
      method_type: m.integration.type,
      currency: m.integration.currency,
      live: m.integration.is_live,
      use_cvc_with_moto: false,
    })),
    special_reference: intention.special_reference,
    extras: {
      creation_extras: {
        ...intention.extras,
        ...(intention.special_reference ? { merchant_order_id: intention.special_reference } : {}),
      },
      confirmation_extras: null,
    },
    confirmed: paid,
    status: paid
      ? "confirmed"
      : intention.expires_at.getTime() <=
          merchantNowSync(rt.db, intention.merchant_id, intention.is_live, rt.now()).getTime()
        ? "expired"
        : "intended",
    created: intention.created_at.toISOString().replace("Z", ""),
    card_detail: null,
    card_tokens: cardTokens.map((t) => ({
      id: t.id,
      masked_pan: t.masked_pan,
      card_subtype: t.card_subtype,
    })),
    object: "paymentintention",
  };
}

/** The element call and the checkout reach an intention with the merchant's public key and its client secret. */
export async function intentionByPublicKey(
  rt: PaymentsRuntime,
  publicKey: string,
  clientSecret: string,
): Promise<IntentionRow | undefined> {
  const owner = await findMerchantByKey(rt.db, "public", publicKey.trim());
  if (!owner) return undefined;
  return findIntentionBySecret(rt.db, clientSecret, owner.merchantId, owner.isLive);
}

export function exponentOf(currency: string): 2 | 3 {
  return isCurrency(currency) ? currencyExponent(currency) : 2;
}

export type { OrderRow };
