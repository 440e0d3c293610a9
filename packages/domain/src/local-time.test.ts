import { describe, expect, it } from "vitest";
import { localDate, localWeekday, WEEKDAY_NAMES } from "./local-time.ts";

describe("local time", () => {
  it("reads the weekday and date in the given zone, not in UTC", () => {
    const instant = new Date("2024-06-13T21:30:00Z"); // Thursday in UTC
    expect(localWeekday(instant, "UTC")).toBe(4);
    expect(localWeekday(instant, "Asia/Dubai")).toBe(5); // 01:30 Friday
    expect(localDate(instant, "UTC")).toBe("2024-06-13");
    expect(localDate(instant, "Asia/Karachi")).toBe("2024-06-14");
    expect(WEEKDAY_NAMES[localWeekday(instant, "Asia/Dubai")]).toBe("Friday");
  });

  it("matches Date.getUTCDay in UTC for a whole week", () => {
    for (let d = 0; d < 7; d++) {
      const instant = new Date(Date.UTC(2024, 0, 7 + d, 23, 59));
      expect(localWeekday(instant, "UTC")).toBe(instant.getUTCDay());
    }
  });

  it("throws on an invalid date", () => {
    expect(() => localWeekday(new Date(Number.NaN), "UTC")).toThrow(RangeError);
  });
});
