/** Names the browser session travels under (docs/auth.md). */
export const SESSION_COOKIE = "portal_session";
/** Readable by scripts: the value to echo in the CSRF header on state-changing requests. */
export const CSRF_COOKIE = "csrf_token";
export const CSRF_HEADER = "X-CSRF-Token";

/**
 * The English `detail` of each auth answer, by its `code`. Clients show their own translation by code and
 * fall back to the detail.
 */
export const AUTH_DETAILS = {
  invalid_credentials: "incorrect credentials",
  account_inactive: "Your account is deactivated. Check your e-mail for the reactivation link.",
  email_not_confirmed: "Please confirm your e-mail address first: open the link we sent you.",
  merchant_deactivated: "This merchant has been deactivated by its bank. Please contact your bank.",
  rate_limited: "Too many sign-in attempts. Please try again later.",
  too_many_requests: "Too many requests. Please try again later.",
  not_authenticated: "Authentication credentials were not provided.",
  session_expired: "Your session has been expired please re-login.",
  csrf: "The CSRF token is missing or incorrect. Reload the page and try again.",
  password_change_required: "Please change your temporary password first.",
  forbidden: "You do not have permission to view this page.",
  wrong_old_password: "The old password entered is incorrect.",
  account_locked:
    "Your account has been blocked after several wrong attempts. A reactivation link was sent to your e-mail.",
  weak_password:
    "The new password must have at least 8 characters with a lowercase letter, an uppercase letter, a digit and a special character.",
  invalid_token: "This link is invalid or has expired.",
  logged_out: "You have logged-out successfully",
  request_completed: "Your request completed successfully.",
  reset_link_sent: "If this e-mail belongs to an account, a reset link has been sent.",
  password_reset: "Your password has been changed. You can sign in now.",
  reactivated: "Your account is active again. You can sign in now.",
} as const;
export type AuthCode = keyof typeof AUTH_DETAILS;
