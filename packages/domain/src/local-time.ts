/** Calendar facts of an instant in an IANA time zone, computed with Intl alone (no date library). */

/** 0 = Sunday ... 6 = Saturday, as Date.prototype.getDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(date: Date, timeZone: string): Record<string, string> {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date");
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function localWeekday(date: Date, timeZone: string): Weekday {
  return SHORT_DAYS.indexOf(partsIn(date, timeZone).weekday!) as Weekday;
}

/** The local calendar date as "YYYY-MM-DD". */
export function localDate(date: Date, timeZone: string): string {
  const { year, month, day } = partsIn(date, timeZone);
  return `${year}-${month}-${day}`;
}
