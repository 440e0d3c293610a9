import { describe, expect, it } from "vitest";
import { cookieString, parseCookies } from "./cookies.ts";

describe("cookies", () => {
  it("parses a cookie header, first value wins, values decoded", () => {
    expect(parseCookies("lang=ar; is_live_mode=false; csrf_token=a%2Bb; lang=en")).toEqual({
      lang: "ar",
      is_live_mode: "false",
      csrf_token: "a+b",
    });
    expect(parseCookies("")).toEqual({});
    expect(parseCookies("broken; x=%E0%A4%A")).toEqual({ x: "%E0%A4%A" });
  });
  it("writes the spec's cookie: expiry in days, SameSite Lax, whole site", () => {
    expect(cookieString("is_live_mode", "true", 400)).toBe(
      "is_live_mode=true; Max-Age=34560000; Path=/; SameSite=Lax",
    );
    expect(cookieString("lang", "ar", 1, true)).toBe("lang=ar; Max-Age=86400; Path=/; SameSite=Lax; Secure");
  });
});
