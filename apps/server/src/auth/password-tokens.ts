import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { newToken, tokenHash } from "../security/tokens.ts";

export type PasswordTokenPurpose = "reset" | "reactivate";

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
  await db
    .insertInto("password_tokens")
    .values({
      id: tokenHash(token),
      user_id: userId,
      purpose,
      expires_at: sql<Date>`now() + ${`${TOKEN_VALIDITY_SECONDS[purpose]} seconds`}::interval`,
    })
    .execute();
  return token;
}

/**
 * Uses a token: one atomic update, so two concurrent uses cannot both succeed. Returns the user id, or
 * undefined when the token is unknown, of another purpose, expired or already used.
 */
export async function consumePasswordToken(
  db: Kysely<DB>,
  token: string,
  purpose: PasswordTokenPurpose,
): Promise<number | undefined> {
  const row = await db
    .updateTable("password_tokens")
    .set({ used_at: sql`now()` })
    .where("id", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** Makes every open token of a user unusable (after a reset, so an older link cannot be replayed). */
export async function revokePasswordTokens(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable("password_tokens")
    .set({ used_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

/** Drops tokens that can no longer be used, a day after they stopped being usable. */
export async function deleteStalePasswordTokens(db: Kysely<DB>): Promise<number> {
  const r = await db
    .deleteFrom("password_tokens")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<", sql<Date>`now() - interval '1 day'`),
        eb("used_at", "<", sql<Date>`now() - interval '1 day'`),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
