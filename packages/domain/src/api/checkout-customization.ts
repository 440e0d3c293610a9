import { z } from "zod";
import { CHECKOUT_CUSTOMIZATION_MESSAGES, HEX_COLOUR, POST_PAYMENT_TEXT_MAX } from "../checkout-look.ts";
import { errorResponseSchema, route } from "../contract.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { isHttpUrl } from "../validation.ts";

export * from "../checkout-look.ts";

/**
 * Checkout customization (issue 18 item 5; merchant-dashboard.md section 2 "Profile and settings": branding,
 * payment and post-payment tabs; docs/settings.md "Checkout customization"): how the hosted checkout looks for one
 * merchant's customers. Colours are checked here for readable contrast (WCAG 2.x), so the dashboard and the
 * server refuse the same pairs with the same words.
 */

export const checkoutMethodSettingSchema = z.object({
  integration_id: z.number().int().positive(),
  visible: z.boolean(),
});

const colour = z
  .string()
  .refine((v) => HEX_COLOUR.test(v), CHECKOUT_CUSTOMIZATION_MESSAGES.en.invalid_colour)
  .transform((v) => v.toLowerCase());

/** An after-payment address: http or https only ("" or null: none). */
const redirectUrl = boundedText(TEXT_MAX.url)
  .nullable()
  .transform((v) => (v === null || v.trim() === "" ? null : v.trim()))
  .refine((v) => v === null || isHttpUrl(v), CHECKOUT_CUSTOMIZATION_MESSAGES.en.invalid_url);

/** What the merchant saves (the form's three tabs). */
export const checkoutCustomizationInputSchema = z.object({
  primary_color: colour,
  background_color: colour,
  text_color: colour,
  button_text_color: colour,
  /** An image the merchant uploaded (POST /api/checkout-customization/logo); null: the company logo. */
  logo_image_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .nullable(),
  methods: z.array(checkoutMethodSettingSchema).max(100),
  post_payment_text: boundedText(POST_PAYMENT_TEXT_MAX, { multiline: true })
    .nullable()
    .transform((v) => (v === null || v.trim() === "" ? null : v.trim())),
  redirect_url: redirectUrl,
});
export type CheckoutCustomizationInput = z.input<typeof checkoutCustomizationInputSchema>;

/** One of the merchant's integrations as the Payment tab lists it. */
export const checkoutCustomizationMethodSchema = z.object({
  integration_id: z.number(),
  name: z.string(),
  gateway_type: z.string(),
  is_live: z.boolean(),
  visible: z.boolean(),
});

export const checkoutCustomizationSchema = z.object({
  primary_color: z.string(),
  background_color: z.string(),
  text_color: z.string(),
  button_text_color: z.string(),
  logo_image_id: z.string().nullable(),
  /** The logo the checkout shows: the uploaded one, else the company logo. */
  logo_url: z.string().nullable(),
  company_logo_url: z.string().nullable(),
  company_name: z.string(),
  /** Every integration of the merchant, in the checkout's order. */
  methods: z.array(checkoutCustomizationMethodSchema),
  post_payment_text: z.string().nullable(),
  redirect_url: z.string().nullable(),
  /** False until the merchant first saves (the answer then shows the defaults). */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
});
export type CheckoutCustomization = z.infer<typeof checkoutCustomizationSchema>;

/** What the hosted checkout applies (its payment, intention and link answers carry it; null: the defaults). */
export const checkoutLookSchema = z.object({
  primary_color: z.string(),
  background_color: z.string(),
  text_color: z.string(),
  button_text_color: z.string(),
  post_payment_text: z.string().nullable(),
  redirect_url: z.string().nullable(),
});
export type CheckoutLook = z.infer<typeof checkoutLookSchema>;

const TAGS = ["Checkout customization"] as const;
const VIEW = { permission: "can view payment integration" } as const;
const UPDATE = { permission: "can update payment integration" } as const;

export const checkoutCustomizationApi = {
  show: route({
    method: "GET",
    path: "/api/checkout-customization",
    access: VIEW,
    tags: TAGS,
    summary: "The merchant's checkout customization (the defaults until saved) and its integrations in order",
    answers: { 200: checkoutCustomizationSchema, 403: errorResponseSchema },
  }),
  save: route({
    method: "PUT",
    path: "/api/checkout-customization",
    access: UPDATE,
    tags: TAGS,
    summary: "Save the colours, logo, methods' order and visibility, post-payment text and redirect",
    description:
      "The hosted checkout applies it on its next page load. 400 with fields: contrast_text, contrast_button, " +
      "contrast_control (unreadable colours), unknown_method, duplicate_method, no_visible_method, " +
      "logo_not_yours, invalid_url. The detail is in Arabic when Accept-Language asks for it.",
    body: checkoutCustomizationInputSchema,
    answers: { 200: checkoutCustomizationSchema, 400: errorResponseSchema, 403: errorResponseSchema },
  }),
  logo: route({
    method: "POST",
    path: "/api/checkout-customization/logo",
    access: UPDATE,
    tags: TAGS,
    summary:
      "Upload the checkout's logo (multipart/form-data, one part named file): PNG or JPEG, at most 1 MB",
    description:
      "Checked by content (images.service.ts). Answers the stored image; save it with logo_image_id. 400 or 413 " +
      "with the reason (image_type, image_too_large_logo, image_empty, image_name, image_missing).",
    answers: {
      201: z.object({ id: z.string(), url: z.string() }),
      400: errorResponseSchema,
      403: errorResponseSchema,
      413: errorResponseSchema,
    },
  }),
};
