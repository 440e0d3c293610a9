/** Profile types that sign in to the portal (merchant-dashboard.md section 6). */
export const PROFILE_TYPES = [
  "Merchant",
  "MerchantStaff",
  "Bank",
  "BankStaff",
  "Terminal",
  "Partner",
] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** The layout each profile type lands on after sign-in (spec section 2, "Role landing"). */
export type Layout = "merchant" | "bank" | "terminal" | "partner";

export function layoutFor(profileType: ProfileType, partnerBranded: boolean): Layout {
  if (partnerBranded) return "partner";
  switch (profileType) {
    case "Merchant":
    case "MerchantStaff":
      return "merchant";
    case "Bank":
    case "BankStaff":
      return "bank";
    case "Terminal":
      return "terminal";
    case "Partner":
      return "partner";
  }
}

/** Partners are exempt from permissions when deciding whether a user counts as signed in (spec section 4). */
export function needsPermissions(profileType: ProfileType): boolean {
  return profileType !== "Partner";
}
