import { z } from "zod";

/**
 * Answer schemas of the public API for the OpenAPI document. The provider's objects carry many fields, so the
 * schemas name the ones clients rely on and let the rest through unchanged.
 */

export const providerErrorSchema = z
  .looseObject({ detail: z.string().optional(), message: z.string().optional(), code: z.string().optional() })
  .describe("An error: {detail} (or {message}); validation errors are {field: [messages]}.");

export const transactionSchema = z
  .looseObject({
    id: z.number().optional(),
    pending: z.boolean().optional(),
    success: z.boolean().optional(),
    amount_cents: z.number().optional(),
    currency: z.string().optional(),
    is_auth: z.boolean().optional(),
    is_capture: z.boolean().optional(),
    is_refund: z.boolean().optional(),
    is_void: z.boolean().optional(),
    is_voided: z.boolean().optional(),
    is_refunded: z.boolean().optional(),
    is_3d_secure: z.boolean().optional(),
    integration_id: z.number().nullable().optional(),
    order: z.looseObject({}).nullable().optional(),
    source_data: z.looseObject({}).optional(),
    data: z.looseObject({}).optional(),
    created_at: z.string().optional(),
  })
  .describe("The provider's transaction object (the inquiry answer and the processed callback's obj).");

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
