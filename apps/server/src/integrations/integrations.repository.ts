import type { Insertable, Kysely, Updateable } from "kysely";
import type { IntegrationRow } from "../db/rows.ts";
import type { DB, IntegrationsTable } from "../db/schema.ts";

/** The merchant's integrations' queries: every one takes the merchant, so no other merchant's row is reachable. */

/** One of the merchant's integrations, or undefined when it is not theirs. */
export function findIntegration(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
): Promise<IntegrationRow | undefined> {
  return db
    .selectFrom("integrations")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/** Changes one of the merchant's integrations; undefined when it is not theirs. `set` must not be empty. */
export function updateIntegration(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  set: Updateable<IntegrationsTable>,
): Promise<IntegrationRow | undefined> {
  return db
    .updateTable("integrations")
    .set(set)
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .returningAll()
    .executeTakeFirst();
}

/** A page of the merchant's integrations, newest first, and how many there are (of one mode when is_live is given). */
export async function listIntegrations(
  db: Kysely<DB>,
  merchantId: number,
  filter: { isLive: boolean | undefined; page: number; pageSize: number },
): Promise<{ count: number; rows: IntegrationRow[] }> {
  let query = db.selectFrom("integrations").where("merchant_id", "=", merchantId);
  if (filter.isLive !== undefined) query = query.where("is_live", "=", filter.isLive);
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** The merchant's country and live mode: a new integration's default currency and checks, a new key's country. */
export function integrationMerchant(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchants")
    .select(["country", "is_live"])
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
}

/** Adds an integration to the merchant. */
export function insertIntegration(
  db: Kysely<DB>,
  merchantId: number,
  values: Omit<Insertable<IntegrationsTable>, "merchant_id">,
): Promise<IntegrationRow> {
  return db
    .insertInto("integrations")
    .values({ ...values, merchant_id: merchantId })
    .returningAll()
    .executeTakeFirstOrThrow();
}
