import { describe, expect, it } from "vitest";
import { isSafeDeepLink } from "./deepLink.ts";

describe("isSafeDeepLink", () => {
  it("accepts dashboard paths with their query", () => {
    expect(isSafeDeepLink("/portal2/en/transactions")).toBe(true);
    expect(isSafeDeepLink("/portal2/ar/orders?page=2&status=paid")).toBe(true);
  });
  it("refuses other sites, other apps and the login page itself", () => {
    expect(isSafeDeepLink("https://evil.example/portal2/en/home")).toBe(false);
    expect(isSafeDeepLink("//evil.example/portal2/")).toBe(false);
    expect(isSafeDeepLink("/portal2\\..\\x")).toBe(false);
    expect(isSafeDeepLink("/checkout/pay")).toBe(false);
    expect(isSafeDeepLink("/portal2/en/login")).toBe(false);
    expect(isSafeDeepLink("/portal2/login?x=1")).toBe(false);
  });
});
