import { z } from "zod";
import type { Currency } from "./currencies.ts";
import { normalizeDigits } from "./digits.ts";
import { safeParseAmount } from "./money.ts";
import {
  hasHtmlTags,
  isAccountHolderName,
  isBankAccountNumber,
  isEmail,
  isFullName,
  isHttpUrl,
  isIban,
  isNationalNumber,
  isPhone,
  isWebsiteUrl,
  normalizeIban,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  type ValidationCode,
} from "./validation.ts";

/**
 * zod schemas for the shared field rules. Each issue's message is a ValidationCode (validation.ts): the server
 * answers with the English text, the web app shows its translation. Digits may be typed in Arabic-Indic form;
 * the parsed value is normalised (ASCII digits, compact upper-case IBAN, trimmed text).
 */
const issue = (code: ValidationCode) => ({ error: code });

/** A non-empty trimmed string; missing or blank input reads 'This field is required.'. */
export const requiredText = () =>
  z
    .string(issue("required"))
    .trim()
    .min(1, { ...issue("required"), abort: true });

/** Optional free text that must not carry HTML tags. */
export const plainTextSchema = z.string().refine((v) => !hasHtmlTags(v), issue("html_tags"));

export const requiredPlainText = () => requiredText().refine((v) => !hasHtmlTags(v), issue("html_tags"));

export const emailSchema = requiredText().refine(isEmail, issue("invalid_email"));

export const phoneSchema = requiredText()
  .refine(isPhone, issue("invalid_phone"))
  .transform((v) => normalizeDigits(v));

export const fullNameSchema = requiredText().refine(isFullName, issue("invalid_full_name"));

export const httpUrlSchema = requiredText().refine(isHttpUrl, issue("invalid_url"));

export const websiteUrlSchema = requiredText().refine(isWebsiteUrl, issue("invalid_url"));

export const bankAccountNumberSchema = requiredText()
  .refine(isBankAccountNumber, issue("invalid_bank_account"))
  .transform((v) => normalizeDigits(v));

export const ibanSchema = requiredText().refine(isIban, issue("invalid_iban")).transform(normalizeIban);

export const nationalNumberSchema = requiredText()
  .refine(isNationalNumber, issue("invalid_national_number"))
  .transform((v) => normalizeDigits(v));

export const accountHolderNameSchema = requiredText()
  .refine(isAccountHolderName, issue("invalid_account_holder"))
  .transform((v) => v.split(/\s+/).join(" "));

export const productDescriptionSchema = plainTextSchema.refine(
  (v) => v.length <= PRODUCT_DESCRIPTION_MAX_LENGTH,
  issue("description_too_long"),
);

/** A user-typed positive amount, parsed to integer minor units of the currency ("149.99" -> 14999). */
export function amountSchema(currency: Currency) {
  return requiredText().transform((value, ctx) => {
    const parsed = safeParseAmount(value, currency);
    if (!parsed.ok || parsed.amount <= 0) {
      ctx.addIssue({ code: "custom", message: "invalid_amount" satisfies ValidationCode, input: value });
      return z.NEVER;
    }
    return parsed.amount;
  });
}
