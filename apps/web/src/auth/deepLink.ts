import { BASE_PATH } from "../i18n/language.ts";

/**
 * The deep link (spec section 2): a signed-out visit to a dashboard path is remembered and followed after
 * sign-in. Kept in sessionStorage: it belongs to this tab and survives the logout's clearing of localStorage.
 */
const KEY = "deepLink";

/** Only same-site dashboard paths are accepted, so the link cannot send the user elsewhere. */
export function isSafeDeepLink(href: string): boolean {
  return (
    href.startsWith(`${BASE_PATH}/`) &&
    !href.startsWith("//") &&
    !href.includes("\\") &&
    !/^\/portal2\/(?:[a-z]{2}\/)?login(?:[/?#]|$)/.test(href)
  );
}

export function rememberDeepLink(href: string): void {
  if (isSafeDeepLink(href)) sessionStorage.setItem(KEY, href);
}

/** Returns the remembered link once and forgets it. */
export function takeDeepLink(): string | undefined {
  const href = sessionStorage.getItem(KEY) ?? undefined;
  sessionStorage.removeItem(KEY);
  return href && isSafeDeepLink(href) ? href : undefined;
}
