import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { takeTransactionCallbackJobs } from "../callbacks/callbacks.repository.ts";
import { deliverCallbacks } from "../callbacks/delivery.ts";
import { signTransaction } from "../callbacks/hmac.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { advanceTestClock } from "../test-clock/clock.ts";
import { enqueueTransactionCallbacks } from "./payment.repository.ts";
import { settleDueScenarioPayments } from "./scenario-effects.ts";
import {
  CALLBACK_AFTER_REDIRECT_SECONDS,
  completeWithScenario,
  REFUND_VOID_CALLBACK_DELAY_SECONDS,
  SCENARIOS,
  type Scenario,
  scenarioByName,
} from "./scenarios.ts";
import {
  BILLING,
  callbackReceiver,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "./test-support.ts";

type Receiver = Awaited<ReturnType<typeof callbackReceiver>>;

/**
 * Every sandbox scenario through the card API the hosted checkout uses (and by name, without a card), with its
 * processed callbacks received by a local receiver and checked: body, hmac, count, order against the answer.
 */
describeEachDatabase("sandbox scenarios", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await callbackReceiver();
    app = await buildTestApp(get().database);
    m = await testMerchant(app, {
      callbackUrl: receiver.url,
      redirectUrl: "https://merchant.example/return",
    });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const db = () => app.payments.db;
  const scenario = (name: string): Scenario => scenarioByName(name)!;
  const transaction = (id: number) =>
    db().selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  /** Delivers the transaction's due callback jobs now, as the worker would. */
  const deliver = async (id: number) => {
    const taken = await takeTransactionCallbackJobs(db(), id, 60);
    await deliverCallbacks(
      app.payments,
      taken.map((t) => ({ job: t.job, jobId: t.id })),
    );
    return taken.length;
  };
  /** Makes the transaction's waiting callback jobs due now (as if their delay had passed). */
  const makeDue = async (id: number) =>
    db()
      .updateTable("callback_jobs")
      .set({ run_at: new Date(Date.now() - 1000) })
      .where("transaction_id", "=", id)
      .execute();
  const waitingJobs = (id: number) =>
    db().selectFrom("callback_jobs").selectAll().where("transaction_id", "=", id).execute();
  const callbacks = () =>
    receiver.received.map((r) => {
      const body = JSON.parse(r.body) as { type: string; obj: Record<string, unknown> & { id: number } };
      return {
        ...body,
        hmac: r.query.get("hmac") ?? "",
        valid: signTransaction(body.obj, m.keys.hmacSecret),
      };
    });
  const pay = async (s: Scenario, integration = m.integrations.card) => {
    const { token, orderId } = await paymentTokenFor(app, m, integration);
    const response = await payCard(app, token, { pan: s.pan });
    expect(response.statusCode, response.body).toBe(200);
    return { token, orderId, body: response.json() };
  };

  describe("outcomes and declines", () => {
    const simple = SCENARIOS.filter((s) => s.outcome === "approved" || s.outcome === "declined").filter(
      (s) => s.callbacks === "normal",
    );
    it.each(simple.map((s) => [s.name, s] as const))(
      "%s answers its result and one signed callback",
      async (_name, s) => {
        const { body } = await pay(s);
        expect(body.state).toBe("done");
        expect(body.transaction).toMatchObject({
          success: s.outcome === "approved",
          pending: false,
          message: s.message,
          txn_response_code: s.txnResponseCode,
        });
        const id = body.transaction.id as number;
        const tx = await transaction(id);
        expect((tx.data as { acq_response_code?: string }).acq_response_code).toBe(s.acqResponseCode);
        // The response callback (the redirect) carries the same outcome, signed.
        const flat = Object.fromEntries(new URL(body.redirect_url).searchParams);
        expect(flat["data.message"]).toBe(s.message);
        expect(flat.txn_response_code).toBe(s.txnResponseCode);
        expect(signTransaction(flat, m.keys.hmacSecret)).toBe(flat.hmac);
        expect(await deliver(id)).toBe(1);
        const [cb, ...more] = callbacks();
        expect(more).toEqual([]);
        expect(cb!.type).toBe("TRANSACTION");
        expect(cb!.obj).toMatchObject({ id, success: s.outcome === "approved", pending: false });
        expect(cb!.obj.data).toMatchObject({
          message: s.message,
          txn_response_code: s.txnResponseCode,
          acq_response_code: s.acqResponseCode,
        });
        expect(cb!.hmac).toBe(cb!.valid);
      },
    );

    it("3-D Secure passed: a challenge, then approved with 123456; by name it is completed", async () => {
      const s = scenario("3ds_passed");
      const { token, body } = await pay(s);
      expect(body.state).toBe("challenge");
      const done = await app.inject({
        method: "POST",
        url: "/api/checkout/3ds",
        payload: { payment_token: token, challenge_id: body.challenge_id, otp: "123456" },
      });
      expect(done.json().transaction).toMatchObject({ success: true, txn_response_code: "APPROVED" });
      expect(await transaction(body.transaction_id)).toMatchObject({ is_3d_secure: true, status: "success" });

      const named = await paymentTokenFor(app, m, m.integrations.card);
      const answer = await completeWithScenario(app.payments, {
        paymentToken: named.token,
        scenario: "3ds_passed",
      });
      expect(answer).toMatchObject({ state: "done", transaction: { success: true } });
      if (answer.state !== "done") throw new Error("not done");
      expect(await deliver(answer.transaction.id)).toBe(1);
      expect(callbacks()[0]).toMatchObject({
        obj: { id: answer.transaction.id, success: true, is_3d_secure: true },
      });
    });

    it("3-D Secure abandoned is declined after the simulator's virtual wait", async () => {
      const { body } = await pay(scenario("3ds_abandoned"));
      const tx = await transaction(body.transaction.id);
      expect(tx.data).toMatchObject({
        simulated_wait_ms: 600_000,
        message: "3-D Secure authentication abandoned",
      });
    });

    it("a named scenario pays like its card; an unknown name is refused", async () => {
      const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
      const answer = await completeWithScenario(app.payments, {
        paymentToken: token,
        scenario: "declined_lost_or_stolen",
      });
      expect(answer).toMatchObject({
        state: "done",
        transaction: { success: false, message: "Lost or stolen card" },
      });
      const order = await db()
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      expect(order.payment_status).toBe("UNPAID");
      await expect(
        completeWithScenario(app.payments, { paymentToken: token, scenario: "nope" }),
      ).rejects.toMatchObject({ statusCode: 400 });
    });
  });

  describe("pending", () => {
    it("the pending card stays pending and sends nothing", async () => {
      const { body } = await pay(scenario("pending"));
      expect(body.transaction).toMatchObject({ pending: true, success: false });
      expect(await deliver(body.transaction.id)).toBe(0);
      expect(await settleDueScenarioPayments(app.payments, m.merchantId)).toBe(0);
      expect((await transaction(body.transaction.id)).status).toBe("pending");
    });

    it("a settling card settles once its delay has passed on the merchant's test clock, then calls back", async () => {
      const { body, orderId } = await pay(scenario("pending_settles_1m"));
      const id = body.transaction.id as number;
      expect(body.transaction).toMatchObject({ pending: true });
      expect((await transaction(id)).data).toHaveProperty("_settle_at");
      expect(await settleDueScenarioPayments(app.payments, m.merchantId)).toBe(0);
      expect(await deliver(id)).toBe(0);
      await advanceTestClock(db(), m.merchantId, 61_000);
      // The clock move settles it at once when a worker runs; without one, the worker's tick does.
      await settleDueScenarioPayments(app.payments, m.merchantId);
      expect(await transaction(id)).toMatchObject({ status: "success", txn_response_code: "APPROVED" });
      const order = await db()
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      expect(order.payment_status).toBe("PAID");
      expect(await deliver(id)).toBe(1);
      const [cb] = callbacks();
      expect(cb).toMatchObject({ obj: { id, success: true, pending: false } });
      expect(cb!.hmac).toBe(cb!.valid);
    });

    it("by name, with a chosen delay", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const answer = await completeWithScenario(app.payments, {
        paymentToken: token,
        scenario: "pending_settles_1h",
        settleAfterSeconds: 3 * 3600,
      });
      if (answer.state !== "done") throw new Error("not done");
      await advanceTestClock(db(), m.merchantId, 3600_000 + 1000);
      await settleDueScenarioPayments(app.payments, m.merchantId);
      expect((await transaction(answer.transaction.id)).status).toBe("pending");
      await advanceTestClock(db(), m.merchantId, 2 * 3600_000);
      await settleDueScenarioPayments(app.payments, m.merchantId);
      expect((await transaction(answer.transaction.id)).status).toBe("success");
    });
  });

  describe("callback faults", () => {
    it("success without a callback: none is sent; a manual resend still is", async () => {
      const { body } = await pay(scenario("success_no_callback"));
      const id = body.transaction.id as number;
      expect(body.transaction.success).toBe(true);
      expect(await deliver(id)).toBe(1);
      expect(receiver.received).toHaveLength(0);
      expect(await waitingJobs(id)).toEqual([]);
      const attempts = await db()
        .selectFrom("callback_attempts")
        .selectAll()
        .where("transaction_id", "=", id)
        .execute();
      expect(attempts).toEqual([]);
      await enqueueTransactionCallbacks(db(), [id], { kind: "TRANSACTION", trigger: "manual" });
      expect(await deliver(id)).toBe(1);
      expect(callbacks()).toMatchObject([{ obj: { id, success: true } }]);
    });

    it("callback delivered twice: the same body and hmac, two recorded attempts", async () => {
      const { body } = await pay(scenario("callback_twice"));
      const id = body.transaction.id as number;
      await deliver(id);
      const [a, b, ...more] = callbacks();
      expect(more).toEqual([]);
      expect(a!.obj.id).toBe(id);
      expect(JSON.stringify(a!.obj)).toBe(JSON.stringify(b!.obj));
      expect(a!.hmac).toBe(b!.hmac);
      expect(a!.hmac).toBe(a!.valid);
      const attempts = await db()
        .selectFrom("callback_attempts")
        .selectAll()
        .where("transaction_id", "=", id)
        .execute();
      expect(attempts.map((x) => [x.trigger, x.attempt, x.status_code])).toEqual([
        ["event", 1, 200],
        ["event", 1, 200],
      ]);
    });

    it("callback with a bad signature: an hmac of the right shape that does not verify", async () => {
      const { body } = await pay(scenario("callback_bad_signature"));
      await deliver(body.transaction.id);
      const [cb, ...more] = callbacks();
      expect(more).toEqual([]);
      expect(cb!.hmac).toMatch(/^[0-9a-f]{128}$/);
      expect(cb!.hmac).not.toBe(cb!.valid);
      // The redirect's response callback stays valid: only the processed callback is badly signed.
      const flat = Object.fromEntries(new URL(body.redirect_url).searchParams);
      expect(signTransaction(flat, m.keys.hmacSecret)).toBe(flat.hmac);
    });

    it("callback before the redirect: received before the payment answers", async () => {
      const { body } = await pay(scenario("callback_before_redirect"));
      // No worker and no delivery call: the payment's own request delivered it.
      const [cb, ...more] = callbacks();
      expect(more).toEqual([]);
      expect(cb).toMatchObject({ obj: { id: body.transaction.id, success: true } });
      expect(cb!.hmac).toBe(cb!.valid);
      expect(await waitingJobs(body.transaction.id)).toEqual([]);
    });

    it("callback after the redirect: held for its delay, then delivered as the event", async () => {
      const { body } = await pay(scenario("callback_after_redirect"));
      const id = body.transaction.id as number;
      expect(body.redirect_url).toContain("https://merchant.example/return");
      expect(await deliver(id)).toBe(1);
      expect(receiver.received).toHaveLength(0);
      const [waiting] = await waitingJobs(id);
      expect(waiting!.run_at.getTime()).toBeGreaterThan(
        Date.now() + (CALLBACK_AFTER_REDIRECT_SECONDS - 5) * 1000,
      );
      expect(await deliver(id)).toBe(0);
      await makeDue(id);
      expect(await deliver(id)).toBe(1);
      const [cb] = callbacks();
      expect(cb).toMatchObject({ obj: { id, success: true } });
      expect(cb!.hmac).toBe(cb!.valid);
      const attempts = await db()
        .selectFrom("callback_attempts")
        .selectAll()
        .where("transaction_id", "=", id)
        .execute();
      expect(attempts.map((x) => [x.trigger, x.attempt])).toEqual([["event", 1]]);
    });

    it("refund and void callbacks delayed; the payment's own callback is not", async () => {
      const s = scenario("refund_void_callbacks_delayed");
      const op = (path: string, payload: Record<string, unknown>) =>
        app.inject({
          method: "POST",
          url: path,
          headers: { authorization: `Token ${m.keys.secretKeyTest}` },
          payload,
        });
      const refunded = (await pay(s)).body.transaction.id as number;
      expect(await deliver(refunded)).toBe(1);
      expect(callbacks()).toHaveLength(1);
      const refund = await op("/api/acceptance/void_refund/refund", {
        transaction_id: refunded,
        amount_cents: 2000,
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const voided = (await pay(s)).body.transaction.id as number;
      const voidAnswer = await op("/api/acceptance/void_refund/void", { transaction_id: voided });
      expect(voidAnswer.statusCode, voidAnswer.body).toBe(200);
      receiver.received.length = 0;
      for (const child of [refund.json().id as number, voidAnswer.json().id as number]) {
        expect(await deliver(child)).toBe(1);
        const [waiting] = await waitingJobs(child);
        expect(waiting!.run_at.getTime()).toBeGreaterThan(
          Date.now() + (REFUND_VOID_CALLBACK_DELAY_SECONDS - 10) * 1000,
        );
      }
      expect(receiver.received).toHaveLength(0);
      for (const child of [refund.json().id as number, voidAnswer.json().id as number]) {
        await makeDue(child);
        expect(await deliver(child)).toBe(1);
      }
      const got = callbacks();
      expect(got.map((c) => [c.obj.is_refund, c.obj.is_void])).toEqual([
        [true, false],
        [false, true],
      ]);
      for (const c of got) expect(c.hmac).toBe(c.valid);
    });
  });

  describe("live mode never accepts them", () => {
    const liveToken = async () => {
      const response = await app.inject({
        method: "POST",
        url: "/v1/intention/",
        headers: { authorization: `Token ${m.keys.secretKeyLive}` },
        payload: {
          amount: 10000,
          currency: "EGP",
          payment_methods: [m.integrations.liveCard],
          items: [{ name: "Item", amount: 10000, quantity: 1 }],
          billing_data: BILLING,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().payment_keys[0].key as string;
    };

    it("a scenario card is declined like an unknown card, with a normal callback", async () => {
      for (const name of ["callback_twice", "declined_expired_card", "pending_settles_1m"]) {
        const token = await liveToken();
        const body = (await payCard(app, token, { pan: scenario(name).pan })).json();
        expect(body.transaction).toMatchObject({ success: false, pending: false, message: "Do not honour" });
        const tx = await transaction(body.transaction.id);
        expect(tx.is_live).toBe(true);
        expect(tx.data).not.toHaveProperty("_settle_at");
        receiver.received.length = 0;
        expect(await deliver(tx.id)).toBe(1);
        const [cb, ...more] = callbacks();
        expect(more).toEqual([]);
        expect(cb!.hmac).toBe(cb!.valid);
      }
    });

    it("a named scenario refuses a live payment key", async () => {
      const token = await liveToken();
      await expect(
        completeWithScenario(app.payments, { paymentToken: token, scenario: "approved" }),
      ).rejects.toMatchObject({ statusCode: 403 });
    });
  });
});
