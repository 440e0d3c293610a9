import type { Insertable, Kysely } from "kysely";
import type { DB, MerchantKeysTable } from "../db/schema.ts";
import type { KeyKind } from "./keys.ts";

/**
 * Merchant keys' queries (tables merchant_keys and merchants.hmac_secret_enc): every one takes the merchant, or
 * the stored form of a key (its sha256, or a public key whole). Generating, hashing and encrypting keys is
 * security/keys.ts's; the API keys screen's use of them is integrations/keys.service.ts's.
 */

/** Revokes the merchant's keys that are not revoked yet: all of them, or only those of one kind and mode. */
export async function revokeMerchantKeys(
  db: Kysely<DB>,
  merchantId: number,
  revokedAt: Date,
  only?: { kind: KeyKind; isLive: boolean },
): Promise<void> {
  let query = db
    .updateTable("merchant_keys")
    .set({ revoked_at: revokedAt })
    .where("merchant_id", "=", merchantId);
  if (only) query = query.where("kind", "=", only.kind).where("is_live", "=", only.isLive);
  await query.where("revoked_at", "is", null).execute();
}

/** Stores new key rows (already hashed: security/keys.ts merchantKeyRows). */
export async function insertMerchantKeys(
  db: Kysely<DB>,
  rows: readonly Insertable<MerchantKeysTable>[],
): Promise<void> {
  await db.insertInto("merchant_keys").values(rows).execute();
}

/** Stores the merchant's HMAC secret, encrypted (security/keys.ts encryptSecret). */
export async function storeHmacSecret(db: Kysely<DB>, merchantId: number, encrypted: string): Promise<void> {
  await db
    .updateTable("merchants")
    .set({ hmac_secret_enc: encrypted })
    .where("id", "=", merchantId)
    .execute();
}

/** The merchant's encrypted HMAC secret, or undefined when it has none. */
export async function readEncryptedHmacSecret(
  db: Kysely<DB>,
  merchantId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("merchants")
    .select("hmac_secret_enc")
    .where("id", "=", merchantId)
    .executeTakeFirst();
  return row?.hmac_secret_enc ?? undefined;
}

/**
 * The query finding the owner of a key that is not revoked, by its stored form: the sha256 of an API or secret
 * key, a public key whole. A caller may select more from `merchant_keys` and `merchants`.
 */
export function merchantKeyOwnerQuery(db: Kysely<DB>, kind: KeyKind, stored: string) {
  const query = db
    .selectFrom("merchant_keys")
    .innerJoin("merchants", "merchants.id", "merchant_keys.merchant_id")
    .select(["merchant_keys.id", "merchant_keys.merchant_id", "merchant_keys.is_live", "merchants.country"])
    .where("merchant_keys.kind", "=", kind)
    .where("merchant_keys.revoked_at", "is", null);
  return kind === "public"
    ? query.where("merchant_keys.public_value", "=", stored)
    : query.where("merchant_keys.key_hash", "=", stored);
}

/** The owner of a key that is not revoked, by its stored form (merchantKeyOwnerQuery), or undefined. */
export function findKeyOwner(db: Kysely<DB>, kind: KeyKind, stored: string) {
  return merchantKeyOwnerQuery(db, kind, stored).executeTakeFirst();
}

/** The merchant's keys that are not revoked, in the order they were stored (what the API keys screen shows). */
export function currentMerchantKeys(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchant_keys")
    .select(["kind", "is_live", "key_prefix", "public_value", "created_at"])
    .where("merchant_id", "=", merchantId)
    .where("revoked_at", "is", null)
    .orderBy("id")
    .execute();
}
