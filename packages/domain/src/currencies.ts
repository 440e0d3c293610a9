/**
 * Currencies the portal handles (back-office.md section 9, plus JOD and ILS from the three-decimal set) and their
 * exponent: the number of minor-unit digits. The spec's three-decimal set (JOD, OMR, KWD, BHD, ILS, IQD, LYD,
 * TND) uses 3, everything else 2. This follows the spec, not ISO 4217 (which gives ILS 2 and IQD 0 digits).
 */
export const CURRENCIES = [
  "EGP",
  "USD",
  "AED",
  "SAR",
  "OMR",
  "KWD",
  "BHD",
  "JOD",
  "ILS",
  "IQD",
  "LYD",
  "TND",
  "PKR",
  "EUR",
  "GBP",
  "CAD",
  "INR",
  "PHP",
  "TWD",
  "BRL",
  "MAD",
  "ZAR",
  "MXN",
  "MYR",
] as const;
export type Currency = (typeof CURRENCIES)[number];

export const THREE_DECIMAL_CURRENCIES: readonly Currency[] = [
  "JOD",
  "OMR",
  "KWD",
  "BHD",
  "ILS",
  "IQD",
  "LYD",
  "TND",
];

/** The spec's default currency (merchant-dashboard.md section 9). */
export const DEFAULT_CURRENCY: Currency = "EGP";

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** Minor-unit digits of a currency; throws for a code the portal does not know. */
export function currencyExponent(code: string): 2 | 3 {
  if (!isCurrency(code)) throw new RangeError(`Unknown currency: ${code}`);
  return THREE_DECIMAL_CURRENCIES.includes(code) ? 3 : 2;
}
