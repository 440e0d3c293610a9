import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTIVATION_MESSAGES,
  BANKS,
  checkUploadCandidate,
  IBAN_RULES,
  ibanCheckDigits,
  ibanChecksumValid,
  isCountryIban,
  isWalletPhone,
  requiredDocumentKinds,
  validateBusinessInfo,
  validateDocuments,
  validatePaymentSolutions,
  validateSettlements,
  validateTerms,
} from "./activation.ts";
import { ACTIVATION_TERMS } from "./activation-terms.ts";
import { COUNTRIES, COUNTRY_INFO } from "./countries.ts";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".split("");
const bbanOf = (length: number) =>
  fc.array(fc.constantFrom(...ALNUM), { minLength: length, maxLength: length });

/** A valid IBAN of the country: its prefix (EG for Egypt), a BBAN of the right length, the check digits. */
const ibanArb = (country: (typeof COUNTRIES)[number]) => {
  const rule = IBAN_RULES[country];
  const code = rule.prefix ?? COUNTRY_INFO[country].iso2;
  return fc
    .integer({ min: rule.min, max: rule.max })
    .chain((length) => bbanOf(length - 4))
    .map((chars) => {
      const bban = chars.join("");
      return `${code}${ibanCheckDigits(code, bban)}${bban}`;
    });
};

describe("IBAN (ISO 13616 mod 97)", () => {
  it("knows real IBANs of the five countries", () => {
    expect(isCountryIban("EGY", "EG380019000500000000263180002")).toBe(true);
    expect(isCountryIban("ARE", "AE070331234567890123456")).toBe(true);
    expect(isCountryIban("SAU", "SA0380000000608010167519")).toBe(true);
    expect(isCountryIban("PAK", "PK36SCBL0000001123456702")).toBe(true);
    expect(isCountryIban("OMN", "OM810180000001299123456")).toBe(true);
    // Typed in groups of four, lower case: still the same IBAN.
    expect(isCountryIban("SAU", "sa03 8000 0000 6080 1016 7519")).toBe(true);
  });

  for (const country of COUNTRIES) {
    it(`takes every well-formed ${country} IBAN and refuses it with any one character changed`, () => {
      fc.assert(
        fc.property(ibanArb(country), fc.nat(), fc.nat(), (iban, at, pick) => {
          expect(isCountryIban(country, iban)).toBe(true);
          const i = 2 + (at % (iban.length - 2));
          // A digit for another digit, a letter for another letter: mod 97 detects every such substitution.
          const same = /\d/.test(iban[i]!) ? "0123456789" : "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
          const ch = same[pick % same.length]!;
          const changed = iban.slice(0, i) + ch + iban.slice(i + 1);
          if (changed !== iban) expect(isCountryIban(country, changed)).toBe(false);
        }),
      );
    });

    it(`refuses a ${country} IBAN of the wrong length even with right check digits`, () => {
      const rule = IBAN_RULES[country];
      const code = rule.prefix ?? "EG";
      fc.assert(
        fc.property(
          fc.oneof(fc.integer({ min: 6, max: rule.min - 1 }), fc.integer({ min: rule.max + 1, max: 40 })),
          fc.nat(),
          (length, salt) => {
            const bban = String(salt)
              .padStart(length - 4, "7")
              .slice(0, length - 4);
            const iban = `${code}${ibanCheckDigits(code, bban)}${bban}`;
            expect(ibanChecksumValid(iban)).toBe(true);
            expect(isCountryIban(country, iban)).toBe(false);
          },
        ),
      );
    });
  }

  it("wants the country's own prefix outside Egypt (Egypt takes the spec's 29 to 34 with any prefix)", () => {
    const bban = "0331234567890123456";
    const ae = `AE${ibanCheckDigits("AE", bban)}${bban}`;
    expect(isCountryIban("ARE", ae)).toBe(true);
    expect(isCountryIban("OMN", ae)).toBe(false);
    expect(isCountryIban("EGY", "EG380019000500000000263180002")).toBe(true);
    expect(isCountryIban("EGY", "EG380019000500000000263180003")).toBe(false);
  });
});

describe("settlements", () => {
  const bank = { settlement_method: "bank_account", bank: "NBE", account_name: "Ahmed Ali" };
  it("checks the account number: 10 to 30 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10,30}$/), (n) => {
        const errors = validateSettlements("EGY", {
          ...bank,
          account_number: n,
          iban: "EG380019000500000000263180002",
        });
        expect(errors).toEqual({});
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^\d{1,9}$/),
          fc.stringMatching(/^\d{31,40}$/),
          fc.stringMatching(/^\d*[a-z]\d*$/),
        ),
        (n) => {
          const errors = validateSettlements("EGY", {
            ...bank,
            account_number: n,
            iban: "EG380019000500000000263180002",
          });
          expect(errors.account_number).toBe("invalid_bank_account");
        },
      ),
    );
    expect(ACTIVATION_MESSAGES.invalid_bank_account).toBe(
      "Please make sure you insert a valid bank account number.",
    );
  });

  it("checks the account name: 2 to 4 Latin words", () => {
    const ok = ["Ahmed Ali", "Ahmed Mohamed Ali", "Sara Ahmed Mohamed Ali"];
    const bad = ["Ahmed", "A B C D E", "أحمد علي", "Ahmed 4li"];
    for (const name of ok)
      expect(validateSettlements("EGY", { ...bank, account_name: name }).account_name).toBeUndefined();
    for (const name of bad)
      expect(validateSettlements("EGY", { ...bank, account_name: name }).account_name).toBe(
        "invalid_account_holder",
      );
  });

  it("takes only the banks of the merchant's country", () => {
    for (const country of COUNTRIES) {
      expect(BANKS[country].length).toBeGreaterThanOrEqual(5);
      for (const b of BANKS[country]) {
        expect(b.ar).toMatch(/[\u0600-\u06ff]/);
        expect(validateSettlements(country, { ...bank, bank: b.code }).bank).toBeUndefined();
      }
    }
    expect(validateSettlements("ARE", { ...bank, bank: "NBE" }).bank).toBe("unknown_bank");
  });

  it("checks a wallet phone: required, then the country's mobile form", () => {
    expect(validateSettlements("EGY", { settlement_method: "wallet" })).toEqual({
      wallet_phone: "phone_required",
    });
    expect(validateSettlements("EGY", { settlement_method: "wallet", wallet_phone: "12345" })).toEqual({
      wallet_phone: "phone_incorrect",
    });
    expect(ACTIVATION_MESSAGES.phone_required).toBe("Phone number is required");
    expect(ACTIVATION_MESSAGES.phone_incorrect).toBe("Phone number is not correct");
    const ok: [(typeof COUNTRIES)[number], string][] = [
      ["EGY", "01012345678"],
      ["EGY", "+20 101 234 5678"],
      ["EGY", "٠١٠١٢٣٤٥٦٧٨"],
      ["ARE", "0501234567"],
      ["ARE", "+971501234567"],
      ["SAU", "0512345678"],
      ["PAK", "03001234567"],
      ["OMN", "92123456"],
    ];
    for (const [country, phone] of ok)
      expect(isWalletPhone(country, phone), `${country} ${phone}`).toBe(true);
    expect(isWalletPhone("EGY", "0501234567")).toBe(false);
    expect(isWalletPhone("SAU", "01012345678")).toBe(false);
  });
});

describe("business info, payment solutions, documents, terms", () => {
  it("asks to specify another industry in 3 to 100 characters without HTML", () => {
    const base = { business_type: "individual", industry: "other" };
    expect(validateBusinessInfo({ ...base })).toEqual({ industry_other: "required" });
    expect(validateBusinessInfo({ ...base, industry_other: "ab" })).toEqual({
      industry_other: "industry_other_short",
    });
    expect(validateBusinessInfo({ ...base, industry_other: "x".repeat(101) })).toEqual({
      industry_other: "industry_other_long",
    });
    expect(validateBusinessInfo({ ...base, industry_other: "<i>x</i>" })).toEqual({
      industry_other: "html_tags",
    });
    expect(validateBusinessInfo({ ...base, industry_other: "Candles" })).toEqual({});
    // Only "other" asks.
    expect(
      validateBusinessInfo({ business_type: "individual", industry: "retail", industry_other: "" }),
    ).toEqual({});
  });

  it("takes an optional online presence link: website, Facebook or Instagram page", () => {
    const base = { business_type: "registered_company", industry: "retail" };
    for (const link of ["", "https://shop.example.com", "www.facebook.com/shop", "instagram.com/shop"])
      expect(validateBusinessInfo({ ...base, online_presence: link })).toEqual({});
    for (const link of ["not a link", "javascript:alert(1)", "ftp://x.example.com"])
      expect(validateBusinessInfo({ ...base, online_presence: link })).toEqual({
        online_presence: "invalid_url",
      });
  });

  it("needs at least one payment method", () => {
    expect(validatePaymentSolutions({ payment_solutions: [] })).toEqual({
      payment_solutions: "choose_payment_method",
    });
    expect(ACTIVATION_MESSAGES.choose_payment_method).toBe("Choose at least one payment method.");
    expect(validatePaymentSolutions({ payment_solutions: ["qr"] })).toEqual({});
  });

  it("needs the documents of the business: ID, residence, company papers, point-of-sale papers", () => {
    expect(requiredDocumentKinds("passport", "individual", ["qr"])).toEqual([
      "passport",
      "proof_of_residence",
    ]);
    expect(requiredDocumentKinds("national_id", "registered_company", ["pos"])).toEqual([
      "national_id_front",
      "national_id_back",
      "proof_of_residence",
      "company_registration",
      "tax_card",
      "rent_contract",
      "utility_bill",
    ]);
    expect(
      validateDocuments({ id_type: "passport" }, ["passport", "proof_of_residence"], {
        business_type: "individual",
        payment_solutions: ["qr"],
      }),
    ).toEqual({});
    expect(
      validateDocuments({ id_type: "national_id" }, ["national_id_front"], { business_type: "individual" }),
    ).toEqual({
      national_id_back: "document_required",
      proof_of_residence: "document_required",
    });
  });

  it("needs the terms accepted", () => {
    expect(validateTerms({ terms_accepted: false })).toEqual({ terms_accepted: "terms_required" });
    expect(validateTerms({ terms_accepted: true })).toEqual({});
  });

  it("has 17 numbered terms sections in English and Arabic", () => {
    expect(ACTIVATION_TERMS.map((s) => s.number)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    for (const s of ACTIVATION_TERMS) {
      expect(s.title.en.length).toBeGreaterThan(3);
      expect(s.body.en.length).toBeGreaterThan(80);
      expect(s.title.ar).toMatch(/[\u0600-\u06ff]/);
      expect(s.body.ar).toMatch(/[\u0600-\u06ff]{3}/);
    }
  });
});

describe("upload candidates (the browser's first check)", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
  it("takes PNG and JPEG by their magic bytes, whatever the name", () => {
    expect(checkUploadCandidate({ bytes: png })).toBeUndefined();
    expect(checkUploadCandidate({ bytes: jpeg })).toBeUndefined();
  });
  it("refuses anything else, empty, too large, or a file already uploaded", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const isImage =
          (bytes[0] === 0x89 && bytes[1] === 0x50) ||
          (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff);
        if (!isImage) expect(checkUploadCandidate({ bytes })).toBe("file_type_not_accepted");
      }),
    );
    expect(checkUploadCandidate({ bytes: new Uint8Array() })).toBe("file_empty");
    const big = new Uint8Array(4 * 1024 * 1024 + 1);
    big.set(png);
    expect(checkUploadCandidate({ bytes: big })).toBe("file_too_large");
    expect(checkUploadCandidate({ bytes: png, sha256: "abc" }, ["abc"])).toBe("file_duplicate");
    expect(ACTIVATION_MESSAGES.file_type_not_accepted).toBe(
      "The uploaded file type is not accepted please upload a valid image.",
    );
    expect(ACTIVATION_MESSAGES.file_too_large).toBe("Max size is 4MB.");
    expect(ACTIVATION_MESSAGES.file_duplicate).toBe("You have uploaded this file before.");
  });
});
