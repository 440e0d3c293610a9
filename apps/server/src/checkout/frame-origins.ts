import { intentionByPublicKey } from "../payments/intentions.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { paymentTokenId, paymentTokenMatches } from "../payments/tokens.ts";
import { integrationsFrameOrigins, paymentKeyFrameOrigins } from "./checkout.repository.ts";

/**
 * The origins that may frame the hosted checkout page a request opens: those of the integration of the payment it
 * names (/checkout/pay?payment_token=..., the legacy iframe's redirect) or of the intention's integrations
 * (/checkout/unified?publicKey&clientSecret). Anything unknown, unmatched or malformed gives none ('self' only).
 */
export async function checkoutFrameOrigins(rt: PaymentsRuntime, query: unknown): Promise<string[]> {
  const q = (query ?? {}) as Record<string, unknown>;
  try {
    if (typeof q.payment_token === "string" && q.payment_token) {
      const token = q.payment_token;
      const id = paymentTokenId(token);
      if (id === undefined) return [];
      const row = await paymentKeyFrameOrigins(rt.db, id);
      return row && paymentTokenMatches(token, rt.dataKey, id, row.salt) ? row.frame_origins : [];
    }
    if (typeof q.publicKey === "string" && typeof q.clientSecret === "string") {
      const intention = await intentionByPublicKey(rt, q.publicKey, q.clientSecret);
      if (!intention || intention.integration_ids.length === 0) return [];
      const rows = await integrationsFrameOrigins(rt.db, intention.merchant_id, intention.integration_ids);
      return [...new Set(rows.flatMap((r) => r.frame_origins))];
    }
  } catch {
    // A value the database refuses (e.g. a NUL byte) names no payment: the page stays framable by itself only.
  }
  return [];
}
