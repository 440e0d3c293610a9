import type { PermissionName } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { type ApiUser, apiUserPermissions, mayUseApiWithPassword } from "../auth/api-access.ts";
import { reviveRow } from "../db/json-rows.ts";
import type { IntegrationRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { PaymentError } from "../payments/errors.ts";
import { type IntegrationRef, integrationRefs } from "../payments/orders.service.ts";
import { tokenHash } from "../security/tokens.ts";
import { authTokenRow, secretKeyOwner } from "./public-api.repository.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The public API caller, once authenticated for this request (authenticateMerchant keeps it). */
    merchantCaller: MerchantCaller | null;
  }
  interface FastifyContextConfig {
    /**
     * The dashboard permission a caller holding an auth token made from a username and password needs on this
     * public API route. Such a token is refused (403) on a route that names none; keys are not affected.
     */
    apiPermission?: PermissionName;
  }
}

/**
 * Who calls the public API. The provider's clients authenticate in several ways, all accepted on every
 * merchant route: `Authorization: Token <secret key>`, `Authorization: Bearer <auth token>` (from
 * POST /api/auth/tokens), either scheme with the other kind of credential, and the older `auth_token` in the
 * body (or `token` in the query). A secret key is bound to its mode (test or live) and sees only that mode's
 * integrations and data; an auth token comes from the mode-independent API key, so the integration (or the
 * stored row) decides the mode. An auth token made from a user's username and password is bound to that user: it
 * works only while the user may use the API, and only on routes whose `apiPermission` the user holds now.
 */
export interface MerchantCaller {
  merchantId: number;
  /** undefined: both modes (auth token); otherwise only this mode (secret key). */
  isLive: boolean | undefined;
  via: "secret_key" | "auth_token";
  /** The merchant's country when the credential's lookup read it. */
  country?: string | undefined;
  /** Candidate integrations read with the key (authenticateMerchant's `integrations`). */
  integrations?: IntegrationRow[] | undefined;
  /** The user an auth token made from a password is bound to (undefined for keys and API-key tokens). */
  user?: { id: number; username: string } | undefined;
}

export const NOT_PROVIDED = "Authentication credentials were not provided.";
export const INVALID_SECRET_KEY = "Looks like the secret key is invalid";
export const INVALID_TOKEN = "Invalid token.";

function unauthorized(detail: string): PaymentError {
  return new PaymentError(401, { detail });
}

const SECRET_KEY = /^[a-z]{3}_sk_(test|live)_/;

function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === "string") {
    const match = /^(token|bearer)\s+(.+)$/i.exec(header.trim());
    if (match) return match[2]!.trim();
  }
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === "object" && typeof body.auth_token === "string" && body.auth_token.trim())
    return body.auth_token.trim();
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query.token === "string" && query.token.trim()) return query.token.trim();
  return undefined;
}

export interface AuthTokenOwner {
  merchantId: number;
  /** The bound user, read with the token (one query). */
  user: (ApiUser & { id: number; username: string }) | undefined;
}

export async function authTokenOwner(
  db: Kysely<DB>,
  token: string,
  now: Date,
): Promise<AuthTokenOwner | undefined> {
  const row = await authTokenRow(db, tokenHash(token), now);
  if (!row) return undefined;
  const user =
    row.user_id === null
      ? undefined
      : {
          id: row.user_id,
          username: row.username ?? "",
          profile_type: row.profile_type!,
          merchant_id: row.user_merchant_id,
          permissions: row.permissions ?? [],
          is_active: row.is_active === true,
          is_temp_password: row.is_temp_password !== false,
        };
  return { merchantId: row.merchant_id, user };
}

export const FORBIDDEN = "You do not have permission to perform this action.";

/**
 * Authenticates the caller. With `integrations` (the request's integration references), a secret key's lookup
 * also reads the key owner's candidate integrations in its mode, in the same query (`caller.integrations`).
 */
export async function authenticateMerchant(
  db: Kysely<DB>,
  request: FastifyRequest,
  now: Date,
  integrations?: readonly IntegrationRef[],
): Promise<MerchantCaller> {
  // The public API's hooks authenticate before the body is checked (issue 15): the handler's call finds it done.
  if (request.merchantCaller) return request.merchantCaller;
  const caller = await findCaller(db, request, now, integrations);
  request.merchantCaller = caller;
  return caller;
}

async function findCaller(
  db: Kysely<DB>,
  request: FastifyRequest,
  now: Date,
  integrations?: readonly IntegrationRef[],
): Promise<MerchantCaller> {
  const credential = credentialOf(request);
  if (!credential) throw unauthorized(NOT_PROVIDED);
  if (SECRET_KEY.test(credential)) {
    const row = await secretKeyOwner(db, credential, integrations && integrationRefs(integrations));
    if (!row) throw unauthorized(INVALID_SECRET_KEY);
    return {
      merchantId: row.merchant_id,
      isLive: row.is_live,
      via: "secret_key",
      country: row.country,
      integrations: row.integrations?.map((i) => reviveRow<IntegrationRow>(i)),
    };
  }
  const owner = await authTokenOwner(db, credential, now);
  if (owner === undefined) throw unauthorized(INVALID_TOKEN);
  const { user } = owner;
  if (user) {
    // A user's token never does more than the user may do in the dashboard now, and dies with their access.
    if (user.merchant_id !== owner.merchantId || !mayUseApiWithPassword(user))
      throw unauthorized(INVALID_TOKEN);
    const needed = request.routeOptions.config.apiPermission;
    if (needed === undefined || !apiUserPermissions(user).has(needed))
      throw new PaymentError(403, { detail: FORBIDDEN });
  }
  return {
    merchantId: owner.merchantId,
    isLive: undefined,
    via: "auth_token",
    user: user && { id: user.id, username: user.username },
  };
}

/** Whether the caller may see a row of this mode. */
export function seesMode(caller: MerchantCaller, isLive: boolean): boolean {
  return caller.isLive === undefined || caller.isLive === isLive;
}
