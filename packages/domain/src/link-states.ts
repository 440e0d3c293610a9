import { PAYMENT_LINK_STATUSES } from "./orders.ts";

/**
 * What the payment links list and details show: the stored status, or expired when an unpaid link's time is up.
 * Kept apart from the contract (no zod), so the dashboard's router can check a URL's status without loading it.
 */
export const LINK_DISPLAY_STATES = [...PAYMENT_LINK_STATUSES, "expired"] as const;
export type LinkDisplayState = (typeof LINK_DISPLAY_STATES)[number];
