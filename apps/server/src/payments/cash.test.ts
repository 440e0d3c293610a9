import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverCallback } from "../callbacks/delivery.ts";
import { verifyTransaction } from "../callbacks/hmac.ts";
import type { CallbackJob } from "../callbacks/queue.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { NO_TEST_CASH_PAYMENT } from "./cash.service.ts";
import {
  BILLING,
  callbackReceiver,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "./test-support.ts";

describeEachDatabase("cash collection simulator", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let other: TestMerchant;
  let receiver: Awaited<ReturnType<typeof callbackReceiver>>;
  beforeAll(async () => {
    receiver = await callbackReceiver();
    app = await buildTestApp(get().database);
    m = await testMerchant(app, { callbackUrl: receiver.url });
    other = await testMerchant(app, { callbackUrl: "https://other.example/processed" });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  const db = () => app.payments.db;
  const order = (id: number) =>
    db().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const transaction = (id: number) =>
    db().selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  /** The processed callback jobs enqueued for a transaction (the test app runs no worker: they stay queued). */
  const callbackJobs = async (transactionId: number): Promise<CallbackJob[]> => {
    const rows = await db()
      .selectFrom("callback_jobs")
      .selectAll()
      .where("transaction_id", "=", transactionId)
      .orderBy("id")
      .execute();
    return rows.map((r) => ({
      transactionId: Number(r.transaction_id),
      kind: r.kind,
      attempt: r.attempt,
      trigger: r.trigger,
    }));
  };

  /** A pending CASH payment, as a merchant's server starts it. */
  const pendingCash = async (merchant: TestMerchant) => {
    const { token, orderId } = await paymentTokenFor(app, merchant, merchant.integrations.cash);
    const pay = await app.inject({
      method: "POST",
      url: "/api/acceptance/payments/pay",
      payload: { source: { identifier: "cash", subtype: "CASH" }, payment_token: token },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const obj = pay.json();
    expect(obj).toMatchObject({
      pending: true,
      success: false,
      data: { message: "Pending cash collection" },
    });
    return { token, orderId, id: obj.id as number };
  };

  const collect = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/api/simulator/cash/collect", payload });

  it("collects a pending cash payment: success, order paid, one signed processed callback enqueued", async () => {
    const { token, orderId, id } = await pendingCash(m);
    expect(await order(orderId)).toMatchObject({ paid_amount_cents: 0, payment_status: "UNPAID" });
    expect(await callbackJobs(id)).toEqual([]);

    const response = await collect({ payment_token: token, transaction_id: id });
    expect(response.statusCode, response.body).toBe(200);
    const obj = response.json();
    expect(obj).toMatchObject({
      id,
      success: true,
      pending: false,
      amount_cents: 10000,
      source_data: { type: "cash_present", sub_type: "CASH" },
      data: { message: "Cash collected", txn_response_code: "APPROVED" },
      order: { id: orderId },
    });
    expect(await transaction(id)).toMatchObject({ status: "success", txn_response_code: "APPROVED" });
    expect(await order(orderId)).toMatchObject({ paid_amount_cents: 10000, payment_status: "PAID" });
    expect(await callbackJobs(id)).toEqual([
      expect.objectContaining({ kind: "TRANSACTION", trigger: "event" }),
    ]);

    // The worker delivers it: the inquiry's object, signed with the merchant's HMAC secret.
    const [job] = await callbackJobs(id);
    expect((await deliverCallback(app.payments, job!, null)).ok).toBe(true);
    const call = receiver.received.find((r) => JSON.parse(r.body).obj?.id === id);
    const body = JSON.parse(call!.body);
    expect(body).toMatchObject({ type: "TRANSACTION", obj: { id, success: true, pending: false } });
    expect(verifyTransaction(body.obj, call!.query.get("hmac")!, m.keys.hmacSecret)).toBe(true);
  });

  it("is idempotent: collecting again answers the same and enqueues no second callback", async () => {
    const { token, orderId, id } = await pendingCash(m);
    const first = await collect({ payment_token: token, transaction_id: id });
    const second = await collect({ payment_token: token, transaction_id: String(id) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await callbackJobs(id)).toHaveLength(1);
    expect((await order(orderId)).paid_amount_cents).toBe(10000);
  });

  it("refuses live, non-cash and unknown payments with the kiosk simulator's error shape", async () => {
    // A live cash payment, started with the live secret key.
    const live = await db()
      .insertInto("integrations")
      .values({
        ...(await db()
          .selectFrom("integrations")
          .select(["merchant_id", "currency", "type", "gateway_type"])
          .where("id", "=", m.integrations.cash)
          .executeTakeFirstOrThrow()),
        name: "Live cash",
        is_live: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const intention = await app.inject({
      method: "POST",
      url: "/v1/intention/",
      headers: { authorization: `Token ${m.keys.secretKeyLive}` },
      payload: {
        amount: 10000,
        currency: "EGP",
        payment_methods: [live.id],
        items: [{ name: "Item", amount: 10000, description: "d", quantity: 1 }],
        billing_data: BILLING,
      },
    });
    expect(intention.statusCode, intention.body).toBe(201);
    const liveToken = intention.json().payment_keys[0].key as string;
    const livePay = await app.inject({
      method: "POST",
      url: "/api/acceptance/payments/pay",
      payload: { source: { identifier: "cash", subtype: "CASH" }, payment_token: liveToken },
    });
    expect(livePay.json()).toMatchObject({ pending: true, is_live: true });
    const liveId = livePay.json().id as number;

    // A pending test kiosk payment (not cash).
    const kiosk = await paymentTokenFor(app, m, m.integrations.kiosk);
    const ref = (
      await app.inject({
        method: "POST",
        url: "/api/checkout/kiosk",
        payload: { payment_token: kiosk.token },
      })
    ).json();

    const cash = await pendingCash(m);
    for (const payload of [
      { payment_token: liveToken, transaction_id: liveId },
      { payment_token: kiosk.token, transaction_id: ref.transaction_id },
      { payment_token: cash.token, transaction_id: ref.transaction_id },
      { payment_token: cash.token, transaction_id: 999_999_999 },
    ]) {
      const response = await collect(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      expect(response.json()).toEqual({ detail: NO_TEST_CASH_PAYMENT, code: "invalid_transaction" });
    }
    expect((await transaction(liveId)).status).toBe("pending");
    expect((await transaction(ref.transaction_id)).status).toBe("pending");
    expect(await callbackJobs(liveId)).toEqual([]);

    const invalid = await collect({ payment_token: "nope", transaction_id: cash.id });
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json().code).toBe("invalid_token");
    const missing = await collect({ payment_token: cash.token });
    expect(missing.statusCode).toBe(400);
    expect((await transaction(cash.id)).status).toBe("pending");
  });

  it("leaks nothing across merchants: another merchant's payment token cannot collect or read a payment", async () => {
    const mine = await pendingCash(m);
    const theirs = await pendingCash(other);
    const response = await collect({ payment_token: theirs.token, transaction_id: mine.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NO_TEST_CASH_PAYMENT, code: "invalid_transaction" });
    expect(response.body).not.toContain("ahmed@example.com");
    expect((await transaction(mine.id)).status).toBe("pending");
    expect((await order(mine.orderId)).paid_amount_cents).toBe(0);
    expect(await callbackJobs(mine.id)).toEqual([]);
    // Their own payment is still theirs to collect.
    expect((await collect({ payment_token: theirs.token, transaction_id: theirs.id })).statusCode).toBe(200);
  });

  it("refuses a payment whose order was paid another way meanwhile", async () => {
    const { token, orderId, id } = await pendingCash(m);
    await db().updateTable("orders").set({ paid_amount_cents: 10000 }).where("id", "=", orderId).execute();
    const response = await collect({ payment_token: token, transaction_id: id });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("already_paid");
    expect((await transaction(id)).status).toBe("pending");
  });

  describe("rate limit", () => {
    it("limits collections per payment token like the kiosk simulator (429 after 30 a minute)", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push(
          (await collect({ payment_token: "cash-rate-limit-probe", transaction_id: 1 })).statusCode,
        );
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });
});
