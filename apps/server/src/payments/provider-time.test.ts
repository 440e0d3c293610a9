import { describe, expect, it } from "vitest";
import { providerTime, providerTimeIntl } from "./provider-time.ts";

const ZONES = [
  "Africa/Cairo",
  "Asia/Dubai",
  "Asia/Riyadh",
  "Asia/Karachi",
  "Asia/Muscat",
  "UTC",
  "America/St_Johns",
];

describe("providerTime", () => {
  it("formats as the provider does: local time, microseconds and the offset", () => {
    expect(providerTime(new Date("2024-10-02T12:33:32.502Z"), "Asia/Dubai")).toBe(
      "2024-10-02T16:33:32.502000+04:00",
    );
    expect(providerTime(new Date("2024-01-01T00:00:00.000Z"), "UTC")).toBe(
      "2024-01-01T00:00:00.000000+00:00",
    );
  });

  it("equals the full Intl formatting for every instant tried, across daylight-saving changes", () => {
    // Cairo's summer time starts and ends at local midnight; St John's (-03:30 / -02:30) has half-hour offsets.
    const around = [
      "2024-04-25T21:59:59.999Z",
      "2024-04-25T22:00:00.000Z",
      "2024-10-31T20:59:59.999Z",
      "2024-10-31T21:00:00.000Z",
      "2024-03-10T05:29:59.999Z",
      "2024-03-10T05:30:00.000Z",
      "1999-12-31T23:59:59.999Z",
    ].map((s) => new Date(s).getTime());
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const start = Date.UTC(2020, 0, 1);
    const instants = [...around];
    for (let i = 0; i < 3000; i++) instants.push(start + Math.floor(random() * 8 * 365 * 86_400_000));
    for (const zone of ZONES)
      for (const ms of instants)
        expect(providerTime(new Date(ms), zone)).toBe(providerTimeIntl(new Date(ms), zone));
  });
});
