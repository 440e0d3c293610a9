import { currencyExponent, isCurrency } from "@portal/domain/currencies";
import { formatAmount } from "@portal/domain/money";
import { formatCompactAmount, formatCount } from "./change.ts";

/** Formatters of one currency's amounts (minor units) and of counts, for cards, tooltips, tables and axes. */
export function formattersFor(currency: string | undefined, lang: "en" | "ar") {
  const known = currency !== undefined && isCurrency(currency);
  const exponent = known ? currencyExponent(currency) : 2;
  return {
    amount: (minor: number) =>
      known ? formatAmount(Math.round(minor), currency, lang) : formatCount(Math.round(minor), lang),
    amountAxis: (minor: number) => formatCompactAmount(minor, exponent, lang),
    count: (value: number) => formatCount(Math.round(value), lang),
  };
}
