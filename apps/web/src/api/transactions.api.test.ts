import { callTarget } from "@portal/domain/paths";
import { describe, expect, it } from "vitest";
import { orderListQuery } from "./orders.api.ts";
import {
  amountToMinor,
  listQueryOf,
  rangeParams,
  rangeQuery,
  transactionListQuery,
} from "./transactions.api.ts";

describe("list requests from the URL's table state", () => {
  it("sends amounts in minor units of the chosen currency (EGP without one)", () => {
    expect(amountToMinor("10.50", undefined)).toBe("1050");
    expect(amountToMinor("1.5", "OMR")).toBe("1500");
    expect(amountToMinor("abc", "EGP")).toBeUndefined();
  });
  it("builds a stable query with is_live, page, page_size and sort", () => {
    expect(
      transactionListQuery(
        { status: "success", amount_from: "10", currency: "USD", page: 2, sort: "-amount_cents" },
        false,
      ),
    ).toBe(
      "amount_from=1000&currency=USD&status=success&is_live=false&page=2&page_size=10&sort=-amount_cents",
    );
    expect(transactionListQuery({ amount_to: "x" }, true)).toBe("is_live=true&page=1&page_size=10");
  });
  it("sends picked days as the instants of the zone dates are shown in", () => {
    expect(transactionListQuery({ date_from: "2026-11-01", date_to: "2026-11-30" }, true, "Asia/Dubai")).toBe(
      `date_from=${encodeURIComponent("2026-10-31T20:00:00.000Z")}&date_to=${encodeURIComponent("2026-11-30T19:59:59.999Z")}&is_live=true&page=1&page_size=10`,
    );
  });
  it("orders keep only their own filters", () => {
    expect(orderListQuery({ status: "PAID", card_last4: "1234", page_size: 25 }, true)).toBe(
      "status=PAID&is_live=true&page=1&page_size=25",
    );
  });
  it("calls the contract's route with the same URL the query key names", () => {
    const query = transactionListQuery(
      { status: "success", currency: "EGP", amount_from: "10", page: 3 },
      true,
    );
    expect(callTarget("GET /api/transactions", { query: listQueryOf(query) })).toEqual({
      method: "GET",
      url: `/api/transactions?${query}`,
    });
    expect(callTarget("GET /api/bank/transactions/:id", { params: { id: 42 } }).url).toBe(
      "/api/bank/transactions/42",
    );
    expect(
      callTarget("GET /api/transactions/totals", {
        query: rangeParams(false, "2026-11-01", "2026-11-30", "UTC"),
      }).url,
    ).toBe(`/api/transactions/totals?${rangeQuery(false, "2026-11-01", "2026-11-30", "UTC")}`);
  });
});
