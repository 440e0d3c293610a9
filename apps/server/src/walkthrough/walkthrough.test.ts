import { WALKTHROUGH_MESSAGES, type WalkthroughState, type WalkthroughSummary } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestIntention, payCard, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

const DECLINE_CARD = { pan: "4000000000000002" };

describeEachDatabase("checkout integration walkthrough", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let other: TestMerchant;
  let otherOwner: TestSession;
  let staffNoKeys: TestSession;
  let staffNoIntegration: TestSession;
  let bank: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    m = await testMerchant(app);
    owner = await fx.session({ id: m.ownerId });
    other = await testMerchant(app);
    otherOwner = await fx.session({ id: other.ownerId });
    staffNoKeys = await fx.session(
      await fx.user("MerchantStaff", {
        merchantId: m.merchantId,
        permissions: ["can view payment integration"],
      }),
    );
    staffNoIntegration = await fx.session(
      await fx.user("MerchantStaff", {
        merchantId: m.merchantId,
        permissions: ["can view public secret keys", "can view transactions"],
      }),
    );
    bank = await fx.session(await fx.user("Bank"));
  });
  afterAll(async () => {
    await app?.close();
  });

  const state = async (s: TestSession = owner): Promise<WalkthroughState> => {
    const res = await app.inject({ url: "/api/checkout-walkthrough", headers: s.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = (path: string, payload?: object, s: TestSession = owner) =>
    app.inject({
      method: "POST",
      url: `/api/checkout-walkthrough${path}`,
      headers: s.headers,
      ...(payload ? { payload } : {}),
    });
  /** A customer pays a fresh intention of the merchant with a card (the sandbox card unless told). */
  const pay = async (merchant: TestMerchant, card: Record<string, unknown> = {}) => {
    const intention = await createTestIntention(app, merchant, {
      payment_methods: [merchant.integrations.card],
    });
    const res = await payCard(app, intention.payment_keys[0]!.key, card);
    expect(res.statusCode, res.body).toBe(200);
    return { intention, transaction: res.json().transaction as { id: number; success: boolean } };
  };

  it("starts at the welcome page with the test keys shown as the API keys screen shows them, live locked", async () => {
    const s = await state();
    expect(s).toMatchObject({
      view: "welcome",
      test_step: 1,
      started_at: null,
      test_completed: false,
      live_unlocked: false,
      onboarding_completed: false,
      may_view_keys: true,
      live_keys: null,
      test_integration: { id: m.integrations.card, currency: "EGP" },
    });
    expect(s.test_keys?.public_key).toBe(m.keys.publicKeyTest);
    // Secret keys are stored hashed: only the prefix, never the whole key.
    expect(s.test_keys?.secret_prefix).toMatch(/^egy_sk_test_/);
    expect(m.keys.secretKeyTest.startsWith(s.test_keys!.secret_prefix!)).toBe(true);
    expect(s.test_keys!.secret_prefix!.length).toBeLessThan(m.keys.secretKeyTest.length);
    expect(JSON.stringify(s)).not.toContain(m.keys.secretKeyTest);
    expect(JSON.stringify(s)).not.toContain(m.keys.publicKeyLive);
  });

  it("refuses moves, live and Done before the walkthrough starts", async () => {
    const moved = await post("/move", { view: "test", test_step: 2 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      code: "walkthrough_not_started",
      detail: WALKTHROUGH_MESSAGES.notStarted,
    });
    expect((await post("/complete")).statusCode).toBe(409);
    const summary = await app.inject({ url: "/api/checkout-walkthrough/summary", headers: owner.headers });
    expect(summary.statusCode).toBe(409);
    expect(summary.json().detail).toBe(WALKTHROUGH_MESSAGES.onboardingIncomplete);
  });

  it("walks the test steps with Back and Next, keeps live locked, and completes only on a real test payment", async () => {
    // A payment made before the walkthrough started does not count.
    const before = await pay(m);
    expect(before.transaction.success).toBe(true);

    const started = await post("/start", { guided: true });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ view: "test", test_step: 1, test_completed: false });
    expect(started.json().started_at).not.toBeNull();

    for (const step of [2, 3, 2, 3]) {
      const res = await post("/move", { view: "test", test_step: step });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ view: "test", test_step: step });
    }
    expect((await post("/move", { view: "test", test_step: 4 })).statusCode).toBe(400);

    const locked = await post("/move", { view: "live" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: "walkthrough_live_locked",
      detail: WALKTHROUGH_MESSAGES.liveLocked,
    });
    expect((await post("/complete")).statusCode).toBe(409);
    // Another device resumes at the same step.
    expect(await state()).toMatchObject({
      view: "test",
      test_step: 3,
      test_completed: false,
      live_keys: null,
    });

    // A declined test payment, a payment of another merchant and a live payment do not complete it.
    const declined = await pay(m, DECLINE_CARD);
    expect(declined.transaction.success).toBe(false);
    expect((await pay(other)).transaction.success).toBe(true);
    const liveIntention = await app.inject({
      method: "POST",
      url: "/v1/intention/",
      headers: { authorization: `Token ${m.keys.secretKeyLive}` },
      payload: {
        amount: 10000,
        currency: "EGP",
        payment_methods: [m.integrations.liveCard],
        items: [{ name: "Item", amount: 10000, description: "d", quantity: 1 }],
        billing_data: {
          first_name: "A",
          last_name: "B",
          email: "live@example.com",
          phone_number: "+201000000001",
        },
      },
    });
    expect(liveIntention.statusCode, liveIntention.body).toBe(201);
    const livePaid = await payCard(app, liveIntention.json().payment_keys[0].key);
    expect(livePaid.json().transaction.success).toBe(true);
    expect(await state()).toMatchObject({ test_completed: false, live_unlocked: false, view: "test" });

    // The merchant's own successful test payment completes the test and moves the walkthrough to live.
    const paid = await pay(m);
    const s = await state();
    expect(s).toMatchObject({
      view: "live",
      test_completed: true,
      live_unlocked: true,
      onboarding_completed: false,
      test_payment: { transaction_id: paid.transaction.id, amount_cents: 10000, currency: "EGP" },
    });
    expect(s.live_keys?.public_key).toBe(m.keys.publicKeyLive);
    expect(s.live_keys?.secret_prefix).toMatch(/^egy_sk_live_/);
    expect(JSON.stringify(s)).not.toContain(m.keys.secretKeyLive);
    // The first payment after the start stays the one recorded, whatever comes later.
    await pay(m);
    expect((await state()).test_payment?.transaction_id).toBe(paid.transaction.id);

    // The other merchant's walkthrough is untouched, and it sees none of this one's keys.
    const theirs = await state(otherOwner);
    expect(theirs).toMatchObject({ view: "welcome", test_completed: false });
    expect(JSON.stringify(theirs)).not.toContain(m.keys.publicKeyTest);
  });

  it("Back from live to the test steps and to the Integrate-with page keeps the test complete; Done completes onboarding", async () => {
    expect((await post("/move", { view: "test", test_step: 1 })).json()).toMatchObject({
      view: "test",
      test_step: 1,
      test_completed: true,
    });
    expect((await post("/move", { view: "integrate" })).json()).toMatchObject({ view: "integrate" });
    expect((await post("/move", { view: "live" })).json()).toMatchObject({ view: "live" });
    const done = await post("/complete");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ view: "integrate", onboarding_completed: true });
    expect(done.json().completed_at).not.toBeNull();
  });

  it("summarises the last 30 days of intentions, customers and confirmations, and lists the payment methods", async () => {
    const db = app.payments.db;
    const paid = await db
      .selectFrom("payment_intentions")
      .select(["id"])
      .where("merchant_id", "=", m.merchantId)
      .where("is_live", "=", false)
      .where("status", "=", "confirmed")
      .execute();
    const all = await db
      .selectFrom("payment_intentions")
      .select(["id"])
      .where("merchant_id", "=", m.merchantId)
      .where("is_live", "=", false)
      .execute();
    // One delivered and one failed processed callback for one of the intention payments.
    const tx = (await state()).test_payment!.transaction_id;
    for (const status of [200, 500])
      await db
        .insertInto("callback_attempts")
        .values({
          transaction_id: tx,
          merchant_id: m.merchantId,
          kind: "TRANSACTION",
          trigger: "event",
          attempt: status === 200 ? 2 : 1,
          url: "https://merchant.example/hook",
          attempted_at: new Date(),
          finished_at: new Date(),
          status_code: status,
        })
        .execute();
    // An intention older than 30 days is not counted.
    const old = await createTestIntention(app, m, {});
    await db
      .updateTable("payment_intentions")
      .set({ created_at: new Date(Date.now() - 31 * 86_400_000) })
      .where("order_id", "=", old.intention_order_id)
      .execute();

    const res = await app.inject({
      url: "/api/checkout-walkthrough/summary?is_live=false",
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary: WalkthroughSummary = res.json();
    expect(summary.is_live).toBe(false);
    expect(summary.intentions.created).toBe(all.length);
    expect(summary.intentions.paid).toBe(paid.length);
    expect(paid.length).toBe(3);
    expect(summary.intentions.paid_amounts).toEqual([{ currency: "EGP", amount_cents: 30000 }]);
    // Every test intention here has the same billing e-mail: one customer, who paid.
    expect(summary.customers).toEqual({ count: 1, paying: 1 });
    expect(summary.confirmations).toEqual({ delivered: 1, failed: 1 });
    expect(summary.payment_methods.map((p) => p.id)).toContain(m.integrations.card);
    expect(summary.payment_methods.every((p) => !p.is_live)).toBe(true);

    const live: WalkthroughSummary = (
      await app.inject({ url: "/api/checkout-walkthrough/summary?is_live=true", headers: owner.headers })
    ).json();
    expect(live.intentions).toMatchObject({ created: 1, paid: 1 });
    expect(live.payment_methods.map((p) => p.id)).toEqual([m.integrations.liveCard]);

    // The other merchant's summary is refused (not onboarded), never this one's figures.
    expect(
      (await app.inject({ url: "/api/checkout-walkthrough/summary", headers: otherOwner.headers }))
        .statusCode,
    ).toBe(409);
  });

  it("Start Over forgets the walkthrough: live locks again until a new test payment", async () => {
    const res = await post("/start-over");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      view: "welcome",
      started_at: null,
      test_completed: false,
      live_unlocked: false,
      onboarding_completed: false,
      live_keys: null,
    });
    const again = await post("/start", { guided: false });
    expect(again.json()).toMatchObject({ view: "integrate", test_completed: false });
    expect((await post("/move", { view: "live" })).statusCode).toBe(409);
    await pay(m);
    expect(await state()).toMatchObject({ view: "integrate", test_completed: true, live_unlocked: true });
    // Walk me through on a completed test goes to the live page.
    expect((await post("/start", { guided: true })).json()).toMatchObject({ view: "live" });
  });

  describe("who may use it", () => {
    it("staff with the integrations permission but not the keys one follow it without seeing keys", async () => {
      const s = await state(staffNoKeys);
      expect(s).toMatchObject({
        may_view_keys: false,
        test_keys: null,
        live_keys: null,
        live_unlocked: true,
      });
    });

    it("staff without the integrations permission, banks and anonymous callers are refused", async () => {
      for (const s of [staffNoIntegration, bank]) {
        expect((await app.inject({ url: "/api/checkout-walkthrough", headers: s.headers })).statusCode).toBe(
          403,
        );
        expect((await post("/start-over", undefined, s)).statusCode).toBe(403);
      }
      expect((await app.inject({ url: "/api/checkout-walkthrough" })).statusCode).toBe(401);
      // Nothing was reset by the refused Start Over.
      expect((await state()).test_completed).toBe(true);
    });
  });
});
