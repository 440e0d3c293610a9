import { CREDIT_CURRENCY, CREDIT_VALIDITY_DAYS } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { DemoCredentials } from "./generate.ts";

/**
 * Demo service credit (docs/onboarding.md "Service-credit packs"): the first Egyptian merchant (merchant.egypt)
 * bought a 2000-pound pack three days ago (still counted) and a 1000-pound pack 20 days ago (expired), so its
 * /bulk_disbursement page shows a balance, its expiry and an expired purchase.
 */
export async function seedDemoServiceCredit(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  const packs = [
    { amount_cents: 100000, daysAgo: 20 },
    { amount_cents: 200000, daysAgo: 3 },
  ];
  for (const p of packs) {
    const at = new Date(now.getTime() - p.daysAgo * 86_400_000);
    await db
      .insertInto("service_credits")
      .values({
        merchant_id: merchant.merchant_id,
        amount_cents: p.amount_cents,
        currency: CREDIT_CURRENCY,
        created_at: at,
        expires_at: new Date(at.getTime() + CREDIT_VALIDITY_DAYS * 86_400_000),
      })
      .execute();
  }
  return packs.length;
}
