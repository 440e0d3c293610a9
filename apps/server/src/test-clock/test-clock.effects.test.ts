import { REQUEST_TO_PAY_DAYS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  BILLING,
  createTestIntention,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { resetTestClock } from "./clock.ts";
import { makeRequestToPay, requestToPayState } from "./test-support.ts";

/**
 * What the test clock moves (docs/payments.md "Test clock"): test-mode invoices, payment links, payment keys,
 * intentions, requests to pay and product reservations expire by the merchant's test time, its scheduled test callbacks fall due, its test payments reach their
 * transfer; live mode and other merchants never move.
 */
describeEachDatabase(
  "test clock: expiry, callback retries and transfers follow the merchant's test time",
  (get) => {
    let app: FastifyInstance;
    let m: TestMerchant;
    let other: TestMerchant;
    let owner: TestSession;
    let liveCard: number;

    beforeAll(async () => {
      app = await buildTestApp(get().database);
      await app.ready();
      m = await testMerchant(app);
      other = await testMerchant(app);
      const fx = fixtures(app.payments.db);
      owner = await fx.session({ id: m.ownerId });
      liveCard = (await fx.integration(m.merchantId, { name: "Live card", is_live: true })).id;
    });
    afterAll(() => app.close());

    const advance = async (seconds: number) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/test-clock/advance",
        headers: owner.headers,
        payload: { seconds },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const invoice = async (isLive: boolean) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/invoices",
        headers: owner.headers,
        payload: {
          is_live: isLive,
          fullName: "Hana Samir",
          phoneNumber: "+201005550000",
          email: "hana@example.test",
          merchantOrderId: `CLK-${Math.random().toString(36).slice(2, 10)}`,
          orderName: "Consulting",
          orderDescription: "Two hours",
          orderAmount: "150.50",
          currency: "EGP",
          gatewayType: [isLive ? liveCard : m.integrations.card],
          deliveryNeeded: false,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().invoice as { id: number; status: string; invoice_url: string };
    };
    const invoiceStatus = async (id: number) =>
      (await app.inject({ url: `/api/invoices/${id}`, headers: owner.headers })).json().status;
    const link = async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/payment-links",
        headers: owner.headers,
        payload: { is_live: false, amount_cents: 15000, currency: "EGP", methods: ["card"] },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number; state: string; link_url: string; expires_at: string | null };
    };

    it("an advance expires test invoices and links, never a live invoice", async () => {
      await resetTestClock(app.payments.db, m.merchantId);
      const test = await invoice(false);
      const live = await invoice(true);
      const quick = await link();
      expect(await invoiceStatus(test.id)).toBe("unpaid");
      expect(quick.state).toBe("unpaid");

      await advance(2 * 3600);
      expect(await invoiceStatus(test.id)).toBe("expired");
      expect(await invoiceStatus(live.id)).toBe("unpaid");
      const list = await app.inject({ url: "/api/invoices?is_live=false", headers: owner.headers });
      expect(list.json().results.find((r: { id: number }) => r.id === test.id).status).toBe("expired");
      // The link's default lifetime is longer: move past it.
      const details = await app.inject({ url: `/api/payment-links/${quick.id}`, headers: owner.headers });
      const expiresAt = details.json().expires_at as string | null;
      expect(expiresAt).not.toBeNull();
      if (expiresAt) {
        await advance(Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000) + 60);
        const after = await app.inject({ url: `/api/payment-links/${quick.id}`, headers: owner.headers });
        expect(after.json().state).toBe("expired");
        const token = new URL(quick.link_url).searchParams.get("token")!;
        const page = await app.inject({ url: `/api/checkout/links/${token}` });
        expect(page.json().state).not.toBe("open");
      }
      // A test invoice made now lives on the moved clock: open until its hour passes.
      const fresh = await invoice(false);
      expect(await invoiceStatus(fresh.id)).toBe("unpaid");
      await resetTestClock(app.payments.db, m.merchantId);
    });

    it("an advance expires test payment keys and intentions, never live ones; new test ones live on test time", async () => {
      await resetTestClock(app.payments.db, m.merchantId);
      const liveIntention = async () => {
        const response = await app.inject({
          method: "POST",
          url: "/v1/intention/",
          headers: { authorization: `Token ${m.keys.secretKeyLive}` },
          payload: {
            amount: 10000,
            currency: "EGP",
            payment_methods: [m.integrations.liveCard],
            billing_data: BILLING,
            expiration: 3600,
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { payment_keys: { key: string }[]; client_secret: string };
      };
      const checkout = (token: string) =>
        app.inject({ url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}` });
      const status = async (publicKey: string, clientSecret: string) =>
        (await app.inject({ url: `/v1/intention/element/${publicKey}/${clientSecret}/` })).json().status;

      const test = await createTestIntention(app, m, { expiration: 3600 });
      const testToken = test.payment_keys[0]!.key;
      const live = await liveIntention();
      const liveToken = live.payment_keys[0]!.key;
      expect((await checkout(testToken)).json().state).toBe("open");
      expect(await status(m.keys.publicKeyTest, test.client_secret)).toBe("intended");

      await advance(2 * 3600);
      const expired = await checkout(testToken);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe("expired");
      expect((await payCard(app, testToken)).statusCode).toBe(410);
      expect(await status(m.keys.publicKeyTest, test.client_secret)).toBe("expired");
      // The order's page no longer offers the expired key's link.
      const order = await app.inject({
        url: `/api/orders/${test.intention_order_id}`,
        headers: owner.headers,
      });
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json().order.order_link).toBeNull();
      // Live keys and intentions keep real time.
      expect((await checkout(liveToken)).json().state).toBe("open");
      expect(await status(m.keys.publicKeyLive, live.client_secret)).toBe("intended");

      // Made while the clock is ahead, a test intention and its key expire an hour after the test time.
      const later = await createTestIntention(app, m, { expiration: 3600 });
      expect((await checkout(later.payment_keys[0]!.key)).json().state).toBe("open");
      expect(await status(m.keys.publicKeyTest, later.client_secret)).toBe("intended");
      await advance(2 * 3600);
      expect((await checkout(later.payment_keys[0]!.key)).statusCode).toBe(410);
      expect(await status(m.keys.publicKeyTest, later.client_secret)).toBe("expired");
      expect((await checkout(liveToken)).json().state).toBe("open");
      await resetTestClock(app.payments.db, m.merchantId);
    });

    it("an advance expires test requests to pay and their payment keys, never live ones", async () => {
      await resetTestClock(app.payments.db, m.merchantId);
      const request = (isLive: boolean) => makeRequestToPay(app, owner.headers, isLive);
      const state = (id: number) => requestToPayState(app, owner.headers, id);
      const listed = async (isLive: boolean, wanted: string) =>
        (
          await app.inject({
            url: `/api/request-to-pay?is_live=${isLive}&state=${wanted}&page_size=100`,
            headers: owner.headers,
          })
        )
          .json()
          .results.map((r: { id: number }) => r.id) as number[];
      const page = async (token: string) =>
        (await app.inject({ url: `/api/checkout/requests/${token}` })).json().state;
      const pay = (token: string) =>
        app.inject({ method: "POST", url: `/api/checkout/requests/${token}/pay`, payload: {} });

      const test = await request(false);
      const live = await request(true);
      const started = await pay(test.token);
      expect(started.statusCode, started.body).toBe(200);
      const key = started.json().payment_token as string;
      expect(await state(test.id)).toBe("created");
      expect(await page(test.token)).toBe("open");

      await advance(REQUEST_TO_PAY_DAYS * 24 * 3600 + 3600);
      expect(await state(test.id)).toBe("expired");
      expect(await listed(false, "expired")).toContain(test.id);
      expect(await listed(false, "created")).not.toContain(test.id);
      expect(await page(test.token)).toBe("expired");
      expect((await pay(test.token)).statusCode).toBe(409);
      // The key the customer started with expires with the request.
      expect(
        (await app.inject({ url: `/api/checkout/payment?payment_token=${encodeURIComponent(key)}` }))
          .statusCode,
      ).toBe(410);
      // A live request keeps real time.
      expect(await state(live.id)).toBe("created");
      expect(await listed(true, "created")).toContain(live.id);
      expect(await page(live.token)).toBe("open");

      // Made while the clock is ahead, a test request is open for its days of test time, then expires.
      const later = await request(false);
      expect(await state(later.id)).toBe("created");
      expect(await page(later.token)).toBe("open");
      await advance(REQUEST_TO_PAY_DAYS * 24 * 3600 + 3600);
      expect(await state(later.id)).toBe("expired");
      expect(await state(live.id)).toBe("created");
      await resetTestClock(app.payments.db, m.merchantId);
    });

    it("an advance ends test product reservations, never live ones; new test ones hold on test time", async () => {
      await resetTestClock(app.payments.db, m.merchantId);
      const product = async (integration: number) => {
        const response = await app.inject({
          method: "POST",
          url: "/api/products",
          headers: owner.headers,
          payload: {
            name: "Clock mug",
            description: "One left",
            price_cents: 25_000,
            currency: "EGP",
            inventory: 1,
            delivery_needed: false,
            allow_quantity_edit: false,
            merchant_product_id: null,
            integration_ids: [integration],
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { public_id: string; is_live: boolean };
      };
      const page = async (publicId: string) =>
        (await app.inject({ url: `/api/checkout/products/${publicId}` })).json().state;
      const buy = (publicId: string, integration: number) =>
        app.inject({
          method: "POST",
          url: `/api/checkout/products/${publicId}/purchase`,
          payload: { quantity: 1, integration_id: integration },
        });
      const test = await product(m.integrations.card);
      const live = await product(liveCard);
      expect([test.is_live, live.is_live]).toEqual([false, true]);
      expect((await buy(test.public_id, m.integrations.card)).statusCode).toBe(201);
      expect((await buy(live.public_id, liveCard)).statusCode).toBe(201);
      expect(await page(test.public_id)).toBe("reserved");
      expect(await page(live.public_id)).toBe("reserved");

      // The hold (the key's 10 minutes and 5 of grace) passes on the test clock only.
      await advance(16 * 60);
      expect(await page(test.public_id)).toBe("open");
      expect(await page(live.public_id)).toBe("reserved");
      expect((await buy(live.public_id, liveCard)).json().code).toBe("reserved");
      // Bought while the clock is ahead, the item is held for the hold's minutes of test time.
      const again = await buy(test.public_id, m.integrations.card);
      expect(again.statusCode, again.body).toBe(201);
      expect(Date.parse(again.json().reserved_until)).toBeGreaterThan(Date.now() + 16 * 60_000);
      expect(await page(test.public_id)).toBe("reserved");
      expect((await buy(test.public_id, m.integrations.card)).json().code).toBe("reserved");
      await advance(16 * 60);
      expect(await page(test.public_id)).toBe("open");
      expect(await page(live.public_id)).toBe("reserved");
      await resetTestClock(app.payments.db, m.merchantId);
    });

    it("an advance makes the merchant's scheduled test callbacks due, not another merchant's", async () => {
      const db = app.payments.db;
      await resetTestClock(db, m.merchantId);
      const paid = async (merchant: TestMerchant) => {
        const { token } = await paymentTokenFor(app, merchant, merchant.integrations.card);
        const response = await payCard(app, token);
        expect(response.statusCode, response.body).toBe(200);
        const row = await db
          .selectFrom("transactions")
          .select(["id"])
          .where("merchant_id", "=", merchant.merchantId)
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow();
        return Number(row.id);
      };
      const mine = await paid(m);
      const theirs = await paid(other);
      const retry = async (transactionId: number) =>
        Number(
          (
            await db
              .insertInto("callback_jobs")
              .values({
                transaction_id: transactionId,
                kind: "TRANSACTION",
                attempt: 2,
                trigger: "retry",
                run_at: sql<Date>`now() + interval '1 hour'`,
              })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
        );
      const myJob = await retry(mine);
      const theirJob = await retry(theirs);
      const due = async (id: number) =>
        (
          await sql<{
            due: boolean;
          }>`select run_at <= now() as due from callback_jobs where id = ${id}`.execute(db)
        ).rows[0]?.due;
      expect(await due(myJob)).toBe(false);
      await advance(2 * 3600);
      expect(await due(myJob)).toBe(true);
      expect(await due(theirJob)).toBe(false);
      await db.deleteFrom("callback_jobs").where("id", "in", [myJob, theirJob]).execute();
      await resetTestClock(db, m.merchantId);
    });

    it("an advance settles the merchant's test payments into a test transfer once their pending hours pass", async () => {
      const db = app.payments.db;
      await resetTestClock(db, m.merchantId);
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      expect((await payCard(app, token)).statusCode).toBe(200);
      const tx = await db
        .selectFrom("transactions")
        .select(["id"])
        .where("merchant_id", "=", m.merchantId)
        .where("status", "=", "success")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      const link = () =>
        db
          .selectFrom("transfer_transactions")
          .select("transfer_id")
          .where("transaction_id", "=", tx.id)
          .executeTakeFirst();
      expect(await link()).toBeUndefined();
      await advance(5 * 24 * 3600);
      const held = await link();
      expect(held).toBeDefined();
      const transfer = await db
        .selectFrom("transfers")
        .select(["merchant_id", "is_live", "status"])
        .where("id", "=", held!.transfer_id)
        .executeTakeFirstOrThrow();
      expect(transfer).toMatchObject({ merchant_id: m.merchantId, is_live: false, status: "Pending" });
      // No other merchant's rows moved.
      const others = await db
        .selectFrom("transfers")
        .select("id")
        .where("merchant_id", "=", other.merchantId)
        .execute();
      expect(others).toHaveLength(0);
      await resetTestClock(db, m.merchantId);
    });
  },
);
