import { callTarget } from "@portal/domain/paths";
import { describe, expect, it } from "vitest";
import { exportDownloadUrl } from "./exports.api.ts";
import { orderListQuery, orderQueryOf } from "./orders.api.ts";

/** The orders and exports clients call the contracts' routes at the URLs they asked for by hand before. */
describe("orders and exports calls", () => {
  it("the orders list, merchant and bank, asks the URL its query key names", () => {
    const query = orderListQuery({ status: "PAID", currency: "EGP", amount_from: "10", page: 2 }, true);
    expect(query).toContain("amount_from=1000");
    expect(callTarget("GET /api/orders", { query: orderQueryOf(query) })).toEqual({
      method: "GET",
      url: `/api/orders?${query}`,
    });
    expect(callTarget("GET /api/bank/orders", { query: orderQueryOf(query) }).url).toBe(
      `/api/bank/orders?${query}`,
    );
    expect(callTarget("DELETE /api/orders/:id", { params: { id: 9 } })).toEqual({
      method: "DELETE",
      url: "/api/orders/9",
    });
  });

  it("the export history's page and the download address", () => {
    expect(callTarget("GET /api/exports", { query: { page: 2, page_size: 10 } }).url).toBe(
      "/api/exports?page=2&page_size=10",
    );
    expect(exportDownloadUrl(7, "xlsx")).toBe("/api/exports/7/download?format=xlsx");
  });
});
