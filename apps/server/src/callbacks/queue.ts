import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The callback outbox (migration 0011, ADR 0005): one row of `callback_jobs` per pending delivery attempt, written
 * with the change that causes it (in its database transaction, or in its very statement), so a callback exists
 * exactly when that change commits. Workers take due rows under a lease and delete them once the attempt is
 * recorded; the row of a process that stopped mid-delivery is due again when its lease ends.
 */

export interface CallbackJob {
  transactionId: number;
  kind: "TRANSACTION" | "TOKEN";
  /** For TOKEN callbacks: the saved card token. */
  cardTokenId?: number | undefined;
  /** 1 for the first delivery of an event or a manual resend; retries count up to the maximum. */
  attempt: number;
  trigger: "event" | "retry" | "manual";
}

/** A job a worker has taken: its row id and how many times it was taken (this time included). */
export interface TakenJob {
  id: number;
  job: CallbackJob;
  taken: number;
}

/** A job taken this many times without being finished is parked (our own failure, not the merchant's answer). */
export const MAX_TAKEN = 6;

/** Enqueues deliveries in the caller's database transaction (or as one statement of their own). */
export async function enqueueCallbacks(
  db: Kysely<DB>,
  jobs: readonly CallbackJob[],
  delaySeconds = 0,
): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto("callback_jobs")
    .values(
      jobs.map((job) => ({
        transaction_id: job.transactionId,
        kind: job.kind,
        card_token_id: job.cardTokenId ?? null,
        attempt: job.attempt,
        trigger: job.trigger,
        ...(delaySeconds > 0 ? { run_at: new Date(Date.now() + delaySeconds * 1000) } : {}),
      })),
    )
    .execute();
}

/**
 * Takes up to `limit` due jobs (row-locked while taken, so any number of workers and processes share the outbox)
 * and leases them for `leaseSeconds`: until then no other worker takes them.
 */
export async function takeCallbackJobs(
  db: Kysely<DB>,
  limit: number,
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
    where j.id = any(array(select id from callback_jobs where run_at <= now() order by run_at limit ${limit}
      for update skip locked))
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

/** Makes taken jobs due again after `delaySeconds` (our own failure), or parks them for good (`park`). */
export async function releaseCallbackJobs(
  db: Kysely<DB>,
  ids: readonly number[],
  delaySeconds: number,
  park = false,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("callback_jobs")
    .set({
      run_at: park
        ? sql<Date>`'infinity'::timestamptz`
        : sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where("id", "in", [...ids])
    .execute();
}

/** This process's callback workers, woken when this process has just committed a callback job. */
const committedListeners = new Set<() => void>();

/** Calls `listener` whenever callbackJobsCommitted() is called; answers the unsubscribe. */
export function onCallbackJobsCommitted(listener: () => void): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}

/**
 * Tells this process's workers that a callback job was just committed, so an idle one takes it now rather than
 * after its polling interval (jobs committed by other processes are found by polling).
 */
export function callbackJobsCommitted(): void {
  for (const listener of committedListeners) listener();
}
