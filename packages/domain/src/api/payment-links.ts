import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { hasHtmlTags, isEmail, isPhone, VALIDATION_MESSAGES as V } from "../validation.ts";
import { checkoutLookSchema } from "./checkout-customization.ts";
import { IMAGE_ID_PATTERN } from "./images.ts";
import { boolParam, cappedListAnswer, filterText, idParams, paging } from "./workspace-shared.ts";

/**
 * The dashboard's payment links (quick links; issue 13 item 3, merchant-dashboard.md sections 2-5, 8, 9) and the
 * customer page of a payment_links row, invoice or link (item 7). The public API's quick links
 * (public-api-links.ts) and these routes are one implementation: apps/server/src/payments/links.service.ts.
 */

/** The methods a quick link offers, each backed by one of the merchant's integrations (spec section 9). */
export const LINK_METHODS = ["card", "kiosk", "installments", "valu"] as const;
export type LinkMethod = (typeof LINK_METHODS)[number];

/** Which link method an integration's gateway type gives, or undefined when it gives none. */
export function linkMethodOf(gatewayType: string): LinkMethod | undefined {
  const g = gatewayType.toUpperCase();
  if (g === "VPC" || g === "CARDS") return "card";
  if (g === "CAGG" || g === "AGGREGATOR") return "kiosk";
  if (g === "INSTALLMENT" || g === "INSTALLMENTS" || g === "PREMIUM") return "installments";
  if (g === "VALU") return "valu";
  return undefined;
}

/** The currencies the payment link form offers (spec section 9), plus the merchant's own. */
export const LINK_CURRENCIES = ["EGP", "PKR", "USD"] as const;

import { LINK_DISPLAY_STATES } from "../link-states.ts";

export { LINK_DISPLAY_STATES, type LinkDisplayState } from "../link-states.ts";

/** Answers and messages of the link actions (the spec's wording where it has one). */
export const LINK_MESSAGES = {
  cancel_failed: "Failed to cancel payment link. Please try again.",
  disable_failed: "Failed to disable payment link. Please try again.",
  no_integrations: "You don't have payment integrations",
  method_unavailable: "This payment method is not available for your account.",
  currency_unavailable: "None of your integrations takes this currency with the chosen payment methods.",
  image_not_found: "The image was not found. Please upload it again.",
  expiry_past: "The expiry date must be in the future.",
} as const;
export type LinkMessageCode = keyof typeof LINK_MESSAGES;

/** The spec's English words as the issue message (the dashboard shows its translation by the same words). */
const issue = (code: keyof typeof V) => ({ error: V[code] });

/** Optional single-line text: trimmed, bounded, no HTML tags; blank is absent. */
const optionalText = (max: number, multiline = false) =>
  boundedText(max, { multiline })
    .transform((v) => v.trim())
    .refine((v) => !hasHtmlTags(v), issue("html_tags"))
    .optional();

export const linkCreateBodySchema = z.object({
  is_live: z.boolean(),
  /** Integer minor units, above zero. */
  amount_cents: z
    .number(issue("invalid_amount"))
    .refine((v) => Number.isInteger(v) && v > 0 && v <= 10_000_000_000, issue("invalid_amount")),
  currency: z.string().regex(/^[A-Z]{3}$/, issue("select_currency")),
  methods: z
    .array(z.enum(LINK_METHODS), issue("select_payment"))
    .refine((v) => v.length >= 1 && v.length <= LINK_METHODS.length, issue("select_payment")),
  reference: optionalText(TEXT_MAX.reference),
  first_name: optionalText(TEXT_MAX.name),
  last_name: optionalText(TEXT_MAX.name),
  email: boundedText(254)
    .transform((v) => v.trim())
    .refine((v) => v === "" || isEmail(v), issue("invalid_email"))
    .optional(),
  phone_number: boundedText(32)
    .transform((v) => v.trim())
    .refine((v) => v === "" || isPhone(v), issue("invalid_phone"))
    .optional(),
  one_click: z.boolean().default(false),
  description: optionalText(TEXT_MAX.description, true),
  /** ISO date-time; absent: one hour after creation. */
  expires_at: z.iso.datetime({ offset: true }).optional(),
  /** How many times the link may be paid; null: unlimited. */
  use_limit: z
    .number(issue("link_invalid_number"))
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 100_000, issue("link_invalid_number"))
    .nullable()
    .default(1),
  logo_image_id: z.string().regex(IMAGE_ID_PATTERN).optional(),
  product_image_id: z.string().regex(IMAGE_ID_PATTERN).optional(),
});
export type LinkCreateBody = z.input<typeof linkCreateBodySchema>;

export const linkListQuerySchema = z.object({
  is_live: boolParam.default(true),
  status: z.enum(LINK_DISPLAY_STATES).optional(),
  /** The link id, its reference or the client's name, e-mail or phone (prefix). */
  search: filterText.optional(),
  ...paging,
});
export type LinkListQuery = z.infer<typeof linkListQuerySchema>;

export const linkItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  state: z.enum(LINK_DISPLAY_STATES),
  reference: z.string().nullable(),
  client_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  description: z.string().nullable(),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  is_live: z.boolean(),
  created_by: z.string().nullable(),
  /** The customer page. */
  link_url: z.string(),
  methods: z.array(z.enum(LINK_METHODS)),
  one_click: z.boolean(),
  /** null: unlimited. */
  use_limit: z.number().nullable(),
  /** Payment attempts the customer has left (3 at first). */
  remaining_attempts: z.number(),
});
export type LinkItem = z.infer<typeof linkItemSchema>;

export const linkDetailsSchema = linkItemSchema.extend({
  order_id: z.number().nullable(),
  logo_url: z.string().nullable(),
  product_image_url: z.string().nullable(),
  is_email: z.boolean(),
  is_sms: z.boolean(),
  deactivated_at: z.string().nullable(),
  integration_ids: z.array(z.number()),
});
export type LinkDetails = z.infer<typeof linkDetailsSchema>;

export const linkOptionsSchema = z.object({
  /** The currencies the form offers: EGP, PKR, USD and the merchant's own. */
  currencies: z.array(z.string()),
  merchant_currency: z.string(),
  /** Methods the merchant's integrations of this mode give, with the currencies they take. */
  methods: z.array(z.object({ method: z.enum(LINK_METHODS), currencies: z.array(z.string()) })),
  has_integrations: z.boolean(),
});
export type LinkOptions = z.infer<typeof linkOptionsSchema>;

const TAGS = ["Payment links"] as const;
const VIEW = { permission: "can view quick links" } as const;
const CREATE = { permission: "can create quick links" } as const;

export const paymentLinksApi = {
  list: route({
    method: "GET",
    path: "/api/payment-links",
    access: VIEW,
    tags: TAGS,
    summary: "The merchant's quick payment links, newest first (status and search filters, page size 10)",
    description: "count stops at 10,000: count_capped true means 10,000 or more.",
    query: linkListQuerySchema,
    answers: { 200: cappedListAnswer(linkItemSchema) },
  }),
  options: route({
    method: "GET",
    path: "/api/payment-links/options",
    access: CREATE,
    tags: TAGS,
    summary: "What the create form offers: currencies and the payment methods of the merchant's integrations",
    query: z.object({ is_live: boolParam.default(true) }),
    answers: { 200: linkOptionsSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/payment-links/:id",
    access: VIEW,
    tags: TAGS,
    summary: "One payment link",
    params: idParams,
    answers: { 200: linkDetailsSchema, 404: errorResponseSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/payment-links",
    access: CREATE,
    tags: TAGS,
    summary:
      "Create a quick payment link (the same service as the public API's POST /api/ecommerce/payment-links)",
    body: linkCreateBodySchema,
    answers: { 201: linkDetailsSchema, 400: errorResponseSchema },
  }),
  cancel: route({
    method: "POST",
    path: "/api/payment-links/:id/cancel",
    access: CREATE,
    tags: TAGS,
    summary: "Cancel an unpaid link; the customer can no longer pay it",
    description:
      "A link that is not unpaid: 400 cancel_failed, 'Failed to cancel payment link. Please try again.'",
    params: idParams,
    answers: { 200: linkDetailsSchema, 400: errorResponseSchema, 404: errorResponseSchema },
  }),
  disable: route({
    method: "POST",
    path: "/api/payment-links/:id/disable",
    access: CREATE,
    tags: TAGS,
    summary: "Disable (deactivate) an unpaid link; the customer can no longer pay it",
    params: idParams,
    answers: { 200: linkDetailsSchema, 400: errorResponseSchema, 404: errorResponseSchema },
  }),
} as const;

// ------------------------------------------------------------------------------------------ the customer page

/** Why a customer page cannot be paid, or open. */
export const CUSTOMER_LINK_STATES = [
  "open",
  "paid",
  "expired",
  "canceled",
  "deactivated",
  "no_attempts_left",
  "unavailable",
] as const;
export type CustomerLinkState = (typeof CUSTOMER_LINK_STATES)[number];

export const customerLinkSchema = z.object({
  kind: z.enum(["invoice", "link"]),
  merchant: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  amount_cents: z.number(),
  currency: z.string(),
  exponent: z.union([z.literal(2), z.literal(3)]),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      amount_cents: z.number().nullable(),
    }),
  ),
  product_image_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  state: z.enum(CUSTOMER_LINK_STATES),
  is_live: z.boolean(),
  /** While open: one payment token per method; the page continues to /checkout/pay?payment_token=... */
  methods: z.array(
    z.object({
      integration_id: z.number(),
      gateway_type: z.string(),
      name: z.string(),
      payment_token: z.string(),
    }),
  ),
  /** The merchant's checkout customization (issue 18; the methods above are in its order, hidden ones left out). */
  look: checkoutLookSchema.nullable().optional(),
});
export type CustomerLink = z.infer<typeof customerLinkSchema>;

export const customerLinkApi = {
  show: route({
    method: "GET",
    path: "/api/checkout/links/:token",
    access: { public: true },
    tags: ["checkout"],
    summary:
      "The customer page of an invoice or payment link: merchant, what is paid, and whether it can be paid",
    params: z.object({ token: z.string().regex(/^[0-9a-f]{32}$/) }),
    answers: { 200: customerLinkSchema, 404: errorResponseSchema, 429: errorResponseSchema },
  }),
} as const;
