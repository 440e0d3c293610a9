import {
  ACTIVATION_STEPS,
  type ActivationDocumentKind,
  type ActivationFieldErrors,
  type ActivationMessageCode,
  type ActivationStep,
  type BusinessType,
  OTHER_INDUSTRY,
  requiredDocumentKinds,
  validateBusinessInfo,
  validateDocuments,
  validatePaymentSolutions,
  validateSettlements,
  validateTerms,
} from "@portal/domain/activation";
import type { ActivationApplication } from "@portal/domain/api/activation";

/**
 * The wizard's values as typed, kept free of React: built from the saved application (so a reload or another
 * device resumes with what was saved), checked by the shared rules of packages/domain/src/activation.ts before
 * each save (the server checks again), and turned into each step's body.
 */
export interface WizardForm {
  business_type: string;
  industry: string;
  industry_other: string;
  online_presence: string;
  payment_solutions: string[];
  id_type: string;
  settlement_method: string;
  bank: string;
  account_name: string;
  account_number: string;
  iban: string;
  wallet_phone: string;
  terms_accepted: boolean;
}

export const EMPTY_FORM: WizardForm = {
  business_type: "",
  industry: "",
  industry_other: "",
  online_presence: "",
  payment_solutions: [],
  id_type: "national_id",
  settlement_method: "bank_account",
  bank: "",
  account_name: "",
  account_number: "",
  iban: "",
  wallet_phone: "",
  terms_accepted: false,
};

export function formOf(app: ActivationApplication): WizardForm {
  const form: WizardForm = { ...EMPTY_FORM, payment_solutions: [] };
  if (app.business_info) {
    form.business_type = app.business_info.business_type;
    form.industry = app.business_info.industry;
    form.industry_other = app.business_info.industry_other ?? "";
    form.online_presence = app.business_info.online_presence ?? "";
  }
  if (app.payment_solutions) form.payment_solutions = [...app.payment_solutions.payment_solutions];
  if (app.documents) form.id_type = app.documents.id_type;
  const s = app.settlements;
  if (s?.settlement_method === "bank_account") {
    form.settlement_method = "bank_account";
    form.bank = s.bank;
    form.account_name = s.account_name;
    form.account_number = s.account_number;
    form.iban = s.iban;
  } else if (s?.settlement_method === "wallet") {
    form.settlement_method = "wallet";
    form.wallet_phone = s.wallet_phone;
  }
  form.terms_accepted = app.terms?.terms_accepted === true;
  return form;
}

/** The body of PUT /api/activation/steps/:step for a step. */
export function stepBody(step: ActivationStep, f: WizardForm): Record<string, unknown> {
  switch (step) {
    case "business_info":
      return {
        business_type: f.business_type,
        industry: f.industry,
        industry_other: f.industry === OTHER_INDUSTRY ? f.industry_other : null,
        online_presence: f.online_presence,
      };
    case "payment_solutions":
      return { payment_solutions: f.payment_solutions };
    case "documents":
      return { id_type: f.id_type };
    case "settlements":
      return f.settlement_method === "wallet"
        ? { settlement_method: "wallet", wallet_phone: f.wallet_phone }
        : {
            settlement_method: f.settlement_method,
            bank: f.bank,
            account_name: f.account_name,
            account_number: f.account_number,
            iban: f.iban,
          };
    case "terms":
      return { terms_accepted: f.terms_accepted };
  }
}

/** The documents the step needs with the values as typed (the ID type of the form, the rest as saved). */
export function neededDocuments(f: WizardForm): ActivationDocumentKind[] {
  return requiredDocumentKinds(
    f.id_type === "passport" ? "passport" : "national_id",
    (f.business_type || null) as BusinessType | null,
    f.payment_solutions,
  );
}

/** A step's problems by the shared rules, before anything is sent. */
export function checkStep(
  step: ActivationStep,
  f: WizardForm,
  app: Pick<ActivationApplication, "country" | "files">,
): ActivationFieldErrors {
  switch (step) {
    case "business_info":
      return validateBusinessInfo(stepBody(step, f) as Parameters<typeof validateBusinessInfo>[0]);
    case "payment_solutions":
      return validatePaymentSolutions({ payment_solutions: f.payment_solutions });
    case "documents":
      return validateDocuments(
        { id_type: f.id_type },
        app.files.map((file) => file.kind),
        {
          business_type: (f.business_type || null) as BusinessType | null,
          payment_solutions: f.payment_solutions,
        },
      );
    case "settlements":
      return validateSettlements(app.country, stepBody(step, f) as Parameters<typeof validateSettlements>[1]);
    case "terms":
      return validateTerms({ terms_accepted: f.terms_accepted });
  }
}

/** The codes the wizard can translate; anything else the server says falls back to the generic text. */
export function knownCode(
  code: string | undefined,
  known: Record<string, unknown>,
): code is ActivationMessageCode {
  return code !== undefined && Object.hasOwn(known, code);
}

/** Which step a refused field belongs to (the submit's errors name fields of every step). */
export function stepOfField(field: string): ActivationStep {
  if (["business_type", "industry", "industry_other", "online_presence"].includes(field))
    return "business_info";
  if (field === "payment_solutions") return "payment_solutions";
  if (["settlement_method", "bank", "account_name", "account_number", "iban", "wallet_phone"].includes(field))
    return "settlements";
  if (field === "terms_accepted") return "terms";
  return "documents";
}

export const STEP_COUNT = ACTIVATION_STEPS.length;
export const indexOfStep = (step: ActivationStep) => ACTIVATION_STEPS.indexOf(step);
