import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newToken, tokenHash } from "../security/tokens.ts";
import { insertPasswordToken, type PasswordTokenPurpose, usePasswordToken } from "./auth.repository.ts";

/** A reset link is valid one hour (contract); a reactivation link a week, since a locked user may be away. */
export const TOKEN_VALIDITY_SECONDS: Record<PasswordTokenPurpose, number> = {
  reset: 3600,
  reactivate: 7 * 24 * 3600,
};

/** Issues a single-use e-mailed token; the database keeps its sha256 only. */
export async function issuePasswordToken(
  db: Kysely<DB>,
  userId: number,
  purpose: PasswordTokenPurpose,
): Promise<string> {
  const token = newToken();
  await insertPasswordToken(db, {
    hash: tokenHash(token),
    userId,
    purpose,
    validitySeconds: TOKEN_VALIDITY_SECONDS[purpose],
  });
  return token;
}

/**
 * Uses a token: one atomic update, so two concurrent uses cannot both succeed. Returns the user id, or
 * undefined when the token is unknown, of another purpose, expired or already used.
 */
export function consumePasswordToken(
  db: Kysely<DB>,
  token: string,
  purpose: PasswordTokenPurpose,
): Promise<number | undefined> {
  return usePasswordToken(db, tokenHash(token), purpose);
}
