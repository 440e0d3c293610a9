import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { callbackPayload } from "../callbacks/delivery.ts";
import { testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { walkthroughState, walkthroughSummary } from "../walkthrough/walkthrough.service.ts";
import type { DemoCredentials, DemoMerchantCredentials } from "./generate.ts";
import { seedDemoWalkthrough, WALKTHROUGH_ACCOUNTS } from "./walkthrough.ts";

const DAY = 86_400_000;

describeEachDatabase("demo walkthrough", (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
  });
  afterAll(() => app.close());

  it("one merchant completed with real summaries, one mid-walkthrough, two journey merchants not started", async () => {
    const db = app.payments.db;
    const egypt = await testMerchant(app);
    const saudi = await testMerchant(app, { country: "SAU" });
    const now = new Date();
    const r = rows(db);
    // Three SDK orders in the last 30 days (one paid after a decline, one unpaid), one older, one not SDK.
    const sdk = { origin: "SDK", is_live: true, integration_id: egypt.integrations.liveCard };
    const o1 = await r.order(egypt.merchantId);
    await r.payment(egypt.merchantId, {
      ...sdk,
      order_id: o1.id,
      status: "declined",
      created_at: new Date(now.getTime() - 3 * DAY),
    });
    const paid1 = await r.payment(egypt.merchantId, {
      ...sdk,
      order_id: o1.id,
      created_at: new Date(now.getTime() - 3 * DAY + 60_000),
    });
    const o2 = await r.order(egypt.merchantId, { amount_cents: 25000 });
    await r.payment(egypt.merchantId, {
      ...sdk,
      order_id: o2.id,
      amount_cents: 25000,
      customer_email: "second@example.test",
      created_at: new Date(now.getTime() - 2 * DAY),
    });
    const o3 = await r.order(egypt.merchantId);
    await r.payment(egypt.merchantId, {
      ...sdk,
      order_id: o3.id,
      status: "declined",
      customer_email: "third@example.test",
      created_at: new Date(now.getTime() - DAY),
    });
    const old = await r.order(egypt.merchantId);
    await r.payment(egypt.merchantId, {
      ...sdk,
      order_id: old.id,
      created_at: new Date(now.getTime() - 40 * DAY),
    });
    const iframe = await r.order(egypt.merchantId);
    await r.payment(egypt.merchantId, {
      ...sdk,
      origin: "IFRAME",
      order_id: iframe.id,
      created_at: new Date(now.getTime() - DAY),
    });
    // The test payment that completed its test integration.
    const testPaid = await r.payment(egypt.merchantId, {
      is_live: false,
      created_at: new Date(now.getTime() - 20 * DAY),
    });
    expect(paid1.id).toBeGreaterThan(0);
    // A test-mode SDK payment: its demo callback keeps the body it sent and its signature (the Developers page).
    const testOrder = await r.order(egypt.merchantId);
    const testSdk = await r.payment(egypt.merchantId, {
      origin: "SDK",
      is_live: false,
      order_id: testOrder.id,
      created_at: new Date(now.getTime() - DAY),
    });

    const merchant = (id: number, company_name: string): DemoMerchantCredentials => ({
      merchant_id: id,
      company_name,
      country: "EGY",
      api_key: "",
      secret_key_test: "",
      secret_key_live: "",
      public_key_test: "",
      public_key_live: "",
      hmac_secret: "",
      integrations: [],
    });
    const credentials: DemoCredentials = {
      generated_at: now.toISOString(),
      accounts: [],
      merchants: [
        merchant(egypt.merchantId, "Nile Electronics"),
        merchant(saudi.merchantId, "Riyadh Home Furnishings"),
      ],
    };
    await seedDemoWalkthrough(db, credentials, app.payments.dataKey, now, app.payments.publicUrl);

    const owner = { userId: egypt.ownerId, mayViewKeys: true };
    const done = await walkthroughState(db, { ...owner, merchantId: egypt.merchantId });
    expect(done).toMatchObject({
      view: "integrate",
      test_completed: true,
      onboarding_completed: true,
      test_payment: { transaction_id: testPaid.id },
    });
    const summary = await walkthroughSummary(db, egypt.merchantId, true, now);
    expect(summary.intentions).toEqual({
      created: 3,
      paid: 2,
      paid_amounts: [{ currency: "EGP", amount_cents: 35000 }],
    });
    expect(summary.customers).toEqual({ count: 3, paying: 2 });
    expect(summary.confirmations.delivered).toBe(2);

    const deliveries = await db
      .selectFrom("callback_attempts")
      .select(["transaction_id", "request_body", "signature"])
      .where("merchant_id", "=", egypt.merchantId)
      .where("request_body", "is not", null)
      .execute();
    expect(deliveries.map((d) => d.transaction_id)).toEqual([testSdk.id]);
    const expected = await callbackPayload(app.payments, db, {
      transactionId: testSdk.id,
      kind: "TRANSACTION",
    });
    expect(JSON.parse(deliveries[0]!.request_body!)).toEqual(expected!.body);
    expect(deliveries[0]!.signature).toBe(expected!.hmac);

    const mid = await walkthroughState(db, { ...owner, merchantId: saudi.merchantId });
    expect(mid).toMatchObject({ view: "test", test_step: 2, test_completed: false, live_keys: null });

    // The journey merchants: signed-in owners (listed with the accounts), a test and a live card integration, keys.
    expect(credentials.accounts.map((a) => a.username)).toEqual(WALKTHROUGH_ACCOUNTS.map((a) => a.username));
    for (const account of WALKTHROUGH_ACCOUNTS) {
      const user = await db
        .selectFrom("users")
        .select(["merchant_id", "profile_type"])
        .where("username", "=", account.username)
        .executeTakeFirstOrThrow();
      expect(user.profile_type).toBe("Merchant");
      const state = await walkthroughState(db, {
        userId: 0,
        mayViewKeys: true,
        merchantId: user.merchant_id!,
      });
      expect(state).toMatchObject({ view: "welcome", test_integration: { currency: "EGP" } });
      expect(state.test_keys?.public_key).toMatch(/^egy_pk_test_/);
      const session = await fixtures(db).session({
        id: (
          await db
            .selectFrom("users")
            .select("id")
            .where("username", "=", account.username)
            .executeTakeFirstOrThrow()
        ).id,
      });
      expect(
        (await app.inject({ url: "/api/checkout-walkthrough", headers: session.headers })).statusCode,
      ).toBe(200);
    }
  });
});
