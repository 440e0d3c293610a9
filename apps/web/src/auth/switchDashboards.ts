import { BASE_PATH } from "../i18n/language.ts";
import { deleteCookie, getCookie } from "../lib/cookies.ts";
import { authApi } from "./auth.api.ts";
import { clearSession } from "./session.ts";
import { establishSession } from "./signIn.ts";

/** The cookie another dashboard leaves its session token in before opening this one with ?sdi (spec section 2). */
export const SWITCH_COOKIE = "switch_dashboards";

/** True when the URL asks for a dashboard switch and the other dashboard left its token. */
export function wantsDashboardSwitch(search: string, cookie: string | undefined): boolean {
  return new URLSearchParams(search).has("sdi") && Boolean(cookie);
}

/** The URL without the sdi parameter, so a reload does not switch again. */
export function withoutSdi(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("sdi");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * Signs in with the other dashboard's token (GET /dashboard/v1/switch/old-dashboard). The token is used once:
 * the cookie is removed whatever the answer. A failure is only logged (spec section 7); the user then meets the
 * normal sign-in.
 */
export async function switchDashboards(): Promise<boolean> {
  const token = getCookie(SWITCH_COOKIE);
  deleteCookie(SWITCH_COOKIE);
  if (!token) return false;
  try {
    clearSession();
    await establishSession(await authApi.switchDashboard(token));
    return true;
  } catch (err) {
    console.warn("dashboard switch failed", { status: (err as { status?: number }).status });
    return false;
  }
}

/** At start-up: when the URL and cookie ask for it, switch on the switch-auto-login route, then land or sign in. */
export async function switchFromUrl(lang: string, pathname: string, search: string): Promise<void> {
  if (!wantsDashboardSwitch(search, getCookie(SWITCH_COOKIE))) return;
  window.history.replaceState(null, "", `${BASE_PATH}/${lang}/switch-auto-login`);
  const ok = await switchDashboards();
  window.history.replaceState(null, "", ok ? withoutSdi(pathname, search) : `${BASE_PATH}/${lang}/login`);
}
