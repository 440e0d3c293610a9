import {
  BANK_PERMISSIONS,
  isPermissionName,
  MERCHANT_PERMISSIONS,
  type PermissionName,
  type ProfileType,
  permissionId,
  TERMINAL_PERMISSIONS,
} from "@portal/domain";

/**
 * Account owners always hold their profile's full set (a merchant owner may do everything on its merchant);
 * staff and partners hold exactly the names stored on their user. Unknown stored names are ignored.
 */
const OWNER_PERMISSIONS: Partial<Record<ProfileType, readonly PermissionName[]>> = {
  Merchant: MERCHANT_PERMISSIONS,
  Bank: BANK_PERMISSIONS,
  Terminal: TERMINAL_PERMISSIONS,
};

export function effectivePermissions(
  profileType: ProfileType,
  stored: readonly string[],
): Set<PermissionName> {
  const set = new Set<PermissionName>(OWNER_PERMISSIONS[profileType] ?? []);
  for (const name of stored) if (isPermissionName(name)) set.add(name);
  return set;
}

/** The ids the sign-in answer carries in profile.user.user_permissions, ascending. */
export function permissionIds(permissions: ReadonlySet<PermissionName>): number[] {
  return [...permissions].map(permissionId).sort((a, b) => a - b);
}
