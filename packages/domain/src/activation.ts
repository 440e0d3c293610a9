import type { Country } from "./countries.ts";
import { normalizeDigits } from "./digits.ts";
import {
  hasHtmlTags,
  isAccountHolderName,
  isBankAccountNumber,
  isWebsiteUrl,
  normalizeIban,
  VALIDATION_MESSAGES as V,
} from "./validation.ts";

/**
 * The account activation wizard's rules (issue 16 items 4 and 5; merchant-dashboard.md section 2 "Account
 * activation wizard", section 3 "Activation data", sections 5 and 9; docs/onboarding.md "Account activation").
 * Pure and shared: the server checks every saved step and the submit with these, the dashboard checks the same
 * fields as the merchant types. No zod here (the contract's schemas are in api/activation.ts).
 *
 * The five steps, in order, and what each saves:
 * - business_info: business_type, industry, industry_other (when industry is "other"), online_presence;
 * - payment_solutions: payment_solutions (at least one of PAYMENT_SOLUTIONS);
 * - documents: id_type (national_id or passport); the files themselves are uploaded one by one (their own
 *   route), and the step is complete when every required kind (requiredDocumentKinds) has a file;
 * - settlements: settlement_method "bank_account" (bank, account_name, account_number, iban) or "wallet"
 *   (wallet_phone);
 * - terms: terms_accepted (true).
 */

// ------------------------------------------------------------------------------------------------- the steps

export const ACTIVATION_STEPS = [
  "business_info",
  "payment_solutions",
  "documents",
  "settlements",
  "terms",
] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

export function isActivationStep(value: unknown): value is ActivationStep {
  return typeof value === "string" && (ACTIVATION_STEPS as readonly string[]).includes(value);
}

/** The application's state: a draft the merchant fills, then submitted (the bank reviews it; read only). */
export const ACTIVATION_STATUSES = ["draft", "submitted"] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

// ------------------------------------------------------------------------------------------------ the messages

/**
 * Every message of the wizard by stable code (English; the dashboard translates by code). The spec's own words
 * where it gives them; the rest is ours (docs/onboarding.md).
 */
export const ACTIVATION_MESSAGES = {
  required: V.required,
  html_tags: V.html_tags,
  invalid_url: V.invalid_url,
  choose_payment_method: V.choose_payment_method,
  phone_required: V.phone_required,
  phone_incorrect: V.phone_incorrect,
  invalid_bank_account: V.invalid_bank_account,
  invalid_iban: V.invalid_iban,
  invalid_account_holder: V.invalid_account_holder,
  file_too_large: V.file_too_large,
  file_type_not_accepted: V.file_type_not_accepted,
  file_duplicate: V.file_duplicate,
  files_uploading: V.files_uploading,
  // Ours below: the spec states these rules without wording.
  industry_other_short: "Please specify your industry in at least 3 characters.",
  industry_other_long: "Please specify your industry in at most 100 characters.",
  online_presence_long: "The link can be at most 300 characters.",
  unknown_option: "Choose an option from the list.",
  unknown_bank: "Choose your bank from the list.",
  document_required: "Please upload this document.",
  file_empty: "The uploaded file is empty.",
  file_name: "The file name is not accepted. Please rename the file and try again.",
  file_missing: "Choose an image to upload.",
  terms_required: "Please accept the terms and conditions to submit.",
  incomplete: "Please complete every step before submitting.",
  already_submitted: "Your application has been submitted and is waiting for the bank's review.",
  not_owner: "Only the account owner can activate the account.",
  submitted: "You have completed on boarding successfully.",
} as const;
export type ActivationMessageCode = keyof typeof ACTIVATION_MESSAGES;

/** A step's refusals: field name to the code of its first failed rule. Empty: the step is valid. */
export type ActivationFieldErrors = Partial<Record<string, ActivationMessageCode>>;

// ---------------------------------------------------------------------------------------------- business info

/** Business type, with the note the wizard shows under it (merchant-dashboard.md section 2). */
export const BUSINESS_TYPES = ["registered_company", "individual"] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, { en: string; ar: string }> = {
  registered_company: { en: "Registered Company", ar: "شركة مسجلة" },
  individual: { en: "Individual", ar: "فرد" },
};
export const BUSINESS_TYPE_NOTE = {
  en: "If your business has no registration papers (commercial register, tax card), it is most likely an Individual.",
  ar: "إذا لم يكن لنشاطك التجاري أوراق تسجيل (سجل تجاري وبطاقة ضريبية)، فالأرجح أنه فرد.",
} as const;

/** The industries the wizard lists; "other" asks the merchant to specify (3 to 100 characters). */
export const ACTIVATION_INDUSTRIES = [
  { code: "retail", en: "Retail", ar: "التجزئة" },
  { code: "food_beverage", en: "Food and beverage", ar: "الأغذية والمشروبات" },
  { code: "fashion", en: "Fashion and apparel", ar: "الأزياء والملابس" },
  { code: "electronics", en: "Electronics", ar: "الإلكترونيات" },
  { code: "health", en: "Health and pharmacies", ar: "الصحة والصيدليات" },
  { code: "education", en: "Education", ar: "التعليم" },
  { code: "travel", en: "Travel and tourism", ar: "السفر والسياحة" },
  { code: "services", en: "Professional services", ar: "الخدمات المهنية" },
  { code: "real_estate", en: "Real estate", ar: "العقارات" },
  { code: "transport", en: "Transport and logistics", ar: "النقل والخدمات اللوجستية" },
  { code: "entertainment", en: "Entertainment and events", ar: "الترفيه والفعاليات" },
  { code: "charity", en: "Charity and non-profit", ar: "الجمعيات الخيرية وغير الربحية" },
  { code: "other", en: "Other", ar: "أخرى" },
] as const;
export type ActivationIndustry = (typeof ACTIVATION_INDUSTRIES)[number]["code"];
export const OTHER_INDUSTRY: ActivationIndustry = "other";
export const INDUSTRY_OTHER_MIN = 3;
export const INDUSTRY_OTHER_MAX = 100;
export const ONLINE_PRESENCE_MAX = 300;

export interface BusinessInfo {
  business_type: BusinessType;
  industry: ActivationIndustry;
  /** Only with industry "other" (else null). */
  industry_other: string | null;
  /** Website, Facebook or Instagram page; optional (null when none). */
  online_presence: string | null;
}

const industryCodes = new Set<string>(ACTIVATION_INDUSTRIES.map((i) => i.code));

/** The step as typed (strings may be missing or empty); answers the field errors, empty when valid. */
export function validateBusinessInfo(input: {
  business_type?: string | null;
  industry?: string | null;
  industry_other?: string | null;
  online_presence?: string | null;
}): ActivationFieldErrors {
  const errors: ActivationFieldErrors = {};
  if (!input.business_type) errors.business_type = "required";
  else if (!(BUSINESS_TYPES as readonly string[]).includes(input.business_type))
    errors.business_type = "unknown_option";
  if (!input.industry) errors.industry = "required";
  else if (!industryCodes.has(input.industry)) errors.industry = "unknown_option";
  else if (input.industry === OTHER_INDUSTRY) {
    const other = (input.industry_other ?? "").trim();
    if (other === "") errors.industry_other = "required";
    else if (hasHtmlTags(other)) errors.industry_other = "html_tags";
    else if ([...other].length < INDUSTRY_OTHER_MIN) errors.industry_other = "industry_other_short";
    else if ([...other].length > INDUSTRY_OTHER_MAX) errors.industry_other = "industry_other_long";
  }
  const link = (input.online_presence ?? "").trim();
  if (link !== "") {
    if (link.length > ONLINE_PRESENCE_MAX) errors.online_presence = "online_presence_long";
    else if (!isWebsiteUrl(link)) errors.online_presence = "invalid_url";
  }
  return errors;
}

/** The saved form of a valid step: trimmed, industry_other only with "other", empty link as null. */
export function cleanBusinessInfo(input: BusinessInfo): BusinessInfo {
  const link = (input.online_presence ?? "").trim();
  return {
    business_type: input.business_type,
    industry: input.industry,
    industry_other: input.industry === OTHER_INDUSTRY ? (input.industry_other ?? "").trim() : null,
    online_presence: link === "" ? null : link,
  };
}

// ------------------------------------------------------------------------------------------ payment solutions

export const PAYMENT_SOLUTIONS = [
  { code: "online_card", en: "Online card payments", ar: "الدفع بالبطاقات عبر الإنترنت" },
  { code: "payment_links", en: "Payment links and invoices", ar: "روابط الدفع والفواتير" },
  { code: "mobile_wallets", en: "Mobile wallets", ar: "المحافظ الإلكترونية" },
  { code: "qr", en: "QR payments", ar: "الدفع عبر رمز QR" },
  { code: "pos", en: "Point of sale (card machine)", ar: "نقاط البيع (ماكينة البطاقات)" },
  { code: "cash_collection", en: "Cash collection", ar: "التحصيل النقدي" },
  { code: "installments", en: "Bank installments", ar: "التقسيط البنكي" },
] as const;
export type PaymentSolution = (typeof PAYMENT_SOLUTIONS)[number]["code"];
const solutionCodes = new Set<string>(PAYMENT_SOLUTIONS.map((s) => s.code));

export interface PaymentSolutions {
  payment_solutions: PaymentSolution[];
}

export function validatePaymentSolutions(input: {
  payment_solutions?: readonly string[] | null;
}): ActivationFieldErrors {
  const list = input.payment_solutions ?? [];
  if (list.length === 0) return { payment_solutions: "choose_payment_method" };
  if (list.some((s) => !solutionCodes.has(s))) return { payment_solutions: "unknown_option" };
  return {};
}

/** Deduplicated, in the list's order. */
export function cleanPaymentSolutions(input: PaymentSolutions): PaymentSolutions {
  const chosen = new Set<string>(input.payment_solutions);
  return { payment_solutions: PAYMENT_SOLUTIONS.map((s) => s.code).filter((c) => chosen.has(c)) };
}

// -------------------------------------------------------------------------------------------------- documents

export const ID_TYPES = ["national_id", "passport"] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, { en: string; ar: string }> = {
  national_id: { en: "National ID", ar: "بطاقة الرقم القومي" },
  passport: { en: "Passport", ar: "جواز السفر" },
};

/**
 * The kinds of file the wizard uploads. They are kinds of the bank's merchant documents (api/merchants.ts
 * MERCHANT_DOCUMENT_KINDS): company_registration is the commercial register.
 */
export const ACTIVATION_DOCUMENT_KINDS = [
  "national_id_front",
  "national_id_back",
  "passport",
  "proof_of_residence",
  "company_registration",
  "tax_card",
  "rent_contract",
  "utility_bill",
] as const;
export type ActivationDocumentKind = (typeof ACTIVATION_DOCUMENT_KINDS)[number];
export const ACTIVATION_DOCUMENT_LABELS: Record<ActivationDocumentKind, { en: string; ar: string }> = {
  national_id_front: { en: "National ID (front)", ar: "بطاقة الرقم القومي (الوجه الأمامي)" },
  national_id_back: { en: "National ID (back)", ar: "بطاقة الرقم القومي (الوجه الخلفي)" },
  passport: { en: "Passport", ar: "جواز السفر" },
  proof_of_residence: { en: "Proof of residence", ar: "إثبات محل الإقامة" },
  company_registration: { en: "Commercial register", ar: "السجل التجاري" },
  tax_card: { en: "Tax card", ar: "البطاقة الضريبية" },
  rent_contract: { en: "Rent contract", ar: "عقد الإيجار" },
  utility_bill: { en: "Utility bill", ar: "فاتورة مرافق" },
};

export function isActivationDocumentKind(value: unknown): value is ActivationDocumentKind {
  return typeof value === "string" && (ACTIVATION_DOCUMENT_KINDS as readonly string[]).includes(value);
}

/**
 * The files the documents step needs: the ID (both sides of the national ID, or the passport) and a proof of
 * residence always; the commercial register and tax card for a registered company; the point-of-sale papers
 * (rent contract and utility bill) when the merchant chose point of sale. Other kinds may be added freely.
 */
export function requiredDocumentKinds(
  idType: IdType | null | undefined,
  businessType: BusinessType | null | undefined,
  solutions: readonly string[] | null | undefined,
): ActivationDocumentKind[] {
  const out: ActivationDocumentKind[] = [];
  if (idType === "passport") out.push("passport");
  else out.push("national_id_front", "national_id_back");
  out.push("proof_of_residence");
  if (businessType !== "individual") out.push("company_registration", "tax_card");
  if ((solutions ?? []).includes("pos")) out.push("rent_contract", "utility_bill");
  return out;
}

export interface DocumentsStep {
  id_type: IdType;
}

/** The documents step: an ID type, and a file of every required kind among the uploaded ones. */
export function validateDocuments(
  input: { id_type?: string | null },
  uploaded: readonly string[],
  context: { business_type?: BusinessType | null; payment_solutions?: readonly string[] | null },
): ActivationFieldErrors {
  const errors: ActivationFieldErrors = {};
  if (!input.id_type) errors.id_type = "required";
  else if (!(ID_TYPES as readonly string[]).includes(input.id_type)) errors.id_type = "unknown_option";
  const have = new Set(uploaded);
  const idType = errors.id_type ? undefined : (input.id_type as IdType);
  for (const kind of requiredDocumentKinds(idType, context.business_type, context.payment_solutions))
    if (!have.has(kind)) errors[kind] = "document_required";
  return errors;
}

/** The upload rules (merchant-dashboard.md section 9): PNG, JPG or JPEG, by content, at most 4 MB. */
export const ACTIVATION_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
export const ACTIVATION_UPLOAD_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
export const ACTIVATION_UPLOAD_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

/** PNG or JPEG by magic bytes (the first check; the server also walks the whole structure). */
export function uploadTypeByMagic(bytes: Uint8Array): "image/png" | "image/jpeg" | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((v, i) => bytes[i] === v)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return undefined;
}

/**
 * The checks a browser can make before sending (the server checks again, and more): answers the refusal's code
 * or undefined. `knownHashes` are the sha256 (hex) of the files already uploaded, to refuse the same file twice.
 */
export function checkUploadCandidate(
  file: { bytes: Uint8Array; sha256?: string },
  knownHashes: readonly string[] = [],
): ActivationMessageCode | undefined {
  if (file.bytes.byteLength === 0) return "file_empty";
  if (file.bytes.byteLength > ACTIVATION_UPLOAD_MAX_BYTES) return "file_too_large";
  if (!uploadTypeByMagic(file.bytes)) return "file_type_not_accepted";
  if (file.sha256 && knownHashes.includes(file.sha256)) return "file_duplicate";
  return undefined;
}

// ------------------------------------------------------------------------------------------------ settlements

export const SETTLEMENT_METHODS = ["bank_account", "wallet"] as const;
export type SettlementMethod = (typeof SETTLEMENT_METHODS)[number];
export const SETTLEMENT_METHOD_LABELS: Record<SettlementMethod, { en: string; ar: string }> = {
  bank_account: { en: "Bank account", ar: "حساب بنكي" },
  wallet: { en: "Wallet", ar: "محفظة إلكترونية" },
};

export interface Bank {
  code: string;
  en: string;
  ar: string;
}

/** The banks a merchant can settle to, by country (the wizard's select; codes are ours and stable). */
export const BANKS: Readonly<Record<Country, readonly Bank[]>> = {
  EGY: [
    { code: "NBE", en: "National Bank of Egypt", ar: "البنك الأهلي المصري" },
    { code: "BM", en: "Banque Misr", ar: "بنك مصر" },
    { code: "CIB", en: "Commercial International Bank (CIB)", ar: "البنك التجاري الدولي" },
    { code: "BDC", en: "Banque du Caire", ar: "بنك القاهرة" },
    { code: "QNBAA", en: "QNB Al Ahli", ar: "بنك قطر الوطني الأهلي" },
    { code: "AAIB", en: "Arab African International Bank", ar: "البنك العربي الأفريقي الدولي" },
    { code: "HSBCEG", en: "HSBC Bank Egypt", ar: "بنك إتش إس بي سي مصر" },
    { code: "ALEX", en: "Bank of Alexandria", ar: "بنك الإسكندرية" },
    { code: "FAISAL", en: "Faisal Islamic Bank of Egypt", ar: "بنك فيصل الإسلامي المصري" },
    { code: "ADIBEG", en: "Abu Dhabi Islamic Bank Egypt", ar: "مصرف أبوظبي الإسلامي مصر" },
  ],
  ARE: [
    { code: "ENBD", en: "Emirates NBD", ar: "بنك الإمارات دبي الوطني" },
    { code: "FAB", en: "First Abu Dhabi Bank", ar: "بنك أبوظبي الأول" },
    { code: "ADCB", en: "Abu Dhabi Commercial Bank", ar: "بنك أبوظبي التجاري" },
    { code: "DIB", en: "Dubai Islamic Bank", ar: "بنك دبي الإسلامي" },
    { code: "MASHREQ", en: "Mashreq Bank", ar: "بنك المشرق" },
    { code: "ADIB", en: "Abu Dhabi Islamic Bank", ar: "مصرف أبوظبي الإسلامي" },
    { code: "RAKBANK", en: "RAKBANK", ar: "بنك رأس الخيمة الوطني" },
    { code: "CBD", en: "Commercial Bank of Dubai", ar: "بنك دبي التجاري" },
  ],
  SAU: [
    { code: "SNB", en: "Saudi National Bank", ar: "البنك الأهلي السعودي" },
    { code: "RAJHI", en: "Al Rajhi Bank", ar: "مصرف الراجحي" },
    { code: "RIBL", en: "Riyad Bank", ar: "بنك الرياض" },
    { code: "SAB", en: "Saudi Awwal Bank (SAB)", ar: "البنك السعودي الأول" },
    { code: "BSF", en: "Banque Saudi Fransi", ar: "البنك السعودي الفرنسي" },
    { code: "ANB", en: "Arab National Bank", ar: "البنك العربي الوطني" },
    { code: "ALINMA", en: "Alinma Bank", ar: "مصرف الإنماء" },
    { code: "ALBILAD", en: "Bank Albilad", ar: "بنك البلاد" },
    { code: "BAJ", en: "Bank AlJazira", ar: "بنك الجزيرة" },
  ],
  PAK: [
    { code: "HBL", en: "Habib Bank Limited", ar: "بنك حبيب المحدود" },
    { code: "NBP", en: "National Bank of Pakistan", ar: "البنك الوطني الباكستاني" },
    { code: "MCB", en: "MCB Bank", ar: "بنك إم سي بي" },
    { code: "UBL", en: "United Bank Limited", ar: "البنك المتحد المحدود" },
    { code: "ABL", en: "Allied Bank", ar: "بنك الحلفاء" },
    { code: "MEEZAN", en: "Meezan Bank", ar: "بنك ميزان" },
    { code: "BAFL", en: "Bank Alfalah", ar: "بنك الفلاح" },
    { code: "ASKARI", en: "Askari Bank", ar: "بنك عسكري" },
  ],
  OMN: [
    { code: "BMUSCAT", en: "Bank Muscat", ar: "بنك مسقط" },
    { code: "NBO", en: "National Bank of Oman", ar: "البنك الوطني العماني" },
    { code: "DHOFAR", en: "Bank Dhofar", ar: "بنك ظفار" },
    { code: "SOHAR", en: "Sohar International", ar: "صحار الدولي" },
    { code: "OAB", en: "Oman Arab Bank", ar: "البنك العربي العماني" },
    { code: "HSBCOM", en: "HSBC Bank Oman", ar: "بنك إتش إس بي سي عمان" },
    { code: "NIZWA", en: "Bank Nizwa", ar: "بنك نزوى" },
    { code: "AHLI", en: "Ahli Bank", ar: "البنك الأهلي" },
  ],
};

export function banksOf(country: Country): readonly Bank[] {
  return BANKS[country] ?? [];
}

export function findBank(country: Country, code: string): Bank | undefined {
  return banksOf(country).find((b) => b.code === code);
}

/**
 * Each country's IBAN: its two-letter prefix and length (ISO 13616 registry). Egypt keeps the spec's 29 to 34
 * letters or digits (merchant-dashboard.md section 9) and accepts any prefix; elsewhere the IBAN must be the
 * country's own, of its exact length. The mod-97 check digits are verified everywhere.
 */
export const IBAN_RULES: Readonly<Record<Country, { prefix: string | null; min: number; max: number }>> = {
  EGY: { prefix: null, min: 29, max: 34 },
  ARE: { prefix: "AE", min: 23, max: 23 },
  SAU: { prefix: "SA", min: 24, max: 24 },
  PAK: { prefix: "PK", min: 24, max: 24 },
  OMN: { prefix: "OM", min: 23, max: 23 },
};

/** Letters and digits read as one number (A = 10 ... Z = 35, ISO 7064), modulo 97, digit by digit. */
function mod97(text: string): number {
  let remainder = 0;
  for (const ch of text) {
    const value = ch >= "A" && ch <= "Z" ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** ISO 13616 / ISO 7064 mod 97-10: the IBAN (normalized) rearranged and read as a number is 1 modulo 97. */
export function ibanChecksumValid(iban: string): boolean {
  const text = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(text)) return false;
  return mod97(text.slice(4) + text.slice(0, 4)) === 1;
}

/** The two check digits that make `countryCode + "00" + bban` valid (tests and demo data build IBANs with it). */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  return String(98 - mod97(`${bban}${countryCode}00`.toUpperCase())).padStart(2, "0");
}

/** The IBAN rule of the merchant's country: letters or digits of the country's length, prefix, and mod 97. */
export function isCountryIban(country: Country, value: string): boolean {
  const text = normalizeIban(value);
  const rule = IBAN_RULES[country];
  if (!/^[A-Z0-9]+$/.test(text) || text.length < rule.min || text.length > rule.max) return false;
  if (rule.prefix !== null && !text.startsWith(rule.prefix)) return false;
  return ibanChecksumValid(text);
}

/**
 * Mobile numbers a wallet can hold, by country (local form with the leading 0, or the international prefix with
 * or without +): Egypt 01[0125] and 8 digits; UAE 05[0234568] and 7; Saudi 05 and 8; Pakistan 03 and 9; Oman 7
 * or 9 and 7 digits. Spaces and dashes are ignored; Arabic-Indic digits count.
 */
const WALLET_PHONES: Readonly<Record<Country, RegExp>> = {
  EGY: /^(?:\+?20|0)1[0125]\d{8}$/,
  ARE: /^(?:\+?971|0)5[0234568]\d{7}$/,
  SAU: /^(?:\+?966|0)5\d{8}$/,
  PAK: /^(?:\+?92|0)3\d{9}$/,
  OMN: /^(?:\+?968)?[79]\d{7}$/,
};

export function normalizeWalletPhone(value: string): string {
  return normalizeDigits(value).replace(/[\s-]+/g, "");
}

export function isWalletPhone(country: Country, value: string): boolean {
  return WALLET_PHONES[country].test(normalizeWalletPhone(value));
}

export type Settlements =
  | {
      settlement_method: "bank_account";
      bank: string;
      account_name: string;
      account_number: string;
      iban: string;
    }
  | { settlement_method: "wallet"; wallet_phone: string };

/** The settlements step of the merchant's country. */
export function validateSettlements(
  country: Country,
  input: {
    settlement_method?: string | null;
    bank?: string | null;
    account_name?: string | null;
    account_number?: string | null;
    iban?: string | null;
    wallet_phone?: string | null;
  },
): ActivationFieldErrors {
  const errors: ActivationFieldErrors = {};
  if (!input.settlement_method) return { settlement_method: "required" };
  if (input.settlement_method === "wallet") {
    const phone = (input.wallet_phone ?? "").trim();
    if (phone === "") errors.wallet_phone = "phone_required";
    else if (!isWalletPhone(country, phone)) errors.wallet_phone = "phone_incorrect";
    return errors;
  }
  if (input.settlement_method !== "bank_account") return { settlement_method: "unknown_option" };
  const bank = (input.bank ?? "").trim();
  if (bank === "") errors.bank = "required";
  else if (!findBank(country, bank)) errors.bank = "unknown_bank";
  const name = (input.account_name ?? "").trim();
  if (name === "") errors.account_name = "required";
  else if (!isAccountHolderName(name)) errors.account_name = "invalid_account_holder";
  const number = (input.account_number ?? "").trim();
  if (number === "") errors.account_number = "required";
  else if (!isBankAccountNumber(number)) errors.account_number = "invalid_bank_account";
  const iban = (input.iban ?? "").trim();
  if (iban === "") errors.iban = "required";
  else if (!isCountryIban(country, iban)) errors.iban = "invalid_iban";
  return errors;
}

/** The saved form of a valid step: normalized digits, IBAN without spaces, single spaces in the name. */
export function cleanSettlements(input: Settlements): Settlements {
  if (input.settlement_method === "wallet")
    return { settlement_method: "wallet", wallet_phone: normalizeWalletPhone(input.wallet_phone) };
  return {
    settlement_method: "bank_account",
    bank: input.bank.trim(),
    account_name: input.account_name.trim().replace(/\s+/g, " "),
    account_number: normalizeDigits(input.account_number.trim()),
    iban: normalizeIban(input.iban),
  };
}

// ---------------------------------------------------------------------------------------------------- terms

export function validateTerms(input: { terms_accepted?: boolean | null }): ActivationFieldErrors {
  return input.terms_accepted === true ? {} : { terms_accepted: "terms_required" };
}

export function isEmptyErrors(errors: ActivationFieldErrors): boolean {
  return Object.keys(errors).length === 0;
}
