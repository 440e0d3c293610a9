import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The reads behind the provider's transaction object (transaction-object.ts, issue 11): a merchant's owner user
 * and the rows of many transactions' views in one query.
 */

/** The merchant's owner user (profile Merchant), if it has one. */
export async function findMerchantOwnerId(db: Kysely<DB>, merchantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("profile_type", "=", "Merchant")
    .orderBy("id")
    .executeTakeFirst();
  return row?.id;
}

/**
 * The merchant's owner user id (its first user of profile Merchant) as a scalar subquery on a merchants row
 * alias: the provider's "owner", for the queries that read whole rows in one round trip.
 */
export const ownerIdOf = (merchant: string) =>
  sql<number | null>`(select u.id from users u where u.merchant_id = ${sql.ref(`${merchant}.id`)}
    and u.profile_type = 'Merchant' order by u.id limit 1)`;

/** One row of transactionViewRows: the rows as JSON (revived by the caller) and the integration's settings. */
export interface TransactionViewRow {
  tx: unknown;
  order: unknown;
  merchant: unknown;
  payment_key: unknown;
  owner_id: number | null;
  intention_public_id: string | null;
  processed_callback_url: string | null;
  auto_callback_retrial: boolean | null;
}

/**
 * Each transaction's row with its order, merchant, payment key, owner, intention id and integration callback
 * settings, in one query.
 */
export async function transactionViewRows(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<TransactionViewRow[]> {
  const { rows } =
    await sql<TransactionViewRow>`select to_jsonb(t) as tx, to_jsonb(o) as "order", to_jsonb(m) as merchant, to_jsonb(k) as payment_key,
      ${ownerIdOf("m")} as owner_id,
      pi.public_id as intention_public_id, i.processed_callback_url, i.auto_callback_retrial
    from transactions t
    join merchants m on m.id = t.merchant_id
    left join orders o on o.id = t.order_id
    left join payment_keys k on k.id = t.payment_key_id
    left join payment_intentions pi on pi.id = k.intention_id
    left join integrations i on i.id = t.integration_id
    where t.id = any(${sql.val(ids)}::bigint[])`.execute(db);
  return rows;
}
