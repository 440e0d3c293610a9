import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases.ts";
import {
  decryptSecret,
  encryptSecret,
  findMerchantByKey,
  generateMerchantKeys,
  hashKey,
  issueMerchantKeys,
  loadDataKey,
  readHmacSecret,
} from "./keys.ts";

/** A reproducible byte source for tests (sha256 counter mode). */
function seededBytes(seed: string) {
  let counter = 0;
  return (size: number) => {
    const chunks: Buffer[] = [];
    let length = 0;
    while (length < size) {
      const block = createHash("sha256").update(`${seed}:${counter++}`).digest();
      chunks.push(block);
      length += block.length;
    }
    return Buffer.concat(chunks).subarray(0, size);
  };
}

describe("merchant key generation", () => {
  it("shapes keys like the provider's, per country and mode", () => {
    const keys = generateMerchantKeys("EGY");
    expect(keys.secretKeyTest).toMatch(/^egy_sk_test_[0-9a-f]{64}$/);
    expect(keys.secretKeyLive).toMatch(/^egy_sk_live_[0-9a-f]{64}$/);
    expect(keys.publicKeyTest).toMatch(/^egy_pk_test_[A-Za-z0-9]{32}$/);
    expect(keys.publicKeyLive).toMatch(/^egy_pk_live_[A-Za-z0-9]{32}$/);
    expect(keys.apiKey).toMatch(/^[A-Za-z0-9_-]{128}$/);
    expect(keys.hmacSecret).toMatch(/^[0-9A-F]{32}$/);
    expect(generateMerchantKeys("OMN").secretKeyLive).toMatch(/^omn_sk_live_/);
    expect(generateMerchantKeys("PAK").publicKeyTest).toMatch(/^pak_pk_test_/);
  });

  it("is reproducible with a seeded byte source and different without", () => {
    expect(generateMerchantKeys("SAU", seededBytes("a"))).toEqual(
      generateMerchantKeys("SAU", seededBytes("a")),
    );
    expect(generateMerchantKeys("SAU", seededBytes("a"))).not.toEqual(
      generateMerchantKeys("SAU", seededBytes("b")),
    );
    expect(generateMerchantKeys("ARE")).not.toEqual(generateMerchantKeys("ARE"));
  });
});

describe("secret encryption", () => {
  const key = randomBytes(32);

  it("round-trips", () => {
    const enc = encryptSecret("04DC1A9490B8CC2094C011FC055ADCDB", key, "merchant:1:hmac");
    expect(enc).not.toContain("04DC1A94");
    expect(decryptSecret(enc, key, "merchant:1:hmac")).toBe("04DC1A9490B8CC2094C011FC055ADCDB");
  });

  it("detects tampering", () => {
    const enc = encryptSecret("secret value", key);
    const raw = Buffer.from(enc.slice(3), "base64url");
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => decryptSecret(`v1:${raw.toString("base64url")}`, key)).toThrow();
  });

  it("rejects a wrong key and a different context", () => {
    const enc = encryptSecret("secret value", key, "merchant:1:hmac");
    expect(() => decryptSecret(enc, randomBytes(32), "merchant:1:hmac")).toThrow();
    expect(() => decryptSecret(enc, key, "merchant:2:hmac")).toThrow();
  });

  it("loads the data key from DATA_KEY or creates the key file once with mode 0600", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keys-"));
    try {
      const first = loadDataKey(dir, {});
      const second = loadDataKey(dir, {});
      expect(first.length).toBe(32);
      expect(second.equals(first)).toBe(true);
      expect(fs.statSync(path.join(dir, "data.key")).mode & 0o777).toBe(0o600);
      const fromEnv = randomBytes(32);
      expect(loadDataKey(dir, { DATA_KEY: fromEnv.toString("base64") }).equals(fromEnv)).toBe(true);
      expect(() => loadDataKey(dir, { DATA_KEY: "c2hvcnQ=" })).toThrow(/32 bytes/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDatabase("merchant keys storage", (get) => {
  const dataKey = randomBytes(32);

  async function newMerchant(): Promise<number> {
    const row = await get()
      .database.db.insertInto("merchants")
      .values({
        company_name: "Keys Co",
        country: "EGY",
        bank_id: null,
        partner_id: null,
        live_date: null,
        mcc: null,
        sector: null,
        sales_owner: null,
        logo_url: null,
        hmac_secret_enc: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("stores keys hashed, finds them by hash and forgets revoked ones", async () => {
    const db = get().database.db;
    const merchantId = await newMerchant();
    const keys = await issueMerchantKeys(db, merchantId, { country: "EGY", dataKey });

    const rows = await db
      .selectFrom("merchant_keys")
      .selectAll()
      .where("merchant_id", "=", merchantId)
      .execute();
    expect(rows).toHaveLength(5);
    const dump = JSON.stringify(rows);
    for (const plaintext of [keys.apiKey, keys.secretKeyTest, keys.secretKeyLive]) {
      expect(dump).not.toContain(plaintext.slice(12));
      expect(rows.some((r) => r.key_hash === hashKey(plaintext))).toBe(true);
    }
    expect(rows.find((r) => r.kind === "secret" && r.is_live)?.key_prefix).toBe("egy_sk_live_");
    expect(rows.find((r) => r.kind === "public" && !r.is_live)?.public_value).toBe(keys.publicKeyTest);

    expect(await findMerchantByKey(db, "secret", keys.secretKeyLive)).toMatchObject({
      merchantId,
      isLive: true,
    });
    expect(await findMerchantByKey(db, "secret", keys.secretKeyTest)).toMatchObject({
      merchantId,
      isLive: false,
    });
    expect(await findMerchantByKey(db, "api", keys.apiKey)).toMatchObject({ merchantId });
    expect(await findMerchantByKey(db, "public", keys.publicKeyLive)).toMatchObject({
      merchantId,
      isLive: true,
    });
    expect(await findMerchantByKey(db, "api", keys.secretKeyLive)).toBeUndefined();
    expect(await findMerchantByKey(db, "secret", `${keys.secretKeyLive}x`)).toBeUndefined();

    const merchant = await db
      .selectFrom("merchants")
      .select("hmac_secret_enc")
      .where("id", "=", merchantId)
      .executeTakeFirstOrThrow();
    expect(merchant.hmac_secret_enc).not.toContain(keys.hmacSecret);
    expect(await readHmacSecret(db, merchantId, dataKey)).toBe(keys.hmacSecret);
    await expect(readHmacSecret(db, merchantId, randomBytes(32))).rejects.toThrow();

    // Issuing again revokes the old keys: they are no longer found, the new ones are.
    const renewed = await issueMerchantKeys(db, merchantId, { country: "EGY", dataKey });
    expect(await findMerchantByKey(db, "secret", keys.secretKeyLive)).toBeUndefined();
    expect(await findMerchantByKey(db, "api", keys.apiKey)).toBeUndefined();
    expect(await findMerchantByKey(db, "public", keys.publicKeyTest)).toBeUndefined();
    expect(await findMerchantByKey(db, "secret", renewed.secretKeyLive)).toMatchObject({ merchantId });
    expect(await readHmacSecret(db, merchantId, dataKey)).toBe(renewed.hmacSecret);
  });
});
