import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, IframesTable } from "../db/schema.ts";

export type IframeRow = Selectable<IframesTable>;
/** What the list shows: everything but the content. */
export type IframeSummaryRow = Omit<IframeRow, "html" | "javascript" | "css">;

const SUMMARY_COLUMNS = [
  "id",
  "merchant_id",
  "public_id",
  "name",
  "description",
  "created_by",
  "created_at",
  "updated_at",
] as const;

/** The merchant's iframes, newest first (at most the limit exist). */
export function listIframes(db: Kysely<DB>, merchantId: number): Promise<IframeSummaryRow[]> {
  return db
    .selectFrom("iframes")
    .select(SUMMARY_COLUMNS)
    .where("merchant_id", "=", merchantId)
    .orderBy("id", "desc")
    .execute();
}

/** One iframe of the merchant, or undefined (another merchant's is not found). */
export function findIframe(db: Kysely<DB>, merchantId: number, id: number): Promise<IframeRow | undefined> {
  return db
    .selectFrom("iframes")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The published iframe by its public id, with only what its document needs. */
export function iframeByPublicId(
  db: Kysely<DB>,
  publicId: string,
): Promise<Pick<IframeRow, "name" | "html" | "javascript" | "css"> | undefined> {
  return db
    .selectFrom("iframes")
    .select(["name", "html", "javascript", "css"])
    .where("public_id", "=", publicId)
    .executeTakeFirst();
}

/**
 * Inserts an iframe unless the merchant already has `limit`: the merchant's row is locked first and the count
 * read under the lock, in one transaction, so parallel creations are serialised and never pass the limit.
 * Answers undefined when the limit is reached (nothing written).
 */
export function insertIframeWithinLimit(
  db: Kysely<DB>,
  values: Insertable<IframesTable>,
  limit: number,
): Promise<IframeRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("merchants")
      .select("id")
      .where("id", "=", values.merchant_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { n } = await trx
      .selectFrom("iframes")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("merchant_id", "=", values.merchant_id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= limit) return undefined;
    return trx.insertInto("iframes").values(values).returningAll().executeTakeFirstOrThrow();
  });
}

/** Changes the merchant's iframe; undefined when it is not the merchant's. */
export function updateIframe(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  set: Updateable<IframesTable>,
): Promise<IframeRow | undefined> {
  return db
    .updateTable("iframes")
    .set(set)
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the merchant's iframe; false when it is not the merchant's. */
export async function deleteIframe(db: Kysely<DB>, merchantId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("iframes")
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
