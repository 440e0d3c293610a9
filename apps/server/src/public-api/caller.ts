import type { FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import { reviveRow } from "../db/json-rows.ts";
import type { DB } from "../db/schema.ts";
import { PaymentError } from "../payments/errors.ts";
import {
  type IntegrationRef,
  integrationCandidatesWhere,
  integrationRefs,
} from "../payments/orders.service.ts";
import type { IntegrationRow } from "../payments/payment.service.ts";
import { sha256 } from "../payments/tokens.ts";
import { merchantKeyLookup } from "../security/keys.ts";

/**
 * Who calls the public API. The provider's clients authenticate in several ways, all accepted on every
 * merchant route: `Authorization: Token <secret key>`, `Authorization: Bearer <auth token>` (from
 * POST /api/auth/tokens), either scheme with the other kind of credential, and the older `auth_token` in the
 * body (or `token` in the query). A secret key is bound to its mode (test or live) and sees only that mode's
 * integrations and data; an auth token comes from the mode-independent API key, so the integration (or the
 * stored row) decides the mode.
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

export async function authTokenOwner(db: Kysely<DB>, token: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom("api_auth_tokens")
    .select("merchant_id")
    .where("id", "=", sha256(token))
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.merchant_id;
}

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
  const credential = credentialOf(request);
  if (!credential) throw unauthorized(NOT_PROVIDED);
  if (SECRET_KEY.test(credential)) {
    const candidates = integrations
      ? sql<
          unknown[] | null
        >`(select coalesce(json_agg(to_jsonb(i) order by i.id), '[]'::json) from integrations i
          where ${integrationCandidatesWhere(sql.ref("merchant_keys.merchant_id"), sql.ref("merchant_keys.is_live"), integrationRefs(integrations))})`
      : sql<unknown[] | null>`null`;
    const row = await merchantKeyLookup(db, "secret", credential)
      .select(candidates.as("integrations"))
      .executeTakeFirst();
    if (!row) throw unauthorized(INVALID_SECRET_KEY);
    return {
      merchantId: row.merchant_id,
      isLive: row.is_live,
      via: "secret_key",
      country: row.country,
      integrations: row.integrations?.map((i) => reviveRow<IntegrationRow>(i)),
    };
  }
  const merchantId = await authTokenOwner(db, credential, now);
  if (merchantId === undefined) throw unauthorized(INVALID_TOKEN);
  return { merchantId, isLive: undefined, via: "auth_token" };
}

/** Whether the caller may see a row of this mode. */
export function seesMode(caller: MerchantCaller, isLive: boolean): boolean {
  return caller.isLive === undefined || caller.isLive === isLive;
}
