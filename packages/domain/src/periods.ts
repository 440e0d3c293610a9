import type { ComparisonPreset, DatePreset, Granularity } from "./analytics-api.ts";

/**
 * Date presets and comparisons as concrete [from, to) instants in a time zone (issue 5 item 2). Pure, no date
 * library: the zone's offset comes from Intl. Used by the server (what to sum) and the web (what to label).
 *
 * - today, yesterday: that local day. last_7/30/90_days: the N local days ending with today (today included).
 * - last_week: the previous Monday-to-Sunday week. last_year: the previous calendar year. this_year: 1 January
 *   to the end of today. custom: date_from to date_to, both included.
 * - Comparisons shift the period back: previous_N_days by N local days, previous_year by one calendar year
 *   (29 February becomes 28 February), so bucket i of the period compares with bucket i of the comparison.
 * - Buckets: local hours, days, Monday weeks, months or years; the first and last are cut to the period.
 */

export class PeriodError extends Error {
  readonly code = "invalid_period";
  constructor(message: string) {
    super(message);
    this.name = "PeriodError";
  }
}

export interface PeriodInput {
  date: DatePreset;
  date_from?: string | undefined;
  date_to?: string | undefined;
  comparison: ComparisonPreset;
  granularity: Granularity;
}

export interface PeriodBucket {
  /** Local start: "YYYY-MM-DD" (daily and longer) or "YYYY-MM-DDTHH:00" (hourly). */
  bucket: string;
  /** The instant the bucket starts (cut to the period's start). */
  start: Date;
}

export interface ResolvedPeriod {
  timeZone: string;
  granularity: Granularity;
  /** Inclusive local dates of the period. */
  firstDay: string;
  lastDay: string;
  from: Date;
  to: Date;
  comparison: { firstDay: string; lastDay: string; from: Date; to: Date } | null;
  buckets: PeriodBucket[];
  comparisonBuckets: PeriodBucket[];
}

export const MAX_HOURLY_DAYS = 92;
export const MAX_PERIOD_DAYS = 731;

const DAY_MS = 86_400_000;

// ----- local calendar arithmetic on "YYYY-MM-DD" strings (proleptic Gregorian, no zone) -----

function parseDay(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new PeriodError(`Invalid date: ${day}`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
    throw new PeriodError(`Invalid date: ${day}`);
  }
  return { y, m, d };
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const { y, m, d } = parseDay(day);
  return formatDay(Date.UTC(y, m - 1, d) + days * DAY_MS);
}

/** The same day one year earlier; 29 February becomes 28 February. */
export function previousYearDay(day: string): string {
  const { y, m, d } = parseDay(day);
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return formatDay(Date.UTC(y - 1, m - 1, Math.min(d, last)));
}

export function daysBetween(first: string, last: string): number {
  const a = parseDay(first);
  const b = parseDay(last);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

/** ISO weekday start: the Monday on or before the day. */
export function mondayOf(day: string): string {
  const { y, m, d } = parseDay(day);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

// ----- time zones -----

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(
  instant: Date,
  timeZone: string,
): { y: number; m: number; d: number; h: number; min: number } {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    zoneFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour) % 24,
    min: Number(parts.minute),
  };
}

/** Minutes the zone is ahead of UTC at an instant (Cairo in summer: 180). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

const dayStarts = new Map<string, number>();

/** The instant a local day starts (its first existing minute when midnight is skipped by a DST change). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const key = `${timeZone}|${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const start = computeStartOfLocalDay(day, timeZone);
  if (dayStarts.size > 20_000) dayStarts.clear();
  dayStarts.set(key, start.getTime());
  return start;
}

function computeStartOfLocalDay(day: string, timeZone: string): Date {
  const { y, m, d } = parseDay(day);
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  for (let i = 0; i < 3; i++) {
    const next = wall - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
    if (next === guess) break;
    guess = next;
  }
  // Midnight may not exist (a spring-forward at 00:00): then the day starts at the first instant that is on it.
  if (localDayOf(new Date(guess), timeZone) !== day) {
    guess += 3_600_000;
  }
  return new Date(guess);
}

export function localDayOf(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${String(w.y).padStart(4, "0")}-${String(w.m).padStart(2, "0")}-${String(w.d).padStart(2, "0")}`;
}

function localHourLabel(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${localDayOf(instant, timeZone)}T${String(w.h).padStart(2, "0")}:00`;
}

// ----- presets -----

export function presetDays(
  input: PeriodInput,
  now: Date,
  timeZone: string,
): { firstDay: string; lastDay: string } {
  const today = localDayOf(now, timeZone);
  const year = Number(today.slice(0, 4));
  switch (input.date) {
    case "today":
      return { firstDay: today, lastDay: today };
    case "yesterday":
      return { firstDay: addDays(today, -1), lastDay: addDays(today, -1) };
    case "last_7_days":
      return { firstDay: addDays(today, -6), lastDay: today };
    case "last_30_days":
      return { firstDay: addDays(today, -29), lastDay: today };
    case "last_90_days":
      return { firstDay: addDays(today, -89), lastDay: today };
    case "last_week": {
      const monday = addDays(mondayOf(today), -7);
      return { firstDay: monday, lastDay: addDays(monday, 6) };
    }
    case "last_year":
      return { firstDay: `${year - 1}-01-01`, lastDay: `${year - 1}-12-31` };
    case "this_year":
      return { firstDay: `${year}-01-01`, lastDay: today };
    case "custom": {
      if (!input.date_from || !input.date_to) throw new PeriodError("date_from and date_to are required");
      parseDay(input.date_from);
      parseDay(input.date_to);
      if (input.date_from > input.date_to) throw new PeriodError("date_from is after date_to");
      return { firstDay: input.date_from, lastDay: input.date_to };
    }
  }
}

export function comparisonDays(
  comparison: ComparisonPreset,
  period: { firstDay: string; lastDay: string },
): { firstDay: string; lastDay: string } | null {
  const shift = (days: number) => ({
    firstDay: addDays(period.firstDay, -days),
    lastDay: addDays(period.lastDay, -days),
  });
  switch (comparison) {
    case "none":
      return null;
    case "previous_7_days":
      return shift(7);
    case "previous_30_days":
      return shift(30);
    case "previous_90_days":
      return shift(90);
    case "previous_year":
      return { firstDay: previousYearDay(period.firstDay), lastDay: previousYearDay(period.lastDay) };
  }
}

/** The local label of the bucket an instant falls in. */
export function bucketLabel(instant: Date, granularity: Granularity, timeZone: string): string {
  if (granularity === "hourly") return localHourLabel(instant, timeZone);
  const day = localDayOf(instant, timeZone);
  switch (granularity) {
    case "daily":
      return day;
    case "weekly":
      return mondayOf(day);
    case "monthly":
      return `${day.slice(0, 7)}-01`;
    case "yearly":
      return `${day.slice(0, 4)}-01-01`;
  }
}

/** Buckets covering [firstDay, lastDay] in order, labels as bucketLabel gives them. */
export function periodBuckets(
  firstDay: string,
  lastDay: string,
  granularity: Granularity,
  timeZone: string,
): PeriodBucket[] {
  const buckets: PeriodBucket[] = [];
  if (granularity === "hourly") {
    // Day by day: a 24-hour day starting at local 00:00 needs no zone look-up per hour; DST days do.
    for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
      const dayStart = startOfLocalDay(day, timeZone).getTime();
      const dayEnd = startOfLocalDay(addDays(day, 1), timeZone).getTime();
      // A 24-hour day starts at its local 00:00 (only a summer-time change moves midnight, and it shortens or
      // lengthens that day).
      const plain = dayEnd - dayStart === 24 * 3_600_000;
      for (let t = dayStart, h = 0; t < dayEnd; t += 3_600_000, h++) {
        const start = new Date(t);
        const bucket = plain ? `${day}T${String(h).padStart(2, "0")}:00` : localHourLabel(start, timeZone);
        if (buckets.at(-1)?.bucket !== bucket) buckets.push({ bucket, start });
      }
    }
    return buckets;
  }
  let day = firstDay;
  while (day <= lastDay) {
    const bucket =
      granularity === "daily"
        ? day
        : granularity === "weekly"
          ? mondayOf(day)
          : granularity === "monthly"
            ? `${day.slice(0, 7)}-01`
            : `${day.slice(0, 4)}-01-01`;
    buckets.push({ bucket, start: startOfLocalDay(day, timeZone) });
    // the next bucket's first day
    switch (granularity) {
      case "daily":
        day = addDays(day, 1);
        break;
      case "weekly":
        day = addDays(mondayOf(day), 7);
        break;
      case "monthly": {
        const { y, m } = parseDay(day);
        day = formatDay(Date.UTC(y, m, 1));
        break;
      }
      case "yearly":
        day = `${Number(day.slice(0, 4)) + 1}-01-01`;
        break;
    }
  }
  return buckets;
}

/** Resolves the query's period, comparison and buckets; throws PeriodError for a refused combination. */
export function resolvePeriod(input: PeriodInput, now: Date, timeZone: string): ResolvedPeriod {
  const days = presetDays(input, now, timeZone);
  const span = daysBetween(days.firstDay, days.lastDay) + 1;
  if (span > MAX_PERIOD_DAYS) throw new PeriodError(`A period covers at most ${MAX_PERIOD_DAYS} days`);
  if (input.granularity === "hourly" && span > MAX_HOURLY_DAYS) {
    throw new PeriodError(`Hourly granularity covers at most ${MAX_HOURLY_DAYS} days`);
  }
  const previous = comparisonDays(input.comparison, days);
  return {
    timeZone,
    granularity: input.granularity,
    firstDay: days.firstDay,
    lastDay: days.lastDay,
    from: startOfLocalDay(days.firstDay, timeZone),
    to: startOfLocalDay(addDays(days.lastDay, 1), timeZone),
    comparison: previous && {
      ...previous,
      from: startOfLocalDay(previous.firstDay, timeZone),
      to: startOfLocalDay(addDays(previous.lastDay, 1), timeZone),
    },
    buckets: periodBuckets(days.firstDay, days.lastDay, input.granularity, timeZone),
    comparisonBuckets: previous
      ? periodBuckets(previous.firstDay, previous.lastDay, input.granularity, timeZone)
      : [],
  };
}
