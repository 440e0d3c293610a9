import { z } from "zod";

/**
 * Objects of the provider's own shapes that more than one feature answers. The provider's objects carry many
 * fields, so the schemas name the ones clients rely on and let the rest through unchanged.
 */

/** The public API's transaction inquiry, the processed callback's obj and the simulator's test-mode actions. */
export const providerTransactionSchema = z
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
export type ProviderTransaction = z.infer<typeof providerTransactionSchema>;
