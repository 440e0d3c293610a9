/**
 * Timestamps in the provider's style: local time of the merchant's country with microseconds and the offset,
 * "2024-10-02T16:33:32.502000+04:00". The same string goes into the callback obj, the redirect query and the
 * HMAC, so it only has to be stable for one instant, which it is.
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

export function providerTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : (parts.timeZoneName ?? "GMT").replace("GMT", "");
  const micros = `${String(date.getUTCMilliseconds()).padStart(3, "0")}000`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${micros}${offset}`;
}
