import { currencyExponent, isCurrency } from "@portal/domain/currencies";
import { formatAmount } from "@portal/domain/money";

export type Lang = "en" | "ar";

/**
 * An amount in minor units for display with the exponent the API sent (2 or 3 decimals). Known currencies use
 * the domain's formatter; a currency the portal does not list (or an exponent that differs from the domain's)
 * still shows exactly, through Intl with the API's exponent. Minor units become an exact decimal string first,
 * so nothing is rounded through floats.
 */
export function displayAmount(minor: number, currency: string, exponent: number, lang: Lang): string {
  if (isCurrency(currency) && currencyExponent(currency) === exponent)
    return formatAmount(minor, currency, lang);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  const major = `${minor < 0 ? "-" : ""}${whole}${exponent > 0 ? `.${fraction}` : ""}`;
  try {
    return new Intl.NumberFormat(lang, {
      style: "currency",
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
      numberingSystem: "latn",
    }).format(major as `${number}`);
  } catch {
    return `${major} ${currency}`;
  }
}
