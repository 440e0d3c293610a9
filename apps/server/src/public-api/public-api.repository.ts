import { type Kysely, type Selectable, sql } from "kysely";
import type { MerchantRow } from "../db/rows.ts";
import type { CardTokensTable, DB } from "../db/schema.ts";
import { type IntegrationRef, integrationCandidatesWhere } from "../payments/orders.repository.ts";
import { merchantKeyLookup } from "../security/keys.ts";
import type { MerchantCaller } from "./caller.ts";

/**
 * The public API's own reads (the payment operations' statements live in payments/): the caller's credentials
 * (caller.ts), then what a caller asks for, scoped to the caller's merchant and, for a secret key, its mode.
 */
type Caller = Pick<MerchantCaller, "merchantId" | "isLive">;

/**
 * The merchant of an API key that is not revoked and its owner user (the first Merchant user), in one query: what
 * POST /api/auth/tokens needs before it issues a token and answers the owner's profile.
 */
export async function findApiKeyMerchant(
  db: Kysely<DB>,
  apiKey: string,
): Promise<{ merchantId: number; ownerId: number | null } | undefined> {
  const row = await merchantKeyLookup(db, "api", apiKey)
    .select((eb) =>
      eb
        .selectFrom("users")
        .select("users.id")
        .whereRef("users.merchant_id", "=", "merchant_keys.merchant_id")
        .where("users.profile_type", "=", "Merchant")
        .orderBy("users.id")
        .limit(1)
        .as("owner_id"),
    )
    .executeTakeFirst();
  return row && { merchantId: row.merchant_id, ownerId: row.owner_id ?? null };
}

/** A merchant's row, for the provider's order object. */
export function merchantById(db: Kysely<DB>, merchantId: number): Promise<MerchantRow> {
  return db.selectFrom("merchants").selectAll().where("id", "=", merchantId).executeTakeFirstOrThrow();
}

/** A merchant's country: the payment core's one lookup (payments/orders.repository.ts). */
export { findMerchantCountry } from "../payments/orders.repository.ts";

/** The id of the caller's latest transaction on an order, found by the order's id or the merchant's order id. */
export async function latestTransactionOfOrder(
  db: Kysely<DB>,
  caller: Caller,
  order: { orderId: number } | { merchantOrderId: string },
): Promise<number | undefined> {
  let query = db
    .selectFrom("transactions")
    .innerJoin("orders", "orders.id", "transactions.order_id")
    .select("transactions.id")
    .where("transactions.merchant_id", "=", caller.merchantId);
  query =
    "orderId" in order
      ? query.where("orders.id", "=", order.orderId)
      : query.where("orders.merchant_order_id", "=", order.merchantOrderId);
  if (caller.isLive !== undefined) query = query.where("transactions.is_live", "=", caller.isLive);
  return (await query.orderBy("transactions.id", "desc").executeTakeFirst())?.id;
}

/** The caller's saved card tokens of an order, oldest first. */
export function orderCardTokens(
  db: Kysely<DB>,
  caller: Caller,
  orderId: number,
): Promise<Selectable<CardTokensTable>[]> {
  let query = db
    .selectFrom("card_tokens")
    .selectAll()
    .where("merchant_id", "=", caller.merchantId)
    .where("order_id", "=", orderId);
  if (caller.isLive !== undefined) query = query.where("is_live", "=", caller.isLive);
  return query.orderBy("id").execute();
}

/**
 * A secret key's owner (merchant, mode, country) and, with `refs` (a request's integration references), the
 * owner's active candidate integrations in the key's mode as JSON rows, in the same query.
 */
export function secretKeyOwner(
  db: Kysely<DB>,
  secretKey: string,
  refs: readonly IntegrationRef[] | undefined,
) {
  const candidates = refs
    ? sql<
        unknown[] | null
      >`(select coalesce(json_agg(to_jsonb(i) order by i.id), '[]'::json) from integrations i
          where ${integrationCandidatesWhere(sql.ref("merchant_keys.merchant_id"), sql.ref("merchant_keys.is_live"), refs)})`
    : sql<unknown[] | null>`null`;
  return merchantKeyLookup(db, "secret", secretKey).select(candidates.as("integrations")).executeTakeFirst();
}

/** An unexpired auth token's merchant and the user it is bound to (with what decides the user's access). */
export function authTokenRow(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom("api_auth_tokens as t")
    .leftJoin("users as u", "u.id", "t.user_id")
    .select([
      "t.merchant_id",
      "t.user_id",
      "u.username",
      "u.profile_type",
      "u.merchant_id as user_merchant_id",
      "u.permissions",
      "u.is_active",
      "u.is_temp_password",
    ])
    .where("t.id", "=", tokenHash)
    .where("t.expires_at", ">", now)
    .executeTakeFirst();
}
