import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cardBrand,
  caretAfterDigits,
  cvvProblem,
  digitsOf,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  holderProblem,
  luhnValid,
  panProblem,
  parseExpiry,
  phoneValid,
} from "./card.ts";

const TEST_CARDS = [
  "5123456789012346",
  "5123450000000008",
  "4111111111111111",
  "4000000000000002",
  "4000000000003220",
  "4000000000003063",
  "4000000000000259",
  "4000000000000119",
];

/** The digit that makes `body` pass the Luhn check. */
function checkDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  throw new Error("no check digit");
}

describe("luhnValid", () => {
  it("accepts every documented test card", () => {
    for (const pan of TEST_CARDS) expect(luhnValid(pan), pan).toBe(true);
  });

  it("rejects a wrong check digit and non-digits", () => {
    expect(luhnValid("5123456789012345")).toBe(false);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("4111 1111 1111 1111")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });

  it("catches every single-digit typing mistake", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 11, maxLength: 18 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, where, delta) => {
          const pan = `${body}${checkDigit(body)}`;
          expect(luhnValid(pan)).toBe(true);
          const i = where % pan.length;
          const wrong = `${pan.slice(0, i)}${(Number(pan[i]) + delta) % 10}${pan.slice(i + 1)}`;
          expect(luhnValid(wrong)).toBe(false);
        },
      ),
    );
  });
});

describe("cardBrand", () => {
  it("detects Visa and both Mastercard ranges", () => {
    expect(cardBrand("4111111111111111")).toBe("visa");
    expect(cardBrand("4")).toBe("visa");
    expect(cardBrand("5123456789012346")).toBe("mastercard");
    expect(cardBrand("55")).toBe("mastercard");
    expect(cardBrand("2221000000000009")).toBe("mastercard");
    expect(cardBrand("2720990000000000")).toBe("mastercard");
  });

  it("leaves other prefixes unbranded", () => {
    expect(cardBrand("")).toBeNull();
    expect(cardBrand("5")).toBeNull();
    expect(cardBrand("5012345678901234")).toBeNull();
    expect(cardBrand("5612345678901234")).toBeNull();
    expect(cardBrand("2220999999999999")).toBeNull();
    expect(cardBrand("2721000000000000")).toBeNull();
    expect(cardBrand("371449635398431")).toBeNull();
  });
});

describe("formatCardNumber", () => {
  it("groups digits by four and drops everything else", () => {
    expect(formatCardNumber("5123456789012346")).toBe("5123 4567 8901 2346");
    expect(formatCardNumber("5123-4567 89")).toBe("5123 4567 89");
    expect(formatCardNumber("4111")).toBe("4111");
    expect(formatCardNumber("41111")).toBe("4111 1");
    expect(formatCardNumber("")).toBe("");
  });

  it("reads Arabic-Indic digits", () => {
    expect(formatCardNumber("٥١٢٣٤٥٦٧٨٩٠١٢٣٤٦")).toBe("5123 4567 8901 2346");
    expect(digitsOf("٤١١١ ۱۱۱۱")).toBe("41111111");
  });

  it("keeps at most 19 digits", () => {
    expect(digitsOf(formatCardNumber("1".repeat(25)))).toHaveLength(19);
  });

  it("is idempotent and keeps the digits", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789 -"), maxLength: 30 }), (input) => {
        const once = formatCardNumber(input);
        expect(formatCardNumber(once)).toBe(once);
        expect(digitsOf(once)).toBe(digitsOf(input).slice(0, 19));
      }),
    );
  });
});

describe("caretAfterDigits", () => {
  it("places the caret after the same number of digits", () => {
    expect(caretAfterDigits("5123 4567 89", 0)).toBe(0);
    expect(caretAfterDigits("5123 4567 89", 4)).toBe(4);
    expect(caretAfterDigits("5123 4567 89", 5)).toBe(6);
    expect(caretAfterDigits("5123 4567 89", 10)).toBe(12);
    expect(caretAfterDigits("5123", 9)).toBe(4);
  });
});

describe("panProblem", () => {
  it("tells a missing number from an invalid one", () => {
    expect(panProblem("")).toBe("required");
    expect(panProblem("  ")).toBe("required");
    expect(panProblem("5123 4567 8901 2345")).toBe("invalid");
    expect(panProblem("4242")).toBe("invalid");
    expect(panProblem("5123 4567 8901 2346")).toBeNull();
  });
});

describe("expiry", () => {
  const now = new Date(2026, 4, 15); // 15 May 2026

  it("formats as MM/YY while typing", () => {
    expect(formatExpiry("0")).toBe("0");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("01")).toBe("01");
    expect(formatExpiry("013")).toBe("01/3");
    expect(formatExpiry("0139")).toBe("01/39");
    expect(formatExpiry("01/39")).toBe("01/39");
    expect(formatExpiry("4")).toBe("04");
    expect(formatExpiry("439")).toBe("04/39");
    expect(formatExpiry("1/")).toBe("01/");
    expect(formatExpiry("01392")).toBe("01/39");
    expect(formatExpiry("٠١٣٩")).toBe("01/39");
  });

  it("parses two- and four-digit years", () => {
    expect(parseExpiry("01/39")).toEqual({ month: 1, year: 2039 });
    expect(parseExpiry("12/2030")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1/30")).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("00/30")).toBeNull();
    expect(parseExpiry("0130")).toBeNull();
    expect(parseExpiry("01/3")).toBeNull();
  });

  it("accepts the current month and later, refuses the past and the absurd", () => {
    expect(expiryProblem("", now)).toBe("required");
    expect(expiryProblem("1/", now)).toBe("invalid");
    expect(expiryProblem("05/26", now)).toBeNull();
    expect(expiryProblem("04/26", now)).toBe("expired");
    expect(expiryProblem("12/25", now)).toBe("expired");
    expect(expiryProblem("01/39", now)).toBeNull();
    expect(expiryProblem("05/46", now)).toBeNull();
    expect(expiryProblem("06/46", now)).toBe("invalid");
  });
});

describe("cvvProblem", () => {
  it("wants 3 or 4 digits", () => {
    expect(cvvProblem("")).toBe("required");
    expect(cvvProblem("12")).toBe("invalid");
    expect(cvvProblem("123")).toBeNull();
    expect(cvvProblem("1234")).toBeNull();
    expect(cvvProblem("12345")).toBe("invalid");
    expect(cvvProblem("12a")).toBe("invalid");
    expect(cvvProblem("١٢٣")).toBeNull();
  });
});

describe("holderProblem", () => {
  it("wants 2 to 100 characters", () => {
    expect(holderProblem(" ")).toBe("required");
    expect(holderProblem("A")).toBe("invalid");
    expect(holderProblem("Test Account")).toBeNull();
    expect(holderProblem("x".repeat(101))).toBe("invalid");
  });
});

describe("phoneValid", () => {
  it("accepts 8 to 15 digits with an optional +", () => {
    expect(phoneValid("01010101010")).toBe(true);
    expect(phoneValid("+20 101 010 1010")).toBe(true);
    expect(phoneValid("٠١٠١٠١٠١٠١٠")).toBe(true);
    expect(phoneValid("0101")).toBe(false);
    expect(phoneValid("0101abc0101")).toBe(false);
    expect(phoneValid("1234567890123456")).toBe(false);
  });
});
