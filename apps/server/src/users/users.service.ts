import {
  AUTH_DETAILS,
  type Country,
  ERROR_MESSAGES,
  isEmail,
  isPermissionName,
  type LoginResponse,
  type PermissionName,
  passwordProblems,
  STAFF_ACTIVATION_DAYS,
  STAFF_PERMISSIONS,
  type StaffUser,
  USER_MESSAGES,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { AuthUser } from "../auth/auth.hook.ts";
import { insertPasswordToken, readPasswordToken, usePasswordToken } from "../auth/auth.repository.ts";
import { sessionAnswer } from "../auth/auth.service.ts";
import type { Config } from "../config.ts";
import type { DB } from "../db/schema.ts";
import { HttpError, tooManyRequests } from "../http/errors.ts";
import { enqueueEmail } from "../mail/outbox.repository.ts";
import { isUniqueViolation } from "../payments/orders.service.ts";
import { rateLimitAddress } from "../ratelimit/address.ts";
import { hitRateLimits, type RateLimitRule } from "../ratelimit/rate-limit.repository.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import { hashPassword } from "../security/passwords.ts";
import { newToken } from "../security/tokens.ts";
import { createSession, type IssuedSession } from "../sessions/session.repository.ts";
import { activationEmail } from "./activation-email.ts";
import {
  activateStaffUser,
  addressTaken,
  findStaff,
  insertStaff,
  merchantOf,
  type StaffRow,
  updateStaff,
} from "./users.repository.ts";

/**
 * Users and permissions (issue 18 item 2; docs/settings.md "Users and permissions"): the spec's rules and messages,
 * the escalation rule (nobody grants or takes away a permission they do not hold themselves), and the activation
 * link of a new staff user. Permissions are read from the user's row on every request (auth/auth.hook.ts), so a
 * change takes effect on the staff member's next request.
 */

export interface UsersContext {
  db: Kysely<DB>;
  config: Pick<Config, "publicUrl" | "smtpUrl">;
  dataKey: Buffer;
}

export type Lang = "en" | "ar";

export const ACTIVATION_VALIDITY_SECONDS = STAFF_ACTIVATION_DAYS * 24 * 3600;

/** Tries of activation links per client address: 20 per 15 minutes, like the reset links. */
export const ACTIVATION_LIMIT = { limit: 20, windowSeconds: 15 * 60 } satisfies RateLimitRule;

export function staffAnswer(row: StaffRow, callerId: number): StaffUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    date_created: row.date_joined.toISOString(),
    last_login_at: row.last_login_at?.toISOString() ?? null,
    state: row.pending_activation ? "pending" : "active",
    permissions: sortedPermissions(row.permissions),
    is_self: row.id === callerId,
  };
}

/** Stored names as the staff permissions, in the catalogue's order (unknown or non-staff names dropped). */
function sortedPermissions(names: readonly string[]): PermissionName[] {
  const held = new Set(names);
  return STAFF_PERMISSIONS.filter((p) => held.has(p));
}

/** The keyed hash an activation link is stored as (security/keyed-hash.ts). */
export function activationHash(dataKey: Buffer, token: string): string {
  return keyedHash(dataKey, "staff-activation", token);
}

export function activationLink(ctx: UsersContext, lang: Lang, token: string): string {
  return `${ctx.config.publicUrl}/portal2/${lang}/activate_staff?token=${encodeURIComponent(token)}`;
}

function fieldError(status: number, code: string, detail: string, fields: Record<string, string[]>) {
  return new HttpError(status, code, detail, fields);
}

/**
 * The escalation rule: every permission the change adds or removes must be one the caller holds. A staff member
 * with "can create staff" but without "can view api key" can neither give nor take "can view api key".
 */
function assertHeld(caller: AuthUser, before: readonly string[], after: readonly PermissionName[]): void {
  const was = new Set(before.filter(isPermissionName));
  const will = new Set(after);
  const changed = [...after.filter((p) => !was.has(p)), ...[...was].filter((p) => !will.has(p))];
  const notHeld = changed.filter((p) => !caller.permissions.has(p));
  if (notHeld.length > 0)
    throw fieldError(403, "permissions_update_failed", ERROR_MESSAGES.permissions_update_failed, {
      permissions: notHeld,
    });
}

function names(input: { first_name?: string | undefined; last_name?: string | undefined }) {
  return { first: input.first_name?.trim() ?? "", last: input.last_name?.trim() ?? "" };
}

/** Sends (another) activation e-mail in the caller's transaction; older open links of the user stop working. */
async function sendActivation(
  ctx: UsersContext,
  trx: Kysely<DB>,
  user: { id: number; email: string; username: string; first_name: string },
  merchantName: string,
  lang: Lang,
): Promise<void> {
  const token = newToken();
  await insertPasswordToken(trx, {
    purpose: "activate_staff",
    replaceOpen: true,
    hash: activationHash(ctx.dataKey, token),
    userId: user.id,
    validitySeconds: ACTIVATION_VALIDITY_SECONDS,
  });
  await enqueueEmail(
    trx,
    { smtp: ctx.config.smtpUrl !== undefined },
    activationEmail({
      to: user.email,
      name: user.first_name || user.username,
      username: user.username,
      merchantName,
      link: activationLink(ctx, lang, token),
      validDays: STAFF_ACTIVATION_DAYS,
    }),
  );
}

export async function createStaffUser(
  ctx: UsersContext,
  caller: AuthUser,
  merchantId: number,
  input: {
    first_name?: string | undefined;
    last_name?: string | undefined;
    email?: string | undefined;
    permissions: PermissionName[];
    lang: Lang;
  },
): Promise<StaffUser> {
  const { first, last } = names(input);
  const email = input.email?.trim() ?? "";
  const fields: Record<string, string[]> = {};
  if (!first) fields.first_name = [USER_MESSAGES.required];
  if (!email) fields.email = [USER_MESSAGES.required];
  else if (!isEmail(email)) fields.email = [USER_MESSAGES.invalidEmail];
  if (Object.keys(fields).length > 0) throw fieldError(400, "validation", "Invalid request.", fields);

  const permissions = sortedPermissions(input.permissions);
  assertHeld(caller, [], permissions);

  const address = email.toLowerCase();
  const registered = () =>
    fieldError(409, "email_registered", USER_MESSAGES.emailRegistered, {
      email: [USER_MESSAGES.emailRegistered],
    });
  if (await addressTaken(ctx.db, address)) throw registered();

  // Nobody knows this password: the account is usable once the link sets one.
  const passwordHash = await hashPassword(newToken());
  const { country, company_name: merchantName } = await merchantOf(ctx.db, merchantId);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await insertStaff(trx, {
        merchantId,
        username: address,
        email,
        firstName: first,
        lastName: last,
        passwordHash,
        country,
        permissions,
      });
      await sendActivation(ctx, trx, inserted, merchantName, input.lang);
      return inserted;
    });
    return staffAnswer(row, caller.id);
  } catch (error) {
    // Two adds of one address at once: the username's unique index lets one through.
    if (isUniqueViolation(error)) throw registered();
    throw error;
  }
}

export async function updateStaffUser(
  ctx: UsersContext,
  caller: AuthUser,
  merchantId: number,
  id: number,
  input: { first_name?: string | undefined; last_name?: string | undefined; permissions: PermissionName[] },
): Promise<StaffUser | undefined> {
  const current = await findStaff(ctx.db, merchantId, id);
  if (!current) return undefined;
  const permissions = sortedPermissions(input.permissions);
  const fields: Record<string, string[]> = {};
  if (permissions.length === 0) fields.permissions = [USER_MESSAGES.selectPermission];
  if (input.first_name !== undefined && !input.first_name.trim())
    fields.first_name = [USER_MESSAGES.required];
  if (Object.keys(fields).length > 0) throw fieldError(400, "validation", "Invalid request.", fields);
  assertHeld(caller, current.permissions, permissions);
  const { first, last } = names(input);
  const row = await updateStaff(ctx.db, merchantId, id, {
    ...(input.first_name !== undefined ? { first_name: first } : {}),
    ...(input.last_name !== undefined ? { last_name: last } : {}),
    permissions,
  });
  return row ? staffAnswer(row, caller.id) : undefined;
}

/** Answers false when there is no such pending user; throws 409 when the user is already active. */
export async function resendActivation(
  ctx: UsersContext,
  merchantId: number,
  id: number,
  lang: Lang,
): Promise<boolean> {
  const user = await findStaff(ctx.db, merchantId, id);
  if (!user) return false;
  if (!user.pending_activation)
    throw new HttpError(409, "already_active", "This user has already activated the account.");
  const { company_name: merchantName } = await merchantOf(ctx.db, merchantId);
  await ctx.db.transaction().execute((trx) => sendActivation(ctx, trx, user, merchantName, lang));
  return true;
}

async function limitTries(db: Kysely<DB>, ip: string): Promise<void> {
  const key = `activate_staff:ip:${rateLimitAddress(ip)}`;
  const limit = await hitRateLimits(db, [{ key, rule: ACTIVATION_LIMIT }]);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
}

export async function checkActivation(ctx: UsersContext, token: string, ip: string) {
  await limitTries(ctx.db, ip);
  const row = await readPasswordToken(ctx.db, activationHash(ctx.dataKey, token), "activate_staff");
  if (!row) return { state: "invalid" as const, username: null };
  if (row.used) return { state: "used" as const, username: null };
  if (row.expired) return { state: "expired" as const, username: null };
  return { state: "valid" as const, username: row.username };
}

/** The link-state codes an activation answers with (clients translate them). */
export const LINK_DETAILS = {
  link_expired: "This activation link has expired. Ask your account owner to send a new one.",
  link_used: "This activation link has already been used. Sign in with your password.",
} as const;

/**
 * Activates a staff account: the password by the rules (checked before the link is used, so a weak one does not
 * spend it), then the link used once, the password stored and a session opened, in one transaction.
 */
export async function activateStaff(
  ctx: UsersContext,
  token: string,
  newPassword: string,
  ip: string,
): Promise<{ session: IssuedSession; answer: LoginResponse }> {
  await limitTries(ctx.db, ip);
  const problems = passwordProblems(newPassword);
  if (problems.length > 0)
    throw new HttpError(400, "weak_password", AUTH_DETAILS.weak_password, { new_password: problems });
  const hash = activationHash(ctx.dataKey, token);
  const known = await readPasswordToken(ctx.db, hash, "activate_staff");
  if (!known) throw new HttpError(400, "invalid_token", AUTH_DETAILS.invalid_token);
  if (known.used) throw new HttpError(400, "link_used", LINK_DETAILS.link_used);
  if (known.expired) throw new HttpError(400, "link_expired", LINK_DETAILS.link_expired);
  const passwordHash = await hashPassword(newPassword);
  const opened = await ctx.db.transaction().execute(async (trx) => {
    const userId = await usePasswordToken(trx, hash, "activate_staff");
    if (userId === undefined) return undefined;
    const user = await activateStaffUser(trx, userId, passwordHash);
    if (!user) return undefined;
    const session = await createSession(trx, user.id, "full", user.country as Country);
    return { userId: user.id, session };
  });
  // Another tab used the link between the read and the update.
  if (!opened) throw new HttpError(400, "link_used", LINK_DETAILS.link_used);
  const { session, userId } = opened;
  const answer = await sessionAnswer(ctx.db, userId, session.token);
  return { session, answer: { token: session.token, sso_token: session.token, ...answer } };
}
