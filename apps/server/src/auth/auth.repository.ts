import { type Kysely, type Selectable, sql } from "kysely";
import { reviveOptionalRow, reviveRow } from "../db/json-rows.ts";
import type {
  BanksTable,
  DB,
  MerchantsTable,
  PartnersTable,
  TerminalsTable,
  UsersTable,
} from "../db/schema.ts";

/**
 * The auth feature's queries: users as sign-in, password changes and resets read and write them, the e-mailed
 * password tokens, and the rows a session's profile is built from. Sessions and rate limits have their own
 * repositories (sessions/session.repository.ts, ratelimit/rate-limit.repository.ts). Every user query takes the
 * user's id (or the lower-cased username or e-mail the caller was given).
 */

// ---------------------------------------------------------------------------------------------------------
// Users.

/** The user signing in by this (trimmed, lower-cased) username, with what the password check needs. */
export function findUserForPasswordCheck(db: Kysely<DB>, username: string) {
  return db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "profile_type",
      "merchant_id",
      "country",
      "permissions",
      "password_hash",
      "is_active",
      "is_temp_password",
      // A registered owner who has not confirmed the e-mail address yet (registration/).
      "pending_activation",
      // A merchant the bank deactivated (docs/backoffice.md): none of its users may sign in.
      sql<boolean>`coalesce((select m.deactivated from merchants m where m.id = coalesce(users.merchant_id,
        (select t.merchant_id from terminals t where t.id = users.terminal_id))), false)`.as(
        "merchant_deactivated",
      ),
    ])
    .where(sql`lower(username)`, "=", username)
    .executeTakeFirst();
}

/** Every account with this (lower-cased) e-mail address: a reset link goes to each. */
export function findUsersByEmail(db: Kysely<DB>, address: string) {
  // A deleted staff user (users/) gets no link: a reset would unlock the account.
  return db
    .selectFrom("users")
    .select(["id", "email", "username"])
    .where(sql`lower(email)`, "=", address)
    .where("deleted_at", "is", null)
    .execute();
}

/** Stamps a successful sign-in (in the transaction that creates its session). */
export async function markLoggedIn(db: Kysely<DB>, userId: number): Promise<void> {
  await db.updateTable("users").set({ last_login_at: sql`now()` }).where("id", "=", userId).execute();
}

/** The stored password hash and the run of wrong old passwords, for a password change. */
export function readPasswordState(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("users")
    .select(["password_hash", "failed_old_password_attempts"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Counts one more wrong old password; answers the run so far. */
export async function countWrongOldPassword(db: Kysely<DB>, userId: number): Promise<number> {
  const counted = await db
    .updateTable("users")
    .set((eb) => ({ failed_old_password_attempts: eb("failed_old_password_attempts", "+", 1) }))
    .where("id", "=", userId)
    .returning("failed_old_password_attempts")
    .executeTakeFirstOrThrow();
  return counted.failed_old_password_attempts;
}

/**
 * Locks an active account; answers its address and username, or undefined when it was already locked (so only
 * the request that flips it sends the e-mail).
 */
export function deactivateUser(db: Kysely<DB>, userId: number) {
  return db
    .updateTable("users")
    .set({ is_active: false })
    .where("id", "=", userId)
    .where("is_active", "=", true)
    .returning(["email", "username"])
    .executeTakeFirst();
}

/** Ends the run of wrong old passwords. */
export async function clearWrongOldPasswords(db: Kysely<DB>, userId: number): Promise<void> {
  await db.updateTable("users").set({ failed_old_password_attempts: 0 }).where("id", "=", userId).execute();
}

/**
 * Stores a new password hash: no longer temporary, the run of wrong old passwords ended; `reactivate` (a reset
 * from an e-mailed link) also unlocks the account.
 */
export async function setPassword(
  db: Kysely<DB>,
  userId: number,
  hash: string,
  opts: { reactivate: boolean },
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      password_hash: hash,
      ...(opts.reactivate ? { is_active: true } : {}),
      is_temp_password: false,
      failed_old_password_attempts: 0,
    })
    .where("id", "=", userId)
    .execute();
}

/** Unlocks an account (from a reactivation link) and ends its run of wrong old passwords. */
export async function reactivateUser(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ is_active: true, failed_old_password_attempts: 0 })
    .where("id", "=", userId)
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// Password tokens (e-mailed reset and reactivation links; only their sha256 is stored).

export type PasswordTokenPurpose = "reset" | "reactivate";
/**
 * Every e-mailed single-use link kept in password_tokens: the password ones above, staff activation
 * (users/) and the registration's e-mail confirmation (registration/). Each caller chooses its own hash.
 */
export type LinkPurpose = PasswordTokenPurpose | "activate_staff" | "confirm_email";

/**
 * Stores a link's hash, valid `validitySeconds` from now. With `replaceOpen`, the user's open links of the same
 * purpose stop working first (a re-sent activation or confirmation link replaces the older one).
 */
export async function insertPasswordToken(
  db: Kysely<DB>,
  token: {
    hash: string;
    userId: number;
    purpose: LinkPurpose;
    validitySeconds: number;
    replaceOpen?: boolean;
  },
): Promise<void> {
  if (token.replaceOpen)
    await db
      .updateTable("password_tokens")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", token.userId)
      .where("purpose", "=", token.purpose)
      .where("used_at", "is", null)
      .execute();
  await db
    .insertInto("password_tokens")
    .values({
      id: token.hash,
      user_id: token.userId,
      purpose: token.purpose,
      expires_at: sql<Date>`now() + ${`${token.validitySeconds} seconds`}::interval`,
    })
    .execute();
}

/** What a link's hash is now, with its (not deleted) user: unknown (undefined), used, expired or valid. */
export function readPasswordToken(db: Kysely<DB>, hash: string, purpose: LinkPurpose) {
  return db
    .selectFrom("password_tokens as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select([
      "p.user_id",
      "u.username",
      sql<boolean>`p.used_at is not null`.as("used"),
      sql<boolean>`p.expires_at <= now()`.as("expired"),
    ])
    .where("p.id", "=", hash)
    .where("p.purpose", "=", purpose)
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * Uses a link by its hash: one atomic update, so two concurrent uses cannot both succeed. Answers the user id,
 * or undefined when the link is unknown, of another purpose, expired or already used.
 */
export async function usePasswordToken(
  db: Kysely<DB>,
  hash: string,
  purpose: LinkPurpose,
): Promise<number | undefined> {
  const row = await db
    .updateTable("password_tokens")
    .set({ used_at: sql`now()` })
    .where("id", "=", hash)
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

// ---------------------------------------------------------------------------------------------------------
// The rows a session's profile is built from (auth/profile.ts).

export interface ProfileRows {
  user: Selectable<UsersTable>;
  terminal: Selectable<TerminalsTable> | null;
  merchant: Selectable<MerchantsTable> | null;
  bank: Selectable<BanksTable> | null;
  partner: Selectable<PartnersTable> | null;
  /** Whether that merchant has an active live integration. */
  liveIntegration: boolean;
}

/**
 * In one query: the user, its terminal, its merchant (its own, else its terminal's), its bank, the partner whose
 * branding it sees (a Partner user's own; a merchant user's merchant's), and whether that merchant has an active
 * live integration. Whole rows as JSON (db/json-rows.ts). Throws when the user does not exist.
 */
export async function findProfileRows(db: Kysely<DB>, userId: number): Promise<ProfileRows> {
  const { rows } = await sql<Record<keyof ProfileRows, unknown>>`
    select to_jsonb(u) as "user", to_jsonb(tm) as terminal, to_jsonb(m) as merchant, to_jsonb(b) as bank,
      to_jsonb(p) as partner,
      (m.id is not null and exists (select 1 from integrations i
        where i.merchant_id = m.id and i.is_live and i.is_active)) as "liveIntegration"
    from users u
    left join terminals tm on tm.id = u.terminal_id
    left join merchants m on m.id = coalesce(u.merchant_id, tm.merchant_id)
    left join banks b on b.id = u.bank_id
    left join partners p on p.id = case
      when u.profile_type = 'Partner' then u.partner_id
      when u.profile_type in ('Merchant', 'MerchantStaff') then m.partner_id end
    where u.id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no user ${userId}`);
  return {
    user: reviveRow(row.user),
    terminal: reviveOptionalRow(row.terminal),
    merchant: reviveOptionalRow(row.merchant),
    bank: reviveOptionalRow(row.bank),
    partner: reviveOptionalRow(row.partner),
    liveIntegration: row.liveIntegration === true,
  };
}
