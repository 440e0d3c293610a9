import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Refund one-time codes are now stored as an HMAC under the data key (transactions/otp.ts); before, as an unkeyed
 * sha256 of a 6-digit code, which anyone reading the table reverses in a million tries. The codes still waiting
 * to be used (valid 10 minutes at most) are deleted rather than left to fail: no live code stays recoverable, and
 * a user who was about to refund asks for a new code. Used and expired rows stay (they open nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, "delete from refund_otps where used_at is null and expires_at > now();\n");
}
