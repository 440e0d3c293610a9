import { createHash, randomBytes } from "node:crypto";
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { openPglite } from "../db/database.ts";
import { MIGRATIONS } from "../db/migrate.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { consumeRefundOtp, issueRefundOtp, OTP_MAX_ATTEMPTS } from "./otp.ts";
import { rows } from "./test-rows.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const sixDigits = (n: number) => String(n).padStart(6, "0");

describeEachDatabase("refund one-time codes at rest (issue 10)", (get) => {
  it("stores no value that sha256 of any 6-digit code matches, and the right code still verifies once", async () => {
    const db = get().database.db;
    const dataKey = randomBytes(32);
    const user = await fixtures(db).user("Merchant");
    const tx = await rows(db).payment(user.merchant_id!, {
      gateway_type: "UIG",
      card_first6: null,
      card_last4: null,
    });

    const code = await issueRefundOtp(db, dataKey, tx.id, user.id);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await db
      .selectFrom("refund_otps")
      .select("code_hash")
      .where("transaction_id", "=", tx.id)
      .execute();
    expect(stored).toHaveLength(1);
    const hashes = new Set(stored.map((r) => r.code_hash));
    // What the table held before: sha256("refund-otp:<code>"); also the bare code, in case of another prefix.
    let matches = 0;
    for (let n = 0; n < 1_000_000; n++) {
      const candidate = sixDigits(n);
      if (hashes.has(sha256(`refund-otp:${candidate}`)) || hashes.has(sha256(candidate))) matches++;
    }
    expect(matches).toBe(0);
    expect([...hashes]).toEqual([keyedHash(dataKey, "refund-otp", code)]);

    const wrong = sixDigits((Number(code) + 1) % 1_000_000);
    expect(await consumeRefundOtp(db, dataKey, tx.id, user.id, wrong)).toBe(false);
    expect(await consumeRefundOtp(db, randomBytes(32), tx.id, user.id, code)).toBe(false);
    expect(await consumeRefundOtp(db, dataKey, tx.id, user.id, code)).toBe(true);
    expect(await consumeRefundOtp(db, dataKey, tx.id, user.id, code)).toBe(false);
  }, 60_000);
});

describeEachDatabase("refund one-time code tries (issue 10)", (get) => {
  it("counts parallel wrong guesses atomically: at most 5 tries, then even the right code is refused", async () => {
    const db = get().database.db;
    const dataKey = randomBytes(32);
    const user = await fixtures(db).user("Merchant");
    const tx = await rows(db).payment(user.merchant_id!, {
      gateway_type: "UIG",
      card_first6: null,
      card_last4: null,
    });
    const code = await issueRefundOtp(db, dataKey, tx.id, user.id);
    const wrong = (i: number) => sixDigits((Number(code) + 1 + i) % 1_000_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => consumeRefundOtp(db, dataKey, tx.id, user.id, wrong(i))),
    );
    expect(results.every((r) => r === false)).toBe(true);
    const row = await db
      .selectFrom("refund_otps")
      .select("attempts")
      .where("transaction_id", "=", tx.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(await consumeRefundOtp(db, dataKey, tx.id, user.id, code)).toBe(false);
  });

  it("accepts the right code as the last allowed try", async () => {
    const db = get().database.db;
    const dataKey = randomBytes(32);
    const user = await fixtures(db).user("Merchant");
    const tx = await rows(db).payment(user.merchant_id!, {
      gateway_type: "UIG",
      card_first6: null,
      card_last4: null,
    });
    const code = await issueRefundOtp(db, dataKey, tx.id, user.id);
    for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i++)
      expect(
        await consumeRefundOtp(db, dataKey, tx.id, user.id, sixDigits((Number(code) + 1 + i) % 1_000_000)),
      ).toBe(false);
    expect(await consumeRefundOtp(db, dataKey, tx.id, user.id, code)).toBe(true);
  });
});

describe("migration 0020 on refund codes stored as unkeyed sha256", () => {
  it("deletes the codes still waiting to be used and keeps used and expired ones", async () => {
    const database = await openPglite(undefined);
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => MIGRATIONS } });
      expect((await migrator.migrateTo("0018_order_paid_from_captures")).error).toBeUndefined();
      const db = database.db;
      const user = await fixtures(db).user("Merchant");
      const tx = await rows(db).payment(user.merchant_id!);
      const row = (code: string, expiresIn: number, used: boolean) => ({
        transaction_id: tx.id,
        user_id: user.id,
        code_hash: sha256(`refund-otp:${code}`),
        expires_at: new Date(Date.now() + expiresIn),
        used_at: used ? new Date() : null,
      });
      await db
        .insertInto("refund_otps")
        .values([row("111111", 600_000, false), row("222222", -60_000, false), row("333333", 600_000, true)])
        .execute();

      expect((await migrator.migrateTo("0020_keyed_refund_otps")).error).toBeUndefined();
      const left = await db.selectFrom("refund_otps").select("code_hash").orderBy("id").execute();
      expect(left.map((r) => r.code_hash)).toEqual([
        sha256("refund-otp:222222"),
        sha256("refund-otp:333333"),
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
