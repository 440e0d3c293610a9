import { z } from "zod";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";
import { COUNTRIES } from "../countries.ts";
import { PROFILE_TYPES } from "../profiles.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";

/**
 * Sign-in, the session, passwords and reactivation (merchant-dashboard.md sections 3, 4, 6 and 8; docs/auth.md),
 * switching dashboards, and the local mailbox. Password rules and session constants stay in ../passwords.ts,
 * ../auth.ts and ../session.ts.
 */

// ---------------------------------------------------------------------------------------------- bodies

export const loginRequestSchema = z.object({
  username: boundedText(150).trim().min(1),
  password: boundedText(256, { multiline: true }).min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const partnerCssSchema = z.object({
  header_background: z.string(),
  welcome_color: z.string(),
  merchant_color: z.string(),
  title_background: z.string(),
  title_color: z.string(),
  menu_color: z.string(),
  menu_hover_color: z.string(),
  menu_active_color: z.string(),
  footer_color: z.string(),
  footer_background: z.string(),
});
export type PartnerCss = z.infer<typeof partnerCssSchema>;

export const acqPartnerSchema = z.object({
  partner_code: z.string(),
  is_redirect_to_new_portal: z.boolean(),
  partner_logo: z.string().nullable(),
  partner_logo_small: z.string().nullable(),
  partner_css: partnerCssSchema,
  /** IANA zone the partner layout shows dates in (spec: shifted relative to Cairo time). */
  partner_time_zone: z.string(),
});
export type AcqPartner = z.infer<typeof acqPartnerSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    date_joined: z.string(),
    email: z.string(),
    user_permissions: z.array(z.number().int()),
  }),
  is_mobadra: z.boolean(),
  sector: z.string().nullable(),
  sales_owner: z.string().nullable(),
  company_name: z.string().nullable(),
  profile_type: z.enum(PROFILE_TYPES),
  phones: z.array(z.string()),
  is_temp_password: z.boolean(),
  country: z.enum(COUNTRIES),
  is_bills_new: z.boolean(),
  merchant_id: z.number().int().nullable(),
  filled_business_data: z.boolean(),
  payout_enabled: z.boolean(),
  payout_terms: z.boolean(),
  logo_url: z.string().nullable(),
  has_live_integration: z.boolean(),
  receive_callback_card_info: z.boolean(),
  portal_config: z.object({ qr_code: z.boolean(), add_merchant: z.boolean() }).nullable(),
  bank_name: z.string().nullable(),
  /** Partners only. */
  name: z.string().nullable(),
  code: z.string().nullable(),
  domain: z.string().nullable(),
  onboarding_partner: z.boolean().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  sso_token: z.string(),
  /** For browsers: send back as the X-CSRF-Token header on every state-changing request. */
  csrf_token: z.string(),
  profile: profileSchema,
  acq_partner: acqPartnerSchema.nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The answer of GET /api/auth/me: the current session, used by the dashboard on reload. */
export const sessionResponseSchema = loginResponseSchema.omit({ token: true, sso_token: true });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Permission ids (as text) to their names. */
export const permissionListResponseSchema = z.record(z.string(), z.string());

/** A success answer that carries only a message. */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

export const changePasswordRequestSchema = z.object({
  old_password: z.string().min(1),
  new_password: z.string().min(1),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: boundedText(254).trim().min(1),
});

export const resetPasswordRequestSchema = z.object({
  token: boundedText(TEXT_MAX.token).min(1),
  new_password: boundedText(256, { multiline: true }).min(1),
});

export const reactivateRequestSchema = z.object({ token: boundedText(TEXT_MAX.token).min(1) });

export const mailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

/** GET /api/dev/mailbox: the newest 50 e-mails, newest first. */
export const mailboxResponseSchema = z.object({ messages: z.array(mailboxMessageSchema) });
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

/** The request header that carries the local mailbox's key (printed by the server at start-up). */
export const MAILBOX_KEY_HEADER = "x-mailbox-key";

// ---------------------------------------------------------------------------------------------- routes

const TAGS = ["auth"] as const;
const PUBLIC = { public: true } as const;
const SIGNED_IN = { permission: null } as const;

export const authApi = {
  login: route({
    method: "POST",
    path: "/api/auth/login",
    access: PUBLIC,
    tags: TAGS,
    summary: "Sign in with username and password",
    body: loginRequestSchema,
    answers: {
      200: loginResponseSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
  me: route({
    method: "GET",
    path: "/api/auth/me",
    access: SIGNED_IN,
    allowTempSession: true,
    tags: TAGS,
    summary: "The current session",
    answers: { 200: sessionResponseSchema, ...signedInErrors },
  }),
  logout: route({
    method: "GET",
    path: "/api/auth/logout",
    // Public so that an expired or unknown session can still clear its cookies (a temporary one included).
    access: PUBLIC,
    tags: TAGS,
    summary: "End the current session",
    answers: { 200: detailResponseSchema },
  }),
  permissions: route({
    method: "GET",
    path: "/api/auth/merchant_staff/permission/list_perms",
    access: SIGNED_IN,
    tags: TAGS,
    summary: "Permission ids and names",
    answers: { 200: permissionListResponseSchema, ...signedInErrors },
  }),
  changePassword: route({
    method: "POST",
    path: "/api/auth/change_password",
    access: SIGNED_IN,
    allowTempSession: true,
    tags: TAGS,
    summary: "Change the signed-in user's password",
    body: changePasswordRequestSchema,
    answers: { 200: detailResponseSchema, 400: errorResponseSchema, ...signedInErrors },
  }),
  forgotPassword: route({
    method: "POST",
    path: "/api/auth/forgot_password",
    access: PUBLIC,
    tags: TAGS,
    summary: "E-mail a password reset link",
    body: forgotPasswordRequestSchema,
    answers: { 200: detailResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
  }),
  resetPassword: route({
    method: "POST",
    path: "/api/auth/reset_password",
    access: PUBLIC,
    tags: TAGS,
    summary: "Set a new password with an e-mailed token",
    body: resetPasswordRequestSchema,
    answers: { 200: detailResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
  }),
  reactivate: route({
    method: "POST",
    path: "/api/auth/reactivate",
    access: PUBLIC,
    tags: TAGS,
    summary: "Reactivate a locked account with an e-mailed token",
    body: reactivateRequestSchema,
    answers: { 200: detailResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
  }),
  /**
   * Switching dashboards (spec sections 2 and 7): another dashboard's session token, sent as a bearer token,
   * becomes a browser session of this one.
   */
  switchDashboard: route({
    method: "GET",
    path: "/dashboard/v1/switch/old-dashboard",
    access: SIGNED_IN,
    tags: TAGS,
    summary: "Exchange another dashboard's session token for a browser session",
    answers: { 200: loginResponseSchema, ...signedInErrors },
  }),
};

/**
 * The local mailbox (docs/auth.md): with no SMTP server, e-mails are kept and shown here; it opens only with the
 * key printed at start-up, and a missing or wrong key answers the same 404 as a route that does not exist.
 */
export const mailboxApi = {
  messages: route({
    method: "GET",
    path: "/api/dev/mailbox",
    access: PUBLIC,
    tags: ["dev"],
    summary: "E-mails kept locally (local use only: needs the mailbox key printed at start-up)",
    headers: z.object({ [MAILBOX_KEY_HEADER]: z.string().optional() }),
    answers: { 200: mailboxResponseSchema, 404: errorResponseSchema },
  }),
};
