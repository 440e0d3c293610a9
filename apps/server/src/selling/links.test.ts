import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage } from "../images/images.service.ts";
import { solidPng } from "../images/png.ts";
import { payCard, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

describeEachDatabase("payment links: dashboard, public API and customer page", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let stranger: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
    const fx = fixtures(app.payments.db);
    owner = await fx.session({ id: m.ownerId });
    stranger = await fx.session(await fx.user("Merchant"));
  });
  afterAll(() => app.close());

  const create = (body: Record<string, unknown>, session = owner) =>
    app.inject({
      method: "POST",
      url: "/api/payment-links",
      headers: session.headers,
      payload: { is_live: false, amount_cents: 15000, currency: "EGP", methods: ["card"], ...body },
    });
  const page = (url: string) => {
    const token = new URL(url).searchParams.get("token")!;
    return app.inject({ url: `/api/checkout/links/${token}` });
  };

  it("offers the currencies of the spec and the methods of the merchant's integrations", async () => {
    const response = await app.inject({
      url: "/api/payment-links/options?is_live=false",
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json();
    expect(options.currencies).toEqual(expect.arrayContaining(["EGP", "PKR", "USD"]));
    expect(options.merchant_currency).toBe("EGP");
    expect(options.methods.map((x: { method: string }) => x.method).sort()).toEqual([
      "card",
      "kiosk",
      "valu",
    ]);
    expect(options.has_integrations).toBe(true);
  });

  it("creates a link with every field, lists it, shows it, and its customer page can be paid", async () => {
    const logo = await storeImage(app.payments.db, m.merchantId, { bytes: solidPng(8, 8, [10, 20, 30]) });
    const response = await create({
      reference: "REF-1",
      first_name: "Mona",
      last_name: "Ali",
      email: "mona@example.com",
      phone_number: "+201001234567",
      one_click: true,
      description: "Two cakes",
      use_limit: null,
      logo_image_id: logo.id,
      methods: ["card", "kiosk"],
    });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json();
    expect(link).toMatchObject({
      amount_cents: 15000,
      currency: "EGP",
      state: "unpaid",
      reference: "REF-1",
      client_name: "Mona Ali",
      one_click: true,
      use_limit: null,
      remaining_attempts: 3,
      methods: ["card", "kiosk"],
      logo_url: logo.url,
      created_by: expect.any(String),
    });
    expect(link.link_url).toMatch(/\/checkout\/link\?token=[0-9a-f]{32}$/);
    // One hour by default.
    const hour = new Date(link.expires_at).getTime() - new Date(link.created_at).getTime();
    expect(Math.abs(hour - 3_600_000)).toBeLessThan(5_000);

    const list = await app.inject({
      url: "/api/payment-links?is_live=false&search=REF-1",
      headers: owner.headers,
    });
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([link.id]);
    const details = await app.inject({ url: `/api/payment-links/${link.id}`, headers: owner.headers });
    expect(details.json().order_id).toBeGreaterThan(0);

    const customer = await page(link.link_url);
    expect(customer.statusCode, customer.body).toBe(200);
    const c = customer.json();
    expect(c).toMatchObject({ kind: "link", state: "open", amount_cents: 15000, description: "Two cakes" });
    expect(c.merchant.logo_url).toBe(logo.url);
    expect(c.methods).toHaveLength(2);
    const card = c.methods.find((x: { gateway_type: string }) => x.gateway_type === "VPC");
    const paid = await payCard(app, card.payment_token);
    expect(paid.statusCode, paid.body).toBe(200);

    const after = await app.inject({ url: `/api/payment-links/${link.id}`, headers: owner.headers });
    expect(after.json().state).toBe("paid");
    const order = await app.payments.db
      .selectFrom("orders")
      .select(["payment_status"])
      .where("id", "=", after.json().order_id)
      .executeTakeFirstOrThrow();
    expect(order.payment_status).toBe("PAID");
    const txn = await app.payments.db
      .selectFrom("transactions")
      .select(["origin", "status"])
      .where("order_id", "=", after.json().order_id)
      .executeTakeFirstOrThrow();
    expect(txn).toEqual({ origin: "INVOICE", status: "success" });
    // A paid link can be neither cancelled nor disabled.
    const cancel = await app.inject({
      method: "POST",
      url: `/api/payment-links/${link.id}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().detail).toBe("Failed to cancel payment link. Please try again.");
    const disable = await app.inject({
      method: "POST",
      url: `/api/payment-links/${link.id}/disable`,
      headers: owner.headers,
    });
    expect(disable.statusCode).toBe(400);
    // Unlimited: the next customer's visit opens it again.
    expect((await page(link.link_url)).json().state).toBe("open");
  });

  it("a link with a limit of 2 opens again for a second customer, then stays paid", async () => {
    const link = (await create({ use_limit: 2 })).json();
    const first = (await page(link.link_url)).json();
    expect((await payCard(app, first.methods[0].payment_token)).statusCode).toBe(200);
    const second = (await page(link.link_url)).json();
    expect(second.state).toBe("open");
    expect(second.methods[0].payment_token).not.toBe(first.methods[0].payment_token);
    // The first customer's token cannot pay twice.
    expect((await payCard(app, first.methods[0].payment_token)).statusCode).not.toBe(200);
    expect((await payCard(app, second.methods[0].payment_token)).statusCode).toBe(200);
    const third = (await page(link.link_url)).json();
    expect(third).toMatchObject({ state: "paid", methods: [] });
    const orders = await app.payments.db
      .selectFrom("payment_intentions as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .select(["o.payment_status"])
      .where("i.payment_link_id", "=", link.id)
      .execute();
    expect(orders.map((o) => o.payment_status)).toEqual(["PAID", "PAID"]);
    const details = await app.inject({ url: `/api/payment-links/${link.id}`, headers: owner.headers });
    expect(details.json().state).toBe("paid");
  });

  it("an unlimited link keeps opening for the next customer", async () => {
    const link = (await create({ use_limit: null })).json();
    for (let i = 0; i < 3; i++) {
      const c = (await page(link.link_url)).json();
      expect(c.state).toBe("open");
      expect((await payCard(app, c.methods[0].payment_token)).statusCode).toBe(200);
    }
    expect((await page(link.link_url)).json().state).toBe("open");
  });

  it("limits reads of one customer page to 120 a minute", async () => {
    const link = (await create({})).json();
    for (let i = 0; i < 120; i++) expect((await page(link.link_url)).statusCode).toBe(200);
    const refused = await page(link.link_url);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeTruthy();
  });

  it("a cancelled or disabled link shows why it cannot be paid", async () => {
    const a = (await create({})).json();
    const cancel = await app.inject({
      method: "POST",
      url: `/api/payment-links/${a.id}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().state).toBe("canceled");
    expect((await page(a.link_url)).json()).toMatchObject({ state: "canceled", methods: [] });

    const b = (await create({})).json();
    const disable = await app.inject({
      method: "POST",
      url: `/api/payment-links/${b.id}/disable`,
      headers: owner.headers,
    });
    expect(disable.json().state).toBe("deactivated");
    const customer = (await page(b.link_url)).json();
    expect(customer).toMatchObject({ state: "deactivated", methods: [] });
    const list = await app.inject({
      url: "/api/payment-links?is_live=false&status=deactivated",
      headers: owner.headers,
    });
    expect(list.json().results.map((r: { id: number }) => r.id)).toContain(b.id);
  });

  it("an expired link shows expired, in the list filter and on its page", async () => {
    const link = (await create({})).json();
    await app.payments.db
      .updateTable("payment_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", link.id)
      .execute();
    expect((await page(link.link_url)).json().state).toBe("expired");
    const list = await app.inject({
      url: "/api/payment-links?is_live=false&status=expired",
      headers: owner.headers,
    });
    expect(list.json().results.map((r: { id: number }) => r.id)).toContain(link.id);
    const unpaid = await app.inject({
      url: "/api/payment-links?is_live=false&status=unpaid",
      headers: owner.headers,
    });
    expect(unpaid.json().results.map((r: { id: number }) => r.id)).not.toContain(link.id);
  });

  it("after 3 declined attempts the page says no attempts are left", async () => {
    const link = (await create({})).json();
    const c = (await page(link.link_url)).json();
    for (let i = 0; i < 3; i++) await payCard(app, c.methods[0].payment_token, { pan: "4000000000000002" });
    const details = await app.inject({ url: `/api/payment-links/${link.id}`, headers: owner.headers });
    expect(details.json().remaining_attempts).toBe(0);
    expect((await page(link.link_url)).json().state).toBe("no_attempts_left");
  });

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const before = await app.payments.db
      .selectFrom("payment_links")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ methods: [] }, "methods", "Please select one payment at least."],
      [{ amount_cents: 0 }, "amount_cents", "Please enter valid Amount."],
      [{ email: "nope" }, "email", "Please enter valid email."],
      [{ phone_number: "12" }, "phone_number", "Please enter valid phone number."],
      [{ description: "<b>hi</b>" }, "description", "Please remove any HTML tags."],
      [{ methods: ["installments"] }, "methods", "This payment method is not available for your account."],
      [
        { currency: "USD" },
        "currency",
        "None of your integrations takes this currency with the chosen payment methods.",
      ],
      [{ expires_at: "2020-01-01T00:00:00Z" }, "expires_at", "The expiry date must be in the future."],
      [
        { logo_image_id: "0".repeat(32) },
        "logo_image_id",
        "The image was not found. Please upload it again.",
      ],
      [{ use_limit: 0 }, "use_limit", "Please enter a valid number."],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields?.[field], `${JSON.stringify(body)} ${response.body}`).toEqual([message]);
    }
    const after = await app.payments.db
      .selectFrom("payment_links")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("a merchant without integrations is told so", async () => {
    const response = await create({}, stranger);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe("You don't have payment integrations");
  });

  it("another merchant's link is not found and not listed; an unknown token is 404", async () => {
    const link = (await create({})).json();
    const theirs = await app.inject({ url: `/api/payment-links/${link.id}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    for (const action of ["cancel", "disable"]) {
      const r = await app.inject({
        method: "POST",
        url: `/api/payment-links/${link.id}/${action}`,
        headers: stranger.headers,
      });
      expect(r.statusCode).toBe(404);
    }
    const list = await app.inject({ url: "/api/payment-links?is_live=false", headers: stranger.headers });
    expect(list.json().count).toBe(0);
    expect((await app.inject({ url: `/api/checkout/links/${"a".repeat(32)}` })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/checkout/links/..%2Fx" })).statusCode).toBe(400);
  });

  it("the public API's links are the same rows: listed in the dashboard with their customer page", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/ecommerce/payment-links",
      headers: { authorization: `Token ${m.keys.secretKeyTest}` },
      payload: {
        amount_cents: 5000,
        payment_methods: [m.integrations.card],
        is_live: false,
        reference_id: "API-1",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const list = await app.inject({
      url: "/api/payment-links?is_live=false&search=API-1",
      headers: owner.headers,
    });
    const [row] = list.json().results;
    expect(row).toMatchObject({ id: response.json().id, created_by: "API", state: "unpaid" });
    expect((await page(row.link_url)).json().state).toBe("open");
  });

  describe("an invoice row without an intention", () => {
    it("gets one on the first visit of its page, once", async () => {
      const db = app.payments.db;
      const order = await db
        .insertInto("orders")
        .values({
          merchant_id: m.merchantId,
          is_live: false,
          amount_cents: 7000,
          currency: "EGP",
          items: JSON.stringify([
            { name: "Cake", description: "Chocolate", quantity: 2, amount_cents: 3500 },
          ]),
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto("payment_links")
        .values({
          merchant_id: m.merchantId,
          kind: "invoice",
          is_live: false,
          order_id: order.id,
          amount_cents: 7000,
          currency: "EGP",
          integration_ids: [m.integrations.card],
          expires_at: new Date(Date.now() + 3_600_000),
          created_at: new Date(),
        })
        .returning("public_token")
        .executeTakeFirstOrThrow();
      const [a, b] = await Promise.all([
        app.inject({ url: `/api/checkout/links/${row.public_token}` }),
        app.inject({ url: `/api/checkout/links/${row.public_token}` }),
      ]);
      expect(a.json()).toMatchObject({
        kind: "invoice",
        state: "open",
        items: [{ name: "Cake", quantity: 2 }],
      });
      expect(b.json().methods[0].payment_token).toBeTruthy();
      const intentions = await db
        .selectFrom("payment_intentions")
        .select("id")
        .where("order_id", "=", order.id)
        .execute();
      expect(intentions).toHaveLength(1);
      const paid = await payCard(app, a.json().methods[0].payment_token);
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await app.inject({ url: `/api/checkout/links/${row.public_token}` })).json().state).toBe(
        "paid",
      );
    });
  });
});
