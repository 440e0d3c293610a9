import type { Country } from "./countries.ts";
import { TRANSACTION_SORTS } from "./transaction-types.ts";

/**
 * Order and payment-link display statuses (merchant-dashboard.md section 4, back-office.md section 4).
 * Amounts are integer minor units.
 */
export const ORDER_DISPLAY_STATUSES = ["PAID", "UNPAID", "CANCELED"] as const;
export type OrderDisplayStatus = (typeof ORDER_DISPLAY_STATUSES)[number];

/** The orders list sorts by the transactions list's columns (no schema here: the web imports it). */
export const ORDER_SORTS = TRANSACTION_SORTS;

export interface OrderStatusInput {
  amount: number;
  paidAmount: number;
  /** The server's payment_status; only Oman's display follows it. */
  paymentStatus?: string | null;
  canceled?: boolean;
}

function normalizedStatus(raw: string | null | undefined): string {
  return (raw ?? "").trim().toLowerCase().replace("cancelled", "canceled");
}

/**
 * CANCELED when the order is canceled; for Oman the server payment_status decides; elsewhere PAID when the
 * amount is covered by the paid amount, else UNPAID. Anything unknown reads UNPAID.
 */
export function orderDisplayStatus(order: OrderStatusInput, country: Country): OrderDisplayStatus {
  if (order.canceled) return "CANCELED";
  if (country === "OMN") {
    const status = normalizedStatus(order.paymentStatus).toUpperCase();
    return (ORDER_DISPLAY_STATUSES as readonly string[]).includes(status)
      ? (status as OrderDisplayStatus)
      : "UNPAID";
  }
  return order.amount <= order.paidAmount ? "PAID" : "UNPAID";
}

export const PAYMENT_LINK_STATUSES = ["paid", "unpaid", "deactivated", "canceled"] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** Reads a stored or received link status; "cancelled" and "disabled" are accepted spellings, unknown is unpaid. */
export function paymentLinkStatus(raw: string | null | undefined): PaymentLinkStatus {
  const status = normalizedStatus(raw).replace("disabled", "deactivated");
  return (PAYMENT_LINK_STATUSES as readonly string[]).includes(status)
    ? (status as PaymentLinkStatus)
    : "unpaid";
}

/** An invoice or link without an expiry date expires one hour after creation (spec section 5). */
export const DEFAULT_LINK_EXPIRY_HOURS = 1;

export function linkExpiresAt(createdAt: Date, expiresAt?: Date | null): Date {
  return expiresAt ?? new Date(createdAt.getTime() + DEFAULT_LINK_EXPIRY_HOURS * 3_600_000);
}

export interface PayableLink {
  status: string | null | undefined;
  createdAt: Date;
  expiresAt?: Date | null;
  /** Payments still allowed on the link; null or undefined means unlimited. */
  remainingAttempts?: number | null;
}

export type LinkPayBlocker = Exclude<PaymentLinkStatus, "unpaid"> | "expired" | "no_attempts_left";

/** Why a customer cannot pay the link now, or null when they can. */
export function linkPayBlocker(link: PayableLink, now: Date): LinkPayBlocker | null {
  const status = paymentLinkStatus(link.status);
  if (status !== "unpaid") return status;
  if (now.getTime() >= linkExpiresAt(link.createdAt, link.expiresAt).getTime()) return "expired";
  if (link.remainingAttempts != null && link.remainingAttempts <= 0) return "no_attempts_left";
  return null;
}

/** A paid, deactivated (disabled), canceled, expired or used-up link cannot be paid. */
export function canPayLink(link: PayableLink, now: Date): boolean {
  return linkPayBlocker(link, now) === null;
}
