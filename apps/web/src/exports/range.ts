import { EXPORT_MAX_DAYS } from "@portal/domain/transaction-types";

const DAY_MS = 86_400_000;

function dayNumber(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : ms / DAY_MS;
}

/**
 * A date range of the export and callback-resend dialogs (YYYY-MM-DD, both days included): both ends required,
 * start not after end, and at most one month (spec section 9: 31 days from first to last day).
 */
export function rangeProblem(
  from: string | null | undefined,
  to: string | null | undefined,
): "rangeRequired" | "rangeTooLong" | undefined {
  if (!from || !to) return "rangeRequired";
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined || b < a) return "rangeRequired";
  return b - a + 1 > EXPORT_MAX_DAYS ? "rangeTooLong" : undefined;
}
