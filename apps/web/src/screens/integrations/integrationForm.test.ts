import { callTarget } from "@portal/domain/paths";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { integrationListQuery, newIntegrationBody } from "../../api/integrations.api.ts";
import { addFailureMessage, addIntegrationSchema, callbacksSchema, formProblem } from "./integrationForm.ts";

const valid = {
  name: "Shop",
  type: "online",
  currency: "EGP",
  mode: "test",
  processed_callback_url: "",
  response_callback_url: "",
};

describe("the add integration form", () => {
  it("needs a name; callback urls are optional", () => {
    expect(addIntegrationSchema.safeParse(valid).success).toBe(true);
    const noName = addIntegrationSchema.safeParse({ ...valid, name: "   " });
    expect(noName.success).toBe(false);
    expect(noName.error?.issues[0]?.message).toBe("nameRequired");
  });

  it("takes only the spec's integration types", () => {
    for (const type of ["online", "moto", "cash", "vodafone", "card_present", "installments"]) {
      expect(addIntegrationSchema.safeParse({ ...valid, type }).success).toBe(true);
    }
    expect(addIntegrationSchema.safeParse({ ...valid, type: "paypal" }).success).toBe(false);
  });

  it("refuses callback urls that are not http(s), with the server's rule", () => {
    const bad = callbacksSchema.safeParse({ processed_callback_url: "ftp://x", response_callback_url: "" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("invalidUrl");
    // The one URL rule (validation.ts isHttpUrl): a host without a dot is refused here as on the server; the
    // form's own check let "https://shop" through and the server answered 400.
    for (const url of ["https://shop", "javascript:alert(1)", "https://a b.example/cb"]) {
      expect(
        callbacksSchema.safeParse({ processed_callback_url: url, response_callback_url: "" }).success,
        url,
      ).toBe(false);
    }
    expect(
      callbacksSchema.safeParse({ processed_callback_url: "https://a.example/cb", response_callback_url: "" })
        .success,
    ).toBe(true);
    expect(formProblem("invalidUrl")).toBe("invalidUrl");
    expect(formProblem("something else")).toBeUndefined();
  });

  it("shows 'Cannot create this integration.' for a 403 only", () => {
    expect(addFailureMessage(new ApiError("http", 403, { code: "integration_403" }))).toBe("cannotCreate");
    expect(addFailureMessage(new ApiError("http", 403, { code: "csrf" }))).toBe("generic");
    expect(addFailureMessage(new ApiError("http", 400, { code: "invalid" }))).toBe("generic");
    expect(addFailureMessage(new ApiError("network", 0, undefined))).toBe("generic");
  });
});

describe("integration requests", () => {
  it("leaves empty callback urls out and trims the rest", () => {
    expect(
      newIntegrationBody({
        name: " Shop ",
        type: "cash",
        currency: "EGP",
        is_live: false,
        processed_callback_url: " ",
        response_callback_url: " https://a.example/r ",
      }),
    ).toEqual({
      name: "Shop",
      type: "cash",
      currency: "EGP",
      is_live: false,
      response_callback_url: "https://a.example/r",
    });
  });

  it("asks one page of the current mode", () => {
    expect(callTarget("GET /api/integrations", { query: integrationListQuery(true, 2, 25) }).url).toBe(
      "/api/integrations?is_live=true&page=2&page_size=25",
    );
  });
});
