/**
 * Live or test data (spec section 4): with a live integration the mode follows the is_live_mode cookie, live when
 * there is no cookie; without one it is always test and the toggle is disabled.
 */
export type DataMode = "live" | "test";

export function dataModeFor(hasLiveIntegration: boolean, cookieValue: string | undefined): DataMode {
  if (!hasLiveIntegration) return "test";
  return cookieValue === "false" ? "test" : "live";
}

export function cookieValueFor(mode: DataMode): "true" | "false" {
  return mode === "live" ? "true" : "false";
}

/**
 * Same values as LIVE_MODE_COOKIE(_DAYS) of @portal/domain (a test keeps them equal): importing them from there
 * would pull zod into the sign-in page's JavaScript, which has a size budget.
 */
export const LIVE_MODE_COOKIE = "is_live_mode";
export const LIVE_MODE_COOKIE_DAYS = 400;
