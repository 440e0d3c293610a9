import type { CheckoutLook } from "@portal/domain";
import { useEffect } from "react";

/**
 * The merchant's checkout customization (issue 18 item 5; docs/settings.md "Checkout customization"): its colours
 * become the stylesheet's variables on the page's root, so every page and step takes them without knowing about
 * them. The server answers the look with the payment, the intention or the link, so it applies on the next page
 * load after the merchant saves. Without a look (null or absent) the checkout keeps its own colours.
 */

/** The stylesheet variables a look sets (styles.css :root), from the look's colours. */
export function lookVariables(look: CheckoutLook): Record<string, string> {
  return {
    "--brand": look.primary_color,
    "--brand-dark": look.primary_color,
    "--brand-tint": look.background_color,
    "--on-brand": look.button_text_color,
    "--bg": look.background_color,
    "--card": look.background_color,
    "--ink": look.text_color,
    "--muted": look.text_color,
    "--field": look.text_color,
  };
}

const HEX = /^#[0-9a-f]{6}$/i;

/** Applies a look to the page (or takes a previous one off when null); colours that are not #rrggbb are ignored. */
export function applyLook(
  look: CheckoutLook | null | undefined,
  root: HTMLElement = document.documentElement,
): void {
  const variables = look ? lookVariables(look) : null;
  const valid = variables && Object.values(variables).every((v) => HEX.test(v));
  for (const name of Object.keys(lookVariables(EMPTY))) root.style.removeProperty(name);
  root.classList.toggle("branded", !!valid);
  if (!valid || !variables) return;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
}

const EMPTY: CheckoutLook = {
  primary_color: "",
  background_color: "",
  text_color: "",
  button_text_color: "",
  post_payment_text: null,
  redirect_url: null,
};

/**
 * Applies the look while the page that loaded it shows (the result page keeps it in its history state); null takes
 * it off, undefined (not loaded yet) leaves the page as it is, so a page loading its data does not flash.
 */
export function useLook(look: CheckoutLook | null | undefined): void {
  const key = look === undefined ? "loading" : look ? JSON.stringify(look) : "none";
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the look's content.
  useEffect(() => {
    if (look !== undefined) applyLook(look);
  }, [key]);
}
