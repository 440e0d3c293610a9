import {
  type AcqPartner,
  type Country,
  type PartnerCss,
  type Profile,
  partnerCssSchema,
  type SessionResponse,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { findProfileRows } from "./auth.repository.ts";
import { effectivePermissions, permissionIds } from "./permissions.ts";

/** Colours a partner row may leave out; the provider's own palette. */
const DEFAULT_PARTNER_CSS: PartnerCss = {
  header_background: "#ffffff",
  welcome_color: "#1f2a44",
  merchant_color: "#1f2a44",
  title_background: "#f4f6fa",
  title_color: "#1f2a44",
  menu_color: "#5b6b8c",
  menu_hover_color: "#1f6feb",
  menu_active_color: "#1f6feb",
  footer_color: "#5b6b8c",
  footer_background: "#ffffff",
};

function partnerCss(stored: Record<string, string>): PartnerCss {
  const merged: Record<string, unknown> = { ...DEFAULT_PARTNER_CSS };
  for (const key of Object.keys(DEFAULT_PARTNER_CSS))
    if (typeof stored[key] === "string") merged[key] = stored[key];
  return partnerCssSchema.parse(merged);
}

/**
 * The profile and partner branding of a user, as the sign-in answer and GET /api/auth/me carry them
 * (everything but the tokens). Built from the users, merchants, terminals, banks and partners rows, read in one query.
 */
export async function loadSessionProfile(
  db: Kysely<DB>,
  userId: number,
): Promise<Omit<SessionResponse, "csrf_token">> {
  const { user, terminal, merchant, bank, partner, liveIntegration } = await findProfileRows(db, userId);
  const merchantId = user.merchant_id ?? terminal?.merchant_id ?? null;
  // Branding comes from the partner of a partner-branded merchant, or the partner a Partner user belongs to.
  const isBank = user.profile_type === "Bank" || user.profile_type === "BankStaff";
  const isPartner = user.profile_type === "Partner";
  const profileId =
    user.profile_type === "Terminal"
      ? user.terminal_id
      : isBank
        ? user.bank_id
        : isPartner
          ? user.partner_id
          : merchantId;

  const profile: Profile = {
    id: profileId ?? user.id,
    user: {
      id: user.id,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      date_joined: new Date(user.date_joined).toISOString(),
      email: user.email,
      user_permissions: permissionIds(effectivePermissions(user.profile_type, user.permissions)),
    },
    is_mobadra: merchant?.is_mobadra ?? false,
    sector: merchant?.sector ?? null,
    sales_owner: merchant?.sales_owner ?? null,
    company_name: merchant?.company_name ?? bank?.name ?? (isPartner ? (partner?.name ?? null) : null),
    profile_type: user.profile_type,
    phones: merchant?.phones ?? [],
    is_temp_password: user.is_temp_password,
    country: user.country as Country,
    is_bills_new: false,
    merchant_id: merchantId,
    filled_business_data: merchant?.filled_business_data ?? false,
    payout_enabled: merchant?.payout_enabled ?? false,
    payout_terms: merchant?.payout_terms ?? false,
    logo_url: merchant?.logo_url ?? (isPartner ? (partner?.logo_url ?? null) : null),
    has_live_integration: liveIntegration,
    receive_callback_card_info: merchant?.receive_callback_card_info ?? false,
    portal_config: isBank ? (user.portal_config ?? { qr_code: false, add_merchant: false }) : null,
    bank_name: isBank ? (bank?.name ?? null) : null,
    name: isPartner ? (partner?.name ?? null) : null,
    code: isPartner ? (partner?.code ?? null) : null,
    domain: isPartner ? (partner?.domain ?? null) : null,
    onboarding_partner: isPartner ? (partner?.onboarding_partner ?? false) : null,
  };

  const acq_partner: AcqPartner | null = partner
    ? {
        partner_code: partner.code,
        is_redirect_to_new_portal: partner.is_redirect_to_new_portal,
        partner_logo: partner.logo_url,
        partner_logo_small: partner.logo_small_url,
        partner_css: partnerCss(partner.css),
        partner_time_zone: partner.time_zone,
      }
    : null;
  return { profile, acq_partner };
}
