import { rememberCsrfToken } from "../api/client.ts";
import { currentLang, goTo, href } from "../app/navigation.ts";
import { toast } from "../app/toast.ts";
import { i18n } from "../i18n/i18n.ts";
import { LANG_COOKIE } from "../i18n/language.ts";
import { clearCookiesExcept } from "../lib/cookies.ts";
import { LIVE_MODE_COOKIE } from "../live/liveMode.ts";
import { authApi } from "./auth.api.ts";
import { rememberDeepLink } from "./deepLink.ts";
import { clearSession, getSession } from "./session.ts";

/** Spec section 4: the logout call comes 3 seconds after the warning toast. */
export const LOGOUT_DELAY_MS = 3000;
/** What logout keeps: language, live-mode cookie, mode flag and xpence value. */
export const KEPT_STORAGE_KEYS = ["lang", LIVE_MODE_COOKIE, "mode", "xpence", "country_override"] as const;
export const KEPT_COOKIES = [LANG_COOKIE, LIVE_MODE_COOKIE] as const;

let leaving = false;

export function clearLocalData(): void {
  for (const key of Object.keys(localStorage)) {
    if (!(KEPT_STORAGE_KEYS as readonly string[]).includes(key)) localStorage.removeItem(key);
  }
  clearCookiesExcept(KEPT_COOKIES);
  rememberCsrfToken(undefined);
  clearSession();
}

function toLogin(): void {
  goTo(href(currentLang(), "login"), true);
}

/** The user's logout: warning toast, 3 seconds, the logout call, local data cleared, login page. */
export async function logout(): Promise<void> {
  if (leaving) return;
  leaving = true;
  toast.warning(i18n.t("messages.loggedOut"));
  await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS));
  try {
    await authApi.logout();
  } catch {
    // The session may already be gone; clearing locally is what matters.
  }
  clearLocalData();
  leaving = false;
  toLogin();
}

/**
 * The end of an expired session without moving: warning toast, the page remembered to come back to after
 * sign-in, local data cleared. `path` is the page the user was on or going to.
 */
export function endExpiredSession(path: string): void {
  toast.warning(i18n.t("messages.sessionExpired"));
  rememberDeepLink(path);
  authApi.logout().catch(() => undefined);
  clearLocalData();
}

/** A 401 anywhere (spec section 8): the expired-session toast, local data cleared, then login. */
export function sessionExpired(): void {
  if (leaving || !getSession()) return;
  leaving = true;
  endExpiredSession(window.location.pathname + window.location.search);
  leaving = false;
  toLogin();
}
