import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { checkProduct, emptyProduct, productBody, serverProblems } from "./productForm.ts";

const filled = () => ({
  ...emptyProduct(),
  name: "Mug",
  price: "250.50",
  inventory: "3",
  integrationIds: ["7"],
  deliveryNeeded: true,
  allowQuantityEdit: false,
});

describe("the product form's rules", () => {
  it("stars the required fields: each missing one is 'required', no payment method is 'select one'", () => {
    expect(checkProduct({ ...emptyProduct(), currency: null })).toEqual({
      name: "required",
      currency: "required",
      price: "required",
      inventory: "required",
      integrationIds: "selectPayment",
      deliveryNeeded: "required",
      allowQuantityEdit: "required",
    });
    expect(checkProduct(filled())).toEqual({});
  });

  it("applies the spec's limits: 1000 characters, valid amounts, whole inventories, no HTML", () => {
    expect(checkProduct({ ...filled(), description: "x".repeat(1000) })).toEqual({});
    expect(checkProduct({ ...filled(), description: "x".repeat(1001) })).toEqual({
      description: "descriptionTooLong",
    });
    expect(checkProduct({ ...filled(), price: "0" })).toEqual({ price: "invalidAmount" });
    expect(checkProduct({ ...filled(), price: "1.234" })).toEqual({ price: "invalidAmount" });
    expect(checkProduct({ ...filled(), inventory: "1.5" })).toEqual({ inventory: "invalidInteger" });
    expect(checkProduct({ ...filled(), name: "<b>Mug</b>" })).toEqual({ name: "htmlTags" });
  });

  it("sends minor units and numbers", () => {
    expect(productBody({ ...filled(), price: "٢٥٠٫٥٠".replace("٫", ".") })).toMatchObject({
      price_cents: 25050,
      inventory: 3,
      integration_ids: [7],
      currency: "EGP",
      delivery_needed: true,
      allow_quantity_edit: false,
      description: null,
    });
  });

  it("reads the server's field answers, the used merchant product id among them", () => {
    const duplicate = new ApiError("http", 409, {
      detail: "Merchant Product ID already exists",
      code: "duplicate_product_id",
      fields: { merchant_product_id: ["Merchant Product ID already exists"] },
    });
    expect(serverProblems(duplicate)).toEqual({ merchantProductId: "duplicateId" });
    const invalid = new ApiError("http", 400, {
      fields: {
        description: ["Maximum allowed characters length is 1000 characters"],
        integration_ids: ["Choose payment methods that take USD."],
      },
    });
    expect(serverProblems(invalid)).toEqual({
      description: "descriptionTooLong",
      integrationIds: "methodsInvalid",
    });
    expect(serverProblems(new ApiError("http", 500, undefined))).toBeUndefined();
  });
});
