import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  accountHolderNameSchema,
  amountSchema,
  bankAccountNumberSchema,
  emailSchema,
  fullNameSchema,
  httpUrlSchema,
  ibanSchema,
  nationalNumberSchema,
  phoneSchema,
  plainTextSchema,
  productDescriptionSchema,
  requiredPlainText,
  websiteUrlSchema,
} from "./validation-schemas.ts";

/** The issue codes a schema reports for an input. */
const codes = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe("validation schemas", () => {
  it("report 'required' alone for missing or blank input", () => {
    for (const schema of [emailSchema, phoneSchema, fullNameSchema, ibanSchema, amountSchema("EGP")]) {
      expect(codes(schema, "")).toEqual(["required"]);
      expect(codes(schema, "   ")).toEqual(["required"]);
      expect(codes(schema, undefined)).toEqual(["required"]);
    }
  });

  it("report each rule's code", () => {
    expect(codes(emailSchema, "nope")).toEqual(["invalid_email"]);
    expect(codes(phoneSchema, "123")).toEqual(["invalid_phone"]);
    expect(codes(fullNameSchema, "Ahmed")).toEqual(["invalid_full_name"]);
    expect(codes(httpUrlSchema, "shop.com")).toEqual(["invalid_url"]);
    expect(codes(websiteUrlSchema, "not a url")).toEqual(["invalid_url"]);
    expect(codes(bankAccountNumberSchema, "123")).toEqual(["invalid_bank_account"]);
    expect(codes(ibanSchema, "EG38")).toEqual(["invalid_iban"]);
    expect(codes(nationalNumberSchema, "123")).toEqual(["invalid_national_number"]);
    expect(codes(accountHolderNameSchema, "Ahmed")).toEqual(["invalid_account_holder"]);
    expect(codes(plainTextSchema, "<b>hi</b>")).toEqual(["html_tags"]);
    expect(codes(requiredPlainText(), "<i>x</i>")).toEqual(["html_tags"]);
    expect(codes(productDescriptionSchema, "x".repeat(1001))).toEqual(["description_too_long"]);
    expect(codes(productDescriptionSchema, "x".repeat(1000))).toEqual([]);
  });

  it("normalise what they accept", () => {
    expect(emailSchema.parse("  a@b.com ")).toBe("a@b.com");
    expect(phoneSchema.parse("+٢٠١٠١٠١٠١٠١٠")).toBe("+201010101010");
    expect(ibanSchema.parse("eg38 0019 0005 0000 0000 2631 8000 2")).toBe("EG380019000500000000263180002");
    expect(bankAccountNumberSchema.parse("١٢٣٤٥٦٧٨٩٠")).toBe("1234567890");
    expect(nationalNumberSchema.parse("29001011234567")).toBe("29001011234567");
    expect(accountHolderNameSchema.parse(" Ahmed   Ali ")).toBe("Ahmed Ali");
  });

  it("parse amounts to minor units of the currency", () => {
    expect(amountSchema("EGP").parse("149.99")).toBe(14999);
    expect(amountSchema("OMR").parse("149.99")).toBe(149990);
    expect(amountSchema("EGP").parse("١٤٩٫٩٩")).toBe(14999);
    for (const bad of ["0", "0.00", "-1", "1.999", "abc", "1,000"])
      expect(codes(amountSchema("EGP"), bad), bad).toEqual(["invalid_amount"]);
  });
});
