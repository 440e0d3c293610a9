import { CREDIT_CURRENCY, CREDIT_VALIDITY_DAYS, type CreditBalance } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/** The merchant's country (packs are sold to Egyptian merchants). */
export async function merchantCountry(db: Kysely<DB>, merchantId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("merchants")
    .select("country")
    .where("id", "=", merchantId)
    .executeTakeFirst();
  return row?.country;
}

/** The merchant's balance at `now`: the packs not yet expired, and the newest 20 purchases. */
export async function creditBalance(db: Kysely<DB>, merchantId: number, now: Date): Promise<CreditBalance> {
  const [sum, packs] = await Promise.all([
    db
      .selectFrom("service_credits")
      .select([
        sql<string | null>`sum(amount_cents)`.as("balance"),
        sql<Date | null>`min(expires_at)`.as("next_expiry"),
      ])
      .where("merchant_id", "=", merchantId)
      .where("expires_at", ">", now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("service_credits")
      .select(["id", "amount_cents", "currency", "created_at", "expires_at"])
      .where("merchant_id", "=", merchantId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(20)
      .execute(),
  ]);
  return {
    balance_cents: Number(sum.balance ?? 0),
    currency: CREDIT_CURRENCY,
    next_expiry: sum.next_expiry ? new Date(sum.next_expiry).toISOString() : null,
    packs: packs.map((p) => ({
      id: p.id,
      amount_cents: Number(p.amount_cents),
      currency: p.currency,
      created_at: new Date(p.created_at).toISOString(),
      expires_at: new Date(p.expires_at).toISOString(),
    })),
  };
}

/** Records a purchase: valid CREDIT_VALIDITY_DAYS from `now`. */
export async function buyCredit(
  db: Kysely<DB>,
  merchantId: number,
  userId: number | null,
  amountCents: number,
  now: Date,
): Promise<void> {
  await db
    .insertInto("service_credits")
    .values({
      merchant_id: merchantId,
      user_id: userId,
      amount_cents: amountCents,
      currency: CREDIT_CURRENCY,
      created_at: now,
      expires_at: new Date(now.getTime() + CREDIT_VALIDITY_DAYS * 86_400_000),
    })
    .execute();
}
