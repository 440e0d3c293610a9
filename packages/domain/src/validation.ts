import { normalizeDigits } from "./digits.ts";
import { hasForbiddenCharacters } from "./text-input.ts";

/**
 * Validation messages (merchant-dashboard.md and back-office.md section 5) by stable code, in English and word
 * for word (spelling as in the spec). zod schemas carry the code as the issue message; clients translate it.
 */
export const VALIDATION_MESSAGES = {
  required: "This field is required.",
  invalid_number: "Please enter valid number.",
  invalid_amount: "Please enter valid Amount.",
  invalid_integer: "Please enter integer number.",
  html_tags: "Please remove any HTML tags.",
  select_payment: "Please select one payment at least.",
  select_currency: "Please select one currency.",
  select_permission: "Please select one permission at least.",
  invalid_phone: "Please enter valid phone number.",
  invalid_full_name: "Please enter your full name.",
  invalid_email: "Please enter valid email.",
  invalid_url: "Please enter vallid url.",
  link_invalid_number: "Please enter a valid number.",
  refund_exceeds_remaining: "Please enter the amount less than (Transaction amount - Refunded amount).",
  capture_exceeds_maximum: "Entered capture amount exceeds the allowable maximum",
  invalid_bank_account: "Please make sure you insert a valid bank account number.",
  invalid_iban: "Incorrect IBAN.",
  invalid_national_number: "Please enter the 14-digit national number correctly.",
  description_too_long: "Maximum allowed characters length is 1000 characters",
  choose_payment_method: "Choose at least one payment method.",
  phone_required: "Phone number is required",
  phone_incorrect: "Phone number is not correct",
  file_too_large: "Max size is 4MB.",
  file_type_not_accepted: "The uploaded file type is not accepted please upload a valid image.",
  file_duplicate: "You have uploaded this file before.",
  files_uploading: "Uploading files could take a while, please wait...",
  /** Follows the invalid field names in an onboarding 400 answer. */
  invalid_field: "Is not a valid .",
  sector_required: "A gender selection is required",
  // The portal's own wording below: the spec states these rules without a message.
  partial_refund_remainder: "A partial refund must leave more than {minimum} to refund.",
  refund_provider_maximum: "The refund amount exceeds the maximum this provider allows ({maximum}).",
  invalid_account_holder: "Please enter the account holder name in 2 to 4 English words.",
} as const;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

export const PRODUCT_DESCRIPTION_MAX_LENGTH = 1000;

const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** An address with a dot-separated local part (no "..") and a domain with a letter top-level label. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}

/** 8 to 15 digits with an optional leading + (country prefix); Arabic-Indic digits count as digits. */
export function isPhone(value: string): boolean {
  return /^\+?\d{8,15}$/.test(normalizeDigits(value.trim()));
}

// Letters and marks whose script extensions include Latin or Arabic (Arabic harakat are "Inherited" by script).
const NAME_CHAR = /^(?:[\s'\u2019.]|(?=[\p{scx=Latin}\p{scx=Arabic}])[\p{L}\p{M}])+$/u;

/**
 * At least two words of Arabic or Latin letters, with spaces and apostrophes; a dot may follow an initial
 * ("Ahmed M. Ali") but ".." never appears.
 */
export function isFullName(value: string): boolean {
  const text = value.normalize("NFC").trim();
  if (!NAME_CHAR.test(text) || text.includes("..")) return false;
  const words = text.split(/\s+/).filter((w) => /[\p{L}]/u.test(w));
  return words.length >= 2 && !/^[.'\u2019]/.test(text);
}

export function hasHtmlTags(value: string): boolean {
  return /<\/?[A-Za-z][^<>]*>|<!--|<![A-Za-z]/.test(value);
}

/**
 * An absolute http or https address with a dotted host name (or localhost), without spaces or forbidden
 * characters (the one URL check of the portal: forms, the public API, integrations' callback addresses).
 */
export function isHttpUrl(value: string): boolean {
  const text = value.trim();
  if (/\s/.test(text) || hasForbiddenCharacters(text)) return false;
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    return url.hostname === "localhost" || /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** A website as users type it: http(s) address, or a bare host such as "www.shop.com" (https assumed). */
export function isWebsiteUrl(value: string): boolean {
  const text = value.trim();
  return isHttpUrl(text) || (!text.includes("://") && isHttpUrl(`https://${text}`));
}

export function isNumberString(value: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(normalizeDigits(value.trim()));
}

export function isIntegerString(value: string): boolean {
  return /^\d+$/.test(normalizeDigits(value.trim()));
}

/** Digits only, 10 to 30 of them. */
export function isBankAccountNumber(value: string): boolean {
  return /^\d{10,30}$/.test(normalizeDigits(value.trim()));
}

/** IBANs are often typed in groups of four: spaces are dropped and letters upper-cased. */
export function normalizeIban(value: string): string {
  return normalizeDigits(value).replace(/\s+/g, "").toUpperCase();
}

/** 29 to 34 letters or digits (the spec's rule; no check-digit test). */
export function isIban(value: string): boolean {
  return /^[A-Z0-9]{29,34}$/.test(normalizeIban(value));
}

/** The Egyptian national number: exactly 14 digits. */
export function isNationalNumber(value: string): boolean {
  return /^\d{14}$/.test(normalizeDigits(value.trim()));
}

/** 2 to 4 words of Latin (A-Z) letters separated by spaces. */
export function isAccountHolderName(value: string): boolean {
  return /^[A-Za-z]+(?:\s+[A-Za-z]+){1,3}$/.test(value.trim());
}
