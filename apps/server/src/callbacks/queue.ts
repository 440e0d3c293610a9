/**
 * The callback outbox (migration 0011, ADR 0005): one row of `callback_jobs` per pending delivery attempt, written
 * with the change that causes it (in its database transaction, or in its very statement), so a callback exists
 * exactly when that change commits. Workers take due rows under a lease and delete them once the attempt is
 * recorded; the row of a process that stopped mid-delivery is due again when its lease ends. The outbox's
 * statements are in callbacks.repository.ts; this file holds its job types and the in-process wake-up.
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
