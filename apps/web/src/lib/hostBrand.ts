import { type HostBrand, hostBrandOf, isHostBrand } from "@portal/domain/host-brands";

/**
 * Host brands (docs/onboarding.md "Public and host pages"): on a wallet-provider or a telecom-merchant host the
 * signed-out pages the spec names come in that host's branding, and the wallet host's home falls back to login.
 * The server's answer (GET /api/config, from WALLET_PROVIDER_HOSTS and TELECOM_HOSTS) wins; before it, the
 * default patterns guess from our own host. A browser can force one with localStorage.host_brand_override =
 * "wallet", "telecom" or "none" (like country_override, docs/web.md).
 */
export type { HostBrand } from "@portal/domain/host-brands";

export const HOST_BRAND_OVERRIDE_KEY = "host_brand_override";

/** The signed-out pages a host brand can have. */
export type BrandedPage = "login" | "register" | "registerSuccess" | "forgotPassword" | "changePassword";

/** Spec section 2: which of them each brand has; the others stay the provider's own. */
export const BRANDED_PAGES: Record<HostBrand, readonly BrandedPage[]> = {
  wallet: ["login", "register", "forgotPassword"],
  telecom: ["login", "register", "registerSuccess", "forgotPassword", "changePassword"],
};

/** The brand our own host suggests with the default patterns (wallet.*, telecom.*), before the server answers. */
export function guessHostBrand(host: string): HostBrand | undefined {
  return hostBrandOf(host);
}

/** A forced brand: a brand, null for "none" (the provider's own pages), undefined when nothing is forced. */
export function parseHostBrandOverride(value: string | null | undefined): HostBrand | null | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if (v === "none") return null;
  return isHostBrand(v) ? v : undefined;
}

/** The brand a page shows on a host of `brand`, or undefined when that brand has no own version of the page. */
export function brandOfPage(brand: HostBrand | undefined, page: BrandedPage): HostBrand | undefined {
  return brand && BRANDED_PAGES[brand].includes(page) ? brand : undefined;
}

/** Whether the home (/{lang}) goes to login whoever asks: the wallet-provider host has no home of its own. */
export function homeFallsBackToLogin(brand: HostBrand | undefined): boolean {
  return brand === "wallet";
}
