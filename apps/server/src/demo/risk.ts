import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { insertAudit, insertEntry, insertRule, refreshRiskFlag } from "../risk/risk.repository.ts";
import { entryKey } from "../risk/risk.service.ts";
import type { DemoCredentials } from "./generate.ts";

/**
 * Demo risk center (docs/pos-risk.md "Risk"): the first Egyptian merchant (merchant.egypt) has one rule of each
 * kind, entries of each kind on both lists and their audit rows, so the Risk Center shows real examples. They are
 * chosen not to decline what the journeys and the published sandbox cards pay (amounts far above or below theirs,
 * documentation addresses, cards and e-mails nobody else uses; the countries rule is inactive).
 */
export async function seedDemoRisk(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  const owner = await db
    .selectFrom("users")
    .select(["id", "username"])
    .where("merchant_id", "=", merchant.merchant_id)
    .where("profile_type", "=", "Merchant")
    .orderBy("id")
    .executeTakeFirst();
  const by = owner?.id ?? null;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const rules = [
    { kind: "max_amount", currency: "EGP", amount_cents: 100_000_000, note: "Above one million pounds" },
    { kind: "min_amount", currency: "EGP", amount_cents: 100, note: "Card tests below one pound" },
    { kind: "velocity", subject: "card", max_payments: 1000, window_seconds: 3600, note: "Card bursts" },
    {
      kind: "velocity",
      subject: "email",
      max_payments: 500,
      amount_cents: 50_000_000,
      currency: "EGP",
      window_seconds: 86_400,
    },
    { kind: "three_ds", currency: "EGP", amount_cents: 20_000_000, note: "Large payments authenticated" },
    { kind: "countries", countries: ["EG", "AE", "SA"], is_active: false, note: "Region only (paused)" },
  ] as const;
  let n = 0;
  for (const [i, r] of rules.entries()) {
    const id = await insertRule(db, {
      merchant_id: merchant.merchant_id,
      created_by: by,
      created_at: at(30 - i),
      updated_at: at(30 - i),
      ...r,
      countries: "countries" in r ? [...r.countries] : null,
    });
    await insertAudit(db, {
      merchant_id: merchant.merchant_id,
      user_id: by,
      user_email: owner?.username ?? null,
      action: "created",
      target: "rule",
      target_id: id,
      summary: r.kind,
    });
    n++;
  }
  const entries = [
    { list: "black", kind: "card", value: "4242424242424242", note: "Reported stolen" },
    { list: "black", kind: "email", value: "fraudster@example.com", note: "Chargebacks in March" },
    { list: "black", kind: "phone", value: "+201099999999", note: null },
    { list: "black", kind: "ip", value: "198.51.100.0/24", note: "Card testing bot" },
    { list: "black", kind: "ip", value: "2001:db8:bad::/48", note: null },
    { list: "white", kind: "email", value: "vip.customer@example.com", note: "Corporate buyer" },
    { list: "white", kind: "card", value: "5555555555554444", note: "Owner's own card" },
    { list: "white", kind: "ip", value: "192.0.2.10", note: "Office" },
  ] as const;
  for (const [i, e] of entries.entries()) {
    const id = await insertEntry(db, {
      merchant_id: merchant.merchant_id,
      list: e.list,
      kind: e.kind,
      ...entryKey(dataKey, e.kind, e.value),
      note: e.note,
      created_by: by,
      created_at: at(20 - i),
    });
    if (id === undefined) continue;
    await insertAudit(db, {
      merchant_id: merchant.merchant_id,
      user_id: by,
      user_email: owner?.username ?? null,
      action: "created",
      target: e.list,
      target_id: id,
      summary: `${e.kind} ${entryKey(dataKey, e.kind, e.value).label}`,
    });
    n++;
  }
  await refreshRiskFlag(db, merchant.merchant_id);
  return n;
}
