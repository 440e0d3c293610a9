import { randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { enqueueEmail, type OutboxMode } from "../mail/outbox.ts";
import { keyedHash } from "../security/keyed-hash.ts";

/**
 * One-time codes of wallet refunds. The code goes to the signed-in user's e-mail (the provider texts it; this
 * portal has no SMS gateway, and the dev mailbox shows it). Valid 10 minutes, single use, 5 tries. Stored as an
 * HMAC under the data key: a plain hash of a 6-digit code is reversed in a million tries by anyone who reads the
 * table (migration 0020 removed the codes stored that way).
 */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

const hash = (dataKey: Buffer, code: string) => keyedHash(dataKey, "refund-otp", code);

export async function issueRefundOtp(
  trx: Kysely<DB>,
  dataKey: Buffer,
  transactionId: number,
  userId: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await trx
    .updateTable("refund_otps")
    .set({ used_at: new Date() })
    .where("transaction_id", "=", transactionId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .insertInto("refund_otps")
    .values({
      transaction_id: transactionId,
      user_id: userId,
      code_hash: hash(dataKey, code),
      expires_at: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    })
    .execute();
  return code;
}

/**
 * Issues a code for the transaction and mails it to the user, in one database transaction (the outbox sends it).
 * False when the user has no e-mail address to send it to.
 */
export async function sendRefundOtp(
  db: Kysely<DB>,
  dataKey: Buffer,
  mail: OutboxMode,
  transactionId: number,
  userId: number,
): Promise<boolean> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (!row?.email) return false;
  const to = row.email;
  await db.transaction().execute(async (trx) => {
    const code = await issueRefundOtp(trx, dataKey, transactionId, userId);
    await enqueueEmail(trx, mail, {
      to,
      subject: "Refund one-time code / رمز الاسترداد لمرة واحدة",
      text: `Your one-time code for refunding transaction ${transactionId} is ${code}. It is valid for 10 minutes.\n\nرمزك لمرة واحدة لاسترداد المعاملة ${transactionId} هو ${code}. صالح لمدة 10 دقائق.`,
    });
  });
  return true;
}

/** True when the code is the transaction's current one; uses it up. A wrong code costs one of the tries. */
export async function consumeRefundOtp(
  db: Kysely<DB>,
  dataKey: Buffer,
  transactionId: number,
  userId: number,
  code: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("refund_otps")
    .selectAll()
    .where("transaction_id", "=", transactionId)
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .where("attempts", "<", OTP_MAX_ATTEMPTS)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return false;
  const a = Buffer.from(row.code_hash);
  const b = Buffer.from(hash(dataKey, code));
  if (a.length === b.length && timingSafeEqual(a, b)) {
    const used = await db
      .updateTable("refund_otps")
      .set({ used_at: new Date() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
  await db
    .updateTable("refund_otps")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", row.id)
    .execute();
  return false;
}
