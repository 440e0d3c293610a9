/**
 * The bank's merchant vocabulary (back-office.md section 4), kept apart from the contract (no zod) so the
 * dashboard's router can check a URL's filters without loading it. api/merchants.ts re-exports it.
 */

/** bank_merchant_status (section 4). */
export const MERCHANT_STATUSES = ["pending", "approved", "rejected", "deactivated"] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];
/** digital_status (section 4). */
export const DIGITAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type DigitalStatus = (typeof DIGITAL_STATUSES)[number];
/** suspicious: none (not assigned), yes, no. */
export const SUSPICIOUS_VALUES = ["none", "yes", "no"] as const;
export type SuspiciousValue = (typeof SUSPICIOUS_VALUES)[number];

/**
 * The admin page's filter states (section 4): In the Onboarding Process (pending, business information not yet
 * filled), Pending Verification (pending, filled), Live (approved and live), Rejected.
 */
export const MERCHANT_STAGES = ["onboarding", "pending_verification", "live", "rejected"] as const;
export type MerchantStage = (typeof MERCHANT_STAGES)[number];

/**
 * The card and QR approval statuses (back-office.md section 3: card_approval_status, QR_approval_status): the
 * card and QR bank staff's own decisions on accepting cards and QR payments, apart from the merchant's status.
 */
export const PRODUCT_APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ProductApprovalStatus = (typeof PRODUCT_APPROVAL_STATUSES)[number];
/** The products those statuses are for. */
export const MERCHANT_PRODUCTS = ["card", "qr"] as const;
export type MerchantProduct = (typeof MERCHANT_PRODUCTS)[number];
