/**
 * The checkout customization's rules that need no schema library (issue 18 item 5; docs/settings.md "Checkout
 * customization"): the colour contrast check (WCAG 2.x), its messages in English and Arabic, and the methods'
 * order. The server (api/checkout-customization.ts) and the dashboard's screen and preview use these same
 * functions, so both refuse the same pairs with the same words; this file stays free of zod for the screen.
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
export interface CheckoutMethodSetting {
  integration_id: number;
  visible: boolean;
}

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
