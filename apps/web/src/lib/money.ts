import { isCurrency } from "@portal/domain/currencies";
import { formatAmount } from "@portal/domain/money";
import type { Lang } from "../i18n/language.ts";

/** An amount in minor units of the given currency, formatted for the user's language (Latin digits). */
export function money(minor: number | null | undefined, currency: string, lang: Lang): string {
  if (minor === null || minor === undefined) return "—";
  if (!isCurrency(currency)) return `${(minor / 100).toFixed(2)} ${currency}`;
  return formatAmount(minor, currency, lang);
}
