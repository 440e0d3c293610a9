import type { TestDeliveries, TestDelivery } from "@portal/domain/api/test-helpers";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyTransaction } from "../callbacks/hmac.ts";
import { startCallbackWorker } from "../callbacks/worker.ts";
import {
  callbackReceiver,
  createTestIntention,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { TEST_KEY_ONLY, TEST_MODE_ONLY } from "./test-helpers.routes.ts";

type Receiver = Awaited<ReturnType<typeof callbackReceiver>>;

/**
 * The public test helpers (issue 15 item 4): test secret key only, the merchant's own test-mode objects only; a
 * replay sends the same body with a signature made now; a cancel stops a retry; a forced fault is answered once.
 */
describeEachDatabase("test helpers", (get) => {
  let app: FastifyInstance;
  let receiver: Receiver;
  let failing: Receiver;
  let m: TestMerchant;
  let retrying: TestMerchant;
  let other: TestMerchant;
  let worker: { stop(): Promise<void> };
  beforeAll(async () => {
    receiver = await callbackReceiver();
    failing = await callbackReceiver(() => 500);
    app = await buildTestApp(get().database);
    m = await testMerchant(app, { callbackUrl: receiver.url });
    retrying = await testMerchant(app, { callbackUrl: failing.url, retrial: true });
    other = await testMerchant(app, { callbackUrl: receiver.url });
    worker = await startCallbackWorker(app.payments, app.log);
  });
  afterAll(async () => {
    await worker?.stop();
    await app.close();
    await receiver.close();
    await failing.close();
  });

  const call = (
    method: "GET" | "POST",
    url: string,
    key: string | undefined,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url,
      headers: key ? { authorization: `Token ${key}` } : {},
      ...(payload ? { payload } : {}),
    });
  const deliveries = async (who: TestMerchant) => {
    const res = await call("GET", "/v1/test/deliveries", who.keys.secretKeyTest);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TestDeliveries>();
  };
  const paidTransaction = async (who: TestMerchant) => {
    const { token } = await paymentTokenFor(app, who, who.integrations.card);
    return (await payCard(app, token)).json().transaction.id as number;
  };
  const deliveryOf = async (who: TestMerchant, transactionId: number) => {
    let found: TestDelivery | undefined;
    await expect
      .poll(
        async () => {
          found = (await deliveries(who)).results.find(
            (d) => d.transaction_id === transactionId && d.finished_at !== null,
          );
          return found !== undefined;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    return found!;
  };

  it("take the test secret key only: live keys and auth tokens get 403, no credential 401", async () => {
    const routes: ["GET" | "POST", string][] = [
      ["GET", "/v1/test/deliveries"],
      ["GET", "/v1/test/faults"],
      ["GET", "/v1/test/clock"],
      ["POST", "/v1/test/clock/reset"],
    ];
    const token = (
      await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: m.keys.apiKey } })
    ).json().token as string;
    for (const [method, url] of routes) {
      expect((await call(method, url, undefined)).statusCode).toBe(401);
      const live = await call(method, url, m.keys.secretKeyLive);
      expect(live.statusCode, `${url}: ${live.body}`).toBe(403);
      expect(live.json()).toEqual({ detail: TEST_MODE_ONLY });
      const byToken = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(byToken.statusCode, `${url}: ${byToken.body}`).toBe(403);
      expect(byToken.json()).toEqual({ detail: TEST_KEY_ONLY });
    }
  });

  it("complete the merchant's own pending test intention or payment key with a scenario, not another's", async () => {
    const intention = await createTestIntention(app, m);
    const theirs = await call(
      "POST",
      `/v1/test/intentions/${intention.client_secret}/complete`,
      other.keys.secretKeyTest,
      { scenario: "approved" },
    );
    expect(theirs.statusCode, theirs.body).toBe(404);
    const done = await call(
      "POST",
      `/v1/test/intentions/${intention.client_secret}/complete`,
      m.keys.secretKeyTest,
      {
        scenario: "declined_insufficient_funds",
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: "done", transaction: { success: false } });
    const unknown = await call(
      "POST",
      "/v1/test/intentions/egy_csk_test_nothing/complete",
      m.keys.secretKeyTest,
      {
        scenario: "approved",
      },
    );
    expect(unknown.statusCode).toBe(404);

    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    const byOther = await call("POST", "/v1/test/payment_keys/complete", other.keys.secretKeyTest, {
      payment_token: token,
      scenario: "approved",
    });
    expect(byOther.statusCode, byOther.body).toBe(404);
    const paid = await call("POST", "/v1/test/payment_keys/complete", m.keys.secretKeyTest, {
      payment_token: token,
      scenario: "approved",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ state: "done", transaction: { success: true } });
  });

  it("list a test delivery with the body sent and its signature, and never another merchant's", async () => {
    const id = await paidTransaction(m);
    const delivery = await deliveryOf(m, id);
    const sent = receiver.received.find((r) => r.query.get("hmac") === delivery.signature);
    expect(sent?.body).toBe(delivery.request.body);
    const body = JSON.parse(delivery.request.body);
    expect(body).toMatchObject({ type: "TRANSACTION", obj: { id } });
    expect(verifyTransaction(body.obj, delivery.signature, m.keys.hmacSecret)).toBe(true);
    expect(delivery.request.url).toBe(`${receiver.url}?hmac=${delivery.signature}`);
    expect(delivery).toMatchObject({ status_code: 200, success: true, kind: "TRANSACTION", attempt: 1 });
    const theirs = await deliveries(other);
    expect(theirs.results.some((d) => d.transaction_id === id)).toBe(false);
  });

  it("replay the same body with a signature made now, recorded as a manual attempt", async () => {
    const id = await paidTransaction(m);
    const first = await deliveryOf(m, id);
    const before = receiver.received.length;
    const res = await call("POST", `/v1/test/deliveries/${first.id}/replay`, m.keys.secretKeyTest);
    expect(res.statusCode, res.body).toBe(200);
    const replay = res.json<TestDelivery>();
    expect(replay).toMatchObject({ trigger: "manual", status_code: 200, success: true, transaction_id: id });
    expect(replay.id).not.toBe(first.id);
    expect(receiver.received.length).toBe(before + 1);
    const again = receiver.received.at(-1)!;
    expect(again.body).toBe(first.request.body);
    const hmac = again.query.get("hmac")!;
    expect(hmac).toBe(replay.signature);
    expect(verifyTransaction(JSON.parse(again.body).obj, hmac, m.keys.hmacSecret)).toBe(true);
    expect((await deliveries(m)).results[0]?.id).toBe(replay.id);
  });

  it("refuse another merchant's deliveries and pending jobs, and live ones (404)", async () => {
    const id = await paidTransaction(m);
    const mine = await deliveryOf(m, id);
    const replay = await call("POST", `/v1/test/deliveries/${mine.id}/replay`, other.keys.secretKeyTest);
    expect(replay.statusCode).toBe(404);
    const sent = receiver.received.length;
    expect(receiver.received.length).toBe(sent);
    const failed = await paidTransaction(retrying);
    await deliveryOf(retrying, failed);
    const job = (await deliveries(retrying)).pending.find((p) => p.transaction_id === failed);
    expect(job).toBeDefined();
    const cancel = await call(
      "POST",
      `/v1/test/deliveries/pending/${job!.id}/cancel`,
      other.keys.secretKeyTest,
    );
    expect(cancel.statusCode).toBe(404);
    expect((await deliveries(retrying)).pending.some((p) => p.id === job!.id)).toBe(true);
    // The cancel of the test below cleans it up; a live transaction's job is never listed.
    const liveJobs = await app.payments.db
      .selectFrom("callback_jobs as j")
      .innerJoin("transactions as t", "t.id", "j.transaction_id")
      .select("j.id")
      .where("t.merchant_id", "=", retrying.merchantId)
      .where("t.is_live", "=", true)
      .execute();
    const listed = new Set((await deliveries(retrying)).pending.map((p) => p.id));
    for (const row of liveJobs) expect(listed.has(Number(row.id))).toBe(false);
  });

  it("cancel a pending retry: it leaves the outbox and is never sent", async () => {
    const id = await paidTransaction(retrying);
    const first = await deliveryOf(retrying, id);
    expect(first.success).toBe(false);
    const listed = await deliveries(retrying);
    const job = listed.pending.find((p) => p.transaction_id === id);
    expect(job).toMatchObject({ trigger: "retry", attempt: 2, kind: "TRANSACTION" });
    expect(listed.results.find((d) => d.id === first.id)?.next_attempt_at).toBe(job!.next_attempt_at);
    const res = await call(
      "POST",
      `/v1/test/deliveries/pending/${job!.id}/cancel`,
      retrying.keys.secretKeyTest,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await app.payments.db
      .selectFrom("callback_jobs")
      .select("id")
      .where("transaction_id", "=", id)
      .execute();
    expect(rows).toEqual([]);
    const again = await call(
      "POST",
      `/v1/test/deliveries/pending/${job!.id}/cancel`,
      retrying.keys.secretKeyTest,
    );
    expect(again.statusCode).toBe(404);
  });

  it("answer a forced fault once, on the named route, for the test key only", async () => {
    const arm = await call("POST", "/v1/test/faults", m.keys.secretKeyTest, {
      route: "POST /v1/intention/",
      status: 503,
    });
    expect(arm.statusCode, arm.body).toBe(201);
    expect(arm.json()).toMatchObject({ route: "POST /v1/intention", status: 503 });
    expect((await call("GET", "/v1/test/faults", m.keys.secretKeyTest)).json().results).toHaveLength(1);
    // Another merchant's call of the route is not faulted.
    await createTestIntention(app, other);
    const faulted = await call("POST", "/v1/intention/", m.keys.secretKeyTest, {});
    expect(faulted.statusCode).toBe(503);
    expect(faulted.json()).toEqual({ detail: "Service temporarily unavailable, try again later." });
    // Answered once: the next call is served.
    expect((await createTestIntention(app, m)).client_secret).toEqual(expect.any(String));
    expect((await call("GET", "/v1/test/faults", m.keys.secretKeyTest)).json().results).toEqual([]);

    // A chosen body; a live key's call is never faulted and leaves the fault for the test key.
    await call("POST", "/v1/test/faults", m.keys.secretKeyTest, {
      route: "POST /api/acceptance/payment_keys",
      status: 429,
      body: { detail: "Slow down." },
    });
    const live = await call("POST", "/api/acceptance/payment_keys", m.keys.secretKeyLive, {});
    expect(live.statusCode).not.toBe(429);
    const test = await call("POST", "/api/acceptance/payment_keys", m.keys.secretKeyTest, {});
    expect(test.statusCode).toBe(429);
    expect(test.json()).toEqual({ detail: "Slow down." });
  });

  it("refuse a fault on an unknown route, on a helper, or with a status it does not offer", async () => {
    for (const route of ["POST /v1/nothing", "GET /v1/test/deliveries", "intention"]) {
      const res = await call("POST", "/v1/test/faults", m.keys.secretKeyTest, { route, status: 500 });
      expect(res.statusCode, route).toBe(400);
      expect(Object.keys(res.json())).toEqual(["route"]);
    }
    const status = await call("POST", "/v1/test/faults", m.keys.secretKeyTest, {
      route: "POST /v1/intention/",
      status: 200,
    });
    expect(status.statusCode).toBe(400);
  });

  it("move the test clock forward, refuse a move backwards, and reset it", async () => {
    const key = retrying.keys.secretKeyTest;
    const advanced = await call("POST", "/v1/test/clock/advance", key, { seconds: 3600 });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(advanced.json()).toMatchObject({ offset_ms: 3_600_000, moved: true });
    const back = await call("POST", "/v1/test/clock/set", key, { now: new Date().toISOString() });
    expect(back.statusCode).toBe(400);
    expect(back.json().detail).toMatch(/cannot move backwards/);
    expect((await call("GET", "/v1/test/clock", key)).json()).toMatchObject({ offset_ms: 3_600_000 });
    expect((await call("GET", "/v1/test/clock", other.keys.secretKeyTest)).json()).toMatchObject({
      offset_ms: 0,
    });
    const reset = await call("POST", "/v1/test/clock/reset", key);
    expect(reset.json()).toMatchObject({ offset_ms: 0, moved: false });
  });
});
