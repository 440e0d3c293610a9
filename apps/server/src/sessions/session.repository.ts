import { createHash } from "node:crypto";
import { type Country, SESSION_IDLE_MINUTES } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { newToken, tokenHash } from "../security/tokens.ts";

export type SessionKind = "full" | "temp";

/** last_seen_at is written at most this often per session, so a busy session does not cost a write per request. */
export const TOUCH_INTERVAL_SECONDS = 60;

export interface IssuedSession {
  /** The bearer credential: goes to the client once, stored only as its sha256 (sessions.id). */
  token: string;
  csrfToken: string;
  id: string;
  kind: SessionKind;
}

/**
 * The CSRF token is derived from the session token, so GET /api/auth/me can answer it again without the
 * database holding it; only its hash is stored (sessions.csrf_hash). Knowing it reveals nothing of the token.
 */
export function csrfTokenFor(token: string): string {
  return createHash("sha256").update(`csrf:${token}`, "utf8").digest("base64url");
}

export async function createSession(
  db: Kysely<DB>,
  userId: number,
  kind: SessionKind,
  /** The country of the host it is made on: the session works on that country's hosts only. */
  country?: Country,
): Promise<IssuedSession> {
  const token = newToken();
  const csrfToken = csrfTokenFor(token);
  const id = tokenHash(token);
  await db
    .insertInto("sessions")
    .values({ id, user_id: userId, kind, csrf_hash: tokenHash(csrfToken), country: country ?? null })
    .execute();
  return { token, csrfToken, id, kind };
}

/** A session with the user it belongs to, as one row: the only query an authenticated request needs. */
export interface SessionLookup {
  id: string;
  kind: SessionKind;
  csrf_hash: string;
  /** The country the session is bound to (null: unbound). */
  session_country: string | null;
  idle_expired: boolean;
  needs_touch: boolean;
  user_id: number;
  username: string;
  profile_type: DB["users"]["profile_type"];
  merchant_id: number | null;
  bank_id: number | null;
  partner_id: number | null;
  terminal_id: number | null;
  country: string;
  permissions: string[];
  is_active: boolean;
}

export async function findSession(
  db: Kysely<DB>,
  token: string,
  idleMinutes = SESSION_IDLE_MINUTES,
): Promise<SessionLookup | undefined> {
  const idle = `${idleMinutes} minutes`;
  const touch = `${TOUCH_INTERVAL_SECONDS} seconds`;
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .leftJoin("terminals as t", "t.id", "u.terminal_id")
    .select([
      "s.id",
      "s.kind",
      "s.csrf_hash",
      "s.country as session_country",
      sql<boolean>`s.last_seen_at < now() - ${idle}::interval`.as("idle_expired"),
      sql<boolean>`s.last_seen_at < now() - ${touch}::interval`.as("needs_touch"),
      "u.id as user_id",
      "u.username",
      "u.profile_type",
      // A terminal's user acts inside the terminal's merchant.
      sql<number | null>`coalesce(u.merchant_id, t.merchant_id)`.as("merchant_id"),
      "u.bank_id",
      "u.partner_id",
      "u.terminal_id",
      "u.country",
      "u.permissions",
      "u.is_active",
    ])
    .where("s.id", "=", tokenHash(token))
    .executeTakeFirst();
}

/** Records activity; the condition keeps it to one write per TOUCH_INTERVAL_SECONDS even under concurrency. */
export async function touchSession(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: sql`now()` })
    .where("id", "=", id)
    .where("last_seen_at", "<", sql<Date>`now() - ${`${TOUCH_INTERVAL_SECONDS} seconds`}::interval`)
    .execute();
}

export async function deleteSession(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/** Ends every session of a user (lock-out, password reset), or all but one (password change). */
export async function deleteUserSessions(db: Kysely<DB>, userId: number, exceptId?: string): Promise<void> {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) q = q.where("id", "<>", exceptId);
  await q.execute();
}

export async function setSessionKind(db: Kysely<DB>, id: string, kind: SessionKind): Promise<void> {
  await db.updateTable("sessions").set({ kind }).where("id", "=", id).execute();
}

export async function deleteIdleSessions(
  db: Kysely<DB>,
  idleMinutes = SESSION_IDLE_MINUTES,
): Promise<number> {
  const r = await db
    .deleteFrom("sessions")
    .where("last_seen_at", "<", sql<Date>`now() - ${`${idleMinutes} minutes`}::interval`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
