/** The query strings of the registration pages (docs/onboarding.md "Registration and growth"). */

/** /register/success: ?email= after registering, ?token= from the e-mailed confirmation link. */
export function parseRegisterSearch(search: Record<string, unknown>): { token?: string; email?: string } {
  return {
    ...(typeof search.token === "string" && search.token ? { token: search.token } : {}),
    ...(typeof search.email === "string" && search.email ? { email: search.email.slice(0, 254) } : {}),
  };
}

/** /growth/signup?code=... : a referral code. */
export function parseSignupSearch(search: Record<string, unknown>): { code?: string } {
  return typeof search.code === "string" && search.code ? { code: search.code.slice(0, 40) } : {};
}
