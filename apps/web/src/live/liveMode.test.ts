import * as domain from "@portal/domain";
import { describe, expect, it } from "vitest";
import { cookieValueFor, dataModeFor, LIVE_MODE_COOKIE, LIVE_MODE_COOKIE_DAYS } from "./liveMode.ts";

describe("dataModeFor", () => {
  it("is always test without a live integration, whatever the cookie says", () => {
    expect(dataModeFor(false, undefined)).toBe("test");
    expect(dataModeFor(false, "true")).toBe("test");
    expect(dataModeFor(false, "false")).toBe("test");
  });
  it("defaults to live without a cookie when a live integration exists", () => {
    expect(dataModeFor(true, undefined)).toBe("live");
  });
  it("follows the cookie when a live integration exists", () => {
    expect(dataModeFor(true, "true")).toBe("live");
    expect(dataModeFor(true, "false")).toBe("test");
  });
  it("round-trips through the cookie value", () => {
    expect(dataModeFor(true, cookieValueFor("test"))).toBe("test");
    expect(dataModeFor(true, cookieValueFor("live"))).toBe("live");
  });
});

describe("live-mode cookie", () => {
  it("uses the domain's name and 400-day lifetime", () => {
    expect(LIVE_MODE_COOKIE).toBe(domain.LIVE_MODE_COOKIE);
    expect(LIVE_MODE_COOKIE_DAYS).toBe(domain.LIVE_MODE_COOKIE_DAYS);
    expect(LIVE_MODE_COOKIE_DAYS).toBe(400);
  });
});
