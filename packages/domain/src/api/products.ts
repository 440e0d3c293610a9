import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { IMAGE_ID_PATTERN } from "./images.ts";
import { boolParam, detailAnswerSchema, filterText, idParams, paging } from "./workspace-shared.ts";

/**
 * The merchant's products (back-office.md "Products" and the Product entity; merchant-dashboard.md sections 3, 4,
 * 5, 8, 9): a summary list with a sold-out label, details, create, edit and delete, and the public product page a
 * customer buys from (apps/checkout /checkout/product?id=...). docs/selling.md describes the rules.
 */

/** The currencies a product may be priced in (the spec: EGP or USD). */
export const PRODUCT_CURRENCIES = ["EGP", "USD"] as const;
export type ProductCurrency = (typeof PRODUCT_CURRENCIES)[number];

/** Upper bounds on what a product holds (principle 14: every input bounded). */
export const PRODUCT_LIMITS = {
  name: TEXT_MAX.name,
  merchantProductId: TEXT_MAX.reference,
  /** The spec's 1000 characters; the server refuses more with 'Maximum allowed characters length is 1000 characters'. */
  description: 1000,
  /** At most this many payment methods on one product. */
  integrations: 20,
  inventory: 1_000_000,
  /** The most one customer buys in one go. */
  quantity: 1000,
} as const;

/** The spec's messages for a product's fields (en; the dashboard translates them by code). */
export const PRODUCT_MESSAGES = {
  required: "This field is required.",
  invalidAmount: "Please enter valid Amount.",
  invalidInteger: "Please enter integer number.",
  htmlTags: "Please remove any HTML tags.",
  descriptionTooLong: "Maximum allowed characters length is 1000 characters",
  selectPayment: "Please select one payment at least.",
  selectCurrency: "Please select one currency.",
  duplicateId: "Merchant Product ID already exists",
  soldOut: "This product is sold out.",
  reserved: "The remaining items are being bought by other customers. Please try again in a few minutes.",
  notEnough: "Only {available} left.",
} as const;

/** GET /api/products */
export const productListQuerySchema = z.object({
  is_live: boolParam.default(true),
  /** Name or merchant product id, a prefix of either (case-insensitive for the name). */
  search: filterText.optional(),
  sold_out: boolParam.optional(),
  ...paging,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productSchema = z.object({
  id: z.number(),
  /** The unguessable id of the public product page. */
  public_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price_cents: z.number(),
  currency: z.string(),
  inventory: z.number(),
  sold_out: z.boolean(),
  delivery_needed: z.boolean(),
  allow_quantity_edit: z.boolean(),
  merchant_product_id: z.string().nullable(),
  integration_ids: z.array(z.number()),
  image_url: z.string().nullable(),
  is_live: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** The customer's page (the product link). */
  product_link: z.string(),
});
export type Product = z.infer<typeof productSchema>;
export const productListAnswerSchema = listAnswer(productSchema);
export type ProductListAnswer = z.infer<typeof productListAnswerSchema>;

/**
 * A product as the dashboard sends it. Types and bounds only: the spec's field messages (required, 1000
 * characters, one payment at least, EGP or USD, a unique merchant product id) are the server's own checks, so each
 * answers its own words in `fields`.
 */
export const productInputSchema = z.object({
  name: boundedText(PRODUCT_LIMITS.name).optional(),
  description: boundedText(2 * PRODUCT_LIMITS.description, { multiline: true })
    .nullable()
    .optional(),
  price_cents: z.number().optional(),
  currency: boundedText(8).optional(),
  inventory: z.number().optional(),
  delivery_needed: z.boolean().optional(),
  allow_quantity_edit: z.boolean().optional(),
  merchant_product_id: boundedText(PRODUCT_LIMITS.merchantProductId).nullable().optional(),
  integration_ids: z.array(z.number().int()).max(PRODUCT_LIMITS.integrations).optional(),
  /** An image of the image store (stored in the database and checked by content), or null for none. */
  image_id: z.string().regex(IMAGE_ID_PATTERN).nullable().optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** The public product page: what a customer sees before paying. */
export const productPageSchema = z.object({
  merchant: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  product: z.object({
    name: z.string(),
    description: z.string().nullable(),
    price_cents: z.number(),
    currency: z.string(),
    exponent: z.union([z.literal(2), z.literal(3)]),
    image_url: z.string().nullable(),
    allow_quantity_edit: z.boolean(),
    delivery_needed: z.boolean(),
    is_live: z.boolean(),
  }),
  /** sold_out: no item left; reserved: the items left are held by customers paying now. */
  state: z.enum(["open", "sold_out", "reserved"]),
  /** The most this customer may buy now (0 when sold out or reserved). */
  max_quantity: z.number(),
  methods: z.array(z.object({ integration_id: z.number(), gateway_type: z.string(), name: z.string() })),
});
export type ProductPage = z.infer<typeof productPageSchema>;

const publicIdParams = z.object({ public_id: boundedText(64).pipe(z.string().min(1)) });

export const productPurchaseBodySchema = z.object({
  quantity: z.number().int().min(1).max(PRODUCT_LIMITS.quantity),
  integration_id: z.number().int().positive(),
});

/** The purchase: an order for quantity × price, its items held for the customer until the payment key expires. */
export const productPurchaseAnswerSchema = z.object({
  order_id: z.number(),
  amount_cents: z.number(),
  payment_token: z.string(),
  /** The hosted checkout page of the payment (/checkout/pay?payment_token=...). */
  pay_url: z.string(),
  reserved_until: z.string(),
});
export type ProductPurchaseAnswer = z.infer<typeof productPurchaseAnswerSchema>;

const TAGS = ["Products"] as const;
const created = { 201: productSchema, 400: errorResponseSchema, 409: errorResponseSchema } as const;

export const productsApi = {
  list: route({
    method: "GET",
    path: "/api/products",
    access: { permission: "can view products" },
    tags: TAGS,
    summary: "Products of the merchant in one mode: paging, search, sold-out label",
    query: productListQuerySchema,
    answers: { 200: productListAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/products/:id",
    access: { permission: "can view products" },
    tags: TAGS,
    summary: "One product",
    params: idParams,
    answers: { 200: productSchema, 404: errorResponseSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/products",
    access: { permission: "can create products" },
    tags: TAGS,
    summary: "Creates a product (its mode is its payment methods')",
    body: productInputSchema,
    answers: created,
  }),
  update: route({
    method: "PUT",
    path: "/api/products/:id",
    access: { permission: "can update products" },
    tags: TAGS,
    summary: "Edits a product (the same rules as creating one)",
    params: idParams,
    body: productInputSchema,
    answers: {
      200: productSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  }),
  remove: route({
    method: "DELETE",
    path: "/api/products/:id",
    access: { permission: "can delete products" },
    tags: TAGS,
    summary: "Deletes a product: its page stops selling; its orders stay",
    params: idParams,
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema },
  }),
  page: route({
    method: "GET",
    path: "/api/checkout/products/:public_id",
    access: { public: true },
    tags: ["checkout"],
    summary: "The public product page: merchant, product, how many may be bought, payment methods",
    params: publicIdParams,
    answers: { 200: productPageSchema, 404: errorResponseSchema, 429: errorResponseSchema },
  }),
  purchase: route({
    method: "POST",
    path: "/api/checkout/products/:public_id/purchase",
    access: { public: true },
    tags: ["checkout"],
    summary: "Buys a quantity: holds the items and answers the hosted checkout page of the payment",
    params: publicIdParams,
    body: productPurchaseBodySchema,
    answers: {
      201: productPurchaseAnswerSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
};
