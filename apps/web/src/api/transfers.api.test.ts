import { callTarget } from "@portal/domain/paths";
import { describe, expect, it } from "vitest";
import { transferExportUrl } from "./transfers.api.ts";

/** The transfers client calls the contracts' routes at the addresses the server serves. */
describe("transfers calls", () => {
  it("the list, the transactions page, the status move and the export address", () => {
    expect(
      callTarget("GET /api/transfers", { query: { page: 2, page_size: 10, sort: "-day", is_live: true } })
        .url,
    ).toBe("/api/transfers?page=2&page_size=10&sort=-day&is_live=true");
    expect(
      callTarget("GET /api/transfers/:id/transactions", {
        params: { id: 5 },
        query: { page: 1, page_size: 25 },
      }).url,
    ).toBe("/api/transfers/5/transactions?page=1&page_size=25");
    expect(callTarget("POST /api/bank/transfers/:id/status", { params: { id: 5 } })).toMatchObject({
      method: "POST",
      url: "/api/bank/transfers/5/status",
    });
    expect(transferExportUrl(7, "xlsx")).toBe("/api/transfers/7/export?format=xlsx");
  });
});
