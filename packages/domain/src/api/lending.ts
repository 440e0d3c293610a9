import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { normalizeDigits } from "../digits.ts";
import { boundedText } from "../text-input.ts";

/**
 * Lending collection (merchant-dashboard.md section 2 "Lending collection flow", the Lending collection entity;
 * docs/pos-risk.md "Lending"): an end customer on the lender's public page (apps/checkout /checkout/lending?lender=)
 * enters a national ID, sees the loan's service details, confirms, and pays the instalment by card (an order and
 * payment key of the payment core, paid on the hosted checkout's card form) or from the balance the lender holds
 * (with the balance PIN). The national ID travels only in request bodies, never in a URL.
 */

/** The spec's messages, word for word (the checkout translates them by code). */
export const LENDING_MESSAGES = {
  invalidNationalId: "Please enter the 14-digit national number correctly.",
  noLoan: "User does not have Loan",
  notEnoughBalance: "User does not have enough balance",
  paymentFailed: "Payment failed, please try again later",
  incorrectCredentials: "incorrect credentials",
  // The portal's own wording: the spec does not show these.
  unknownLender: "This lending page is not valid.",
  alreadyPaid: "This instalment has already been paid.",
  inProgress: "A card payment of this instalment is in progress. Please wait a moment and try again.",
  pinLocked: "Too many wrong PINs. Please try again later.",
} as const;

/** The error codes of those messages (`code` of the error answer). */
export const LENDING_CODES = {
  invalidNationalId: "invalid_national_id",
  noLoan: "no_loan",
  notEnoughBalance: "not_enough_balance",
  paymentFailed: "payment_failed",
  incorrectCredentials: "incorrect_credentials",
  unknownLender: "unknown_lender",
  alreadyPaid: "already_paid",
  inProgress: "payment_in_progress",
  pinLocked: "pin_locked",
} as const;

/** The national ID as digits: spaces dropped, Arabic-Indic digits made ASCII; valid when exactly 14 digits. */
export function normalizeNationalId(value: string): string {
  return normalizeDigits(value).replace(/[\s-]+/g, "");
}
export function isNationalId(value: string): boolean {
  return /^\d{14}$/.test(normalizeNationalId(value));
}

/** The balance PIN: 4 to 6 digits. */
export const LENDING_PIN_PATTERN = /^\d{4,6}$/;

const lender = boundedText(64);
/** Bounded here; the 14 digits are the server's own check, so the answer carries the spec's message. */
const nationalId = boundedText(64);

export const lendingLookupBodySchema = z.object({ lender, national_id: nationalId });

export const lendingLoanSchema = z.object({
  reference: z.string(),
  service_name: z.string(),
  currency: z.string(),
  exponent: z.union([z.literal(2), z.literal(3)]),
  /** The loan's amount. */
  amount_cents: z.number(),
  /** What is still owed. */
  outstanding_cents: z.number(),
  /** The instalment due now (the last one may be smaller), its payment fees and their sum. */
  instalment_cents: z.number(),
  fee_cents: z.number(),
  total_cents: z.number(),
  /** The instalment being paid now: instalments_paid + 1. */
  instalment_no: z.number(),
  instalments_paid: z.number(),
  instalments_total: z.number(),
});
export type LendingLoan = z.infer<typeof lendingLoanSchema>;

export const lendingLookupAnswerSchema = z.object({
  lender: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  is_live: z.boolean(),
  /** The national ID as shown back: its first and last digits only. */
  national_id_masked: z.string(),
  loans: z.array(lendingLoanSchema),
});
export type LendingLookupAnswer = z.infer<typeof lendingLookupAnswerSchema>;

const payBody = {
  lender,
  national_id: nationalId,
  reference: boundedText(64),
  /** The instalment the customer confirmed: paying one that is already paid answers 409, never a second charge. */
  instalment_no: z.number().int().min(1).max(10_000),
};

export const lendingCardBodySchema = z.object(payBody);
export const lendingCardAnswerSchema = z.object({
  /** The payment token of the instalment's order, for the hosted checkout's card form. */
  payment_token: z.string(),
  instalment_no: z.number(),
  total_cents: z.number(),
});

export const lendingBalanceBodySchema = z.object({ ...payBody, pin: boundedText(16) });
export const lendingBalanceAnswerSchema = z.object({
  loan: lendingLoanSchema.nullable(),
  paid: z.object({
    reference: z.string(),
    instalment_no: z.number(),
    instalment_cents: z.number(),
    fee_cents: z.number(),
    total_cents: z.number(),
    currency: z.string(),
    exponent: z.union([z.literal(2), z.literal(3)]),
    outstanding_cents: z.number(),
    paid_at: z.string(),
  }),
});
export type LendingBalanceAnswer = z.infer<typeof lendingBalanceAnswerSchema>;

const TAGS = ["checkout"] as const;

export const lendingApi = {
  lookup: route({
    method: "POST",
    path: "/api/checkout/lending/lookup",
    access: { public: true },
    tags: TAGS,
    summary: "A customer's open loans with the lender, by national ID (rate limited)",
    body: lendingLookupBodySchema,
    answers: {
      200: lendingLookupAnswerSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
  card: route({
    method: "POST",
    path: "/api/checkout/lending/card",
    access: { public: true },
    tags: TAGS,
    summary: "Starts (or resumes) paying the instalment by card: the payment token of its order",
    body: lendingCardBodySchema,
    answers: {
      200: lendingCardAnswerSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
  balance: route({
    method: "POST",
    path: "/api/checkout/lending/balance",
    access: { public: true },
    tags: TAGS,
    summary: "Pays the instalment from the customer's balance with the balance PIN",
    body: lendingBalanceBodySchema,
    answers: {
      200: lendingBalanceAnswerSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
};
