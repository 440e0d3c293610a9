import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./countries.ts";
import {
  canPayLink,
  linkExpiresAt,
  linkPayBlocker,
  orderDisplayStatus,
  type PayableLink,
  paymentLinkStatus,
} from "./orders.ts";

const HOUR = 3_600_000;

describe("orderDisplayStatus", () => {
  it("is PAID when the amount is covered, else UNPAID (outside Oman)", () => {
    for (const country of COUNTRIES.filter((c) => c !== "OMN")) {
      expect(orderDisplayStatus({ amount: 1000, paidAmount: 1000 }, country)).toBe("PAID");
      expect(orderDisplayStatus({ amount: 1000, paidAmount: 1500 }, country)).toBe("PAID");
      expect(orderDisplayStatus({ amount: 1000, paidAmount: 999 }, country)).toBe("UNPAID");
      expect(orderDisplayStatus({ amount: 1000, paidAmount: 0, paymentStatus: "PAID" }, country)).toBe(
        "UNPAID",
      );
    }
  });

  it("follows the server payment_status in Oman", () => {
    expect(orderDisplayStatus({ amount: 1000, paidAmount: 0, paymentStatus: "PAID" }, "OMN")).toBe("PAID");
    expect(orderDisplayStatus({ amount: 1000, paidAmount: 1000, paymentStatus: "UNPAID" }, "OMN")).toBe(
      "UNPAID",
    );
    expect(orderDisplayStatus({ amount: 1000, paidAmount: 0, paymentStatus: "paid" }, "OMN")).toBe("PAID");
    expect(orderDisplayStatus({ amount: 1000, paidAmount: 0, paymentStatus: "Cancelled" }, "OMN")).toBe(
      "CANCELED",
    );
  });

  it("falls back to UNPAID for an unknown or missing Oman status", () => {
    expect(orderDisplayStatus({ amount: 1000, paidAmount: 1000, paymentStatus: "REFUNDED" }, "OMN")).toBe(
      "UNPAID",
    );
    expect(orderDisplayStatus({ amount: 1000, paidAmount: 1000, paymentStatus: null }, "OMN")).toBe("UNPAID");
    expect(orderDisplayStatus({ amount: 1000, paidAmount: 1000 }, "OMN")).toBe("UNPAID");
  });

  it("is CANCELED when canceled, in every country", () => {
    for (const country of COUNTRIES)
      expect(
        orderDisplayStatus({ amount: 1, paidAmount: 1, paymentStatus: "PAID", canceled: true }, country),
      ).toBe("CANCELED");
  });

  it("matches amount <= paidAmount outside Oman (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.constantFrom("EGY", "ARE", "SAU", "PAK" as const),
        (amount, paid, c) => {
          return orderDisplayStatus({ amount, paidAmount: paid }, c) === (amount <= paid ? "PAID" : "UNPAID");
        },
      ),
    );
  });
});

describe("paymentLinkStatus", () => {
  it("reads the four states and their spellings", () => {
    expect(paymentLinkStatus("paid")).toBe("paid");
    expect(paymentLinkStatus("UNPAID")).toBe("unpaid");
    expect(paymentLinkStatus("deactivated")).toBe("deactivated");
    expect(paymentLinkStatus("disabled")).toBe("deactivated");
    expect(paymentLinkStatus("canceled")).toBe("canceled");
    expect(paymentLinkStatus("cancelled")).toBe("canceled");
  });

  it("falls back to unpaid", () => {
    expect(paymentLinkStatus("weird")).toBe("unpaid");
    expect(paymentLinkStatus(undefined)).toBe("unpaid");
    expect(paymentLinkStatus(null)).toBe("unpaid");
  });
});

describe("canPayLink", () => {
  const createdAt = new Date("2024-06-13T10:00:00Z");
  const open: PayableLink = { status: "unpaid", createdAt, expiresAt: new Date("2024-06-20T10:00:00Z") };
  const now = new Date("2024-06-14T10:00:00Z");

  it("allows an unpaid link before its expiry", () => {
    expect(canPayLink(open, now)).toBe(true);
    expect(linkPayBlocker({ ...open, remainingAttempts: 2 }, now)).toBeNull();
    expect(linkPayBlocker({ ...open, remainingAttempts: null }, now)).toBeNull();
  });

  it("refuses paid, deactivated (disabled) and canceled links", () => {
    expect(linkPayBlocker({ ...open, status: "paid" }, now)).toBe("paid");
    expect(linkPayBlocker({ ...open, status: "disabled" }, now)).toBe("deactivated");
    expect(linkPayBlocker({ ...open, status: "cancelled" }, now)).toBe("canceled");
    expect(canPayLink({ ...open, status: "deactivated" }, now)).toBe(false);
  });

  it("refuses an expired link and one with no attempts left", () => {
    expect(linkPayBlocker(open, new Date("2024-06-20T10:00:00Z"))).toBe("expired");
    expect(linkPayBlocker(open, new Date("2024-06-20T09:59:59.999Z"))).toBeNull();
    expect(linkPayBlocker({ ...open, remainingAttempts: 0 }, now)).toBe("no_attempts_left");
  });

  it("expires one hour after creation without an expiry date", () => {
    expect(linkExpiresAt(createdAt).getTime()).toBe(createdAt.getTime() + HOUR);
    const noExpiry: PayableLink = { status: "unpaid", createdAt, expiresAt: null };
    expect(canPayLink(noExpiry, new Date(createdAt.getTime() + HOUR - 1))).toBe(true);
    expect(canPayLink(noExpiry, new Date(createdAt.getTime() + HOUR))).toBe(false);
  });
});
