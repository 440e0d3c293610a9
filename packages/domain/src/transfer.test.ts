import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNTRIES, type Country } from "./countries.ts";
import type { Weekday } from "./local-time.ts";
import { pendingHours, transferDueAt, transferStatus } from "./transfer.ts";

const HOUR = 3_600_000;
/** Sunday 2024-06-09 12:00 UTC is Sunday afternoon in every country's zone (UTC+2 to UTC+5). */
const SUNDAY_NOON_UTC = Date.UTC(2024, 5, 9, 12);
const dayOf = (weekday: Weekday) => new Date(SUNDAY_NOON_UTC + weekday * 24 * HOUR);

// Expected thresholds, written out from the spec, Sunday first.
const EXPECTED: Record<Country, number[]> = {
  ARE: [24, 24, 24, 24, 24, 72, 48],
  EGY: [24, 24, 24, 24, 72, 48, 24],
  SAU: [24, 24, 24, 24, 72, 48, 24],
  PAK: [24, 24, 24, 24, 72, 48, 24],
  OMN: [24, 24, 24, 24, 72, 48, 24],
};
const WEEKDAYS: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

describe("pendingHours", () => {
  for (const country of COUNTRIES)
    it(`follows the spec for ${country} on every weekday`, () => {
      expect(WEEKDAYS.map((d) => pendingHours(country, d))).toEqual(EXPECTED[country]);
    });

  it("rejects a weekday out of range", () => {
    expect(() => pendingHours("EGY", 7 as Weekday)).toThrow(RangeError);
  });
});

describe("transferStatus", () => {
  for (const country of COUNTRIES)
    for (const weekday of WEEKDAYS)
      it(`${country}, weekday ${weekday}: Transferred exactly at the threshold, Pending 1 ms before`, () => {
        const createdAt = dayOf(weekday);
        const threshold = createdAt.getTime() + EXPECTED[country][weekday]! * HOUR;
        expect(transferStatus(country, createdAt, new Date(threshold))).toBe("Transferred");
        expect(transferStatus(country, createdAt, new Date(threshold - 1))).toBe("Pending");
        expect(transferStatus(country, createdAt, new Date(threshold + 1))).toBe("Transferred");
        expect(transferDueAt(country, createdAt).getTime()).toBe(threshold);
      });

  it("is Pending right after creation and for a clock behind the transaction", () => {
    const createdAt = dayOf(2);
    expect(transferStatus("EGY", createdAt, createdAt)).toBe("Pending");
    expect(transferStatus("EGY", createdAt, new Date(createdAt.getTime() - HOUR))).toBe("Pending");
  });

  it("takes the weekday in the country's zone: just before and after local midnight (Dubai, UTC+4)", () => {
    // Thursday 23:59:59.999 in Dubai is Thursday 19:59:59.999 UTC: Thursday, 24 hours.
    const thursdayNight = new Date("2024-06-13T19:59:59.999Z");
    expect(transferDueAt("ARE", thursdayNight).getTime() - thursdayNight.getTime()).toBe(24 * HOUR);
    // One millisecond later it is Friday 00:00 in Dubai while still Thursday in UTC: Friday, 72 hours.
    const fridayStart = new Date("2024-06-13T20:00:00.000Z");
    expect(transferDueAt("ARE", fridayStart).getTime() - fridayStart.getTime()).toBe(72 * HOUR);
    expect(transferStatus("ARE", fridayStart, new Date(fridayStart.getTime() + 24 * HOUR))).toBe("Pending");
    expect(transferStatus("ARE", thursdayNight, new Date(thursdayNight.getTime() + 24 * HOUR))).toBe(
      "Transferred",
    );
  });

  it("takes the weekday in the country's zone: Cairo summer time (UTC+3)", () => {
    // 23:30 Thursday in Cairo: Thursday, 72 hours.
    const lateThursday = new Date("2024-06-13T20:30:00Z");
    expect(transferDueAt("EGY", lateThursday).getTime() - lateThursday.getTime()).toBe(72 * HOUR);
    // 00:30 Friday in Cairo, still Thursday in UTC: Friday, 48 hours.
    const earlyFriday = new Date("2024-06-13T21:30:00Z");
    expect(transferDueAt("EGY", earlyFriday).getTime() - earlyFriday.getTime()).toBe(48 * HOUR);
  });

  it("is monotonic in time: once Transferred, stays Transferred (property)", () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRIES),
        instant,
        fc.integer({ min: 0, max: 100 * HOUR }),
        fc.integer({ min: 0, max: 100 * HOUR }),
        (country, created, a, b) => {
          const createdAt = new Date(created);
          const first = transferStatus(country, createdAt, new Date(created + a));
          const later = transferStatus(country, createdAt, new Date(created + a + b));
          return first === "Pending" || later === "Transferred";
        },
      ),
    );
  });

  it("throws on invalid dates", () => {
    expect(() => transferStatus("EGY", new Date(Number.NaN), new Date())).toThrow(RangeError);
    expect(() => transferStatus("EGY", new Date(), new Date(Number.NaN))).toThrow(RangeError);
  });
});
