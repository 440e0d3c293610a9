import type { PartnerCss } from "@portal/domain";

/**
 * A partner's colours (acq_partner.partner_css) become CSS variables on the partner layout's root, overriding the
 * provider theme there. Values must look like colours, so a bad record cannot inject other CSS.
 */
const COLOR = /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)|[a-z]{3,20})$/i;

export function isSafeColor(value: unknown): value is string {
  return typeof value === "string" && COLOR.test(value.trim());
}

function hexToRgb(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance(hex: string): number | undefined {
  const rgb = hexToRgb(hex);
  if (!rgb) return undefined;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark text on light backgrounds, white on dark ones (for a header colour without a text colour). */
export function readableTextOn(background: string): string {
  const l = relativeLuminance(background);
  if (l === undefined) return "var(--mantine-color-gray-9)";
  // Contrast with white vs with #1a1b1e: choose the larger one.
  const withWhite = 1.05 / (l + 0.05);
  const withDark = (l + 0.05) / (0.0103 + 0.05);
  return withWhite >= withDark ? "#ffffff" : "#1a1b1e";
}

export function partnerVariables(css: PartnerCss | null | undefined): Record<string, string> {
  if (!css) return {};
  const vars: Record<string, string> = {};
  const color = (value: unknown) => (isSafeColor(value) ? value.trim() : undefined);
  const set = (name: string, value: unknown) => {
    const c = color(value);
    if (c) vars[name] = c;
  };
  const header = color(css.header_background);
  if (header) {
    vars["--portal-header-bg"] = header;
    vars["--portal-header-color"] = readableTextOn(header);
    vars["--portal-brand-color"] = readableTextOn(header);
  }
  set("--portal-welcome-color", css.welcome_color);
  set("--portal-merchant-color", css.merchant_color);
  const titleBg = color(css.title_background);
  if (titleBg) {
    vars["--portal-title-bg"] = titleBg;
    vars["--portal-title-pad"] = "var(--mantine-spacing-md)";
  }
  set("--portal-title-color", css.title_color);
  // partner_css has no menu background: a light menu text colour means the menu sits on the header colour.
  const menuText = color(css.menu_color);
  if (menuText) {
    vars["--portal-menu-color"] = menuText;
    const lightText = readableTextOn(menuText) !== "#ffffff";
    if (lightText && header) {
      vars["--portal-menu-bg"] = header;
      vars["--portal-menu-hover-bg"] = "rgba(255, 255, 255, 0.08)";
      vars["--portal-menu-active-bg"] = "rgba(255, 255, 255, 0.12)";
      vars["--portal-menu-border"] = "rgba(255, 255, 255, 0.16)";
    }
  }
  set("--portal-menu-hover-color", css.menu_hover_color);
  set("--portal-menu-active-color", css.menu_active_color);
  set("--portal-footer-color", css.footer_color);
  set("--portal-footer-bg", css.footer_background);
  // Primary buttons take the title colour when white text reads well on it.
  if (titleBg && readableTextOn(titleBg) === "#ffffff") {
    vars["--mantine-primary-color-filled"] = titleBg;
    vars["--mantine-primary-color-filled-hover"] = header ?? titleBg;
  }
  return vars;
}
