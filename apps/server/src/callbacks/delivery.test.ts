import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callbackReceiver,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { ATTEMPT_HEADER, deliverCallback, deliverCallbacks, retryDelaySeconds } from "./delivery.ts";
import { signToken, signTransaction, verifyTransaction } from "./hmac.ts";
import { startCallbackWorker } from "./worker.ts";

type Receiver = Awaited<ReturnType<typeof callbackReceiver>>;

describeEachDatabase("callback delivery", (get) => {
  let app: FastifyInstance;
  let receiver: Receiver;
  let failing: Receiver;
  let m: TestMerchant;
  let worker: { stop(): Promise<void> };
  beforeAll(async () => {
    receiver = await callbackReceiver();
    failing = await callbackReceiver(() => 500);
    app = await buildTestApp(get().database);
    m = await testMerchant(app, { callbackUrl: receiver.url });
    worker = await startCallbackWorker(app.payments, app.log);
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await receiver.close();
    await failing.close();
  });

  const attempts = (transactionId: number) =>
    app.payments.db
      .selectFrom("callback_attempts")
      .selectAll()
      .where("transaction_id", "=", transactionId)
      .orderBy("id")
      .execute();
  const received = (transactionId: number) =>
    receiver.received.filter((r) => {
      const body = JSON.parse(r.body);
      return body.type === "TRANSACTION" && body.obj.id === transactionId;
    });

  it("POSTs the signed processed callback of a payment and records the attempt", async () => {
    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    const id = (await payCard(app, token)).json().transaction.id;
    await expect.poll(() => received(id).length, { timeout: 20_000, interval: 100 }).toBe(1);
    const [call] = received(id);
    expect(call!.method).toBe("POST");
    expect(call!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(call!.body);
    expect(body.obj).toMatchObject({ id, success: true, order: { id: expect.any(Number) } });
    const hmac = call!.query.get("hmac")!;
    expect(verifyTransaction(body.obj, hmac, m.keys.hmacSecret)).toBe(true);
    await expect.poll(async () => (await attempts(id))[0]?.status_code, { timeout: 10_000 }).toBe(200);
    const [row] = await attempts(id);
    expect(row).toMatchObject({
      kind: "TRANSACTION",
      trigger: "event",
      attempt: 1,
      url: receiver.url,
      response_excerpt: "ok",
      error: null,
    });
    expect(row!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(call!.headers[ATTEMPT_HEADER]).toBe(String(row!.id));
  });

  it("sends the token callback of a saved card, signed over the token fields", async () => {
    const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
    expect((await payCard(app, token, { save_card: true })).json().transaction.success).toBe(true);
    const tokenCalls = () =>
      receiver.received.filter((r) => {
        const body = JSON.parse(r.body);
        return body.type === "TOKEN" && body.obj.order_id === String(orderId);
      });
    await expect.poll(() => tokenCalls().length, { timeout: 20_000, interval: 100 }).toBe(1);
    const call = tokenCalls()[0]!;
    const obj = JSON.parse(call.body).obj;
    expect(obj).toMatchObject({ masked_pan: "xxxx-xxxx-xxxx-2346", card_subtype: "MasterCard" });
    expect(obj.token).toMatch(/^[0-9a-f]{56}$/);
    expect(call.query.get("hmac")).toBe(signToken(obj, m.keys.hmacSecret));
  });

  it("delivers a batch side by side: one result per job in order, each attempt recorded as sent", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      ids.push((await payCard(app, token)).json().transaction.id);
    }
    // The worker delivers each payment's event first; the batch below resends them by hand.
    for (const id of ids) await expect.poll(() => received(id).length, { timeout: 20_000 }).toBe(1);
    const job = (transactionId: number) => ({
      job: { transactionId, kind: "TRANSACTION" as const, attempt: 1, trigger: "manual" as const },
      jobId: null,
    });
    const results = await deliverCallbacks(app.payments, [
      job(ids[2]!),
      job(987_654_321),
      job(ids[0]!),
      job(ids[1]!),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true, true]);
    expect(results[1]).toEqual({ attemptId: undefined, ok: false });
    for (const [position, id] of [
      [0, ids[2]!],
      [2, ids[0]!],
      [3, ids[1]!],
    ] as const) {
      const calls = received(id);
      expect(calls).toHaveLength(2);
      // The header of what was sent names the attempt recorded for that same transaction.
      expect(Number(calls[1]!.headers[ATTEMPT_HEADER])).toBe(results[position]!.attemptId);
      const rows = await attempts(id);
      const manual = rows.find((r) => r.trigger === "manual")!;
      expect(manual).toMatchObject({ id: results[position]!.attemptId, status_code: 200, error: null });
      expect(manual.finished_at).toBeInstanceOf(Date);
    }
  });

  describe("failures and retrial", () => {
    let failingMerchant: TestMerchant;
    beforeAll(async () => {
      failingMerchant = await testMerchant(app, { callbackUrl: failing.url, retrial: true });
    });

    const declinedPayment = async (merchant: TestMerchant) => {
      const { token } = await paymentTokenFor(app, merchant, merchant.integrations.card);
      return (await payCard(app, token, { pan: "4000000000000002" })).json().transaction.id as number;
    };

    it("schedules the next attempt after a failure, each waiting twice as long, and stops at 15", async () => {
      const id = await declinedPayment(failingMerchant);
      const base = app.payments.settings.callbackRetryBaseSeconds;
      const job = { transactionId: id, kind: "TRANSACTION" as const, trigger: "retry" as const };
      const second = await deliverCallback(app.payments, { ...job, attempt: 1 }, null);
      expect(second).toMatchObject({ ok: false, retryInSeconds: base });
      const third = await deliverCallback(app.payments, { ...job, attempt: 2 }, null);
      expect(third.retryInSeconds).toBe(2 * base);
      const last = await deliverCallback(app.payments, { ...job, attempt: 15 }, null);
      expect(last.ok).toBe(false);
      expect(last.retryInSeconds).toBeUndefined();
      expect(retryDelaySeconds(base, 15)).toBe(base * 2 ** 13);
      const rows = (await attempts(id)).filter((r) => r.trigger === "retry");
      expect(rows.map((r) => [r.attempt, r.status_code, r.response_excerpt])).toEqual([
        [1, 500, "no"],
        [2, 500, "no"],
        [15, 500, "no"],
      ]);
    });

    it("does not retry when auto callback retrial is off", async () => {
      await app.payments.db
        .updateTable("integrations")
        .set({ auto_callback_retrial: false })
        .where("id", "=", failingMerchant.integrations.card)
        .execute();
      const id = await declinedPayment(failingMerchant);
      const result = await deliverCallback(
        app.payments,
        { transactionId: id, kind: "TRANSACTION", attempt: 1, trigger: "event" },
        null,
      );
      expect(result).toEqual({ attemptId: expect.any(Number), ok: false });
    });

    it("records a refused connection as the attempt's error", async () => {
      const closed = await testMerchant(app, { callbackUrl: "http://127.0.0.1:9/closed" });
      const { token } = await paymentTokenFor(app, closed, closed.integrations.card);
      const id = (await payCard(app, token)).json().transaction.id;
      await expect
        .poll(async () => (await attempts(id))[0]?.finished_at ?? null, { timeout: 20_000 })
        .not.toBeNull();
      const [row] = await attempts(id);
      expect(row!.status_code).toBeNull();
      expect(row!.error).toBeTruthy();
    });
  });

  describe("dashboard routes", () => {
    it("lists a transaction's attempts and resends its callback", async () => {
      const fx = fixtures(app.payments.db);
      const owner = await fx.session({ id: m.ownerId });
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const id = (await payCard(app, token)).json().transaction.id;
      await expect.poll(() => received(id).length, { timeout: 20_000, interval: 100 }).toBe(1);
      const resend = await app.inject({
        method: "POST",
        url: `/api/transactions/${id}/callbacks/resend`,
        headers: owner.headers,
      });
      expect(resend.statusCode, resend.body).toBe(202);
      await expect.poll(() => received(id).length, { timeout: 20_000, interval: 100 }).toBe(2);
      await expect
        .poll(
          async () =>
            (await app.inject({ url: `/api/transactions/${id}/callbacks`, headers: owner.headers }))
              .json()
              .results.filter((r: { status_code: number | null }) => r.status_code === 200).length,
          { timeout: 10_000 },
        )
        .toBe(2);
      const list = (
        await app.inject({ url: `/api/transactions/${id}/callbacks`, headers: owner.headers })
      ).json();
      expect(list.results.map((r: { trigger: string }) => r.trigger)).toEqual(["manual", "event"]);
      expect(list.results[0]).toMatchObject({ success: true, status_code: 200, url: receiver.url });
      // Both deliveries carry the same, verifiable signature of the same transaction.
      const [a, b] = received(id);
      expect(a!.query.get("hmac")).toBe(signTransaction(JSON.parse(b!.body).obj, m.keys.hmacSecret));
    });

    it("needs 'can view transactions' and the merchant's own transaction", async () => {
      const fx = fixtures(app.payments.db);
      const staff = await fx.user("MerchantStaff", {
        merchantId: m.merchantId,
        permissions: ["can view orders"],
      });
      const other = await testMerchant(app);
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const id = (await payCard(app, token)).json().transaction.id;
      const denied = await app.inject({
        url: `/api/transactions/${id}/callbacks`,
        headers: (await fx.session(staff)).headers,
      });
      expect(denied.statusCode).toBe(403);
      const foreign = await app.inject({
        url: `/api/transactions/${id}/callbacks`,
        headers: (await fx.session({ id: other.ownerId })).headers,
      });
      expect(foreign.statusCode).toBe(404);
      const anonymous = await app.inject({ url: `/api/transactions/${id}/callbacks` });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
