import { z } from "zod";

/**
 * Answer schemas of the public API for the OpenAPI document. The provider's objects carry many fields, so the
 * schemas name the ones clients rely on and let the rest through unchanged.
 */

export const providerErrorSchema = z
  .looseObject({ detail: z.string().optional(), message: z.string().optional(), code: z.string().optional() })
  .describe("An error: {detail} (or {message}); validation errors are {field: [messages]}.");

/** Moved to packages/domain (the checkout's simulator routes answer it too). */
export { providerTransactionSchema as transactionSchema } from "@portal/domain";

export const orderSchema = z
  .looseObject({
    id: z.number(),
    amount_cents: z.number(),
    currency: z.string(),
    merchant_order_id: z.string().nullable(),
    paid_amount_cents: z.number(),
  })
  .describe("The provider's order object.");

export const intentionSchema = z
  .looseObject({
    id: z.string(),
    client_secret: z.string(),
    intention_order_id: z.number(),
    payment_keys: z.array(z.looseObject({ integration: z.number(), key: z.string() })),
    status: z.string(),
  })
  .describe("The provider's payment intention.");

export const paymentLinkSchema = z
  .looseObject({
    id: z.number(),
    client_url: z.string().nullable(),
    state: z.string(),
    amount_cents: z.number(),
  })
  .describe("A quick payment link.");
