/**
 * Session constants of sign-in (merchant-dashboard.md sections 3, 4, 6 and 8). The request and answer bodies are
 * in the contract, ./api/auth.ts; the password rules in ./passwords.ts.
 */

/** Sessions end after this many minutes without a request (issue 2). */
export const SESSION_IDLE_MINUTES = 15;
/** Wrong old passwords in a row that deactivate an account (spec: "several"; our choice, see docs). */
export const MAX_OLD_PASSWORD_ATTEMPTS = 5;
/** The live-mode cookie (spec section 4 and 9). */
export const LIVE_MODE_COOKIE = "is_live_mode";
export const LIVE_MODE_COOKIE_DAYS = 400;
