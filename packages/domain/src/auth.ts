import { z } from "zod";
import { COUNTRIES } from "./countries.ts";
import { PROFILE_TYPES } from "./profiles.ts";
import { boundedText, TEXT_MAX } from "./text-input.ts";

/** The contract of sign-in and the session (merchant-dashboard.md sections 3, 4, 6 and 8). */

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

export const permissionListResponseSchema = z.record(z.string(), z.string());

export const changePasswordRequestSchema = z.object({
  old_password: z.string().min(1),
  new_password: z.string().min(1),
});

export const forgotPasswordRequestSchema = z.object({
  email: boundedText(254).trim().min(1),
});

export const resetPasswordRequestSchema = z.object({
  token: boundedText(TEXT_MAX.token).min(1),
  new_password: boundedText(256, { multiline: true }).min(1),
});

export const reactivateRequestSchema = z.object({ token: boundedText(TEXT_MAX.token).min(1) });

/** Sessions end after this many minutes without a request (issue 2). */
export const SESSION_IDLE_MINUTES = 15;
/** Wrong old passwords in a row that deactivate an account (spec: "several"; our choice, see docs). */
export const MAX_OLD_PASSWORD_ATTEMPTS = 5;
/** The live-mode cookie (spec section 4 and 9). */
export const LIVE_MODE_COOKIE = "is_live_mode";
export const LIVE_MODE_COOKIE_DAYS = 400;
