import { describe, expect, it } from "vitest";
import { checkInvoiceDraft, invoiceProblemText, zonedInstant } from "./invoices.ts";

const valid = {
  fullName: "هناء سمير",
  phoneNumber: "٠١٠٠٥٥٥٠٠٠٠",
  email: "hana@example.com",
  orderName: "Consulting",
  orderAmount: "12.345",
  currency: "omr",
  gatewayType: [3, 3, 4],
  deliveryNeeded: true,
};

describe("checkInvoiceDraft", () => {
  it("normalises what it accepts: digits, currency, amount in minor units, methods once", () => {
    const check = checkInvoiceDraft(valid);
    expect(check).toEqual({
      ok: true,
      values: expect.objectContaining({
        phoneNumber: "01005550000",
        currency: "OMR",
        amountCents: 12_345,
        integrationIds: [3, 4],
        merchantOrderId: null,
        orderDescription: null,
        deliveryNeeded: true,
        expiry: null,
      }),
    });
  });

  it("names one problem per field, in the spec's words", () => {
    const check = checkInvoiceDraft({ ...valid, orderAmount: "1.2345", currency: "XXX", expiryHour: 5 });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toEqual({
      currency: "select_currency",
      orderAmount: "invalid_amount",
      expiryDate: "required",
    });
    expect(invoiceProblemText("select_payment")).toBe("Please select one payment at least.");
    expect(invoiceProblemText("invalid_date")).toBe("Please enter a valid date.");
  });
});

describe("zonedInstant", () => {
  it("reads a local date and hour in the zone, summer time included", () => {
    expect(zonedInstant("2026-01-15", 10, "Africa/Cairo").toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(zonedInstant("2026-07-15", 10, "Africa/Cairo").toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(zonedInstant("2026-07-15", 0, "Asia/Karachi").toISOString()).toBe("2026-07-14T19:00:00.000Z");
    expect(zonedInstant("2026-07-15", 23, "Asia/Dubai").toISOString()).toBe("2026-07-15T19:00:00.000Z");
  });
});
