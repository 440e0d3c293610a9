/**
 * Timestamps in the provider's style: local time of the merchant's country with microseconds and the offset,
 * "2024-10-02T16:33:32.502000+04:00". The same string goes into the callback obj, the redirect query and the
 * HMAC, so it only has to be stable for one instant, which it is.
 *
 * Every answer and callback formats several of them, so the zone's offset is asked of Intl once per quarter
 * hour of UTC (offsets change only on quarter-hour boundaries) and the fields come from plain arithmetic.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The full formatting through Intl (the reference the fast path is tested against). */
export function providerTimeIntl(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : (parts.timeZoneName ?? "GMT").replace("GMT", "");
  const micros = `${String(date.getUTCMilliseconds()).padStart(3, "0")}000`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${micros}${offset}`;
}

const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, { bucket: number; minutes: number; text: string }>();

/** The zone's UTC offset during the quarter hour holding `ms`: minutes and "+hh:mm". */
function offsetAt(ms: number, timeZone: string): { minutes: number; text: string } {
  const bucket = Math.floor(ms / QUARTER_HOUR);
  const cached = offsets.get(timeZone);
  if (cached && cached.bucket === bucket) return cached;
  const name = formatter(timeZone)
    .formatToParts(new Date(bucket * QUARTER_HOUR))
    .find((p) => p.type === "timeZoneName")?.value;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? "");
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const text = match ? `${match[1]}${match[2]}:${match[3]}` : "+00:00";
  const entry = { bucket, minutes, text };
  offsets.set(timeZone, entry);
  return entry;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function providerTime(date: Date, timeZone: string): string {
  const ms = date.getTime();
  const offset = offsetAt(ms, timeZone);
  const local = new Date(ms + offset.minutes * 60_000);
  const year = String(local.getUTCFullYear()).padStart(4, "0");
  const millis = String(local.getUTCMilliseconds()).padStart(3, "0");
  return `${year}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}T${two(local.getUTCHours())}:${two(
    local.getUTCMinutes(),
  )}:${two(local.getUTCSeconds())}.${millis}000${offset.text}`;
}
