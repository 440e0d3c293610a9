import cookie from "@fastify/cookie";
import {
  AUTH_DETAILS,
  type AuthCode,
  type Country,
  CSRF_HEADER,
  isPermissionName,
  type PermissionName,
  type ProfileType,
  rulePermissions,
  SESSION_COOKIE,
  satisfiesRule,
} from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors.ts";
import { sameHash, tokenHash } from "../security/tokens.ts";
import { readCredential } from "../sessions/session.cookies.ts";
import {
  deleteSession,
  findSession,
  type SessionKind,
  touchSession,
} from "../sessions/session.repository.ts";
import { hostAccepts, hostScope } from "../sessions/session-country.ts";
import { effectivePermissions } from "./permissions.ts";

/** The signed-in caller, set on request.user for every route that is not public. */
export interface AuthUser {
  id: number;
  username: string;
  profile_type: ProfileType;
  country: Country;
  /** The merchant the user acts in: its own for Merchant/MerchantStaff, the terminal's for Terminal. */
  merchant_id: number | null;
  bank_id: number | null;
  partner_id: number | null;
  terminal_id: number | null;
  permissions: ReadonlySet<PermissionName>;
  session: {
    /** sha256 of the token (sessions.id). */
    id: string;
    kind: SessionKind;
    via: "cookie" | "bearer";
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** Null on public routes; set (never null) on every other route. Prefer requireUser(request). */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** A session with a temporary password may call this route (only /me, change_password, logout). */
    allowTempSession?: boolean;
  }
}

export function authError(status: number, code: AuthCode): HttpError {
  return new HttpError(status, code, AUTH_DETAILS[code]);
}

/** The caller of a non-public route. Throws 401 if called where no user is signed in. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw authError(401, "not_authenticated");
  return request.user;
}

export function hasPermission(user: AuthUser, permission: PermissionName): boolean {
  return user.permissions.has(permission);
}

/** The merchant the caller acts in, for merchant-scoped queries; 403 for users without one (banks, partners). */
export function requireMerchantId(request: FastifyRequest): number {
  const user = requireUser(request);
  if (user.merchant_id === null) throw authError(403, "forbidden");
  return user.merchant_id;
}

/** The bank of a Bank or BankStaff caller; 403 for everyone else. */
export function requireBankId(request: FastifyRequest): number {
  const user = requireUser(request);
  if (user.bank_id === null) throw authError(403, "forbidden");
  return user.bank_id;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** How a signed-in route is called, for the OpenAPI document: the session cookie or a bearer token. */
export const SECURITY_SCHEMES = {
  session: {
    type: "apiKey" as const,
    in: "cookie" as const,
    name: SESSION_COOKIE,
    description: `Browser session; state-changing requests also need the ${CSRF_HEADER} header.`,
  },
  bearer: { type: "http" as const, scheme: "bearer", description: "The token of the sign-in answer." },
};

export interface AuthOptions {
  /** Routes under these prefixes are public without declaring it (the API documentation UI). */
  publicPrefixes?: string[];
  sessionIdleMinutes?: number;
}

/**
 * Installs cookies, request.user and the two global hooks on the root instance. Call it before any route is
 * registered: onRoute refuses a route that declares neither `config.public` nor `config.permission`, so no
 * route can forget; onRequest authenticates and enforces what the route declared.
 */
export async function installAuth(app: FastifyInstance, opts: AuthOptions = {}): Promise<void> {
  const publicPrefixes = opts.publicPrefixes ?? [];
  await app.register(cookie);
  app.decorateRequest("user", null);

  app.addHook("onRoute", (route) => {
    if (publicPrefixes.some((p) => route.url.startsWith(p))) {
      route.config = { ...route.config, public: true };
      return;
    }
    const config = route.config ?? {};
    const where = `${String(route.method)} ${route.url}`;
    if (config.public === true) {
      if (config.permission !== undefined)
        throw new Error(`Route ${where} is public and declares a permission`);
      return;
    }
    if (config.permission === undefined)
      throw new Error(
        `Route ${where} declares no permission: add config: { public: true } or config: { permission: <name> | null }`,
      );
    const named = config.permission === null ? [] : rulePermissions(config.permission);
    if (config.permission !== null && (named.length === 0 || !named.every((p) => isPermissionName(p))))
      throw new Error(`Route ${where} declares an unknown permission: ${String(config.permission)}`);
    // Document who may call it (the swagger hook, registered after this one, reads the changed schema).
    if (route.schema && !route.schema.security) {
      const need =
        named.length === 0
          ? "Any signed-in user."
          : named.length === 1
            ? `Needs the permission "${named[0]}".`
            : `Needs one of the permissions ${named.map((p) => `"${p}"`).join(", ")}.`;
      route.schema = {
        ...route.schema,
        security: [{ session: [] }, { bearer: [] }],
        description: route.schema.description ? `${route.schema.description}\n\n${need}` : need,
      };
    }
  });

  app.addHook("onRequest", async (request) => {
    // No route matched (404) or a public route: nothing to check.
    if (!request.routeOptions.url) return;
    const config = request.routeOptions.config;
    if (config.public) return;

    const credential = readCredential(request);
    if (!credential) throw authError(401, "not_authenticated");
    const { db } = app.deps.database;
    const row = await findSession(db, credential.token, opts.sessionIdleMinutes);
    if (!row?.is_active) throw authError(401, "not_authenticated");
    // A session made for one country works on its hosts and local ones only (an Egyptian merchant's, not on a UAE host).
    if (
      row.session_country !== null &&
      !hostAccepts(hostScope(app.deps.config, request.host), row.session_country)
    )
      throw authError(401, "not_authenticated");
    if (row.idle_expired) {
      await deleteSession(db, row.id);
      throw authError(401, "session_expired");
    }
    if (credential.via === "cookie" && !SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER.toLowerCase()];
      if (typeof sent !== "string" || !sent || !sameHash(tokenHash(sent), row.csrf_hash))
        throw authError(403, "csrf");
    }
    if (row.kind === "temp" && !config.allowTempSession) throw authError(403, "password_change_required");

    const permissions = effectivePermissions(row.profile_type, row.permissions);
    if (config.permission && !satisfiesRule(config.permission, permissions))
      throw authError(403, "forbidden");
    if (row.needs_touch) await touchSession(db, row.id);

    request.user = {
      id: row.user_id,
      username: row.username,
      profile_type: row.profile_type,
      country: row.country as Country,
      merchant_id: row.merchant_id,
      bank_id: row.bank_id,
      partner_id: row.partner_id,
      terminal_id: row.terminal_id,
      permissions,
      session: { id: row.id, kind: row.kind, via: credential.via },
    };
  });
}
