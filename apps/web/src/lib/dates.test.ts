import { describe, expect, it } from "vitest";
import { dayBound, formatDate, formatDateTime } from "./dates.ts";

const instant = "2026-03-05T12:30:00Z";

describe("formatDateTime", () => {
  it("formats DD MMM YYYY, hh:mm A in the given zone", () => {
    expect(formatDateTime(instant, "en", "UTC")).toBe("05 Mar 2026, 12:30 PM");
    expect(formatDateTime(instant, "en", "Africa/Cairo")).toBe("05 Mar 2026, 02:30 PM");
    expect(formatDateTime(instant, "en", "Asia/Dubai")).toBe("05 Mar 2026, 04:30 PM");
    expect(formatDateTime(instant, "en", "Asia/Karachi")).toBe("05 Mar 2026, 05:30 PM");
  });
  it("crosses the date line when the zone says so", () => {
    expect(formatDateTime("2026-12-31T22:15:00Z", "en", "Asia/Riyadh")).toBe("01 Jan 2027, 01:15 AM");
    expect(formatDateTime("2026-01-01T01:00:00Z", "en", "America/New_York")).toBe("31 Dec 2025, 08:00 PM");
  });
  it("has an Arabic equivalent with Arabic month names and ص/م", () => {
    expect(formatDateTime(instant, "ar", "UTC")).toBe("05 مارس 2026، 12:30 م");
    expect(formatDateTime("2026-08-20T03:05:00Z", "ar", "Africa/Cairo")).toBe("20 أغسطس 2026، 06:05 ص");
  });
  it("returns an empty text for an invalid date", () => {
    expect(formatDateTime("not a date", "en", "UTC")).toBe("");
  });
});

describe("formatDate", () => {
  it("formats the date part in the zone", () => {
    expect(formatDate("2026-12-31T22:15:00Z", "en", "Asia/Riyadh")).toBe("01 Jan 2027");
    expect(formatDate("2026-12-31T22:15:00Z", "ar", "UTC")).toBe("31 ديسمبر 2026");
  });
});

describe("dayBound", () => {
  it("sends a picked day as the instants it starts and ends in the zone dates are shown in", () => {
    expect(dayBound("2026-11-26", false, "Africa/Cairo")).toBe("2026-11-25T22:00:00.000Z");
    expect(dayBound("2026-11-26", true, "Africa/Cairo")).toBe("2026-11-26T21:59:59.999Z");
    expect(dayBound("2026-11-26", false, "Asia/Dubai")).toBe("2026-11-25T20:00:00.000Z");
    expect(dayBound("2026-11-30", true, "Asia/Karachi")).toBe("2026-11-30T18:59:59.999Z");
    expect(dayBound("2026-11-26", false, "UTC")).toBe("2026-11-26T00:00:00.000Z");
  });
  it("follows a summer-time change (Cairo moves to UTC+3 on 24 April 2026)", () => {
    expect(dayBound("2026-04-24", false, "Africa/Cairo")).toBe("2026-04-23T22:00:00.000Z");
    expect(dayBound("2026-04-24", true, "Africa/Cairo")).toBe("2026-04-24T20:59:59.999Z");
  });
  it("passes anything but a bare day through", () => {
    expect(dayBound("2026-11-26T10:00:00Z", true, "Africa/Cairo")).toBe("2026-11-26T10:00:00Z");
  });
});
