import { describe, expect, it } from "vitest";
import { parseRequestToPaySearch } from "./requestToPaySearch.ts";

describe("the Request to pay list's search", () => {
  it("keeps a known state, a page after the first and a listed page size", () => {
    expect(parseRequestToPaySearch({ state: "paid", page: "3", page_size: "25" })).toEqual({
      state: "paid",
      page: 3,
      page_size: 25,
    });
  });
  it("drops unknown states, the first page, odd sizes and anything else", () => {
    expect(parseRequestToPaySearch({ state: "stolen", page: "1", page_size: "7", other: "x" })).toEqual({
      state: undefined,
      page: undefined,
      page_size: undefined,
    });
    expect(parseRequestToPaySearch({ page: "-2" }).page).toBeUndefined();
  });
});
