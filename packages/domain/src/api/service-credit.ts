import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";

/**
 * Service-credit packs (merchant-dashboard.md sections 2, 7, 8, 9; docs/onboarding.md "Service-credit packs"): the
 * /{lang}/bulk_disbursement page offers four packs of 1000, 1500, 2000 and 3000 pounds; the merchant confirms one
 * and the page sends POST /api/acceptance/billspromo with amount_cents 100 times the pack, authorized by the token
 * of its query string (a sign-in token; the signed-in session when there is none). The balance is topped up for 14
 * days. Only the merchant's owner buys (a purchase spends the merchant's money).
 */
export const CREDIT_PACKS_POUNDS = [1000, 1500, 2000, 3000] as const;
/** amount_cents of each pack: 100 times its pounds. */
export const CREDIT_PACK_AMOUNTS = [100000, 150000, 200000, 300000] as const;
export const CREDIT_VALIDITY_DAYS = 14;
/** The packs are in pounds: Egyptian merchants buy them. */
export const CREDIT_CURRENCY = "EGP";
/** The page's failure toast when the answer has no detail (the spec's text, spelling included). */
export const CREDIT_FAILURE_MESSAGE = "Somethig went wrong! please try again later.";
export const CREDIT_MESSAGES = {
  notOwner: "Only the account owner can buy service credit.",
  notEgypt: "Service-credit packs are available to merchants in Egypt only.",
  unknownPack: "Choose one of the packs: 1000, 1500, 2000 or 3000 pounds.",
} as const;

export const creditPurchaseBodySchema = z.object({
  amount_cents: z.literal(CREDIT_PACK_AMOUNTS, { message: CREDIT_MESSAGES.unknownPack }),
});
export type CreditPurchaseBody = z.infer<typeof creditPurchaseBodySchema>;

export const creditPackSchema = z.object({
  id: z.number(),
  amount_cents: z.number(),
  currency: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export const creditBalanceSchema = z.object({
  /** The packs not yet expired, summed. */
  balance_cents: z.number(),
  currency: z.string(),
  /** When the soonest of the packs still counted expires (null: none). */
  next_expiry: z.string().nullable(),
  /** The newest purchases (at most 20), expired ones included. */
  packs: z.array(creditPackSchema),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

export const serviceCreditApi = {
  balance: route({
    method: "GET",
    path: "/api/acceptance/billspromo",
    access: { permission: null },
    tags: ["Service credit"],
    summary: "The merchant's service-credit balance and its newest pack purchases (owner only)",
    answers: { 200: creditBalanceSchema, 400: errorResponseSchema, 403: errorResponseSchema },
  }),
  buy: route({
    method: "POST",
    path: "/api/acceptance/billspromo",
    access: { permission: null },
    tags: ["Service credit"],
    summary: "Buy a service-credit pack (amount_cents 100000, 150000, 200000 or 300000): valid 14 days",
    body: creditPurchaseBodySchema,
    answers: { 201: creditBalanceSchema, 400: errorResponseSchema, 403: errorResponseSchema },
  }),
};
