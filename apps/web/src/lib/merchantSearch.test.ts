import { describe, expect, it } from "vitest";
import { parseAdminSearch, parseMerchantSearch } from "./merchantSearch.ts";

describe("the merchants summary's URL state", () => {
  it("keeps the filters the API takes and drops the others", () => {
    expect(parseMerchantSearch({ id: "42", mcc: "5411", status: "pending", page: "2" })).toEqual({
      id: "42",
      mcc: "5411",
      status: "pending",
      page: 2,
    });
    expect(parseMerchantSearch({ id: "4x", mcc: "54", status: "live", other: "x" })).toEqual({});
  });

  it("keeps a known stage on the admin page only", () => {
    expect(parseAdminSearch({ stage: "pending_verification" })).toEqual({ stage: "pending_verification" });
    expect(parseAdminSearch({ stage: "approved" })).toEqual({});
  });
});
