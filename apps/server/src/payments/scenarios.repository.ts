import { type Kysely, sql } from "kysely";
import type { TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";

/**
 * The sandbox scenarios' SQL (payments/scenarios.ts, docs/payments.md "Test scenarios"): the settling pending
 * payments (stamped, found through the partial index of migration 0049, locked) and the callback jobs of one
 * transaction taken for delivery before its payment's answer.
 */

/** Stamps when a pending test payment settles (an ISO instant on the merchant's test clock), once. */
export async function stampSettleAt(db: Kysely<DB>, transactionId: number, at: Date): Promise<void> {
  await db
    .updateTable("transactions")
    .set({ data: sql`data || ${JSON.stringify({ _settle_at: at.toISOString() })}::jsonb` })
    .where("id", "=", transactionId)
    .where("status", "=", "pending")
    .where("is_live", "=", false)
    // A replayed request (same Idempotency-Key) keeps the first due time.
    .where(sql<boolean>`not (data ? '_settle_at')`)
    .execute();
}

/** The pending test payments that settle later: id, merchant and when (migration 0049's partial index). */
export async function settlingPayments(
  db: Kysely<DB>,
  limit: number,
): Promise<{ id: number; merchantId: number; settleAt: string }[]> {
  const rows = await db
    .selectFrom("transactions")
    .select(["id", "merchant_id", sql<string>`data->>'_settle_at'`.as("settle_at")])
    .where("status", "=", "pending")
    .where("is_live", "=", false)
    .where(sql<boolean>`data ? '_settle_at'`)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), merchantId: Number(r.merchant_id), settleAt: r.settle_at }));
}

/** A settling pending test payment, locked; undefined once it is no longer pending. */
export function lockSettlingPayment(trx: Kysely<DB>, id: number): Promise<TransactionRow | undefined> {
  return trx
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("is_live", "=", false)
    .forUpdate()
    .executeTakeFirst();
}
