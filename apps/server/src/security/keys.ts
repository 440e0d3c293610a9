import { createCipheriv, createDecipheriv, randomBytes as cryptoRandomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { COUNTRY_INFO, type Country } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import {
  findKeyOwner,
  insertMerchantKeys,
  merchantKeyOwnerQuery,
  readEncryptedHmacSecret,
  revokeMerchantKeys,
  storeHmacSecret,
} from "./keys.repository.ts";
import { ensurePrivateDir } from "./private-dir.ts";
import { tokenHash } from "./tokens.ts";

/**
 * Merchant key material, shaped like the provider's:
 * - secret key `egy_sk_test_<64 hex>` and public key `egy_pk_live_<32 alphanumerics>`, one pair per mode;
 * - an API key: a long opaque base64url string, one per merchant (mode-independent; the integration decides);
 * - an HMAC secret of 32 upper-case hex characters, used to sign callbacks.
 * API and secret keys are stored only as sha256 hashes, public keys whole, the HMAC secret encrypted with
 * AES-256-GCM under the server's data key.
 */

export type KeyKind = "api" | "secret" | "public";
export type RandomBytes = (size: number) => Buffer;

export interface MerchantKeys {
  apiKey: string;
  secretKeyTest: string;
  secretKeyLive: string;
  publicKeyTest: string;
  publicKeyLive: string;
  hmacSecret: string;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function alphanumeric(length: number, random: RandomBytes): string {
  let out = "";
  // Rejection sampling keeps the characters uniform (256 is not a multiple of 62).
  while (out.length < length) {
    for (const byte of random(length)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

function mode(isLive: boolean): "live" | "test" {
  return isLive ? "live" : "test";
}

export function secretKeyPrefix(country: Country, isLive: boolean): string {
  return `${COUNTRY_INFO[country].keyPrefix}_sk_${mode(isLive)}_`;
}

export function publicKeyPrefix(country: Country, isLive: boolean): string {
  return `${COUNTRY_INFO[country].keyPrefix}_pk_${mode(isLive)}_`;
}

/** The visible start of a key kept beside its hash: "egy_sk_test_" for keys, the first 8 characters of an API key. */
export function keyPrefix(kind: KeyKind, plaintext: string): string {
  if (kind === "api") return plaintext.slice(0, 8);
  const match = /^[a-z]{3}_(sk|pk)_(test|live)_/.exec(plaintext);
  return match ? match[0] : plaintext.slice(0, 8);
}

export function generateSecretKey(
  country: Country,
  isLive: boolean,
  random: RandomBytes = cryptoRandomBytes,
) {
  return secretKeyPrefix(country, isLive) + random(32).toString("hex");
}

export function generatePublicKey(
  country: Country,
  isLive: boolean,
  random: RandomBytes = cryptoRandomBytes,
) {
  return publicKeyPrefix(country, isLive) + alphanumeric(32, random);
}

export function generateApiKey(random: RandomBytes = cryptoRandomBytes): string {
  return random(96).toString("base64url");
}

export function generateHmacSecret(random: RandomBytes = cryptoRandomBytes): string {
  return random(16).toString("hex").toUpperCase();
}

/** All keys of one merchant. Pass `random` (e.g. a seeded generator) for reproducible demo keys. */
export function generateMerchantKeys(
  country: Country,
  random: RandomBytes = cryptoRandomBytes,
): MerchantKeys {
  return {
    apiKey: generateApiKey(random),
    secretKeyTest: generateSecretKey(country, false, random),
    secretKeyLive: generateSecretKey(country, true, random),
    publicKeyTest: generatePublicKey(country, false, random),
    publicKeyLive: generatePublicKey(country, true, random),
    hmacSecret: generateHmacSecret(random),
  };
}

/** The stored form of an API or secret key: the same sha256 as every other high-entropy token (tokens.ts). */
export const hashKey = tokenHash;

// ---------------------------------------------------------------------------------------------------------
// Encryption of stored secrets (HMAC secrets) under the data key.

const DATA_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = "v1";

function parseDataKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== DATA_KEY_BYTES) throw new Error(`${source} must be ${DATA_KEY_BYTES} bytes in base64`);
  return key;
}

/**
 * The key that encrypts stored secrets: env DATA_KEY (base64 of 32 bytes) or, when unset, DATA_DIR/data.key,
 * created once with mode 0600. Losing it makes stored HMAC secrets unreadable (they can be regenerated).
 */
export function loadDataKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.DATA_KEY) return parseDataKey(env.DATA_KEY, "DATA_KEY");
  const file = path.join(dataDir, "data.key");
  ensurePrivateDir(dataDir);
  try {
    // "wx" fails when the file exists, so two processes starting together cannot overwrite each other's key.
    fs.writeFileSync(file, `${cryptoRandomBytes(DATA_KEY_BYTES).toString("base64")}\n`, {
      mode: 0o600,
      flag: "wx",
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return parseDataKey(fs.readFileSync(file, "utf8"), file);
}

/** AES-256-GCM; the answer is "v1:" + base64url(iv | tag | ciphertext). `context` is bound as associated data. */
export function encryptSecret(plaintext: string, key: Buffer, context = ""): string {
  const iv = cryptoRandomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Throws when the value was tampered with, the key is wrong or the context differs. */
export function decryptSecret(encrypted: string, key: Buffer, context = ""): string {
  const [format, payload] = encrypted.split(":");
  if (format !== FORMAT || payload === undefined) throw new Error("unknown secret format");
  const raw = Buffer.from(payload, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error("secret too short");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    "utf8",
  );
}

/**
 * Binary content (the activation wizard's documents) under the data key: AES-256-GCM, stored as iv | tag |
 * ciphertext. `context` is bound as associated data, so a copied row fails under another merchant.
 */
export function encryptBytes(plain: Uint8Array, key: Buffer, context: string): Buffer {
  const iv = cryptoRandomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the content was tampered with, the key is wrong or the context differs. */
export function decryptBytes(stored: Uint8Array, key: Buffer, context: string): Buffer {
  const raw = Buffer.from(stored);
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error("encrypted content too short");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** The associated data binding an HMAC secret to its merchant, so a copied ciphertext fails elsewhere. */
export function hmacSecretContext(merchantId: number): string {
  return `merchant:${merchantId}:hmac`;
}

// ---------------------------------------------------------------------------------------------------------
// Storage (the statements are in keys.repository.ts).

export interface MerchantKeyRow {
  merchant_id: number;
  kind: KeyKind;
  is_live: boolean;
  key_hash: string | null;
  key_prefix: string;
  public_value: string | null;
}

/** The merchant_keys rows for a set of keys. The API key row carries is_live false: it serves both modes. */
export function merchantKeyRows(merchantId: number, keys: MerchantKeys): MerchantKeyRow[] {
  const hashed = (kind: KeyKind, isLive: boolean, plaintext: string): MerchantKeyRow => ({
    merchant_id: merchantId,
    kind,
    is_live: isLive,
    key_hash: hashKey(plaintext),
    key_prefix: keyPrefix(kind, plaintext),
    public_value: null,
  });
  const pub = (isLive: boolean, plaintext: string): MerchantKeyRow => ({
    merchant_id: merchantId,
    kind: "public",
    is_live: isLive,
    key_hash: null,
    key_prefix: keyPrefix("public", plaintext),
    public_value: plaintext,
  });
  return [
    hashed("api", false, keys.apiKey),
    hashed("secret", false, keys.secretKeyTest),
    hashed("secret", true, keys.secretKeyLive),
    pub(false, keys.publicKeyTest),
    pub(true, keys.publicKeyLive),
  ];
}

/**
 * Creates (or replaces) all keys of a merchant: earlier keys are revoked, the new ones stored hashed, the HMAC
 * secret encrypted into merchants.hmac_secret_enc. Returns the plaintext keys, which are shown once.
 */
export async function issueMerchantKeys(
  db: Kysely<DB>,
  merchantId: number,
  opts: { country: Country; dataKey: Buffer; random?: RandomBytes; now?: Date },
): Promise<MerchantKeys> {
  const keys = generateMerchantKeys(opts.country, opts.random);
  const now = opts.now ?? new Date();
  const write = async (trx: Kysely<DB>) => {
    await revokeMerchantKeys(trx, merchantId, now);
    await insertMerchantKeys(
      trx,
      merchantKeyRows(merchantId, keys).map((r) => ({ ...r, created_at: now })),
    );
    await storeHmacSecret(
      trx,
      merchantId,
      encryptSecret(keys.hmacSecret, opts.dataKey, hmacSecretContext(merchantId)),
    );
  };
  // Joins the caller's transaction when there is one (Kysely does not nest transactions).
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return keys;
}

export interface KeyOwner {
  keyId: number;
  merchantId: number;
  isLive: boolean;
  /** The merchant's country (read with the key, so callers need not read the merchant for it). */
  country: string;
}

/**
 * The query finding the owner of a key that is not revoked (a caller may select more from `merchant_keys` and
 * `merchants`): API and secret keys are looked up by their hash, public keys by value.
 */
export function merchantKeyLookup(db: Kysely<DB>, kind: KeyKind, plaintext: string) {
  return merchantKeyOwnerQuery(db, kind, storedKey(kind, plaintext));
}

/** What merchant_keys keeps of a key: the hash of an API or secret key, a public key whole. */
function storedKey(kind: KeyKind, plaintext: string): string {
  return kind === "public" ? plaintext : hashKey(plaintext);
}

export async function findMerchantByKey(
  db: Kysely<DB>,
  kind: KeyKind,
  plaintext: string,
): Promise<KeyOwner | undefined> {
  const row = await findKeyOwner(db, kind, storedKey(kind, plaintext));
  return row && { keyId: row.id, merchantId: row.merchant_id, isLive: row.is_live, country: row.country };
}

/** The decrypted HMAC secret of a merchant, or undefined when it has none. */
export async function readHmacSecret(
  db: Kysely<DB>,
  merchantId: number,
  dataKey: Buffer,
): Promise<string | undefined> {
  const encrypted = await readEncryptedHmacSecret(db, merchantId);
  if (!encrypted) return undefined;
  return decryptSecret(encrypted, dataKey, hmacSecretContext(merchantId));
}
