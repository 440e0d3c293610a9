import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/database.ts";
import type { DemoCredentials } from "../demo/generate.ts";
import { seedDemoInvoices } from "../demo/invoices.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase, describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { mailboxHeaders, readMailbox } from "../test/mailbox.ts";
import { createInvoices, InvoiceInputError } from "./invoices.service.ts";

/** A valid create body for integration `id` (EGP). */
const body = (integration: number, o: Record<string, unknown> = {}) => ({
  is_live: true,
  fullName: "Hana Samir",
  phoneNumber: "+201005550000",
  email: "hana@example.test",
  merchantOrderId: `INV-${Math.random().toString(36).slice(2, 10)}`,
  orderName: "Consulting",
  orderDescription: "Two hours",
  orderAmount: "150.50",
  currency: "EGP",
  gatewayType: [integration],
  deliveryNeeded: false,
  ...o,
});

describeEachDatabase("invoices", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let viewer: TestSession;
  let other: TestSession;
  let merchantId: number;
  let card: number;
  let usd: number;
  let testMode: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    const user = await fx.user("Merchant");
    merchantId = user.merchant_id!;
    owner = await fx.session(user);
    viewer = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view orders"] }),
    );
    other = await fx.session(await fx.user("Merchant"));
    card = (await fx.integration(merchantId, { name: "Card EGP" })).id;
    usd = (await fx.integration(merchantId, { name: "Card USD", currency: "USD" })).id;
    testMode = (await fx.integration(merchantId, { name: "Test card", is_live: false })).id;
  });
  afterAll(() => app.close());

  const create = (payload: Record<string, unknown>, session = owner) =>
    app.inject({ method: "POST", url: "/api/invoices", headers: session.headers, payload });
  const get_ = (url: string, session = owner) => app.inject({ url, headers: session.headers });

  it("creates an invoice: its order, one hour expiry, 3 attempts, the link and the spec's success text", async () => {
    const before = Date.now();
    const response = await create(body(card, { merchantOrderId: "INV-1" }));
    expect(response.statusCode, response.body).toBe(201);
    const { detail, invoice } = response.json();
    expect(detail).toBe("Invoice Created Successfully, you will redirect to Invoices page.");
    expect(invoice).toMatchObject({
      merchant_invoice_id: "INV-1",
      amount_cents: 15050,
      currency: "EGP",
      status: "unpaid",
      remaining_attempts: 3,
      delivery_needed: false,
      source: "INVOICE",
      client: { full_name: "Hana Samir", phone_number: "+201005550000", email: "hana@example.test" },
      cart: [{ name: "Consulting", description: "Two hours", quantity: 1, amount_cents: 15050 }],
      integrations: [{ id: card, name: "Card EGP" }],
      is_live: true,
    });
    const expires = new Date(invoice.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(3_600_000 - 1000);
    expect(expires - before).toBeLessThan(3_600_000 + 60_000);
    expect(invoice.invoice_url).toMatch(/\/checkout\/link\?token=[0-9a-f]{32}$/);
    const order = await app.payments.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", invoice.order_id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      merchant_order_id: "INV-1",
      api_source: "INVOICE",
      merchant_id: merchantId,
    });
  });

  it("takes the expiry date and hour in the merchant's time zone (a past one too)", async () => {
    const future = await create(body(card, { expiryDate: "2099-05-01", expiryHour: 15 }));
    expect(future.statusCode, future.body).toBe(201);
    // Cairo is UTC+3 in May (summer time).
    expect(future.json().invoice.expires_at).toBe("2099-05-01T12:00:00.000Z");
    const past = await create(body(card, { expiryDate: "2020-01-01", expiryHour: 10 }));
    expect(past.statusCode, past.body).toBe(201);
    expect(past.json().invoice.status).toBe("expired");
  });

  it("answers every field rule in the spec's words", async () => {
    const response = await create({ is_live: true, gatewayType: [] });
    expect(response.statusCode).toBe(400);
    const { fields, code } = response.json();
    expect(code).toBe("validation");
    expect(fields).toEqual({
      fullName: ["This field is required."],
      phoneNumber: ["This field is required."],
      email: ["This field is required."],
      orderName: ["This field is required."],
      orderAmount: ["This field is required."],
      currency: ["This field is required."],
      gatewayType: ["Please select one payment at least."],
      deliveryNeeded: ["This field is required."],
    });
    const bad = await create(
      body(card, {
        phoneNumber: "12ab",
        email: "not-an-email",
        orderAmount: "-5",
        orderName: "<b>Consulting</b>",
        fullName: "<script>x</script>",
        orderDescription: "<i>x</i>",
        expiryDate: "2026-02-30",
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      phoneNumber: ["Please enter valid phone number."],
      email: ["Please enter valid email."],
      orderAmount: ["Please enter valid Amount."],
      orderName: ["Please remove any HTML tags."],
      fullName: ["Please remove any HTML tags."],
      orderDescription: ["Please remove any HTML tags."],
      expiryDate: ["Please enter a valid date."],
    });
    for (const amount of ["0", "abc", "1.234"]) {
      const r = await create(body(card, { orderAmount: amount }));
      expect(r.json().fields, amount).toEqual({ orderAmount: ["Please enter valid Amount."] });
    }
  });

  it("offers only the merchant's active integrations of the mode and currency", async () => {
    const choices = await get_("/api/invoices/integrations?is_live=true");
    expect(choices.json().integrations.map((i: { id: number }) => i.id)).toEqual([card, usd]);
    const testChoices = await get_("/api/invoices/integrations?is_live=false");
    expect(testChoices.json().integrations.map((i: { id: number }) => i.id)).toEqual([testMode]);
    for (const wrong of [usd, testMode, 999_999]) {
      const r = await create(body(wrong));
      expect(r.statusCode).toBe(400);
      expect(r.json().fields).toEqual({ gatewayType: ["Please select one payment at least."] });
    }
    const otherMerchant = await get_("/api/invoices/integrations", other);
    expect(otherMerchant.json().integrations).toEqual([]);
  });

  it("refuses a merchant invoice id used before, by an invoice or by another order", async () => {
    expect((await create(body(card, { merchantOrderId: "DUP-1" }))).statusCode).toBe(201);
    const again = await create(body(card, { merchantOrderId: "DUP-1" }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "merchant_invoice_id_exists",
      detail: "Merchant Invoice ID already exists",
      fields: { merchantOrderId: ["Merchant Invoice ID already exists"] },
    });
    await app.payments.db
      .insertInto("orders")
      .values({
        merchant_id: merchantId,
        is_live: true,
        merchant_order_id: "ORD-9",
        amount_cents: 100,
        currency: "EGP",
        items: "[]",
      })
      .execute();
    const order = await create(body(card, { merchantOrderId: "ORD-9" }));
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ code: "order_id_exists", detail: "Order ID already exists" });
    // Another merchant may use the same id.
    const fx = fixtures(app.payments.db);
    const otherUser = await fx.user("Merchant");
    const otherCard = (await fx.integration(otherUser.merchant_id!)).id;
    const mine = await create(body(otherCard, { merchantOrderId: "DUP-1" }), await fx.session(otherUser));
    expect(mine.statusCode).toBe(201);
  });

  it("createInvoices creates all or none and names every bad row", async () => {
    const caller = {
      merchantId,
      isLive: true,
      username: "bulk",
      timeZone: "Africa/Cairo",
      now: new Date(),
    };
    const { is_live: _live, ...draft } = body(card);
    const db = app.payments.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("payment_links")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("merchant_id", "=", merchantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const error = await db
      .transaction()
      .execute((trx) =>
        createInvoices(trx, caller, [
          { ...draft, merchantOrderId: "B-1" },
          { ...draft, merchantOrderId: "B-1" },
          { ...draft, merchantOrderId: "B-3", email: "x" },
          { ...draft, merchantOrderId: "DUP-1" },
        ]),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvoiceInputError);
    expect((error as InvoiceInputError).rows).toEqual([
      {
        index: 1,
        problems: { merchantOrderId: "merchant_invoice_id_exists" },
        fields: { merchantOrderId: ["Merchant Invoice ID already exists"] },
      },
      { index: 2, problems: { email: "invalid_email" }, fields: { email: ["Please enter valid email."] } },
      {
        index: 3,
        problems: { merchantOrderId: "merchant_invoice_id_exists" },
        fields: { merchantOrderId: ["Merchant Invoice ID already exists"] },
      },
    ]);
    expect(await count()).toBe(before);
    const made = await db.transaction().execute((trx) =>
      createInvoices(trx, caller, [
        { ...draft, merchantOrderId: "B-10" },
        { ...draft, merchantOrderId: undefined },
      ]),
    );
    expect(made).toHaveLength(2);
    expect(made[0]!.merchantInvoiceId).toBe("B-10");
    expect(await count()).toBe(before + 2);
  });

  it("lists with the paid / unpaid filter, search by id or client, and paging (10 by default)", async () => {
    const fx = fixtures(app.payments.db);
    const user = await fx.user("Merchant");
    const session = await fx.session(user);
    const integration = (await fx.integration(user.merchant_id!)).id;
    for (let i = 0; i < 12; i++) {
      const r = await create(
        body(integration, { merchantOrderId: `L-${i}`, fullName: i === 3 ? "Omar Fathy" : "Hana Samir" }),
        session,
      );
      expect(r.statusCode).toBe(201);
    }
    const paidId = (await get_("/api/invoices?search=L-5", session)).json().results[0].id;
    await app.payments.db
      .updateTable("payment_links")
      .set({ status: "paid" })
      .where("id", "=", paidId)
      .execute();
    const page1 = (await get_("/api/invoices", session)).json();
    expect(page1).toMatchObject({ count: 12, page: 1, page_size: 10 });
    expect(page1.results).toHaveLength(10);
    expect(page1.results[0].merchant_invoice_id).toBe("L-11");
    const page2 = (await get_("/api/invoices?page=2", session)).json();
    expect(page2.results).toHaveLength(2);
    const paid = (await get_("/api/invoices?status=paid", session)).json();
    expect(paid.results.map((r: { id: number }) => r.id)).toEqual([paidId]);
    expect(paid.results[0].status).toBe("paid");
    expect((await get_("/api/invoices?status=unpaid", session)).json().count).toBe(11);
    const byClient = (await get_("/api/invoices?search=omar", session)).json();
    expect(byClient.results.map((r: { merchant_invoice_id: string }) => r.merchant_invoice_id)).toEqual([
      "L-3",
    ]);
    expect((await get_("/api/invoices?search=L-1", session)).json().count).toBe(3);
    expect((await get_("/api/invoices?is_live=false", session)).json().count).toBe(0);
    // Another merchant sees none of them.
    expect((await get_("/api/invoices?search=L-", other)).json().count).toBe(0);
    expect((await get_(`/api/invoices/${paidId}`, other)).statusCode).toBe(404);
  });

  it("sends by SMS and e-mail, at most once a minute each ('Try again after 60 second')", async () => {
    const created = (await create(body(card, { phoneNumber: "+201001112223" }))).json().invoice;
    const send = (channel: string, session = owner) =>
      app.inject({
        method: "POST",
        url: `/api/invoices/${created.id}/send`,
        headers: session.headers,
        payload: { channel },
      });
    expect((await send("sms")).statusCode).toBe(200);
    const sms = await app.inject({ url: "/api/dev/sms", headers: mailboxHeaders(app) });
    expect(sms.statusCode).toBe(200);
    const [message] = sms.json().messages;
    expect(message.to).toBe("+201001112223");
    expect(message.text).toContain(created.invoice_url);
    expect(message.text).toContain("150.50 EGP");
    const again = await send("sms");
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: "resend_sms_wait", detail: "Try again after 60 second" });
    expect((await send("email")).statusCode).toBe(200);
    const [mail] = await readMailbox(app);
    expect(mail).toMatchObject({ to: "hana@example.test" });
    expect(mail!.text).toContain(created.invoice_url);
    expect((await send("email")).statusCode).toBe(429);
    // A minute later it may be sent again.
    await app.payments.db
      .updateTable("payment_links")
      .set({ sms_sent_at: new Date(Date.now() - 61_000) })
      .where("id", "=", created.id)
      .execute();
    expect((await send("sms")).statusCode).toBe(200);
    const details = (await get_(`/api/invoices/${created.id}`)).json();
    expect(details).toMatchObject({ is_sms: true, is_email: true });
    // Without the key, the SMS viewer does not exist; a viewer without "can update orders" cannot send.
    expect((await app.inject({ url: "/api/dev/sms" })).statusCode).toBe(404);
    expect((await send("sms", viewer)).statusCode).toBe(403);
    expect((await send("sms", other)).statusCode).toBe(404);
  });

  it("deletes an unpaid invoice (its order leaves the lists), keeps a paid one", async () => {
    const created = (await create(body(card))).json().invoice;
    const remove = (id: number, session = owner) =>
      app.inject({ method: "DELETE", url: `/api/invoices/${id}`, headers: session.headers });
    expect((await remove(created.id, viewer)).statusCode).toBe(403);
    expect((await remove(created.id, other)).statusCode).toBe(404);
    expect((await remove(created.id)).statusCode).toBe(200);
    expect((await get_(`/api/invoices/${created.id}`)).statusCode).toBe(404);
    const order = await app.payments.db
      .selectFrom("orders")
      .select("deleted_at")
      .where("id", "=", created.order_id)
      .executeTakeFirstOrThrow();
    expect(order.deleted_at).not.toBeNull();
    const paid = (await create(body(card))).json().invoice;
    await app.payments.db
      .updateTable("payment_links")
      .set({ status: "paid" })
      .where("id", "=", paid.id)
      .execute();
    const refused = await remove(paid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("invoice_paid");
  });

  it("seeds the demo merchant's invoices: open ones and an expired one, in both modes", async () => {
    const fx = fixtures(app.payments.db);
    const user = await fx.user("Merchant");
    const session = await fx.session(user);
    const integrations = [
      await fx.integration(user.merchant_id!, { gateway_type: "VPC", is_live: false }),
      await fx.integration(user.merchant_id!, { gateway_type: "VPC", is_live: true }),
    ];
    const credentials = {
      merchants: [{ merchant_id: user.merchant_id!, country: "EGY", integrations }],
    } as unknown as DemoCredentials;
    expect(await seedDemoInvoices(app.payments.db, credentials, new Date())).toBe(6);
    for (const isLive of [true, false]) {
      const list = (await get_(`/api/invoices?is_live=${isLive}`, session)).json();
      expect(list.results.map((r: { status: string }) => r.status).sort()).toEqual([
        "expired",
        "unpaid",
        "unpaid",
      ]);
    }
  });

  it("needs the orders permissions: a viewer reads but cannot create", async () => {
    expect((await get_("/api/invoices", viewer)).statusCode).toBe(200);
    expect((await create(body(card), viewer)).statusCode).toBe(403);
  });
});

/** Two requests with one merchant invoice id at once: exactly one invoice (PostgreSQL: real concurrency). */
describe("invoices: duplicate ids at once [postgres]", () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let owner: TestSession;
  let card: number;
  beforeAll(async () => {
    const test = await createTestDatabase("postgres");
    const database = await openPostgres(test.url!, 20);
    drop = async () => {
      await database.close();
      await test.drop();
    };
    app = await buildTestApp(database);
    const fx = fixtures(app.payments.db);
    const user = await fx.user("Merchant");
    owner = await fx.session(user);
    card = (await fx.integration(user.merchant_id!)).id;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it("creates one and answers 'Merchant Invoice ID already exists' to the others", async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({
          method: "POST",
          url: "/api/invoices",
          headers: owner.headers,
          payload: body(card, { merchantOrderId: "RACE-1" }),
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().detail).toBe("Merchant Invoice ID already exists");
    const rows = await app.payments.db
      .selectFrom("payment_links")
      .select("id")
      .where("merchant_invoice_id", "=", "RACE-1")
      .execute();
    expect(rows).toHaveLength(1);
  });
});
