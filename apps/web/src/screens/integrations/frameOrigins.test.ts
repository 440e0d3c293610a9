import { describe, expect, it } from "vitest";
import { MAX_FRAME_ORIGINS, parseFrameOrigins } from "./integrationForm.ts";

describe("the framing sites field", () => {
  it("takes https origins one a line, lower-cased, without a trailing slash, once each", () => {
    expect(
      parseFrameOrigins("https://Shop.Example.com/\nhttps://pay.example.net:8443, https://shop.example.com"),
    ).toEqual(["https://shop.example.com", "https://pay.example.net:8443"]);
    expect(parseFrameOrigins("  \n")).toEqual([]);
  });

  it.each([
    "http://shop.example.com",
    "https://shop.example.com/pay",
    "https://*.example.com",
    "*",
    "javascript:alert(1)",
    Array.from({ length: MAX_FRAME_ORIGINS + 1 }, (_, i) => `https://s${i}.example.com`).join("\n"),
  ])("refuses %s", (text) => {
    expect(parseFrameOrigins(text)).toBeUndefined();
  });
});
