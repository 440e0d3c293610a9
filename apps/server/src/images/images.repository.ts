import type { Kysely } from "kysely";
import type { DB, ImagesTable } from "../db/schema.ts";

/** The SQL of uploaded images (images.service.ts checks them before any of this runs). */

export interface NewImage {
  id: string;
  merchant_id: number;
  content_type: ImagesTable["content_type"];
  size_bytes: number;
  sha256: string;
  bytes: Uint8Array;
}

export async function insertImage(db: Kysely<DB>, image: NewImage): Promise<void> {
  await db.insertInto("images").values(image).execute();
}

/** One image by id, for serving (public: the id is the credential). */
export function findImage(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("images")
    .select(["id", "content_type", "size_bytes", "bytes"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** True when the image exists and is the merchant's (a link may only show its own merchant's images). */
export async function isMerchantImage(db: Kysely<DB>, merchantId: number, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("images")
    .select("id")
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many images a merchant has (tests: nothing stored after a refusal). */
export async function countImages(db: Kysely<DB>, merchantId?: number): Promise<number> {
  let query = db.selectFrom("images").select((eb) => eb.fn.countAll<string>().as("n"));
  if (merchantId !== undefined) query = query.where("merchant_id", "=", merchantId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
