import { describe, expect, it } from "vitest";
import { parseWalletOnboardingSearch, walletOnboardingStatus } from "./walletOnboardingSearch.ts";

describe("wallet onboarding result query", () => {
  it("reads success and failure in the words providers use; anything else is unknown, never a success", () => {
    expect(walletOnboardingStatus("success")).toBe("success");
    expect(walletOnboardingStatus(" Approved ")).toBe("success");
    expect(walletOnboardingStatus(true)).toBe("success");
    expect(walletOnboardingStatus("failed")).toBe("failure");
    expect(walletOnboardingStatus("CANCELLED")).toBe("failure");
    expect(walletOnboardingStatus("maybe")).toBe("unknown");
    expect(walletOnboardingStatus(undefined)).toBe("unknown");
    expect(walletOnboardingStatus({ status: "success" })).toBe("unknown");
  });

  it("keeps a plain reference and drops one that could carry markup or is too long", () => {
    expect(parseWalletOnboardingSearch({ status: "success", reference: "WP-2026-0042" })).toEqual({
      status: "success",
      reference: "WP-2026-0042",
    });
    expect(parseWalletOnboardingSearch({ reference: 12345 })).toEqual({ reference: "12345" });
    expect(parseWalletOnboardingSearch({ status: "failure", reference: "<script>" })).toEqual({
      status: "failure",
    });
    expect(parseWalletOnboardingSearch({ reference: "A".repeat(65) })).toEqual({});
    expect(parseWalletOnboardingSearch({})).toEqual({});
  });
});
