/**
 * The dashboard version string the spec shows (merchant-dashboard.md section 9). GET /api/config's answer is in
 * its contract, ./api/config.ts; the local mailbox's in ./api/auth.ts.
 */
export const DASHBOARD_VERSION = "1.1.5";
