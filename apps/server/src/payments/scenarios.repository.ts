import { type Kysely, sql } from "kysely";
import type { CallbackJob, TakenJob } from "../callbacks/queue.ts";
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

/**
 * Takes the due, never-taken callback jobs of one transaction under a lease (as the worker's take does), so the
 * caller delivers them now; a worker that took them first keeps them.
 */
export async function takeTransactionCallbackJobs(
  db: Kysely<DB>,
  transactionId: number,
  leaseSeconds: number,
): Promise<TakenJob[]> {
  const { rows } = await sql<{
    id: number;
    transaction_id: number;
    kind: CallbackJob["kind"];
    card_token_id: number | null;
    attempt: number;
    trigger: CallbackJob["trigger"];
    taken: number;
  }>`update callback_jobs as j set run_at = now() + make_interval(secs => ${leaseSeconds}), taken = j.taken + 1
    where j.id = any(array(select id from callback_jobs where transaction_id = ${transactionId} and taken = 0
      and run_at <= now() order by id for update skip locked))
    returning j.id, j.transaction_id, j.kind, j.card_token_id, j.attempt, j.trigger, j.taken`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    taken: r.taken,
    job: {
      transactionId: Number(r.transaction_id),
      kind: r.kind,
      ...(r.card_token_id === null ? {} : { cardTokenId: Number(r.card_token_id) }),
      attempt: r.attempt,
      trigger: r.trigger,
    },
  }));
}
