import type { PermissionName, ProfileType } from "@portal/domain";
import { effectivePermissions } from "./permissions.ts";

/** What the public API needs to know of a user behind an auth token made from a username and password. */
export interface ApiUser {
  profile_type: ProfileType;
  merchant_id: number | null;
  permissions: readonly string[];
  is_active: boolean;
  is_temp_password: boolean;
}

/** The dashboard permission that lets a merchant's staff see the API key, and so use the API. */
export const API_PERMISSION: PermissionName = "can view api key";

/**
 * Whether a user may use the public API with a token made from their username and password: an active merchant
 * owner, or merchant staff allowed to see the API key, whose password is not a temporary one still to change.
 * Terminals, banks, partners and staff without that permission use the dashboard only. Checked when the token is
 * made and again on every call, so a deactivated user or a withdrawn permission ends the token's power at once.
 */
export function mayUseApiWithPassword(user: ApiUser): boolean {
  if (!user.is_active || user.is_temp_password || user.merchant_id === null) return false;
  if (user.profile_type === "Merchant") return true;
  return user.profile_type === "MerchantStaff" && apiUserPermissions(user).has(API_PERMISSION);
}

/** The user's dashboard permissions, the most a token made from their password may do. */
export function apiUserPermissions(user: Pick<ApiUser, "profile_type" | "permissions">): Set<PermissionName> {
  return effectivePermissions(user.profile_type, user.permissions);
}
