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

/**
 * The largest amount of one payment, order, link or refund, in minor units: 10,000,000,000 in every currency
 * (100,000,000.00 of a two-decimal currency, 10,000,000.000 of a three-decimal one). Every total the system
 * makes is a sum of such amounts, so the cap keeps sums exact: 900,719 payments of the maximum still fit a
 * JavaScript safe integer (2^53 - 1) and 922 million a bigint column (docs/domain-rules.md, "Money").
 */
export const AMOUNT_MAX_MINOR = 10_000_000_000;

const AMOUNT_MAX_BY_CURRENCY: Readonly<Record<Currency, number>> = Object.fromEntries(
  CURRENCIES.map((code) => [code, AMOUNT_MAX_MINOR]),
) as Record<Currency, number>;

/** The documented maximum amount, in minor units, of one amount in `code` (never above AMOUNT_MAX_MINOR). */
export function maxAmountMinor(code: Currency): number {
  return AMOUNT_MAX_BY_CURRENCY[code];
}
