import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The refund one-time codes' SQL (otp.ts says how the codes work): the address a code is mailed to, storing a new
 * code in place of the transaction's unused ones, taking one try of the current code, and using it up. Codes are
 * stored only as their keyed hash.
 */

/** The user's e-mail address (null or undefined when there is none to send a code to). */
export async function userEmail(db: Kysely<DB>, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email;
}

/**
 * Stores a new code for the transaction and retires its unused ones (two statements: run it in the caller's
 * database transaction).
 */
export async function replaceRefundOtp(
  trx: Kysely<DB>,
  transactionId: number,
  userId: number,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await trx
    .updateTable("refund_otps")
    .set({ used_at: new Date() })
    .where("transaction_id", "=", transactionId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .insertInto("refund_otps")
    .values({ transaction_id: transactionId, user_id: userId, code_hash: codeHash, expires_at: expiresAt })
    .execute();
}

/**
 * Takes one try of the user's current code for the transaction, in the statement that checks there is one left
 * (attempts < maxAttempts, re-checked under the row lock); answers the code's id and hash, or undefined when there
 * is no live code with a try left.
 */
export async function takeRefundOtpTry(
  db: Kysely<DB>,
  transactionId: number,
  userId: number,
  maxAttempts: number,
): Promise<{ id: number; code_hash: string } | undefined> {
  const { rows } = await sql<{ id: number; code_hash: string }>`
    update refund_otps set attempts = attempts + 1
    where id = (
      select id from refund_otps
      where transaction_id = ${transactionId} and user_id = ${userId}
        and used_at is null and expires_at > now()
      order by id desc
      limit 1
    )
      and used_at is null and expires_at > now() and attempts < ${maxAttempts}
    returning id, code_hash`.execute(db);
  return rows[0];
}

/** Uses the code up; true when this call did (not a parallel one). */
export async function useRefundOtp(db: Kysely<DB>, id: number): Promise<boolean> {
  const used = await db
    .updateTable("refund_otps")
    .set({ used_at: new Date() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
