import { type Currency, currencyExponent, maxAmountMinor } from "./currencies.ts";
import { normalizeDigits } from "./digits.ts";
import { assertSafeInteger, safeAdd } from "./safe-integer.ts";

/** An amount in integer minor units (cents, or thousandths for the three-decimal set) of one currency. */
export interface Money {
  amount: number;
  currency: Currency;
}

export type Locale = "en" | "ar";

export type AmountProblem = "empty" | "negative" | "invalid" | "too_many_decimals" | "too_large";

export type AmountParseResult = { ok: true; amount: number } | { ok: false; problem: AmountProblem };

export class AmountParseError extends Error {
  constructor(readonly problem: AmountProblem) {
    super(`Invalid amount: ${problem}`);
    this.name = "AmountParseError";
  }
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a user-entered decimal ("149.99", "١٤٩٫٩٩") to integer minor units without floating point. Accepts
 * ASCII, Arabic-Indic and extended Arabic-Indic digits and "." or "٫" as decimal separator; surrounding spaces
 * are ignored. Rejects signs, group separators, exponents, more fraction digits than the currency has and more
 * than the currency's maximum amount (maxAmountMinor).
 */
export function safeParseAmount(input: string, currency: Currency): AmountParseResult {
  const exponent = currencyExponent(currency);
  const text = normalizeDigits(input).trim();
  if (text === "") return { ok: false, problem: "empty" };
  if (/^-/.test(text)) return { ok: false, problem: "negative" };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: "invalid" };
  const whole = match[1]!;
  const fraction = match[2] ?? "";
  if (fraction.length > exponent) return { ok: false, problem: "too_many_decimals" };
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, "0"));
  if (minor > BigInt(maxAmountMinor(currency))) return { ok: false, problem: "too_large" };
  return { ok: true, amount: Number(minor) };
}

/** As safeParseAmount, throwing an AmountParseError on bad input: `parseAmount("149.99", "EGP") === 14999`. */
export function parseAmount(input: string, currency: Currency): number {
  const result = safeParseAmount(input, currency);
  if (!result.ok) throw new AmountParseError(result.problem);
  return result.amount;
}

/** The exact major-unit string of an amount: `toMajorString(149990, "OMR") === "149.990"`. */
export function toMajorString(minor: number, currency: Currency): string {
  assertSafeInteger(minor);
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${minor < 0 ? "-" : ""}${whole}.${fraction}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: Currency, locale: Locale): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = currencyExponent(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: "symbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      numberingSystem: "latn",
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats minor units for display with the currency's 2 or 3 fraction digits. The exact decimal string is
 * handed to Intl, so no float rounding happens. Currency names and symbols are Intl's (in Arabic SAR shows
 * "ر.س." and AED "د.إ."); digits are Latin in both languages (docs/domain-rules.md).
 */
export function formatAmount(minor: number, currency: Currency, locale: Locale): string {
  return formatterFor(currency, locale).format(toMajorString(minor, currency) as `${number}`);
}

export function formatMoney(money: Money, locale: Locale): string {
  return formatAmount(money.amount, money.currency, locale);
}

/** Totals per currency; amounts in different currencies are never added together. */
export function sumByCurrency(list: Iterable<Money>): Map<Currency, number> {
  const totals = new Map<Currency, number>();
  for (const { amount, currency } of list) {
    currencyExponent(currency);
    totals.set(currency, safeAdd(totals.get(currency) ?? 0, amount));
  }
  return totals;
}

/** Adds two amounts of the same currency; throws when the currencies differ. */
export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new RangeError(`Cannot add ${a.currency} to ${b.currency}`);
  return { amount: safeAdd(a.amount, b.amount), currency: a.currency };
}
