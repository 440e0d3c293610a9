import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The test helpers' SQL (docs/payments.md "Test helpers"): a merchant's recent test-mode callback attempts (those
 * that kept their body, test mode only: 0050_test_helpers), the outbox rows of its test-mode transactions, and the
 * cancel. Every statement is scoped to the merchant, and to test mode.
 */

const ATTEMPT_COLUMNS = [
  "a.id",
  "a.transaction_id",
  "a.merchant_id",
  "a.kind",
  "a.trigger",
  "a.attempt",
  "a.url",
  "a.attempted_at",
  "a.finished_at",
  "a.status_code",
  "a.latency_ms",
  "a.response_excerpt",
  "a.error",
  "a.request_body",
  "a.signature",
] as const;

/** The merchant's newest test-mode attempts (the partial index on merchant and id answers it). */
export function recentTestAttempts(db: Kysely<DB>, merchantId: number, limit: number) {
  return db
    .selectFrom("callback_attempts as a")
    .select(ATTEMPT_COLUMNS)
    .where("a.merchant_id", "=", merchantId)
    .where("a.request_body", "is not", null)
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}

/** One of the merchant's test-mode attempts, with the merchant's encrypted hmac secret (for a fresh signature). */
export function testAttemptOf(db: Kysely<DB>, merchantId: number, attemptId: number) {
  return db
    .selectFrom("callback_attempts as a")
    .innerJoin("merchants as m", "m.id", "a.merchant_id")
    .select(ATTEMPT_COLUMNS)
    .select("m.hmac_secret_enc")
    .where("a.id", "=", attemptId)
    .where("a.merchant_id", "=", merchantId)
    .where("a.request_body", "is not", null)
    .executeTakeFirst();
}

/** The outbox rows of the merchant's test-mode transactions, soonest first. */
export function pendingTestJobs(db: Kysely<DB>, merchantId: number, limit: number) {
  return db
    .selectFrom("callback_jobs as j")
    .innerJoin("transactions as t", "t.id", "j.transaction_id")
    .select(["j.id", "j.transaction_id", "j.kind", "j.trigger", "j.attempt", "j.run_at"])
    .where("t.merchant_id", "=", merchantId)
    .where("t.is_live", "=", false)
    .orderBy("j.run_at")
    .orderBy("j.id")
    .limit(limit)
    .execute();
}

/** Deletes one outbox row of the merchant's test-mode transactions; answers whether it was there. */
export async function deleteTestJob(db: Kysely<DB>, merchantId: number, jobId: number): Promise<boolean> {
  const rows = await db
    .deleteFrom("callback_jobs as j")
    .using("transactions as t")
    .whereRef("t.id", "=", "j.transaction_id")
    .where("j.id", "=", jobId)
    .where("t.merchant_id", "=", merchantId)
    .where("t.is_live", "=", false)
    .returning("j.id")
    .execute();
  return rows.length > 0;
}
