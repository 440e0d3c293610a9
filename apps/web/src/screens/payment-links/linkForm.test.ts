import { describe, expect, it } from "vitest";
import { parseLinkSearch } from "../../lib/linkSearch.ts";
import { EMPTY_LINK_FORM, linkBody } from "./linkForm.ts";

const NOW = new Date("2026-05-01T10:00:00Z");

describe("the create payment link form", () => {
  it("turns typed values into the contract's body: minor units, trimmed text, the limit or unlimited", () => {
    const result = linkBody(
      {
        ...EMPTY_LINK_FORM,
        amount: "١٥٠.٥٠",
        currency: "EGP",
        methods: ["card", "kiosk"],
        reference: " R-1 ",
        firstName: "Mona",
        email: "mona@example.com",
        phone: "+201001234567",
        expiresAt: "2026-05-02T10:00",
        unlimited: true,
        logoImageId: "a".repeat(32),
      },
      false,
      NOW,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({
      is_live: false,
      amount_cents: 15050,
      currency: "EGP",
      methods: ["card", "kiosk"],
      reference: "R-1",
      first_name: "Mona",
      last_name: undefined,
      use_limit: null,
      logo_image_id: "a".repeat(32),
    });
    expect(result.body.expires_at).toMatch(/^2026-05-0[12]T/);
  });

  it("names every problem with the spec's message key", () => {
    expect(linkBody({ ...EMPTY_LINK_FORM, amount: "5", methods: ["card"] }, true, NOW)).toEqual({
      ok: false,
      problems: { currency: "selectCurrency" },
    });
    const result = linkBody(
      {
        ...EMPTY_LINK_FORM,
        currency: "EGP",
        amount: "0",
        email: "x@",
        phone: "12",
        description: "<b>x</b>",
        expiresAt: "2020-01-01T00:00",
        limit: "0",
      },
      true,
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        amount: "invalidAmount",
        methods: "selectPayment",
        email: "invalidEmail",
        phone: "invalidPhone",
        description: "htmlTags",
        expiresAt: "expiryPast",
        limit: "invalidNumber",
      },
    });
    expect(linkBody({ ...EMPTY_LINK_FORM, currency: "EGP", methods: ["card"] }, true, NOW)).toEqual({
      ok: false,
      problems: { amount: "required" },
    });
  });
});

describe("the payment links list's URL", () => {
  it("keeps known values and drops the rest", () => {
    expect(
      parseLinkSearch({ page: "2", page_size: "25", status: "expired", search: " REF ", open: "7" }),
    ).toEqual({
      page: 2,
      page_size: 25,
      status: "expired",
      search: "REF",
      open: 7,
    });
    expect(parseLinkSearch({ page: "-1", page_size: "7", status: "evil", search: "", open: "x" })).toEqual(
      {},
    );
  });
});
