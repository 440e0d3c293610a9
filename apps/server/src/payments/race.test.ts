import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/database.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase } from "../test/databases.ts";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "./test-support.ts";

const DECLINED_CARD = { pan: "4000000000000002" };

/**
 * Concurrency on PostgreSQL (PGlite has a single connection, so nothing runs concurrently there): many
 * requests on one parent transaction at once, over a pool large enough for all of them to be in flight.
 */
describe("concurrent payments, refunds and captures [postgres]", () => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase("postgres");
    // A pool of 30: every one of the concurrent requests holds its own connection and transaction.
    const database = await openPostgres(test.url!, 30);
    drop = async () => {
      await database.close();
      await test.drop();
    };
    app = await buildTestApp(database);
    m = await testMerchant(app);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const paid = async (integration: number) => {
    const { token } = await paymentTokenFor(app, m, integration);
    return (await payCard(app, token)).json().transaction.id as number;
  };
  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url,
      headers: { authorization: `Token ${m.keys.secretKeyTest}`, ...headers },
      payload,
    });
  const row = (id: number) =>
    app.payments.db.selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const children = (id: number, type: string) =>
    app.payments.db
      .selectFrom("transactions")
      .selectAll()
      .where("parent_transaction_id", "=", id)
      .where("trnx_type", "=", type)
      .execute();

  it("20 concurrent refunds never refund more than was paid", async () => {
    const id = await paid(m.integrations.card);
    // 20 x 700 = 14,000 asked of 10,000: at most 14 fit, and the rules decide which.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post("/api/acceptance/void_refund/refund", { transaction_id: id, amount_cents: 700 }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    for (const a of refused) expect([400, 422]).toContain(a.statusCode);
    expect(ok.length).toBeGreaterThan(0);
    const parent = await row(id);
    const refunds = await children(id, "refund");
    const sum = refunds.reduce((acc, r) => acc + r.amount_cents, 0);
    expect(sum).toBeLessThanOrEqual(10_000);
    expect(sum).toBe(parent.refunded_amount_cents);
    expect(refunds.length).toBe(ok.length);
    expect(sum).toBe(ok.length * 700);
    // The remainder rule holds too: what is left is 0 or more than 500.
    const left = 10_000 - sum;
    expect(left === 0 || left > 500).toBe(true);
  });

  it("20 concurrent captures of one auth: exactly one wins", async () => {
    const id = await paid(m.integrations.auth);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post("/api/acceptance/capture", { transaction_id: id, amount_cents: 5000 + i }),
      ),
    );
    const winners = answers.filter((a) => a.statusCode === 200 && a.json().success === true);
    expect(winners).toHaveLength(1);
    for (const a of answers.filter((x) => !winners.includes(x))) expect(a.statusCode).toBe(400);
    const captures = await children(id, "capture");
    expect(captures).toHaveLength(1);
    const parent = await row(id);
    expect(parent.captured_amount_cents).toBe(captures[0]!.amount_cents);
    expect(parent.captured_amount_cents).toBe(winners[0]!.json().amount_cents);
  });

  it("20 concurrent copies of one idempotent refund make one refund and the same answer", async () => {
    const id = await paid(m.integrations.card);
    const headers = { "idempotency-key": `same-${id}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post("/api/acceptance/void_refund/refund", { transaction_id: id, amount_cents: 1000 }, headers),
      ),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await children(id, "refund")).toHaveLength(1);
    expect((await row(id)).refunded_amount_cents).toBe(1000);
  });

  it("concurrent refunds and a void of one payment: either the void or refunds, never both", async () => {
    const id = await paid(m.integrations.card);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        post("/api/acceptance/void_refund/refund", { transaction_id: id, amount_cents: 1000 }),
      ),
      post("/api/acceptance/void_refund/void", { transaction_id: id }),
    ]);
    const voided = answers[10]!.statusCode === 200;
    const parent = await row(id);
    expect(parent.is_voided).toBe(voided);
    if (voided) expect(parent.refunded_amount_cents).toBe(0);
    else expect(parent.refunded_amount_cents).toBeGreaterThan(0);
  });

  /** The card payments of a payment token's order, and the order and key afterwards. */
  const outcome = async (token: string, orderId: number) => {
    const db = app.payments.db;
    const txs = await db.selectFrom("transactions").selectAll().where("order_id", "=", orderId).execute();
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    const key = await db
      .selectFrom("payment_keys")
      .selectAll()
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return { txs, order, key, token };
  };

  it("12 concurrent card payments with one payment token (some idempotent): exactly one is paid", async () => {
    const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        payCard(app, token, {}, i % 3 === 0 ? { "idempotency-key": `pay-${orderId}-${i}` } : {}),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json().transaction.success).toBe(true);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().code).toBe("already_paid");
    }
    const { txs, order, key } = await outcome(token, orderId);
    expect(txs.filter((t) => t.status === "success")).toHaveLength(1);
    expect(txs).toHaveLength(1);
    expect(order).toMatchObject({ paid_amount_cents: order.amount_cents, payment_status: "PAID" });
    expect(key).toMatchObject({ attempts: 1, lease_ends_at: null });
  });

  it("10 concurrent declined card payments use the 3 attempts and no more", async () => {
    const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
    const answers = await Promise.all(Array.from({ length: 10 }, () => payCard(app, token, DECLINED_CARD)));
    const declined = answers.filter((a) => a.statusCode === 200);
    expect(declined).toHaveLength(3);
    for (const a of declined) expect(a.json().transaction.success).toBe(false);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(a.json().code).toBe("attempts_exhausted");
    const { txs, order, key } = await outcome(token, orderId);
    expect(txs.map((t) => t.status)).toEqual(["declined", "declined", "declined"]);
    expect(order.paid_amount_cents).toBe(0);
    expect(key).toMatchObject({ attempts: 3, lease_ends_at: null });
  });

  it("a payment waits for another one's lease, and a lapsed lease (a stopped process) blocks nothing", async () => {
    const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
    const db = app.payments.db;
    const lease = (seconds: number) =>
      db
        .updateTable("payment_keys")
        .set({ lease_ends_at: new Date(Date.now() + seconds * 1000) })
        .where("order_id", "=", orderId)
        .execute();
    await lease(-5);
    const declined = await payCard(app, token, DECLINED_CARD);
    expect(declined.json().transaction.success).toBe(false);
    await lease(1.5);
    const started = Date.now();
    const paid = await payCard(app, token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().transaction.success).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const { key } = await outcome(token, orderId);
    expect(key).toMatchObject({ attempts: 2, lease_ends_at: null });
  });
});
