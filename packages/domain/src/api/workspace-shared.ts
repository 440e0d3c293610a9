import { z } from "zod";
import { listAnswer } from "../contract.ts";
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from "../text-input.ts";

/**
 * The vocabulary the transactions and orders workspace's contracts share (issue 4: api/transactions.ts,
 * api/orders.ts, api/exports.ts, api/bank.ts). Amounts are integer minor units everywhere (filters too:
 * amount_from=1000 means 10.00 EGP). Dates are ISO strings; a bare date (YYYY-MM-DD) in date_from means its start
 * and in date_to its end (inclusive day), in UTC.
 *
 * Every list answers {count, page, page_size, results}; page is 1-based; page_size defaults to 10, at most 100;
 * sort is a column name, with a leading "-" for descending (default "-created_at").
 * Every list, totals and details call takes is_live (the live/test toggle); default true.
 */

/** A query flag: true/1 and false/0. */
export const boolParam = z.preprocess(
  (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
  z.boolean(),
);
export const intParam = z.coerce.number().int();
/** A free-text filter: no NUL, control characters or unpaired surrogates (docs/security.md). */
export const filterText = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((v) => !hasForbiddenCharacters(v), { message: FORBIDDEN_CHARACTERS_MESSAGE });

/** The years a date filter may name: outside them no row exists, and the database's time arithmetic overflows. */
export const DATE_PARAM_YEARS = { min: 1970, max: 9999 } as const;

/** Whether a date filter is a date (YYYY-MM-DD) or an ISO date-time within DATE_PARAM_YEARS. */
export function isDateParam(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return false;
  const time = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value).getTime();
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_PARAM_YEARS.min && year <= DATE_PARAM_YEARS.max;
}

/** A date filter (date_from, date_to): a date or an ISO date-time; its meaning is in the module comment. */
export const dateParam = z.string().refine(isDateParam, { message: "Enter a valid date." });

/** A currency filter: three letters. */
export const currencyParam = z.string().regex(/^[A-Za-z]{3}$/, { message: "Enter a currency code." });

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const paging = {
  page: intParam.min(1).default(1),
  page_size: intParam.min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** The path of a route on one row: /api/transactions/:id. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Transaction and order lists stop counting at 10,000 (counting a million rows is slow): count_capped true means
 * "10,000 or more" (show "10,000+"; the last pages are still reachable by page number).
 */
export function cappedListAnswer<T extends z.ZodType>(item: T) {
  return listAnswer(item).extend({ count_capped: z.boolean() });
}

/** The answer of a soft delete (and of other actions that only say they happened). */
export const detailAnswerSchema = z.object({ detail: z.string() });

// ---------------------------------------------------------------------------------------------- totals headers

/** GET /api/transactions/totals, /api/orders/totals and the bank's: a date range and the live/test mode. */
export const totalsQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  merchant_id: intParam.positive().optional(),
});
export type TotalsQuery = z.infer<typeof totalsQuerySchema>;

export const amountCountSchema = z.object({ count: z.number(), amount_cents: z.number() });
export type AmountCount = z.infer<typeof amountCountSchema>;

/** Payment methods of the merchant totals header, and the gateway types each counts. */
export const MERCHANT_TOTAL_METHODS = [
  "total",
  "card",
  "cash_collection",
  "valu",
  "premium",
  "wallet",
  "accept_kiosk",
  "wallet_pay",
] as const;
export type MerchantTotalMethod = (typeof MERCHANT_TOTAL_METHODS)[number];
export const MERCHANT_METHOD_GATEWAYS: Record<Exclude<MerchantTotalMethod, "total">, readonly string[]> = {
  card: ["VPC", "CARDS", "card_present", "omannet", "INSTALLMENT", "installments"],
  cash_collection: ["CASH"],
  valu: ["VALU"],
  premium: ["PREMIUM"],
  wallet: ["UIG"],
  accept_kiosk: ["CAGG", "aggregator"],
  wallet_pay: ["MPAY"],
};
/** English labels of the header (the web holds the Arabic ones). */
export const MERCHANT_TOTAL_LABELS: Record<MerchantTotalMethod, string> = {
  total: "Total",
  card: "Card",
  cash_collection: "Cash Collection",
  valu: "valU",
  premium: "Premium",
  wallet: "Wallet",
  accept_kiosk: "Accept Kiosk",
  wallet_pay: "Wallet Pay",
};

/** The bank totals header (back-office.md): each key counts transactions of that gateway type; TOTAL all. */
export const BANK_TOTAL_METHODS = [
  "TOTAL",
  "SOUHOOLA",
  "GET_GO",
  "VPC",
  "CASH",
  "VALU",
  "PREMIUM",
  "UIG",
  "CAGG",
  "MPAY",
] as const;
export type BankTotalMethod = (typeof BANK_TOTAL_METHODS)[number];

/** The bank totals header's answer (GET /api/bank/transactions/totals; the bank orders header adds its methods). */
export const bankTotalsAnswerSchema = z.object({
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  is_live: z.boolean(),
  currencies: z.array(
    z.object({ currency: z.string(), methods: z.record(z.enum(BANK_TOTAL_METHODS), amountCountSchema) }),
  ),
});
export type BankTotalsAnswer = z.infer<typeof bankTotalsAnswerSchema>;
