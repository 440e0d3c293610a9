import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import { paymentError } from "./errors.ts";
import {
  claimIdempotencyKey,
  type IdempotencyClaim,
  storedIdempotentAnswer,
  storeIdempotentAnswer,
} from "./payment.repository.ts";

/**
 * Idempotent mutations. A request with an Idempotency-Key runs in one database transaction that first claims
 * (merchant, scope, key) with an insert: a concurrent duplicate waits on that row until the first commits and
 * then answers the stored response; after a rollback (the request failed) the key is free again. The stored
 * request hash makes reusing a key for a different request an error instead of a wrong replay.
 */

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

export const IDEMPOTENCY_HEADER = "idempotency-key";

/**
 * A stable hash of the request's meaningful fields (keys sorted, so field order does not matter), keyed with the
 * data key: an HMAC, so a stored hash over a card number (whose first 6 and last 4 digits are stored too) or any
 * other guessable field cannot be brute-forced back without the key. Cheap enough for the card path.
 */
export function requestHash(dataKey: Buffer, value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === "object")
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return keyedHash(dataKey, "idempotency", JSON.stringify(canonical(value)));
}

/** Reads the header; an empty or over-long key is refused rather than silently ignored. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  const key = value.trim();
  if (key === "" || key.length > 255)
    throw paymentError(
      400,
      "invalid_idempotency_key",
      "The Idempotency-Key header must be 1 to 255 characters.",
    );
  return key;
}

export async function idempotent<T>(
  db: Kysely<DB>,
  opts: {
    merchantId: number;
    scope: string;
    key: string | undefined;
    /** The request's hash, or a function computing it (only called when there is a key). */
    hash: string | (() => string);
    /**
     * `run` makes each of its changes in one statement that is atomic on its own (the card path): without a
     * key it then runs on `db` itself, with no database transaction around it. With a key it always runs in the
     * transaction that holds the key's claim.
     */
    atomicStatements?: boolean;
    /**
     * Whether the caller may see a stored answer (of the same request): one key serves callers of several modes
     * (test key, live key, dashboard), and one who could not see the answer's transaction gets what it would get
     * without the key, 404, never the answer.
     */
    replayVisible?: (stored: T) => boolean;
  },
  run: (trx: Kysely<DB>) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  if (opts.key === undefined) {
    const result = opts.atomicStatements ? await run(db) : await db.transaction().execute(run);
    return { ...result, replayed: false };
  }
  const claim: IdempotencyClaim = { merchantId: opts.merchantId, scope: opts.scope, key: opts.key };
  const hash = typeof opts.hash === "function" ? opts.hash() : opts.hash;
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await claimIdempotencyKey(trx, claim, hash))) return undefined;
    const result = await run(trx);
    await storeIdempotentAnswer(trx, claim, result);
    return { ...result, replayed: false };
  });
  if (outcome) return outcome;
  const stored = await storedIdempotentAnswer(db, claim);
  if (stored.request_hash !== hash)
    throw paymentError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was already used with a different request.",
    );
  if (opts.replayVisible && !opts.replayVisible(stored.response as T))
    throw paymentError(404, "not_found", "Not found.");
  return { statusCode: stored.status_code, body: stored.response as T, replayed: true };
}
