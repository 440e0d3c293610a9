import { randomBytes } from "node:crypto";
import {
  hasHtmlTags,
  isCurrency,
  maxAmountMinor,
  PRODUCT_CURRENCIES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type Product,
  type ProductInput,
  type ProductPage,
  type ProductPurchaseAnswer,
} from "@portal/domain";
import type { Insertable, Kysely } from "kysely";
import type { DB, ProductsTable } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { isMerchantImage } from "../images/images.repository.ts";
import { imageUrl } from "../images/images.service.ts";
import { exponentOf } from "../payments/intentions.service.ts";
import { payPageUrl } from "../payments/links.service.ts";
import { methodName } from "../payments/methods.ts";
import { createOrder, createPaymentKey, isUniqueViolation } from "../payments/orders.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { merchantNowSync } from "../test-clock/clock.ts";
import {
  heldQuantity,
  insertReservation,
  lockProduct,
  merchantIntegrations,
  type ProductRow,
  productPageRow,
} from "./products.repository.ts";

/**
 * Products (docs/selling.md "Products"): the spec's field rules with its messages, the product's answer, the
 * public page and the purchase. A purchase holds its quantity (a reservation) until its payment key expires; the
 * payment's success takes it off the inventory (payments/payment.repository.ts writePayment). So a customer who
 * cannot get an item is refused before paying, never charged for an item that is gone.
 */

/** How long a purchase holds its items: the payment key's lifetime. */
export const PURCHASE_KEY_SECONDS = 10 * 60;
/**
 * The reservation outlives its payment key by this much, so a payment started just before the key expired (a
 * 3-D Secure challenge in progress) still finds its items held when it succeeds.
 */
export const RESERVATION_GRACE_SECONDS = 5 * 60;

/** The customer's page of a product. */
export function productLink(publicUrl: string, publicId: string): string {
  return `${publicUrl.replace(/\/$/, "")}/checkout/product?id=${encodeURIComponent(publicId)}`;
}

/** The address an image of the image store is served at (null: none). */
function imageAddress(imageId: string | null): string | null {
  return imageId === null ? null : imageUrl(imageId);
}

export function productAnswer(row: ProductRow, publicUrl: string): Product {
  return {
    id: row.id,
    public_id: row.public_id,
    name: row.name,
    description: row.description,
    price_cents: Number(row.price_cents),
    currency: row.currency,
    inventory: row.inventory,
    sold_out: row.inventory <= 0,
    delivery_needed: row.delivery_needed,
    allow_quantity_edit: row.allow_quantity_edit,
    merchant_product_id: row.merchant_product_id,
    integration_ids: row.integration_ids.map(Number),
    image_url: imageAddress(row.image_id),
    is_live: row.is_live,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    product_link: productLink(publicUrl, row.public_id),
  };
}

/** A stored product as the input that would save it unchanged. */
export function productInput(row: ProductRow): ProductInput {
  return {
    name: row.name,
    description: row.description,
    price_cents: Number(row.price_cents),
    currency: row.currency,
    inventory: row.inventory,
    delivery_needed: row.delivery_needed,
    allow_quantity_edit: row.allow_quantity_edit,
    merchant_product_id: row.merchant_product_id,
    integration_ids: row.integration_ids.map(Number),
    image_id: row.image_id,
  };
}

/** The fields of an input that were sent. */
export function definedOf(input: ProductInput): ProductInput {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ProductInput;
}

export function invalid(fields: Record<string, string[]>): HttpError {
  return new HttpError(400, "invalid", "Please check the highlighted fields.", fields);
}

export function duplicateProductId(): HttpError {
  return new HttpError(409, "duplicate_product_id", PRODUCT_MESSAGES.duplicateId, {
    merchant_product_id: [PRODUCT_MESSAGES.duplicateId],
  });
}

/** The validated values of a product, or every field's message at once. */
export async function productValues(
  db: Kysely<DB>,
  merchantId: number,
  input: ProductInput,
): Promise<
  Omit<Insertable<ProductsTable>, "public_id" | "merchant_id" | "created_by" | "created_at"> & {
    is_live: boolean;
  }
> {
  const fields: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };
  const name = input.name?.trim() ?? "";
  if (!name) fail("name", PRODUCT_MESSAGES.required);
  else if (hasHtmlTags(name)) fail("name", PRODUCT_MESSAGES.htmlTags);
  const description = input.description?.trim() || null;
  if (description !== null) {
    if (description.length > PRODUCT_LIMITS.description)
      fail("description", PRODUCT_MESSAGES.descriptionTooLong);
    else if (hasHtmlTags(description)) fail("description", PRODUCT_MESSAGES.htmlTags);
  }
  const currency = input.currency?.trim().toUpperCase();
  if (!currency) fail("currency", PRODUCT_MESSAGES.required);
  else if (!(PRODUCT_CURRENCIES as readonly string[]).includes(currency))
    fail("currency", PRODUCT_MESSAGES.selectCurrency);
  const price = input.price_cents;
  if (price === undefined) fail("price_cents", PRODUCT_MESSAGES.required);
  else if (
    !Number.isSafeInteger(price) ||
    price <= 0 ||
    (currency !== undefined && isCurrency(currency) && price > maxAmountMinor(currency))
  )
    fail("price_cents", PRODUCT_MESSAGES.invalidAmount);
  const inventory = input.inventory;
  if (inventory === undefined) fail("inventory", PRODUCT_MESSAGES.required);
  else if (!Number.isInteger(inventory) || inventory < 0 || inventory > PRODUCT_LIMITS.inventory)
    fail("inventory", PRODUCT_MESSAGES.invalidInteger);
  if (input.delivery_needed === undefined) fail("delivery_needed", PRODUCT_MESSAGES.required);
  if (input.allow_quantity_edit === undefined) fail("allow_quantity_edit", PRODUCT_MESSAGES.required);
  const merchantProductId = input.merchant_product_id?.trim() || null;
  if (merchantProductId !== null && hasHtmlTags(merchantProductId))
    fail("merchant_product_id", PRODUCT_MESSAGES.htmlTags);
  const ids = [...new Set(input.integration_ids ?? [])];
  const integrations = await merchantIntegrations(db, merchantId, ids);
  if (ids.length === 0) fail("integration_ids", PRODUCT_MESSAGES.selectPayment);
  else if (integrations.length !== ids.length)
    fail("integration_ids", "Choose payment methods of your own active integrations.");
  else if (new Set(integrations.map((i) => i.is_live)).size > 1)
    fail("integration_ids", "Test and live payment methods cannot be mixed.");
  else if (currency && integrations.some((i) => i.currency !== currency))
    fail("integration_ids", `Choose payment methods that take ${currency}.`);
  const imageId = input.image_id ?? null;
  if (imageId !== null && !(await isMerchantImage(db, merchantId, imageId)))
    fail("image_id", "Upload the image again.");
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return {
    name,
    description,
    price_cents: price!,
    currency: currency!,
    inventory: inventory!,
    delivery_needed: input.delivery_needed!,
    allow_quantity_edit: input.allow_quantity_edit!,
    merchant_product_id: merchantProductId,
    integration_ids: ids,
    image_id: imageId,
    is_live: integrations[0]!.is_live,
  };
}

/** Runs a write that may hit the merchant product id's unique index: the spec's message, not a 500. */
export async function uniqueProductId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateProductId();
    throw error;
  }
}

export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

const notFound = () => new HttpError(404, "not_found", "Not found.");

/** What the public page answers: the product while it is on sale, how many may be bought now, its methods. */
export async function productPage(rt: PaymentsRuntime, publicId: string): Promise<ProductPage> {
  const real = rt.now();
  const row = await productPageRow(rt.db, publicId, real);
  if (!row) throw notFound();
  // A test product's reservations expire by the merchant's test clock: counted again at test time only when that
  // clock was moved (a live product, or an unmoved clock, costs no second query).
  const now = merchantNowSync(rt.db, row.merchant_id, row.is_live, real);
  const held =
    now.getTime() === real.getTime() ? Number(row.held ?? 0) : await heldQuantity(rt.db, row.id, now);
  const integrations = await merchantIntegrations(rt.db, row.merchant_id, row.integration_ids.map(Number));
  const available = Math.max(0, row.inventory - held);
  const state = row.inventory <= 0 ? "sold_out" : available <= 0 ? "reserved" : "open";
  return {
    merchant: { name: row.company_name, logo_url: row.logo_url },
    product: {
      name: row.name,
      description: row.description,
      price_cents: Number(row.price_cents),
      currency: row.currency,
      exponent: exponentOf(row.currency),
      image_url: imageAddress(row.image_id),
      allow_quantity_edit: row.allow_quantity_edit,
      delivery_needed: row.delivery_needed,
      is_live: row.is_live,
    },
    state,
    max_quantity:
      state === "open" ? (row.allow_quantity_edit ? Math.min(available, PRODUCT_LIMITS.quantity) : 1) : 0,
    methods: integrations
      .filter((i) => i.is_live === row.is_live)
      .map((i) => ({ integration_id: i.id, gateway_type: i.gateway_type, name: methodName(i) })),
  };
}

/**
 * Buys `quantity` of a product: under the product's row lock, what is left (inventory less the live
 * reservations) is checked, then the order (api_source PRODUCT, one item), its payment key and the reservation
 * are written in the same transaction. Concurrent purchases wait for each other's lock, so they never hold more
 * than is left; the one that finds nothing left is refused (409 sold_out or reserved) before paying.
 */
export async function purchaseProduct(
  rt: PaymentsRuntime,
  publicId: string,
  input: { quantity: number; integration_id: number },
): Promise<ProductPurchaseAnswer> {
  return rt.db.transaction().execute(async (trx) => {
    const product = await lockProduct(trx, publicId);
    if (!product) throw notFound();
    // A test product's reservations are held and expire on the merchant's test clock, as its payment key
    // (in memory: no query inside the transaction); live ones on real time.
    const now = merchantNowSync(rt.db, product.merchant_id, product.is_live, rt.now());
    if (product.inventory <= 0) throw new HttpError(409, "sold_out", PRODUCT_MESSAGES.soldOut);
    const available = product.inventory - (await heldQuantity(trx, product.id, now));
    if (available <= 0) throw new HttpError(409, "reserved", PRODUCT_MESSAGES.reserved);
    if (input.quantity > 1 && !product.allow_quantity_edit)
      throw new HttpError(400, "invalid", "This product is sold one at a time.", {
        quantity: ["This product is sold one at a time."],
      });
    if (input.quantity > available) {
      const message = PRODUCT_MESSAGES.notEnough.replace("{available}", String(available));
      throw new HttpError(409, "not_enough", message, { quantity: [message] });
    }
    if (!product.integration_ids.map(Number).includes(input.integration_id))
      throw new HttpError(400, "invalid", "Choose one of the product's payment methods.", {
        integration_id: ["Choose one of the product's payment methods."],
      });
    const [integration] = await merchantIntegrations(trx, product.merchant_id, [input.integration_id]);
    if (!integration || integration.is_live !== product.is_live || integration.currency !== product.currency)
      throw new HttpError(400, "invalid", "Choose one of the product's payment methods.", {
        integration_id: ["Choose one of the product's payment methods."],
      });
    const caller = { merchantId: product.merchant_id, isLive: product.is_live };
    const amount = Number(product.price_cents) * input.quantity;
    const order = await createOrder(
      rt,
      caller,
      {
        amount_cents: amount,
        currency: product.currency,
        delivery_needed: product.delivery_needed,
        items: [
          {
            name: product.name,
            amount_cents: Number(product.price_cents),
            description: product.description ?? "",
            quantity: input.quantity,
          },
        ],
        api_source: "PRODUCT",
      },
      trx,
    );
    const key = await createPaymentKey(
      rt,
      caller,
      {
        order_id: order.id,
        integration_id: integration.id,
        amount_cents: amount,
        currency: product.currency,
        expiration: PURCHASE_KEY_SECONDS,
        lock_order_when_paid: true,
        billing_data: { first_name: "NA", last_name: "NA", email: "NA", phone_number: "NA" },
      },
      trx,
      { integration, order },
    );
    const reservedUntil = new Date(now.getTime() + (PURCHASE_KEY_SECONDS + RESERVATION_GRACE_SECONDS) * 1000);
    await insertReservation(trx, {
      order_id: order.id,
      product_id: product.id,
      quantity: input.quantity,
      expires_at: reservedUntil,
      created_at: rt.now(),
    });
    return {
      order_id: order.id,
      amount_cents: amount,
      payment_token: key.token,
      pay_url: payPageUrl(rt.publicUrl, key.token),
      reserved_until: reservedUntil.toISOString(),
    };
  });
}
