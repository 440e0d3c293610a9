import type { ActivationApplication } from "@portal/domain/api/activation";
import { describe, expect, it } from "vitest";
import { checkStep, EMPTY_FORM, formOf, neededDocuments, stepBody, stepOfField } from "./wizardForm.ts";

const EMPTY_APP: ActivationApplication = {
  status: "draft",
  country: "EGY",
  current_step: "business_info",
  completed_steps: [],
  business_info: null,
  payment_solutions: null,
  documents: null,
  settlements: null,
  terms: null,
  required_documents: [],
  files: [],
  submitted_at: null,
  updated_at: null,
};

describe("the wizard's form", () => {
  it("starts empty (national ID, bank account) and resumes from what was saved", () => {
    expect(formOf(EMPTY_APP)).toEqual(EMPTY_FORM);
    const saved = formOf({
      ...EMPTY_APP,
      business_info: {
        business_type: "individual",
        industry: "other",
        industry_other: "Handmade crafts",
        online_presence: null,
      },
      payment_solutions: { payment_solutions: ["pos"] },
      documents: { id_type: "passport" },
      settlements: { settlement_method: "wallet", wallet_phone: "01012345678" },
      terms: { terms_accepted: true },
    });
    expect(saved).toMatchObject({
      business_type: "individual",
      industry_other: "Handmade crafts",
      online_presence: "",
      payment_solutions: ["pos"],
      id_type: "passport",
      settlement_method: "wallet",
      wallet_phone: "01012345678",
      terms_accepted: true,
    });
  });

  it("sends each step's own fields (industry_other only for Other, one settlement form)", () => {
    const form = { ...EMPTY_FORM, business_type: "individual", industry: "retail", industry_other: "x" };
    expect(stepBody("business_info", form)).toEqual({
      business_type: "individual",
      industry: "retail",
      industry_other: null,
      online_presence: "",
    });
    expect(stepBody("settlements", { ...form, settlement_method: "wallet", wallet_phone: "1" })).toEqual({
      settlement_method: "wallet",
      wallet_phone: "1",
    });
  });

  it("checks with the shared rules and the spec's codes", () => {
    expect(checkStep("payment_solutions", EMPTY_FORM, EMPTY_APP)).toEqual({
      payment_solutions: "choose_payment_method",
    });
    expect(
      checkStep(
        "settlements",
        { ...EMPTY_FORM, settlement_method: "wallet", wallet_phone: "0101" },
        EMPTY_APP,
      ),
    ).toEqual({ wallet_phone: "phone_incorrect" });
    expect(
      checkStep(
        "settlements",
        {
          ...EMPTY_FORM,
          bank: "BM",
          account_name: "Nile Crafts Trading",
          account_number: "1002003004005",
          iban: "EG380019000500000000263180003",
        },
        EMPTY_APP,
      ),
    ).toEqual({ iban: "invalid_iban" });
    expect(checkStep("terms", EMPTY_FORM, EMPTY_APP)).toEqual({ terms_accepted: "terms_required" });
    expect(checkStep("documents", EMPTY_FORM, EMPTY_APP)).toHaveProperty(
      "national_id_front",
      "document_required",
    );
  });

  it("asks for the point-of-sale papers only with point of sale, and names each field's step", () => {
    expect(neededDocuments({ ...EMPTY_FORM, business_type: "individual" })).toEqual([
      "national_id_front",
      "national_id_back",
      "proof_of_residence",
    ]);
    expect(neededDocuments({ ...EMPTY_FORM, id_type: "passport", payment_solutions: ["pos"] })).toContain(
      "utility_bill",
    );
    expect(stepOfField("iban")).toBe("settlements");
    expect(stepOfField("tax_card")).toBe("documents");
    expect(stepOfField("industry_other")).toBe("business_info");
  });
});
