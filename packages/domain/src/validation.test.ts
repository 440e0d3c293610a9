import { describe, expect, it } from "vitest";
import {
  hasHtmlTags,
  isAccountHolderName,
  isBankAccountNumber,
  isEmail,
  isFullName,
  isHttpUrl,
  isIban,
  isIntegerString,
  isNationalNumber,
  isNumberString,
  isPhone,
  isWebsiteUrl,
  normalizeIban,
  VALIDATION_MESSAGES,
} from "./validation.ts";

describe("VALIDATION_MESSAGES", () => {
  it("quotes the spec's shared messages word for word", () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      required: "This field is required.",
      invalid_number: "Please enter valid number.",
      invalid_amount: "Please enter valid Amount.",
      invalid_integer: "Please enter integer number.",
      html_tags: "Please remove any HTML tags.",
      select_payment: "Please select one payment at least.",
      invalid_phone: "Please enter valid phone number.",
      invalid_full_name: "Please enter your full name.",
      invalid_email: "Please enter valid email.",
      invalid_url: "Please enter vallid url.",
      select_currency: "Please select one currency.",
      select_permission: "Please select one permission at least.",
      refund_exceeds_remaining: "Please enter the amount less than (Transaction amount - Refunded amount).",
      invalid_iban: "Incorrect IBAN.",
    });
  });
});

describe("predicates", () => {
  it("isEmail", () => {
    for (const ok of ["a@b.co", "first.last+tag@mail.example.com", "O'Neil@shop.eg", " x@y.com "])
      expect(isEmail(ok), ok).toBe(true);
    for (const bad of [
      "",
      "a",
      "a@b",
      "a@b.c",
      "a..b@c.com",
      ".a@c.com",
      "a.@c.com",
      "a@-b.com",
      "a b@c.com",
      "a@b..com",
    ])
      expect(isEmail(bad), bad).toBe(false);
    expect(isEmail(`${"a".repeat(250)}@b.com`)).toBe(false);
  });

  it("isPhone: 8 to 15 digits with an optional +", () => {
    for (const ok of ["01010101010", "+201010101010", "12345678", "+123456789012345", "٠١٠١٠١٠١٠١٠"])
      expect(isPhone(ok), ok).toBe(true);
    for (const bad of ["1234567", "+1234567890123456", "0101-010-1010", "++2010101010", "abc12345678", ""])
      expect(isPhone(bad), bad).toBe(false);
  });

  it("isFullName: Arabic or Latin words, spaces, apostrophes", () => {
    for (const ok of ["Test Account", "محمد علي", "Ahmed M. Ali", "Sean O'Neil", "José Álvarez", "مُحَمَّد أحمد"])
      expect(isFullName(ok), ok).toBe(true);
    for (const bad of [
      "Ahmed",
      "",
      "Ahmed  ..Ali",
      "Ahmed 2nd",
      "John <b>Doe</b>",
      "Иван Петров",
      "a..b c",
      "' ahmed ali",
    ])
      expect(isFullName(bad), bad).toBe(false);
  });

  it("hasHtmlTags", () => {
    for (const tagged of [
      "<b>x</b>",
      "hi <script>alert(1)</script>",
      "<img src=x onerror=y>",
      "</div>",
      "<!-- c -->",
    ])
      expect(hasHtmlTags(tagged), tagged).toBe(true);
    for (const plain of ["5 < 6 and 7 > 3", "<3", "a<b", "plain text", "إلكترونيات"])
      expect(hasHtmlTags(plain), plain).toBe(false);
  });

  it("isHttpUrl and isWebsiteUrl", () => {
    expect(isHttpUrl("https://shop.example.com/callback?x=1")).toBe(true);
    expect(isHttpUrl("http://localhost:3000/cb")).toBe(true);
    for (const bad of [
      "shop.example.com",
      "ftp://x.com",
      "javascript:alert(1)",
      "https://nodot",
      "https://a b.com",
      "https://shop.example.com/cb\u0000",
      "https://shop.example.com/\ud800",
      "",
    ])
      expect(isHttpUrl(bad), bad).toBe(false);
    expect(isWebsiteUrl("www.shop.com")).toBe(true);
    expect(isWebsiteUrl("https://facebook.com/shop")).toBe(true);
    expect(isWebsiteUrl("ftp://shop.com")).toBe(false);
    expect(isWebsiteUrl("not a url")).toBe(false);
  });

  it("number strings", () => {
    expect(isNumberString("12.5")).toBe(true);
    expect(isNumberString("١٢٫٥")).toBe(true);
    expect(isNumberString("12.")).toBe(false);
    expect(isNumberString("-1")).toBe(false);
    expect(isIntegerString("12")).toBe(true);
    expect(isIntegerString("12.0")).toBe(false);
  });

  it("isBankAccountNumber: 10 to 30 digits", () => {
    expect(isBankAccountNumber("1234567890")).toBe(true);
    expect(isBankAccountNumber("1".repeat(30))).toBe(true);
    expect(isBankAccountNumber("123456789")).toBe(false);
    expect(isBankAccountNumber("1".repeat(31))).toBe(false);
    expect(isBankAccountNumber("12345 67890")).toBe(false);
    expect(isBankAccountNumber("12345a67890")).toBe(false);
  });

  it("isIban: 29 to 34 letters or digits, spaces ignored", () => {
    const egyptian = "EG380019000500000000263180002"; // 29 characters
    expect(isIban(egyptian)).toBe(true);
    expect(isIban("eg38 0019 0005 0000 0000 2631 8000 2")).toBe(true);
    expect(normalizeIban("eg38 0019 0005 0000 0000 2631 8000 2")).toBe(egyptian);
    expect(isIban(egyptian.slice(0, 28))).toBe(false);
    expect(isIban("A".repeat(35))).toBe(false);
    expect(isIban(`${egyptian.slice(0, 28)}-`)).toBe(false);
  });

  it("isNationalNumber: 14 digits", () => {
    expect(isNationalNumber("29001011234567")).toBe(true);
    expect(isNationalNumber("٢٩٠٠١٠١١٢٣٤٥٦٧")).toBe(true);
    expect(isNationalNumber("2900101123456")).toBe(false);
    expect(isNationalNumber("290010112345678")).toBe(false);
  });

  it("isAccountHolderName: 2 to 4 Latin words", () => {
    for (const ok of ["Ahmed Ali", "Ahmed Mohamed Ali Hassan", " Ahmed  Ali "])
      expect(isAccountHolderName(ok), ok).toBe(true);
    for (const bad of ["Ahmed", "A B C D E", "أحمد علي", "Ahmed Ali2", "José Ali"])
      expect(isAccountHolderName(bad), bad).toBe(false);
  });
});
