import { randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { tooManyRequests } from "../http/errors.ts";
import { enqueueEmail, type OutboxMode } from "../mail/outbox.repository.ts";
import { hitRateLimits, type RateLimitRule } from "../ratelimit/rate-limit.repository.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import { replaceRefundOtp, takeRefundOtpTry, useRefundOtp, userEmail } from "./otp.repository.ts";

/**
 * One-time codes of wallet refunds. The code goes to the signed-in user's e-mail (the provider texts it; this
 * portal has no SMS gateway, and the dev mailbox shows it). Valid 10 minutes, single use, 5 tries. Stored as an
 * HMAC under the data key: a plain hash of a 6-digit code is reversed in a million tries by anyone who reads the
 * table (migration 0020 removed the codes stored that way).
 */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * New codes: 3 an hour per transaction (a new code starts 5 new tries, so this bounds the guesses at 15 an hour)
 * and 10 an hour per user (nobody floods a mailbox).
 */
export const OTP_LIMITS = {
  transaction: { limit: 3, windowSeconds: 3600 },
  user: { limit: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

const hash = (dataKey: Buffer, code: string) => keyedHash(dataKey, "refund-otp", code);

export async function issueRefundOtp(
  trx: Kysely<DB>,
  dataKey: Buffer,
  transactionId: number,
  userId: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await replaceRefundOtp(
    trx,
    transactionId,
    userId,
    hash(dataKey, code),
    new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
  );
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
  const to = await userEmail(db, userId);
  if (!to) return false;
  const limit = await hitRateLimits(db, [
    { key: `refund-otp:tx:${transactionId}`, rule: OTP_LIMITS.transaction },
    { key: `refund-otp:user:${userId}`, rule: OTP_LIMITS.user },
  ]);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
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

/**
 * True when the code is the transaction's current one; uses it up. Every try, right or wrong, takes one of the
 * tries in the same statement that checks there is one left (attempts < 5, re-checked under the row lock), so
 * parallel guesses cannot all pass a check made before any of them counted.
 */
export async function consumeRefundOtp(
  db: Kysely<DB>,
  dataKey: Buffer,
  transactionId: number,
  userId: number,
  code: string,
): Promise<boolean> {
  const row = await takeRefundOtpTry(db, transactionId, userId, OTP_MAX_ATTEMPTS);
  if (!row) return false;
  const a = Buffer.from(row.code_hash);
  const b = Buffer.from(hash(dataKey, code));
  if (!(a.length === b.length && timingSafeEqual(a, b))) return false;
  return useRefundOtp(db, row.id);
}
