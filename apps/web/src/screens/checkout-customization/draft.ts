import {
  type CheckoutColours,
  type CheckoutCustomizationCode,
  checkoutCustomizationMessage,
  contrastProblems,
  HEX_COLOUR,
  POST_PAYMENT_TEXT_MAX,
} from "@portal/domain/checkout-look";
import { isHttpUrl } from "@portal/domain/validation";
import type { CheckoutCustomization } from "../../api/checkout-customization.api.ts";

/** The form's state: the saved customization as the merchant edits it (the live preview shows this). */
export interface Draft extends CheckoutColours {
  logo_image_id: string | null;
  logo_url: string | null;
  methods: CheckoutCustomization["methods"];
  post_payment_text: string;
  redirect_url: string;
}

export const COLOUR_FIELDS = [
  "primary_color",
  "background_color",
  "text_color",
  "button_text_color",
] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];

export function draftOf(saved: CheckoutCustomization): Draft {
  return {
    primary_color: saved.primary_color,
    background_color: saved.background_color,
    text_color: saved.text_color,
    button_text_color: saved.button_text_color,
    logo_image_id: saved.logo_image_id,
    logo_url: saved.logo_url,
    methods: saved.methods,
    post_payment_text: saved.post_payment_text ?? "",
    redirect_url: saved.redirect_url ?? "",
  };
}

/** Moves the method at `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveMethod<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

export type DraftProblems = Partial<
  Record<ColourField | "methods" | "post_payment_text" | "redirect_url", string>
>;

/**
 * What the server would refuse, checked as the merchant types, in the dashboard's language: the colours' form and
 * contrast (the same functions the server runs), the text's length, the redirect's scheme, one visible method.
 */
export function draftProblems(d: Draft, lang: "en" | "ar"): DraftProblems {
  const out: DraftProblems = {};
  const message = (code: CheckoutCustomizationCode, ratio?: number) =>
    checkoutCustomizationMessage(lang, code, ratio);
  for (const field of COLOUR_FIELDS) if (!HEX_COLOUR.test(d[field])) out[field] = message("invalid_colour");
  for (const p of contrastProblems(d)) out[p.field] ??= message(p.code, p.ratio);
  if (d.methods.length > 0 && d.methods.every((m) => !m.visible)) out.methods = message("no_visible_method");
  if (d.redirect_url.trim() !== "" && !isHttpUrl(d.redirect_url)) out.redirect_url = message("invalid_url");
  if (d.post_payment_text.length > POST_PAYMENT_TEXT_MAX)
    out.post_payment_text = String(POST_PAYMENT_TEXT_MAX);
  return out;
}
