import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { isHttpUrl } from "../validation.ts";

/**
 * Checkout customization (issue 18 item 5; merchant-dashboard.md section 2 "Profile and settings": branding,
 * payment and post-payment tabs; docs/settings.md "Checkout customization"): how the hosted checkout looks for one
 * merchant's customers. Colours are checked here for readable contrast (WCAG 2.x), so the dashboard and the
 * server refuse the same pairs with the same words.
 */

/** A colour as the form sends it: #rrggbb (stored in lower case). */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** WCAG AA: normal text on its background. */
export const TEXT_CONTRAST_MIN = 4.5;
/** WCAG 1.4.11: a control (the pay button) against what surrounds it. */
export const CONTROL_CONTRAST_MIN = 3;
/** The post-payment text's longest length (characters). */
export const POST_PAYMENT_TEXT_MAX = 500;

/** The hosted checkout's own colours (apps/checkout/src/styles.css): what a merchant starts from. */
export const DEFAULT_CHECKOUT_COLOURS = {
  primary_color: "#1d4ed8",
  background_color: "#ffffff",
  text_color: "#111827",
  button_text_color: "#ffffff",
} as const;
export type CheckoutColours = { [K in keyof typeof DEFAULT_CHECKOUT_COLOURS]: string };

/** sRGB relative luminance of #rrggbb (WCAG 2.x definition). */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((value >> 16) & 0xff) +
    0.7152 * channel((value >> 8) & 0xff) +
    0.0722 * channel(value & 0xff)
  );
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio as people read it: rounded down to one decimal, so 4.49 never shows as a passing 4.5. */
export function shownRatio(ratio: number): string {
  return (Math.floor(ratio * 10) / 10).toFixed(1);
}

/** The refusals and answers of this feature by code, in English and Arabic ({ratio} is filled in). */
export const CHECKOUT_CUSTOMIZATION_MESSAGES = {
  en: {
    contrast_text:
      "The text colour is hard to read on the background colour (contrast {ratio}:1; at least 4.5:1 is needed).",
    contrast_button:
      "The button text colour is hard to read on the button colour (contrast {ratio}:1; at least 4.5:1 is needed).",
    contrast_control:
      "The button colour is hard to see on the background colour (contrast {ratio}:1; at least 3:1 is needed).",
    invalid_colour: "Enter a colour as # followed by six hexadecimal digits, for example #0b5cad.",
    unknown_method: "This payment method is not one of your payment integrations.",
    duplicate_method: "Each payment method can appear only once.",
    no_visible_method: "Show at least one payment method.",
    logo_not_yours: "This logo is not one of your uploaded images.",
    invalid_url: "Please enter vallid url.",
    saved: "Your request completed successfully.",
  },
  ar: {
    contrast_text: "يصعب قراءة لون النص على لون الخلفية (التباين {ratio}:1، والمطلوب 4.5:1 على الأقل).",
    contrast_button: "يصعب قراءة لون نص الزر على لون الزر (التباين {ratio}:1، والمطلوب 4.5:1 على الأقل).",
    contrast_control: "يصعب تمييز لون الزر على لون الخلفية (التباين {ratio}:1، والمطلوب 3:1 على الأقل).",
    invalid_colour: "أدخل اللون بعلامة # تليها ستة أرقام سداسية عشرية، مثل #0b5cad.",
    unknown_method: "طريقة الدفع هذه ليست من تكاملات الدفع الخاصة بك.",
    duplicate_method: "لا يمكن أن تظهر طريقة الدفع إلا مرة واحدة.",
    no_visible_method: "اعرض طريقة دفع واحدة على الأقل.",
    logo_not_yours: "هذا الشعار ليس من الصور التي رفعتها.",
    invalid_url: "يرجى إدخال رابط صحيح.",
    saved: "تم تنفيذ طلبك بنجاح.",
  },
} as const;
export type CheckoutCustomizationCode = keyof (typeof CHECKOUT_CUSTOMIZATION_MESSAGES)["en"];

export interface ContrastProblem {
  code: "contrast_text" | "contrast_button" | "contrast_control";
  /** The field the message belongs to. */
  field: keyof CheckoutColours;
  ratio: number;
}

/**
 * The colour pairs that are too hard to read, in the order the form shows them: the text on the background and
 * the button's text on the button (4.5:1), the button against the background (3:1). Empty when all are readable.
 */
export function contrastProblems(c: CheckoutColours): ContrastProblem[] {
  const out: ContrastProblem[] = [];
  if (
    ![c.primary_color, c.background_color, c.text_color, c.button_text_color].every((v) => HEX_COLOUR.test(v))
  )
    return out;
  const text = contrastRatio(c.text_color, c.background_color);
  if (text < TEXT_CONTRAST_MIN) out.push({ code: "contrast_text", field: "text_color", ratio: text });
  const button = contrastRatio(c.button_text_color, c.primary_color);
  if (button < TEXT_CONTRAST_MIN)
    out.push({ code: "contrast_button", field: "button_text_color", ratio: button });
  const control = contrastRatio(c.primary_color, c.background_color);
  if (control < CONTROL_CONTRAST_MIN)
    out.push({ code: "contrast_control", field: "primary_color", ratio: control });
  return out;
}

/** A message of this feature in a language, its {ratio} filled. */
export function checkoutCustomizationMessage(
  lang: "en" | "ar",
  code: CheckoutCustomizationCode,
  ratio?: number,
): string {
  const text: string = CHECKOUT_CUSTOMIZATION_MESSAGES[lang][code];
  return ratio === undefined ? text : text.replace("{ratio}", shownRatio(ratio));
}

/** One method's place: the methods are listed in the order the checkout shows them. */
export const checkoutMethodSettingSchema = z.object({
  integration_id: z.number().int().positive(),
  visible: z.boolean(),
});
export type CheckoutMethodSetting = z.infer<typeof checkoutMethodSettingSchema>;

/**
 * Orders a checkout's methods as the merchant chose and drops the hidden ones. Methods the merchant has not
 * placed (an integration added since) come after the placed ones, in their own order. When every method of this
 * payment would be hidden, all are shown: a customer is never left without a way to pay.
 */
export function arrangeMethods<M extends { integration_id: number }>(
  methods: readonly M[],
  settings: readonly CheckoutMethodSetting[],
): M[] {
  if (settings.length === 0) return [...methods];
  const place = new Map(settings.map((s, i) => [s.integration_id, { i, visible: s.visible }]));
  const rank = (m: M) => place.get(m.integration_id)?.i ?? settings.length;
  const sorted = [...methods]
    .map((m, i) => ({ m, i }))
    .sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i)
    .map((x) => x.m);
  const shown = sorted.filter((m) => place.get(m.integration_id)?.visible !== false);
  return shown.length > 0 ? shown : sorted;
}

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
