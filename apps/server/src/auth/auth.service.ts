import type { Country } from "@portal/domain";
import {
  AUTH_DETAILS,
  type LoginRequest,
  type LoginResponse,
  MAX_OLD_PASSWORD_ATTEMPTS,
  type ProfileType,
  passwordProblems,
  type SessionResponse,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { type ErrorLog, runAfterReply } from "../http/after-reply.ts";
import { HttpError, tooManyRequests } from "../http/errors.ts";
import { enqueueEmail } from "../mail/outbox.repository.ts";
import { reactivationEmail } from "../mail/templates.ts";
import { rateLimitAddress } from "../ratelimit/address.ts";
import {
  clearRateLimit,
  hitRateLimits,
  type RateLimitRule,
  refundRateLimit,
} from "../ratelimit/rate-limit.repository.ts";
import { hashPassword, verifyPassword } from "../security/passwords.ts";
import { newToken } from "../security/tokens.ts";
import {
  createSession,
  csrfTokenFor,
  deleteUserSessions,
  type IssuedSession,
  setSessionKind,
} from "../sessions/session.repository.ts";
import { type HostScope, hostAccepts } from "../sessions/session-country.ts";
import { type AuthUser, authError } from "./auth.hook.ts";
import {
  clearWrongOldPasswords,
  countWrongOldPassword,
  deactivateUser,
  findUserForPasswordCheck,
  markLoggedIn,
  reactivateUser,
  readPasswordState,
  revokePasswordTokens,
  setPassword,
} from "./auth.repository.ts";
import { consumePasswordToken, issuePasswordToken, TOKEN_VALIDITY_SECONDS } from "./password-tokens.ts";
import { loadSessionProfile } from "./profile.ts";
import { type MailContext, mailMode, portalLink, sendResetLinks } from "./reset-links.ts";

export type AuthContext = MailContext;

const FIFTEEN_MINUTES = 15 * 60;
/**
 * Failed sign-in tries: 10 per IP and username (one person guessing), 50 per username from anywhere (a distributed
 * guess), 300 per IP (one machine trying many names; high enough for offices behind one address).
 */
export const LOGIN_LIMITS = {
  ipUser: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  user: { limit: 50, windowSeconds: FIFTEEN_MINUTES },
  ip: { limit: 300, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimitRule>;
/** Reset e-mails: 5 an hour per address, 20 an hour per IP, so nobody can flood a mailbox. */
export const FORGOT_LIMITS = {
  email: { limit: 5, windowSeconds: 3600 },
  ip: { limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** Per-address keys count an IPv6 address by its /64 (rateLimitAddress): one /64 is one client, not 2^64. */
function loginKeys(ip: string, username: string) {
  const address = rateLimitAddress(ip);
  return {
    ipUser: `login:ip-user:${address}:${username}`,
    user: `login:user:${username}`,
    ip: `login:ip:${address}`,
  };
}

/** Verifying against this when the username is unknown keeps the answer time the same as for a wrong password. */
let dummyHash: Promise<string> | undefined;
function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}

export async function sessionAnswer(db: Kysely<DB>, userId: number, token: string): Promise<SessionResponse> {
  return { csrf_token: csrfTokenFor(token), ...(await loadSessionProfile(db, userId)) };
}

/** A user as the password check reads it: enough for the dashboard's sign-in and for API tokens. */
export interface PasswordUser {
  id: number;
  username: string;
  profile_type: ProfileType;
  merchant_id: number | null;
  country: Country;
  permissions: string[];
  is_active: boolean;
  is_temp_password: boolean;
  /** A registered owner who has not confirmed the e-mail address yet. */
  pending_activation: boolean;
  merchant_deactivated: boolean;
}

/**
 * The password check of every sign-in by username and password: the dashboard's and the public API's
 * POST /api/auth/tokens share it, so they share the counters (LOGIN_LIMITS, keyed by address and username: one
 * cannot be used to go round the other). A refused try answers 429 before any password is checked; an unknown
 * username is verified against a dummy hash, so it takes as long as a wrong password. A user of another country
 * than the host's (a real host, not a local one: HostScope) is answered as a wrong password, and counted as one.
 * Answers the user when the password is right (whatever the account's state), otherwise undefined. Call
 * `passwordAccepted` once the user is let in.
 */
export async function checkPassword(
  db: Kysely<DB>,
  usernameInput: string,
  password: string,
  ip: string,
  /** The host signed in on: its country's users only, unless local. */
  host: HostScope,
): Promise<PasswordUser | undefined> {
  const username = usernameInput.trim().toLowerCase();
  const keys = loginKeys(ip, username);
  // Narrowest first, stopping at the first refusal: one address that is already refused cannot go on using up
  // the per-username allowance and lock the owner out from everywhere (it takes several real addresses).
  const limit = await hitRateLimits(
    db,
    [
      { key: keys.ipUser, rule: LOGIN_LIMITS.ipUser },
      { key: keys.ip, rule: LOGIN_LIMITS.ip },
      { key: keys.user, rule: LOGIN_LIMITS.user },
    ],
    { stopAtRefusal: true },
  );
  if (!limit.allowed)
    throw new HttpError(429, "rate_limited", AUTH_DETAILS.rate_limited, undefined, {
      "retry-after": String(limit.retryAfterSeconds),
    });

  const user = await findUserForPasswordCheck(db, username);
  const valid = await verifyPassword(user?.password_hash ?? (await unknownUserHash()), password);
  // Another country's user on this country's host: the wrong-password answer (no enumeration), its hit kept.
  if (!user || !valid || !hostAccepts(host, user.country)) return undefined;
  const { password_hash: _, ...checked } = user;
  return { ...checked, country: checked.country as Country };
}

/**
 * The limits are for failures: a success clears this person's run and gives its hit back to the others, so
 * people signing in often (or a test suite) never wear down the per-username and per-IP allowance.
 */
export async function passwordAccepted(db: Kysely<DB>, usernameInput: string, ip: string): Promise<void> {
  const keys = loginKeys(ip, usernameInput.trim().toLowerCase());
  await clearRateLimit(db, keys.ipUser);
  await refundRateLimit(db, keys.user);
  await refundRateLimit(db, keys.ip);
}

export async function signIn(
  ctx: AuthContext,
  input: LoginRequest,
  ip: string,
  /** The host signed in on: only its country's users (any on a local host); the session is bound to theirs. */
  host: HostScope,
): Promise<{ session: IssuedSession; answer: LoginResponse }> {
  const user = await checkPassword(ctx.db, input.username, input.password, ip, host);
  if (!user) throw authError(401, "invalid_credentials");
  // Only someone who knows the password learns that the account is locked.
  if (!user.is_active)
    throw authError(403, user.pending_activation ? "email_not_confirmed" : "account_inactive");
  if (user.merchant_deactivated) throw authError(403, "merchant_deactivated");

  const session = await ctx.db.transaction().execute(async (trx) => {
    await markLoggedIn(trx, user.id);
    return createSession(trx, user.id, user.is_temp_password ? "temp" : "full", user.country);
  });
  await passwordAccepted(ctx.db, input.username, ip);
  const answer = await sessionAnswer(ctx.db, user.id, session.token);
  return { session, answer: { token: session.token, sso_token: session.token, ...answer } };
}

function weakPasswordError(password: string): HttpError | undefined {
  const problems = passwordProblems(password);
  return problems.length
    ? new HttpError(400, "weak_password", AUTH_DETAILS.weak_password, { new_password: problems })
    : undefined;
}

/**
 * Changes the caller's password. A wrong old password counts towards the lock-out; the last allowed one
 * deactivates the account, ends its sessions and e-mails a reactivation link, all in one transaction.
 */
export async function changePassword(
  ctx: AuthContext,
  user: AuthUser,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  await confirmCurrentPassword(ctx, user, oldPassword);
  const weak = weakPasswordError(newPassword);
  if (weak) throw weak;

  const hash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await setPassword(trx, user.id, hash, { reactivate: false });
    // Other devices signed in with the old password are signed out; this one goes on as a full session.
    await deleteUserSessions(trx, user.id, user.session.id);
    await setSessionKind(trx, user.session.id, "full");
    await revokePasswordTokens(trx, user.id);
  });
}

/**
 * Checks the caller's current password (a password change's old one, or the confirmation of a settings change:
 * docs/settings.md). A wrong one counts towards the lock-out: 400 wrong_old_password, and the last allowed one
 * deactivates the account, ends its sessions and e-mails a reactivation link (403 account_locked), all in one
 * transaction. A right one ends the run of wrong ones.
 */
export async function confirmCurrentPassword(
  ctx: AuthContext,
  user: AuthUser,
  password: string,
): Promise<void> {
  const row = await readPasswordState(ctx.db, user.id);

  if (!(await verifyPassword(row.password_hash, password))) {
    const locked = await ctx.db.transaction().execute(async (trx) => {
      if ((await countWrongOldPassword(trx, user.id)) < MAX_OLD_PASSWORD_ATTEMPTS) return false;
      // Only the request that flips is_active sends the e-mail, however many arrive at once.
      const target = await deactivateUser(trx, user.id);
      await deleteUserSessions(trx, user.id);
      if (target) {
        const token = await issuePasswordToken(trx, user.id, "reactivate");
        const days = TOKEN_VALIDITY_SECONDS.reactivate / 86400;
        await enqueueEmail(
          trx,
          mailMode(ctx),
          reactivationEmail(target.email, target.username, portalLink(ctx, "reactivate", token), days),
        );
      }
      return true;
    });
    throw locked ? authError(403, "account_locked") : authError(400, "wrong_old_password");
  }

  // A right old password ends the run of wrong ones, whatever happens to the new one.
  if (row.failed_old_password_attempts > 0) await clearWrongOldPasswords(ctx.db, user.id);
}

/**
 * Sends a reset link to every account with this e-mail; the answer never tells whether one exists, neither by
 * its text nor by its time: past the rate limit it answers at once, and the lookup and the e-mail run after the
 * reply for every address alike (sendResetLinks; errors logged).
 */
export async function forgotPassword(
  ctx: AuthContext,
  email: string,
  ip: string,
  log: ErrorLog,
): Promise<void> {
  const address = email.trim().toLowerCase();
  const limit = await hitRateLimits(ctx.db, [
    { key: `forgot:email:${address}`, rule: FORGOT_LIMITS.email },
    { key: `forgot:ip:${rateLimitAddress(ip)}`, rule: FORGOT_LIMITS.ip },
  ]);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  runAfterReply(ctx.db, log, "reset e-mail", () => sendResetLinks(ctx, address));
}

/** Tries of e-mailed links per address: 20 each per 15 minutes for reset and for reactivation. */
export const LINK_LIMITS = {
  reset: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  reactivate: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimitRule>;

async function limitLinkTries(db: Kysely<DB>, purpose: keyof typeof LINK_LIMITS, ip: string): Promise<void> {
  const key = `${purpose}:ip:${rateLimitAddress(ip)}`;
  const limit = await hitRateLimits(db, [{ key, rule: LINK_LIMITS[purpose] }]);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
}

/** Sets a new password from an e-mailed link; also reactivates a locked account and ends all its sessions. */
export async function resetPassword(
  ctx: AuthContext,
  token: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  await limitLinkTries(ctx.db, "reset", ip);
  // Checked first so a weak password does not use up the link.
  const weak = weakPasswordError(newPassword);
  if (weak) throw weak;
  const done = await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumePasswordToken(trx, token, "reset");
    if (userId === undefined) return false;
    // Hashed only once the link is known good: a guessed token costs no argon2 work.
    const hash = await hashPassword(newPassword);
    await setPassword(trx, userId, hash, { reactivate: true });
    await deleteUserSessions(trx, userId);
    await revokePasswordTokens(trx, userId);
    return true;
  });
  if (!done) throw authError(400, "invalid_token");
}

export async function reactivate(ctx: AuthContext, token: string, ip: string): Promise<void> {
  await limitLinkTries(ctx.db, "reactivate", ip);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumePasswordToken(trx, token, "reactivate");
    if (userId === undefined) return false;
    await reactivateUser(trx, userId);
    return true;
  });
  if (!done) throw authError(400, "invalid_token");
}
