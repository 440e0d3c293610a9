import type { PermissionName } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";

describeEachDatabase("orders and the bank view", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let merchantId: number;
  const o: Record<string, number> = {};
  let secretOrder: string;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    const fx = fixtures(db);
    const r = rows(db);
    const user = await fx.user("Merchant");
    merchantId = user.merchant_id!;
    owner = await fx.session(user);
    const at = new Date("2026-03-10T10:00:00Z");
    o.paid = (
      await r.order(merchantId, {
        created_at: at,
        amount_cents: 5000,
        paid_amount_cents: 5000,
        payment_status: "PAID",
      })
    ).id;
    o.unpaid = (
      await r.order(merchantId, {
        created_at: new Date("2026-03-11T10:00:00Z"),
        amount_cents: 7000,
        paid_amount_cents: 1000,
        delivery_needed: true,
        created_by: "bob",
        shipping_data: JSON.stringify({
          first_name: "Hana",
          last_name: "Samir",
          phone_number: "+201005550000",
          email: "hana@example.test",
        }),
      })
    ).id;
    o.canceled = (
      await r.order(merchantId, {
        created_at: new Date("2026-03-12T10:00:00Z"),
        amount_cents: 900,
        is_canceled: true,
        payment_status: "CANCELED",
        currency: "USD",
      })
    ).id;
    const secret = await r.order(merchantId, {
      created_at: new Date("2026-03-13T10:00:00Z"),
      amount_cents: 1234,
    });
    o.secret = secret.id;
    secretOrder = secret.merchant_order_id!;
    await r.payment(merchantId, {
      order_id: o.unpaid,
      status: "declined",
      failure_reason: "Insufficient funds",
      created_at: at,
    });
  });
  afterAll(() => app.close());

  const list = async (query: string, session = owner, base = "/api/orders") => {
    const response = await app.inject({ url: `${base}?${query}`, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("derives PAID, UNPAID and CANCELED and filters by them", async () => {
    const all = await list("");
    const status = Object.fromEntries(
      all.results.map((x: { id: number; status: string }) => [x.id, x.status]),
    );
    expect(status[o.paid!]).toBe("PAID");
    expect(status[o.unpaid!]).toBe("UNPAID");
    expect(status[o.canceled!]).toBe("CANCELED");
    expect((await list("status=PAID")).results.map((x: { id: number }) => x.id)).toEqual([o.paid]);
    expect((await list("status=CANCELED")).results.map((x: { id: number }) => x.id)).toEqual([o.canceled]);
    expect((await list("status=UNPAID")).results.map((x: { id: number }) => x.id).sort()).toEqual(
      [o.unpaid, o.secret].sort(),
    );
  });

  it("filters, pages and sorts", async () => {
    const ids = (body: { results: { id: number }[] }) => body.results.map((x) => x.id);
    expect(ids(await list("delivery_needed=true"))).toEqual([o.unpaid]);
    expect(ids(await list("created_by=bob"))).toEqual([o.unpaid]);
    expect(ids(await list("currency=USD"))).toEqual([o.canceled]);
    expect(ids(await list(`merchant_order_id=${secretOrder}`))).toEqual([o.secret]);
    expect(ids(await list(`id=${o.paid}`))).toEqual([o.paid]);
    expect(ids(await list("amount_from=5000&amount_to=6000"))).toEqual([o.paid]);
    expect(ids(await list("date_from=2026-03-11&date_to=2026-03-11"))).toEqual([o.unpaid]);
    expect(ids(await list("sort=amount_cents"))).toEqual([o.canceled, o.secret, o.paid, o.unpaid]);
    const page = await list("page=2&page_size=3");
    expect(page).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(ids(page)).toEqual([o.paid]);
    expect(ids(await list("is_live=false"))).toEqual([]);
  });

  it("follows the server payment_status in Oman", async () => {
    const fx = fixtures(app.payments.db);
    const u = await fx.user("Merchant", { country: "OMN" });
    const s = await fx.session(u);
    const id = (
      await rows(app.payments.db).order(u.merchant_id!, {
        currency: "OMR",
        amount_cents: 1000,
        paid_amount_cents: 0,
        payment_status: "PAID",
      })
    ).id;
    const body = await list("", s);
    expect(body.results.find((x: { id: number }) => x.id === id).status).toBe("PAID");
    expect((await list("status=PAID", s)).results.map((x: { id: number }) => x.id)).toEqual([id]);
  });

  it("totals per currency and details with cart, shipping, client and error", async () => {
    const totals = (await list("date_from=2026-03-01&date_to=2026-03-31", owner, "/api/orders/totals"))
      .currencies;
    expect(totals).toEqual([
      {
        currency: "EGP",
        orders: { count: 3, amount_cents: 13234 },
        paid: { count: 1, amount_cents: 5000 },
        processed_cents: 6000,
      },
      {
        currency: "USD",
        orders: { count: 1, amount_cents: 900 },
        paid: { count: 0, amount_cents: 0 },
        processed_cents: 0,
      },
    ]);
    const details = await app.inject({ url: `/api/orders/${o.unpaid}`, headers: owner.headers });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      order: { id: o.unpaid, status: "UNPAID", delivery_needed: true },
      cart: [{ name: "Mug", quantity: 2 }],
      shipping: { first_name: "Hana" },
      client: { name: "Hana Samir", phone: "+201005550000" },
      error: { message: "Insufficient funds" },
    });
  });

  it("soft-deletes an order", async () => {
    const extra = await rows(app.payments.db).order(merchantId, {
      created_at: new Date("2024-01-01T00:00:00Z"),
    });
    const del = await app.inject({
      method: "DELETE",
      url: `/api/orders/${extra.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/orders/${extra.id}`, headers: owner.headers })).statusCode).toBe(
      404,
    );
    expect((await list("date_to=2024-12-31")).count).toBe(0);
  });

  it("isolates orders from another merchant", async () => {
    const fx = fixtures(app.payments.db);
    const intruder = await fx.session(await fx.user("Merchant"));
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/orders?merchant_order_id=${secretOrder}` },
      owner,
      intruder,
      secrets: [secretOrder],
    });
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/orders/${o.secret}` },
      owner,
      intruder,
      secrets: [secretOrder],
    });
    await expectCrossTenantIsolation(app, {
      request: { url: "/api/orders/totals" },
      owner,
      intruder,
      secrets: ['"amount_cents":13234'],
    });
    const del = await app.inject({
      method: "DELETE",
      url: `/api/orders/${o.secret}`,
      headers: intruder.headers,
    });
    expect(del.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/orders/${o.secret}`, headers: owner.headers })).statusCode).toBe(
      200,
    );
  });

  describe("bank view", () => {
    let bankSession: TestSession;
    let otherBank: TestSession;
    let bankMerchant: number;
    let company: string;
    let txId: number;
    let orderRef: string;
    let customer: string;
    let otherBankMerchant: number;
    let usdRef: string;
    let bankOf: number;
    beforeAll(async () => {
      const db = app.payments.db;
      const fx = fixtures(db);
      const bank = await fx.bank();
      bankOf = bank.id;
      const staffPermissions: PermissionName[] = ["can view transactions", "can view orders"];
      bankSession = await fx.session(
        await fx.user("BankStaff", { bankId: bank.id, permissions: staffPermissions }),
      );
      otherBank = await fx.session(await fx.user("Bank"));
      const m = await fx.merchant({ bank_id: bank.id, mcc: "5411" });
      bankMerchant = m.id;
      company = m.company_name;
      const merchantUser = await fx.user("Merchant", { merchantId: m.id });
      const r = rows(db);
      const at = new Date("2026-03-05T12:00:00Z");
      customer = `Bank Customer ${Date.now()}`;
      txId = (
        await r.payment(m.id, {
          created_at: at,
          gateway_type: "VPC",
          amount_cents: 4000,
          customer_name: customer,
        })
      ).id;
      await r.payment(m.id, { created_at: at, gateway_type: "UIG", amount_cents: 1500 });
      await r.payment(m.id, { created_at: at, gateway_type: "GET_GO", amount_cents: 800 });
      orderRef = (await r.order(m.id, { created_at: at })).merchant_order_id!;
      // The orders header: a paid USD order (no payment of its own in the range), and test-mode rows.
      usdRef = (
        await r.order(m.id, {
          created_at: at,
          currency: "USD",
          amount_cents: 2500,
          paid_amount_cents: 2500,
          payment_status: "PAID",
        })
      ).merchant_order_id!;
      await r.order(m.id, { created_at: at, is_live: false, amount_cents: 777, paid_amount_cents: 777 });
      await r.payment(m.id, { created_at: at, is_live: false, gateway_type: "CASH", amount_cents: 777 });
      // Another bank's merchant, with orders and payments in the same range.
      const foreignBank = await fx.bank();
      const foreign = await fx.merchant({ bank_id: foreignBank.id });
      otherBankMerchant = foreign.id;
      await r.order(foreign.id, { created_at: at, amount_cents: 31_337, paid_amount_cents: 31_337 });
      await r.payment(foreign.id, { created_at: at, gateway_type: "VALU", amount_cents: 31_337 });
      // A merchant of no bank: never in the bank's lists.
      await r.payment(merchantId, { created_at: at, amount_cents: 999_999 });
      expect(merchantUser.username).toBeTruthy();
    });

    it("lists the bank's merchants' transactions with merchant columns and the bank totals", async () => {
      const body = await list(
        "date_from=2026-03-01&date_to=2026-03-31",
        bankSession,
        "/api/bank/transactions",
      );
      expect(body.count).toBe(3);
      expect(body.results[0].merchant).toMatchObject({ id: bankMerchant, name: company, mcc: "5411" });
      expect(body.results[0].merchant.username).toMatch(/^merchant_/);
      const totals = await list(
        "date_from=2026-03-01&date_to=2026-03-31",
        bankSession,
        "/api/bank/transactions/totals",
      );
      expect(totals.currencies).toHaveLength(1);
      expect(totals.currencies[0].methods).toMatchObject({
        TOTAL: { count: 3, amount_cents: 6300 },
        VPC: { count: 1, amount_cents: 4000 },
        UIG: { count: 1, amount_cents: 1500 },
        GET_GO: { count: 1, amount_cents: 800 },
        CAGG: { count: 0, amount_cents: 0 },
      });
      const orders = await list("", bankSession, "/api/bank/orders");
      expect(orders.results.map((x: { merchant_order_id: string }) => x.merchant_order_id).sort()).toEqual(
        [orderRef, usdRef].sort(),
      );
      expect(orders.results[0].merchant).toMatchObject({ id: bankMerchant, name: company });
      const details = await app.inject({
        url: `/api/bank/transactions/${txId}`,
        headers: bankSession.headers,
      });
      expect(details.statusCode).toBe(200);
      expect(details.json().actions).toMatchObject({
        can_refund: false,
        can_void: false,
        can_capture: false,
      });
    });

    it("answers the bank orders header: orders figures and the methods per currency, live and test apart", async () => {
      const range = "date_from=2026-03-01&date_to=2026-03-31";
      const noMethod = { count: 0, amount_cents: 0 };
      const live = await list(range, bankSession, "/api/bank/orders/totals");
      expect(live).toMatchObject({ date_from: "2026-03-01", date_to: "2026-03-31", is_live: true });
      expect(live.currencies.map((c: { currency: string }) => c.currency)).toEqual(["EGP", "USD"]);
      const [egp, usd] = live.currencies;
      expect(egp).toMatchObject({
        orders: { count: 1, amount_cents: 10000 },
        paid: { count: 0, amount_cents: 0 },
        processed_cents: 0,
      });
      expect(egp.methods).toEqual({
        TOTAL: { count: 3, amount_cents: 6300 },
        SOUHOOLA: noMethod,
        GET_GO: { count: 1, amount_cents: 800 },
        VPC: { count: 1, amount_cents: 4000 },
        CASH: noMethod,
        VALU: noMethod,
        PREMIUM: noMethod,
        UIG: { count: 1, amount_cents: 1500 },
        CAGG: noMethod,
        MPAY: noMethod,
      });
      expect(usd).toMatchObject({
        orders: { count: 1, amount_cents: 2500 },
        paid: { count: 1, amount_cents: 2500 },
        processed_cents: 2500,
      });
      expect(Object.values(usd.methods)).toEqual(Array(10).fill(noMethod));
      // The same figures as the bank transactions header for the range.
      const txTotals = await list(range, bankSession, "/api/bank/transactions/totals");
      expect(egp.methods).toEqual(txTotals.currencies[0].methods);

      const test = await list(`${range}&is_live=false`, bankSession, "/api/bank/orders/totals");
      expect(test.is_live).toBe(false);
      expect(test.currencies).toHaveLength(1);
      expect(test.currencies[0]).toMatchObject({
        currency: "EGP",
        orders: { count: 1, amount_cents: 777 },
        processed_cents: 777,
        methods: { TOTAL: { count: 1, amount_cents: 777 }, CASH: { count: 1, amount_cents: 777 } },
      });
      // Outside the range: nothing.
      expect(
        (await list("date_from=2026-04-01&date_to=2026-04-30", bankSession, "/api/bank/orders/totals"))
          .currencies,
      ).toEqual([]);
      // One merchant of the bank.
      const one = await list(`${range}&merchant_id=${bankMerchant}`, bankSession, "/api/bank/orders/totals");
      expect(one.currencies.map((c: { currency: string }) => c.currency)).toEqual(["EGP", "USD"]);
    });

    it("never shows another bank's orders totals", async () => {
      const url = "/api/bank/orders/totals?date_from=2026-03-01&date_to=2026-03-31";
      await expectCrossTenantIsolation(app, {
        request: { url },
        owner: bankSession,
        intruder: otherBank,
        secrets: ['"amount_cents":6300', '"amount_cents":2500'],
      });
      // Asking for another bank's merchant (or a merchant of no bank) by id gives nothing.
      for (const id of [otherBankMerchant, merchantId]) {
        const foreign = await list(`merchant_id=${id}`, bankSession, "/api/bank/orders/totals");
        expect(foreign.currencies).toEqual([]);
      }
      const all = JSON.stringify(await list("", bankSession, "/api/bank/orders/totals"));
      expect(all).not.toContain("31337");
      // Merchants are refused the bank route, bank users the merchant one.
      expect((await app.inject({ url, headers: owner.headers })).statusCode).toBe(403);
      expect((await app.inject({ url: "/api/orders/totals", headers: bankSession.headers })).statusCode).toBe(
        403,
      );
      // Bank staff without "can view orders" may read transactions totals but not the orders header.
      const fx = fixtures(app.payments.db);
      const txOnly = await fx.session(
        await fx.user("BankStaff", { bankId: bankOf, permissions: ["can view transactions"] }),
      );
      expect((await app.inject({ url, headers: txOnly.headers })).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            url: "/api/bank/transactions/totals?date_from=2026-03-01&date_to=2026-03-31",
            headers: txOnly.headers,
          })
        ).statusCode,
      ).toBe(200);
    });

    it("never shows another bank's merchants", async () => {
      for (const url of [
        "/api/bank/transactions?date_from=2026-03-01&date_to=2026-03-31",
        `/api/bank/transactions/${txId}`,
        "/api/bank/orders",
        "/api/bank/transactions/totals?date_from=2026-03-01&date_to=2026-03-31",
      ])
        await expectCrossTenantIsolation(app, {
          request: { url },
          owner: bankSession,
          intruder: otherBank,
          secrets: url.includes("totals")
            ? ['"amount_cents":6300']
            : url.includes("orders")
              ? [orderRef]
              : url.includes("?")
                ? [company]
                : [customer],
        });
      const foreign = await list(`merchant_id=${merchantId}`, bankSession, "/api/bank/transactions");
      expect(foreign.count).toBe(0);
      expect((await app.inject({ url: `/api/bank/transactions`, headers: owner.headers })).statusCode).toBe(
        403,
      );
    });
  });
});
