import { describe, expect, it } from "vitest";
import { GATEWAY_TYPES, isCardPayment, isGatewayType, isKioskPayment } from "./gateways.ts";
import { transactionStatus } from "./transaction-types.ts";

describe("gateways", () => {
  it("lists the spec's gateway codes", () => {
    for (const code of ["VPC", "CARDS", "CASH", "UIG", "CAGG", "PREMIUM", "VALU", "MPAY", "PAYPAL", "GET_GO"])
      expect(isGatewayType(code)).toBe(true);
    expect(GATEWAY_TYPES).toContain("omannet");
    expect(isGatewayType("cagg")).toBe(false);
  });

  it("recognises kiosk payments by gateway or source", () => {
    expect(isKioskPayment({ gatewayType: "CAGG" })).toBe(true);
    expect(isKioskPayment({ gatewayType: "aggregator" })).toBe(true);
    expect(isKioskPayment({ sourceType: "AGGREGATOR" })).toBe(true);
    expect(isKioskPayment({ gatewayType: "VPC", sourceType: "card" })).toBe(false);
    expect(isKioskPayment({})).toBe(false);
  });

  it("recognises card payments", () => {
    expect(isCardPayment({ sourceType: "card" })).toBe(true);
    expect(isCardPayment({ gatewayType: "CARDS" })).toBe(true);
    expect(isCardPayment({ gatewayType: "card_present" })).toBe(true);
    expect(isCardPayment({ gatewayType: "UIG", sourceType: "wallet" })).toBe(false);
    expect(isCardPayment({ gatewayType: "CAGG", sourceType: "aggregator" })).toBe(false);
  });
});

describe("transactionStatus", () => {
  it("is pending, success or declined", () => {
    expect(transactionStatus({ pending: true, success: false })).toBe("pending");
    expect(transactionStatus({ pending: false, success: true })).toBe("success");
    expect(transactionStatus({ pending: false, success: false })).toBe("declined");
  });
});
