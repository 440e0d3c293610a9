import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/** The test clock's SQL (test-clock/clock.ts says the model). Every statement is scoped to one merchant. */

/** Every merchant's offset (only merchants that moved their clock have a row). */
export async function allClockOffsets(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db.selectFrom("test_clocks").select(["merchant_id", "offset_ms"]).execute();
  return new Map(rows.map((r) => [r.merchant_id, Number(r.offset_ms)]));
}

export async function clockRow(
  db: Kysely<DB>,
  merchantId: number,
): Promise<{ offset_ms: number; updated_at: Date } | undefined> {
  const row = await db
    .selectFrom("test_clocks")
    .select(["offset_ms", "updated_at"])
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return row ? { offset_ms: Number(row.offset_ms), updated_at: row.updated_at } : undefined;
}

/** Deletes the merchant's clock (back to real time). */
export async function deleteClock(db: Kysely<DB>, merchantId: number): Promise<void> {
  await db.deleteFrom("test_clocks").where("merchant_id", "=", merchantId).execute();
}

/**
 * Adds `ms` to the merchant's offset in one statement (concurrent advances add up), unless the sum would pass
 * `maxMs`. Answers the new offset, or undefined when refused.
 */
export async function addClockOffset(
  db: Kysely<DB>,
  merchantId: number,
  ms: number,
  maxMs: number,
  by: string | null,
): Promise<number | undefined> {
  const { rows } = await sql<{
    offset_ms: number;
  }>`insert into test_clocks (merchant_id, offset_ms, updated_by)
    values (${merchantId}, ${ms}, ${by})
    on conflict (merchant_id) do update
      set offset_ms = test_clocks.offset_ms + excluded.offset_ms, updated_by = excluded.updated_by, updated_at = now()
      where test_clocks.offset_ms + excluded.offset_ms <= ${maxMs}
    returning offset_ms`.execute(db);
  return rows[0] ? Number(rows[0].offset_ms) : undefined;
}

/**
 * Sets the merchant's offset to `offsetMs` unless that is less than the stored one (the clock never runs back
 * while set). Answers the offset before, or undefined when refused.
 */
export async function raiseClockOffset(
  db: Kysely<DB>,
  merchantId: number,
  offsetMs: number,
  by: string | null,
): Promise<number | undefined> {
  const { rows } = await sql<{ before: number }>`with old as (
      select offset_ms from test_clocks where merchant_id = ${merchantId} for update)
    insert into test_clocks (merchant_id, offset_ms, updated_by)
    values (${merchantId}, ${offsetMs}, ${by})
    on conflict (merchant_id) do update
      set offset_ms = excluded.offset_ms, updated_by = excluded.updated_by, updated_at = now()
      where test_clocks.offset_ms <= excluded.offset_ms
    returning coalesce((select offset_ms from old), 0) as before`.execute(db);
  return rows[0] ? Number(rows[0].before) : undefined;
}

/**
 * Pulls the merchant's scheduled test-mode callback deliveries (retries, delayed callbacks) forward by `ms`, never
 * before now: a delivery due at test time T stays due at T after the clock jumped. Only rows no worker has taken
 * yet (`taken = 0`): a taken row's run_at is its lease, and moving it would deliver twice. Parked rows
 * ('infinity') stay parked. Answers how many moved.
 */
export async function pullCallbacksForward(db: Kysely<DB>, merchantId: number, ms: number): Promise<number> {
  const result = await sql`update callback_jobs as j
    set run_at = greatest(now(), j.run_at - make_interval(secs => ${ms / 1000}::float8))
    from transactions as t
    where t.id = j.transaction_id and t.merchant_id = ${merchantId} and not t.is_live
      and j.taken = 0 and j.run_at > now() and j.run_at <> 'infinity'::timestamptz`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
