import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { Lang } from "../i18n/language.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Dates display as day, short month name, year, hour:minute with AM/PM (spec section 9), in English
 * "DD MMM YYYY, hh:mm A". The Arabic equivalent uses Arabic month names, the Arabic comma and ص/م, with
 * Western digits like the amounts next to them (dayjs's own "ar" locale switches to Arabic-Indic digits and
 * marks 12:xx noon as ص, so we do not use it).
 */
const AR_MONTHS = [
  "يناير",
  "فبراير",
  "مارس",
  "أبريل",
  "مايو",
  "يونيو",
  "يوليو",
  "أغسطس",
  "سبتمبر",
  "أكتوبر",
  "نوفمبر",
  "ديسمبر",
] as const;

export const DATE_TIME_FORMAT = "DD MMM YYYY, hh:mm A";

/** Formats an instant in a time zone (an IANA name; undefined means the browser's zone). */
export function formatDateTime(value: string | number | Date, lang: Lang, timeZone?: string): string {
  const base = dayjs(value);
  if (!base.isValid()) return "";
  const d = timeZone ? base.tz(timeZone) : base;
  if (lang === "en") return d.locale("en").format(DATE_TIME_FORMAT);
  const meridiem = d.hour() < 12 ? "ص" : "م";
  return `${d.format("DD")} ${AR_MONTHS[d.month()]} ${d.format("YYYY")}، ${d.format("hh:mm")} ${meridiem}`;
}

/** The date part only ("DD MMM YYYY"), in the same styles. */
export function formatDate(value: string | number | Date, lang: Lang, timeZone?: string): string {
  const base = dayjs(value);
  if (!base.isValid()) return "";
  const d = timeZone ? base.tz(timeZone) : base;
  if (lang === "en") return d.locale("en").format("DD MMM YYYY");
  return `${d.format("DD")} ${AR_MONTHS[d.month()]} ${d.format("YYYY")}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A picked day (YYYY-MM-DD) as the instant it starts, or with `end` its last millisecond, in the zone dates are
 * shown in (an IANA name; undefined: the browser's), so a filter by day matches the times the tables show. The
 * server takes both forms; anything but a bare day passes through unchanged.
 */
export function dayBound(value: string, end: boolean, timeZone?: string): string {
  if (!DAY.test(value)) return value;
  const day = end ? dayjs.utc(value).add(1, "day").format("YYYY-MM-DD") : value;
  const start = timeZone ? dayjs.tz(day, timeZone) : dayjs(day);
  return (end ? start.subtract(1, "millisecond") : start).toISOString();
}
