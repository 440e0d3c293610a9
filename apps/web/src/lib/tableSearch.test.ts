import { describe, expect, it } from "vitest";
import {
  allowedSort,
  listQueryString,
  parsePagingSearch,
  parseSort,
  parseTableSearch,
  serialiseSort,
  TRANSACTION_FILTERS,
  withFilters,
} from "./tableSearch.ts";

describe("table search state in the URL", () => {
  it("keeps known filters, paging and sort, and drops unknown or bad values", () => {
    expect(
      parseTableSearch(
        { page: "3", page_size: 25, sort: "-created_at", status: "success", order_id: 42, evil: "x", id: "" },
        TRANSACTION_FILTERS,
      ),
    ).toEqual({ page: 3, page_size: 25, sort: "-created_at", status: "success", order_id: "42" });
  });
  it("leaves defaults out: page 1 and page size 10; refuses sizes off the list and odd sorts", () => {
    expect(parseTableSearch({ page: 1, page_size: 10 }, TRANSACTION_FILTERS)).toEqual({});
    expect(parseTableSearch({ page: -2, page_size: 7, sort: "a;drop" }, TRANSACTION_FILTERS)).toEqual({});
    expect(parseTableSearch({ page: "2.5" }, TRANSACTION_FILTERS)).toEqual({});
  });
  it("serialises the list request in a stable order with page and size", () => {
    expect(listQueryString({ status: "success", currency: "EGP", sort: "amount" }, TRANSACTION_FILTERS)).toBe(
      "currency=EGP&status=success&page=1&page_size=10&sort=amount",
    );
    expect(listQueryString({ page: 2, page_size: 50 }, TRANSACTION_FILTERS, { mode: "test" })).toBe(
      "mode=test&page=2&page_size=50",
    );
  });
  it("applying filters replaces the old ones, keeps the sort and starts again at page 1", () => {
    expect(
      withFilters({ page: 4, sort: "-amount", status: "declined" }, TRANSACTION_FILTERS, {
        currency: " USD ",
        status: "",
      }),
    ).toEqual({ sort: "-amount", currency: "USD" });
  });
  it("round-trips the sort", () => {
    expect(parseSort("-amount")).toEqual({ id: "amount", desc: true });
    expect(serialiseSort(parseSort("created_at"))).toBe("created_at");
    expect(serialiseSort(null)).toBeUndefined();
  });
  it("parse of a parsed search is the same (idempotent), so reload keeps the view", () => {
    const once = parseTableSearch({ page: "2", status: "pending", amount_from: "10.5" }, TRANSACTION_FILTERS);
    expect(parseTableSearch({ ...once }, TRANSACTION_FILTERS)).toEqual(once);
  });
  it("paging-only lists keep page and page size and nothing else, so a reload keeps 'Show 25 entries'", () => {
    expect(parsePagingSearch({ page: "2", page_size: "25", sort: "-id", status: "x" })).toEqual({
      page: 2,
      page_size: 25,
    });
    expect(parsePagingSearch({ page: 1, page_size: 10 })).toEqual({});
    expect(parsePagingSearch({ page_size: 30 })).toEqual({});
    const once = parsePagingSearch({ page_size: "50" });
    expect(parsePagingSearch({ ...once })).toEqual(once);
  });
  it("keeps a sort only when the list's API accepts its column, in either direction", () => {
    expect(allowedSort("-amount_cents", ["created_at", "-created_at", "amount_cents"])).toBe("-amount_cents");
    expect(allowedSort("created_at", ["-created_at"])).toBe("created_at");
    expect(allowedSort("-status", ["created_at", "-created_at"])).toBeUndefined();
    expect(allowedSort(undefined, ["created_at"])).toBeUndefined();
  });
});
