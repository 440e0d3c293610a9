import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/database.ts";
import { MIGRATIONS } from "../db/migrate.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { requestHash } from "./idempotency.ts";
import { payCard, paymentTokenFor, SUCCESS_CARD, type TestMerchant, testMerchant } from "./test-support.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describeEachDatabase("idempotency keys: keyed request hashes and one scope per operation", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
  });
  afterAll(() => app.close());

  const storedHashes = async () =>
    (
      await app.payments.db
        .selectFrom("idempotency_keys")
        .select("request_hash")
        .where("merchant_id", "=", m.merchantId)
        .execute()
    ).map((r) => r.request_hash);

  describe("a card payment with an Idempotency-Key", () => {
    it("stores no hash that the card number can be rebuilt from, and still replays and refuses as before", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const headers = { "idempotency-key": "card-hash-1" };
      const first = await payCard(app, token, {}, headers);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().transaction.success).toBe(true);

      // The formula before issue 10: unkeyed sha256 over the amount and sha256(pan). With the stored first 6 and
      // last 4 digits, the 6 missing digits were found by trying a million candidates against it.
      const oldFormula = sha256(JSON.stringify({ amount: 10000, pan: sha256(SUCCESS_CARD.pan) }));
      const hashes = await storedHashes();
      expect(hashes.length).toBeGreaterThan(0);
      for (const hash of hashes) {
        expect(hash).not.toBe(oldFormula);
        expect(hash).not.toBe(sha256(SUCCESS_CARD.pan));
        expect(hash).not.toContain(sha256(SUCCESS_CARD.pan));
      }
      // It is an HMAC under the data key: the same fields under another key give another value.
      const fields = { amount: 10000, months: undefined, pan: SUCCESS_CARD.pan };
      expect(hashes).toContain(requestHash(app.payments.dataKey, fields));
      expect(hashes).not.toContain(requestHash(Buffer.alloc(32), fields));

      const replay = await payCard(app, token, {}, headers);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());

      const otherCard = await payCard(app, token, { pan: "4111111111111111" }, headers);
      expect(otherCard.statusCode).toBe(422);
      expect(otherCard.json().code).toBe("idempotency_key_reused");
    });
  });

  describe("one refund key refunds once, whoever replays it", () => {
    const refundOf = async (id: number) =>
      (
        await app.payments.db
          .selectFrom("transactions")
          .select("refunded_amount_cents")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).refunded_amount_cents;

    it("a key first used with the test secret key does not refund again with an auth token or the dashboard", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const id = (await payCard(app, token)).json().transaction.id as number;
      const key = `one-scope-${id}`;
      const publicRefund = (authorization: string, amount_cents = 1000) =>
        app.inject({
          method: "POST",
          url: "/api/acceptance/void_refund/refund",
          headers: { authorization, "idempotency-key": key },
          payload: { transaction_id: id, amount_cents },
        });
      const first = await publicRefund(`Token ${m.keys.secretKeyTest}`);
      expect(first.statusCode, first.body).toBe(200);

      // An auth token sees every mode ("any"): the same request is the stored answer, not a second refund.
      const authToken = (
        await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: m.keys.apiKey } })
      ).json().token as string;
      const byToken = await publicRefund(`Bearer ${authToken}`);
      expect(byToken.statusCode, byToken.body).toBe(200);
      expect(byToken.headers["idempotent-replayed"]).toBe("true");
      expect(byToken.json().id).toBe(first.json().id);

      // The dashboard, with the same key.
      const owner = await fixtures(app.payments.db).session({ id: m.ownerId });
      const byDashboard = await app.inject({
        method: "POST",
        url: `/api/transactions/${id}/refund`,
        headers: { ...owner.headers, "idempotency-key": key },
        payload: { amount_cents: 1000 },
      });
      expect(byDashboard.statusCode, byDashboard.body).toBeLessThan(300);
      expect(await refundOf(id)).toBe(1000);

      // Another request with the key stays refused, whoever sends it.
      const other = await publicRefund(`Bearer ${authToken}`, 2000);
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe("idempotency_key_reused");
      expect(await refundOf(id)).toBe(1000);
    });
  });

  describe("a replay is never shown to a caller of another mode", () => {
    it("a key first used with the test secret key does not replay the test refund to the live key", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const id = (await payCard(app, token)).json().transaction.id as number;
      const refund = (secretKey: string) =>
        app.inject({
          method: "POST",
          url: "/api/acceptance/void_refund/refund",
          headers: { authorization: `Token ${secretKey}`, "idempotency-key": `mode-${id}` },
          payload: { transaction_id: id, amount_cents: 1000 },
        });
      const test = await refund(m.keys.secretKeyTest);
      expect(test.statusCode, test.body).toBe(200);
      expect(test.json().is_live).toBe(false);

      const live = await refund(m.keys.secretKeyLive);
      // The live key does not see the test transaction: the answer is the one it gets without a key.
      expect(live.statusCode).toBe(404);
      expect(live.headers["idempotent-replayed"]).toBeUndefined();
      expect(JSON.stringify(live.json())).not.toContain(String(test.json().id));

      const again = await refund(m.keys.secretKeyTest);
      expect(again.statusCode).toBe(200);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json().id).toBe(test.json().id);
      const parent = await app.payments.db
        .selectFrom("transactions")
        .select("refunded_amount_cents")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(parent.refunded_amount_cents).toBe(1000);
    });
  });
});

describe("migration 0021 on operation keys under mode scopes", () => {
  it("brings refund, void and capture keys back under one scope each, one row per key", async () => {
    const database = await openPglite(undefined);
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => MIGRATIONS } });
      expect((await migrator.migrateTo("0020_keyed_refund_otps")).error).toBeUndefined();
      const db = database.db;
      const merchant = await fixtures(db).merchant();
      const row = (scope: string, key: string, response: unknown, createdAt: string) => ({
        merchant_id: merchant.id,
        scope,
        key,
        request_hash: sha256(`${scope}:${key}`),
        status_code: 200,
        response: JSON.stringify(response),
        created_at: new Date(createdAt),
      });
      await db
        .insertInto("idempotency_keys")
        .values([
          // 0015's two copies of one old refund, and a later refund made with the same key by an auth token.
          row("refund:live", "k1", { id: 1, is_live: true }, "2026-01-01T00:00:00Z"),
          row("refund:any", "k1", { id: 1, is_live: true }, "2026-01-01T00:00:00Z"),
          row("refund:test", "k2", { id: 2, is_live: false }, "2026-02-01T00:00:00Z"),
          row("refund:any", "k2", { id: 3, is_live: false }, "2026-02-02T00:00:00Z"),
          row("void:test", "k3", { id: 4, is_live: false }, "2026-03-01T00:00:00Z"),
          row("capture:any", "k4", { id: 5, is_live: true }, "2026-03-01T00:00:00Z"),
          row("pay:7", "k5", { obj: { id: 6 } }, "2026-03-01T00:00:00Z"),
        ])
        .execute();
      expect((await migrator.migrateTo("0021_one_operation_scope")).error).toBeUndefined();
      const rows = await db
        .selectFrom("idempotency_keys")
        .select(["scope", "key", "response"])
        .where("merchant_id", "=", merchant.id)
        .orderBy("key")
        .execute();
      expect(rows.map((r) => [r.scope, r.key, (r.response as { id?: number }).id])).toEqual([
        ["refund", "k1", 1],
        ["refund", "k2", 2],
        ["void", "k3", 4],
        ["capture", "k4", 5],
        ["pay:7", "k5", undefined],
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe("migration 0015 on existing idempotency keys and auth tokens", () => {
  it("drops card-covering rows and all old tokens, and puts old operation keys under their mode and 'any'", async () => {
    const database = await openPglite(undefined);
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => MIGRATIONS } });
      expect((await migrator.migrateTo("0014_unlogged_rate_limits")).error).toBeUndefined();
      const db = database.db;
      const merchant = await fixtures(db).merchant();
      const row = (scope: string, response: unknown) => ({
        merchant_id: merchant.id,
        scope,
        key: `k-${scope}`,
        request_hash: sha256(scope),
        status_code: 200,
        response: JSON.stringify(response),
      });
      await db
        .insertInto("idempotency_keys")
        .values([
          row("checkout.card:7", { transaction: { id: 1 } }),
          row("refund", { id: 2, is_live: true }),
          row("void", { id: 3, is_live: false }),
          row("pay:7", { obj: { id: 4 } }),
        ])
        .execute();
      await db
        .insertInto("api_auth_tokens")
        .values({ id: sha256("old"), merchant_id: merchant.id, expires_at: new Date(Date.now() + 3600_000) })
        .execute();

      expect((await migrator.migrateTo("0015_bound_tokens_keyed_hashes")).error).toBeUndefined();
      const scopes = await db
        .selectFrom("idempotency_keys")
        .select(["scope", "key"])
        .where("merchant_id", "=", merchant.id)
        .orderBy("scope")
        .execute();
      expect(scopes).toEqual([
        { scope: "pay:7", key: "k-pay:7" },
        { scope: "refund:any", key: "k-refund" },
        { scope: "refund:live", key: "k-refund" },
        { scope: "void:any", key: "k-void" },
        { scope: "void:test", key: "k-void" },
      ]);
      expect(await db.selectFrom("api_auth_tokens").selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
