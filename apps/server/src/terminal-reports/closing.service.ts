import { COUNTRY_INFO, localDate } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { type CloseResult, closeDay, closeDayIn, lastClosedDay } from "./closing.repository.ts";

/**
 * The terminal closing job's loop (docs/pos-risk.md "Terminal reports"): for every time zone of the countries, each
 * business day that has ended there since the last one closed (at most LOOKBACK_DAYS back: the first run after the
 * migration, or after a long outage) is closed in turn, oldest first, by closing.repository.ts's one statement.
 */

/** How far back a run reaches when a zone has no closed day yet or has fallen behind. */
export const LOOKBACK_DAYS = 31;

export interface ClosingRunResult {
  /** Days closed by this run (0 on a rerun). */
  days: number;
  reports: number;
  transactions: number;
}

/** The countries sharing each time zone (one pass per zone). */
export function zones(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [country, info] of Object.entries(COUNTRY_INFO))
    out.set(info.timeZone, [...(out.get(info.timeZone) ?? []), country]);
  return out;
}

/** YYYY-MM-DD plus n days (calendar arithmetic on the date alone). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() + n * 86_400_000).toISOString().slice(0, 10);
}

/** The days a zone still has to close at `now`: from the day after the last closed one to yesterday there. */
export function daysToClose(
  lastClosed: string | null,
  now: Date,
  timeZone: string,
  lookback = LOOKBACK_DAYS,
): string[] {
  const last = addDays(localDate(now, timeZone), -1);
  const earliest = addDays(last, -(lookback - 1));
  let day = lastClosed === null || lastClosed < earliest ? earliest : addDays(lastClosed, 1);
  const out: string[] = [];
  while (day <= last) {
    out.push(day);
    day = addDays(day, 1);
  }
  return out;
}

function add(total: ClosingRunResult, r: CloseResult): void {
  if (r.closed) total.days += 1;
  total.reports += r.reports;
  total.transactions += r.transactions;
}

/** Runs the job at `now`: every zone's ended, unclosed business days. */
export async function runTerminalClosing(
  db: Kysely<DB>,
  now: Date,
  opts: { lookback?: number } = {},
): Promise<ClosingRunResult> {
  const total: ClosingRunResult = { days: 0, reports: 0, transactions: 0 };
  for (const [timeZone, countries] of zones()) {
    const days = daysToClose(await lastClosedDay(db, timeZone), now, timeZone, opts.lookback);
    for (const day of days) add(total, await closeDay(db, { timeZone, countries, day, now }));
  }
  return total;
}

/** Closes one business day in every zone (where it has ended at `now`): the on-demand trigger for a day. */
export async function closeBusinessDay(db: Kysely<DB>, day: string, now: Date): Promise<ClosingRunResult> {
  const total: ClosingRunResult = { days: 0, reports: 0, transactions: 0 };
  for (const [timeZone, countries] of zones())
    add(total, await closeDay(db, { timeZone, countries, day, now }));
  return total;
}

/** The demo's history: the last `days` business days of every zone, closed inside the demo's transaction. */
export async function closeDemoDays(trx: Kysely<DB>, now: Date, days: number): Promise<ClosingRunResult> {
  const total: ClosingRunResult = { days: 0, reports: 0, transactions: 0 };
  for (const [timeZone, countries] of zones())
    for (const day of daysToClose(null, now, timeZone, days))
      add(total, await closeDayIn(trx, { timeZone, countries, day, now }));
  return total;
}
