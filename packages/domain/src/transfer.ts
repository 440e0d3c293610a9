import { COUNTRY_INFO, type Country } from "./countries.ts";
import { localWeekday, type Weekday } from "./local-time.ts";

/**
 * Settlement (transfer) status of a transaction (merchant-dashboard.md sections 4 and 9, back-office.md
 * section 4): Transferred once the hours elapsed since its date reach the pending-hours threshold of the
 * weekday it was made on, otherwise Pending. The weekday is read in the merchant country's time zone.
 */
export type TransactionTransferStatus = "Transferred" | "Pending";

/** Statuses of a transfer (payout) itself in the back-office (back-office.md section 4). */
export const TRANSFER_STATUSES = ["Pending", "Transferred", "Approved", "Successful"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

// Index by Weekday (0 = Sunday). UAE: Sunday-Thursday 24, Friday 72, Saturday 48.
const UAE_HOURS = [24, 24, 24, 24, 24, 72, 48] as const;
// Elsewhere: Saturday-Wednesday 24, Thursday 72, Friday 48.
const DEFAULT_HOURS = [24, 24, 24, 24, 72, 48, 24] as const;

const HOUR_MS = 3_600_000;

export function pendingHours(country: Country, weekday: Weekday): number {
  const hours = (country === "ARE" ? UAE_HOURS : DEFAULT_HOURS)[weekday];
  if (hours === undefined) throw new RangeError(`Invalid weekday: ${weekday}`);
  return hours;
}

/** The instant a transaction made at createdAt counts as Transferred. */
export function transferDueAt(country: Country, createdAt: Date): Date {
  const weekday = localWeekday(createdAt, COUNTRY_INFO[country].timeZone);
  return new Date(createdAt.getTime() + pendingHours(country, weekday) * HOUR_MS);
}

export function transferStatus(country: Country, createdAt: Date, now: Date): TransactionTransferStatus {
  if (Number.isNaN(now.getTime())) throw new RangeError("Invalid date");
  return now.getTime() >= transferDueAt(country, createdAt).getTime() ? "Transferred" : "Pending";
}
