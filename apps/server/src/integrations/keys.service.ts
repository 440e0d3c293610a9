import type { Country, RecreatableKey } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import {
  currentMerchantKeys,
  insertMerchantKeys,
  revokeMerchantKeys,
  storeHmacSecret,
} from "../security/keys.repository.ts";
import {
  encryptSecret,
  generateApiKey,
  generateHmacSecret,
  generatePublicKey,
  generateSecretKey,
  hashKey,
  hmacSecretContext,
  type KeyKind,
  keyPrefix,
  readHmacSecret,
} from "../security/keys.ts";

/**
 * The API keys screen: what may be shown (public keys and the HMAC secret whole; API and secret keys only by
 * their prefix, since only their hashes are stored) and recreating one key at a time. A recreated key is
 * revoked in the same transaction that stores its successor, so the old one stops working at once.
 */

export interface StoredKey {
  kind: KeyKind;
  is_live: boolean;
  prefix: string;
  value: string | null;
  created_at: string;
}

export async function currentKeys(db: Kysely<DB>, merchantId: number): Promise<StoredKey[]> {
  const rows = await currentMerchantKeys(db, merchantId);
  return rows.map((r) => ({
    kind: r.kind,
    is_live: r.is_live,
    prefix: r.key_prefix,
    value: r.public_value,
    created_at: r.created_at.toISOString(),
  }));
}

export async function hmacSecret(
  db: Kysely<DB>,
  merchantId: number,
  dataKey: Buffer,
): Promise<string | null> {
  return (await readHmacSecret(db, merchantId, dataKey)) ?? null;
}

/** Complete when the merchant has an API key, both secret keys, both public keys and an HMAC secret. */
export function keysStatus(keys: StoredKey[], hasHmac: boolean): "Complete" | "Incomplete" {
  const has = (kind: KeyKind, isLive: boolean) => keys.some((k) => k.kind === kind && k.is_live === isLive);
  const complete =
    has("api", false) &&
    has("secret", false) &&
    has("secret", true) &&
    has("public", false) &&
    has("public", true);
  return complete && hasHmac ? "Complete" : "Incomplete";
}

/** Replaces one key (for secret and public keys: of one mode) and answers its new value, shown once. */
export async function recreateKey(
  db: Kysely<DB>,
  merchantId: number,
  kind: RecreatableKey,
  opts: { country: Country; isLive: boolean; dataKey: Buffer },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (kind === "hmac") {
      const secret = generateHmacSecret();
      await storeHmacSecret(
        trx,
        merchantId,
        encryptSecret(secret, opts.dataKey, hmacSecretContext(merchantId)),
      );
      return secret;
    }
    const isLive = kind === "api" ? false : opts.isLive;
    const value =
      kind === "api"
        ? generateApiKey()
        : kind === "secret"
          ? generateSecretKey(opts.country, isLive)
          : generatePublicKey(opts.country, isLive);
    const now = new Date();
    await revokeMerchantKeys(trx, merchantId, now, { kind, isLive });
    await insertMerchantKeys(trx, [
      {
        merchant_id: merchantId,
        kind,
        is_live: isLive,
        key_hash: kind === "public" ? null : hashKey(value),
        key_prefix: keyPrefix(kind, value),
        public_value: kind === "public" ? value : null,
        created_at: now,
      },
    ]);
    return value;
  });
}
