import { messageText, type PermissionName } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "./test-rows.ts";

describeEachDatabase("transactions workspace: list, totals, details, actions", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let merchantId: number;
  const ids: Record<string, number> = {};
  let orderId: number;
  let merchantOrderId: string;
  let integrationId: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    const fx = fixtures(db);
    const r = rows(db);
    const user = await fx.user("Merchant");
    merchantId = user.merchant_id!;
    owner = await fx.session(user);
    integrationId = (await fx.integration(merchantId)).id;
    const o1 = await r.order(merchantId, { created_by: "alice" });
    orderId = o1.id;
    merchantOrderId = o1.merchant_order_id!;
    ids.t1 = (
      await r.payment(merchantId, {
        created_at: new Date("2026-01-10T10:00:00Z"),
        order_id: o1.id,
        created_by: "alice",
        merchant_txn_ref: "REF-1",
        integration_id: integrationId,
      })
    ).id;
    ids.t2 = (
      await r.payment(merchantId, {
        created_at: new Date("2026-01-15T10:00:00Z"),
        amount_cents: 2500,
        status: "declined",
        gateway_type: "UIG",
        origin: "SDK",
        card_first6: null,
        card_last4: null,
        wallet_msisdn: "01011112222",
        customer_phone: "+201009999999",
        customer_name: "Omar Ali",
        customer_email: "omar@x.test",
        is_discounted: true,
      })
    ).id;
    ids.t3 = (
      await r.payment(merchantId, {
        created_at: new Date("2026-02-01T10:00:00Z"),
        amount_cents: 70000,
        currency: "USD",
        status: "pending",
        gateway_type: "CAGG",
        origin: "INVOICE",
        card_first6: null,
        card_last4: null,
        is_installment: true,
        is_split_paid: true,
        data: JSON.stringify({ bill_reference: "BILL-9", source_data: { type: "aggregator" } }),
      })
    ).id;
    ids.t4 = (
      await r.payment(merchantId, {
        created_at: new Date("2026-01-11T10:00:00Z"),
        amount_cents: 1000,
        trnx_type: "refund",
        parent_transaction_id: ids.t1,
        order_id: o1.id,
        is_standalone: false,
      })
    ).id;
    ids.test = (
      await r.payment(merchantId, { is_live: false, created_at: new Date("2026-01-20T00:00:00Z") })
    ).id;
    ids.deleted = (
      await r.payment(merchantId, { deleted_at: new Date(), created_at: new Date("2026-01-21T00:00:00Z") })
    ).id;
  });
  afterAll(() => app.close());

  const list = async (query: string, session: TestSession = owner) => {
    const response = await app.inject({ url: `/api/transactions?${query}`, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      count: number;
      count_capped: boolean;
      page: number;
      results: { id: number }[];
    };
  };
  const idsOf = (body: { results: { id: number }[] }) => body.results.map((r) => r.id).sort((a, b) => a - b);
  const sorted = (...names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);

  it("answers every filter of the spec", async () => {
    const cases: [string, string[]][] = [
      ["", ["t1", "t2", "t3", "t4"]],
      ["date_from=2026-01-12&date_to=2026-01-31", ["t2"]],
      ["date_from=2026-01-10&date_to=2026-01-10", ["t1"]],
      [`id=${ids.t3}`, ["t3"]],
      [`order_id=${orderId}`, ["t1", "t4"]],
      [`merchant_order_id=${merchantOrderId}`, ["t1", "t4"]],
      ["created_by=alice", ["t1"]],
      ["currency=USD", ["t3"]],
      ["other_references=REF-1", ["t1"]],
      ["other_references=BILL-9", ["t3"]],
      [`integration_id=${integrationId}`, ["t1"]],
      ["status=declined", ["t2"]],
      ["status=pending", ["t3"]],
      ["amount_from=5000&amount_to=20000", ["t1"]],
      ["wallet_msisdn=01011112222", ["t2"]],
      ["phone_number=%2B201009999999", ["t2"]],
      ["is_installment=true", ["t3"]],
      ["is_discounted=true", ["t2"]],
      ["type=CAGG", ["t3"]],
      ["trnx_type=refund", ["t4"]],
      ["origin=SDK", ["t2"]],
      ["customer_name=omar", ["t2"]],
      ["customer_email=OMAR@x.test", ["t2"]],
      ["card_last4=2346", ["t1", "t4"]],
      ["is_split_paid=true", ["t3"]],
      ["is_live=false", ["test"]],
    ];
    for (const [query, expected] of cases) {
      const body = await list(query);
      expect(idsOf(body), query).toEqual(sorted(...expected));
      expect(body.count, query).toBe(expected.length);
    }
  });

  it("pages and sorts on the server", async () => {
    const byDate = await list("");
    expect(byDate.results.map((r) => r.id)).toEqual([ids.t3, ids.t2, ids.t4, ids.t1]);
    const byAmount = await list("sort=amount_cents");
    expect(byAmount.results.map((r) => r.id)).toEqual([ids.t4, ids.t2, ids.t1, ids.t3]);
    const page2 = await list("page=2&page_size=2");
    expect(page2).toMatchObject({ count: 4, page: 2, page_size: 2, count_capped: false });
    expect(page2.results.map((r) => r.id)).toEqual([ids.t4, ids.t1]);
    const bad = await app.inject({ url: "/api/transactions?page_size=101", headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    const badDate = await app.inject({
      url: "/api/transactions?date_from=yesterday",
      headers: owner.headers,
    });
    expect(badDate.statusCode).toBe(400);
  });

  it("pages and sorts many matches in list order (more than the few-matches sort handles)", async () => {
    const fx = fixtures(app.payments.db);
    const u = await fx.user("Merchant");
    const s = await fx.session(u);
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type, origin, created_at)
      select ${u.merchant_id}, true, 100000 - g, 'EGP', 'success', 'VPC', 'standalone', 'IFRAME',
        timestamptz '2026-01-01T00:00:00Z' + (g || ' minutes')::interval
      from generate_series(1, 2100) g`.execute(app.payments.db);
    const first = await list("page_size=5", s);
    expect(first.count).toBe(2100);
    const amounts = (body: { results: { id: number }[] }) =>
      body.results.map((r) => (r as unknown as { amount_cents: number }).amount_cents);
    // Newest first: the last inserted (g = 2100) has the smallest amount.
    expect(amounts(first)).toEqual([97900, 97901, 97902, 97903, 97904]);
    expect(amounts(await list("page=3&page_size=5&sort=amount_cents", s))).toEqual([
      97910, 97911, 97912, 97913, 97914,
    ]);
    expect(amounts(await list("page=1&page_size=3&sort=-amount_cents", s))).toEqual([99999, 99998, 99997]);
  });

  it("masks the card and shows the merchant order id in the list", async () => {
    const body = (await list(`id=${ids.t1}`)) as unknown as { results: Record<string, unknown>[] };
    expect(body.results[0]).toMatchObject({
      card_number: "512345******2346",
      merchant_order_id: merchantOrderId,
      other_references: "REF-1",
      merchant: null,
    });
  });

  it("answers the details page with order, parent, error and actions", async () => {
    const response = await app.inject({ url: `/api/transactions/${ids.t4}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.transaction).toMatchObject({
      id: ids.t4,
      trnx_type: "refund",
      card_number: "512345******2346",
    });
    expect(body.parent).toMatchObject({ id: ids.t1, amount_cents: 10000 });
    expect(body.order).toMatchObject({ id: orderId, merchant_order_id: merchantOrderId, status: "UNPAID" });
    expect(body.error.message).toBe("Approved");
    expect(body.actions).toMatchObject({ can_refund: false, can_void: false, can_capture: false });
    expect(JSON.stringify(body)).not.toMatch(/5123452346|512345\d{6}2346/);
    expect(
      (await app.inject({ url: `/api/transactions/${ids.deleted}`, headers: owner.headers })).statusCode,
    ).toBe(404);
  });

  it("soft-deletes with the spec's message", async () => {
    const extra = await rows(app.payments.db).payment(merchantId, {
      created_at: new Date("2025-06-01T00:00:00Z"),
    });
    const response = await app.inject({
      method: "DELETE",
      url: `/api/transactions/${extra.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().detail).toBe("Transaction deleted successfully");
    expect(idsOf(await list("date_to=2025-12-31"))).toEqual([]);
    const again = await app.inject({
      method: "DELETE",
      url: `/api/transactions/${extra.id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers the receipt as JSON and PDF", async () => {
    const json = await app.inject({ url: `/api/transactions/${ids.t1}/receipt`, headers: owner.headers });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      transaction_id: ids.t1,
      amount_cents: 10000,
      card_number: "512345******2346",
    });
    expect(json.json().amount_text).toContain("100.00");
    const pdf = await app.inject({ url: `/api/transactions/${ids.t1}/receipt.pdf`, headers: owner.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The Arabic receipt is another document (right to left, Arabic labels); a language it has not is refused.
    const ar = await app.inject({
      url: `/api/transactions/${ids.t1}/receipt.pdf?lang=ar`,
      headers: owner.headers,
    });
    expect(ar.statusCode).toBe(200);
    expect(ar.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(ar.rawPayload.equals(pdf.rawPayload)).toBe(false);
    const fr = await app.inject({
      url: `/api/transactions/${ids.t1}/receipt.pdf?lang=fr`,
      headers: owner.headers,
    });
    expect(fr.statusCode).toBe(400);
  });

  describe("totals", () => {
    let session: TestSession;
    beforeAll(async () => {
      const db = app.payments.db;
      const fx = fixtures(db);
      const r = rows(db);
      const u = await fx.user("Merchant");
      session = await fx.session(u);
      const m = u.merchant_id!;
      const at = new Date("2026-03-05T12:00:00Z");
      const pay = (gateway_type: string, amount_cents: number, o: Record<string, unknown> = {}) =>
        r.payment(m, { gateway_type, amount_cents, created_at: at, ...o });
      const parent = await pay("VPC", 10000);
      await pay("VPC", 5000);
      await pay("UIG", 3000);
      await pay("CAGG", 2000);
      await pay("CASH", 1000);
      await pay("VALU", 4000);
      await pay("PREMIUM", 6000);
      await pay("MPAY", 700);
      await pay("VPC", 99999, { status: "declined" });
      await pay("VPC", 500, { parent_transaction_id: parent.id, trnx_type: "refund" });
      await pay("VPC", 2500, { currency: "USD" });
      await pay("VPC", 8888, { created_at: new Date("2026-04-05T12:00:00Z") });
      await r.order(m, { created_at: at, amount_cents: 100, delivery_needed: true });
      await r.order(m, { created_at: at, amount_cents: 200 });
      await r.order(m, { created_at: at, amount_cents: 300, currency: "USD" });
    });

    it("sums successful payments by method, per currency, never across currencies", async () => {
      const response = await app.inject({
        url: "/api/transactions/totals?date_from=2026-03-01&date_to=2026-03-31",
        headers: session.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.currencies.map((c: { currency: string }) => c.currency)).toEqual(["EGP", "USD"]);
      const egp = body.currencies[0];
      expect(egp.methods).toEqual({
        total: { count: 8, amount_cents: 31700 },
        card: { count: 2, amount_cents: 15000 },
        cash_collection: { count: 1, amount_cents: 1000 },
        valu: { count: 1, amount_cents: 4000 },
        premium: { count: 1, amount_cents: 6000 },
        wallet: { count: 1, amount_cents: 3000 },
        accept_kiosk: { count: 1, amount_cents: 2000 },
        wallet_pay: { count: 1, amount_cents: 700 },
      });
      expect(egp.total_orders).toEqual({ count: 2, amount_cents: 300 });
      expect(egp.orders_with_delivery).toEqual({ count: 1, amount_cents: 100 });
      const usd = body.currencies[1];
      expect(usd.methods.total).toEqual({ count: 1, amount_cents: 2500 });
      expect(usd.methods.card).toEqual({ count: 1, amount_cents: 2500 });
      expect(usd.total_orders).toEqual({ count: 1, amount_cents: 300 });
    });
  });

  describe("actions through the payment core", () => {
    let staff: TestSession;
    const fresh = (o: Record<string, unknown> = {}) =>
      rows(app.payments.db).payment(merchantId, { created_at: new Date(), ...o });
    const post = (url: string, payload: object = {}, session: TestSession = owner) =>
      app.inject({ method: "POST", url, headers: session.headers, payload });

    beforeAll(async () => {
      const fx = fixtures(app.payments.db);
      const permissions: PermissionName[] = ["can view transactions"];
      staff = await fx.session(await fx.user("MerchantStaff", { merchantId, permissions }));
    });

    it("refunds with the spec's messages (success, rules, 422)", async () => {
      const tx = await fresh();
      const details = (
        await app.inject({ url: `/api/transactions/${tx.id}`, headers: owner.headers })
      ).json();
      expect(details.actions).toMatchObject({
        can_refund: true,
        max_refund_cents: 10000,
        refund_needs_otp: false,
      });
      const ok = await post(`/api/transactions/${tx.id}/refund`, { amount_cents: 3000 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ detail: "Transaction refund successfully", success: true });
      expect(typeof ok.json().transaction_id).toBe("number");
      const tooMuch = await post(`/api/transactions/${tx.id}/refund`, { amount_cents: 8000 });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().detail).toBe(messageText("refund_exceeds_remaining"));
      const kiosk = await fresh({
        gateway_type: "CAGG",
        data: JSON.stringify({ source_data: { type: "aggregator" } }),
      });
      const refused = await post(`/api/transactions/${kiosk.id}/refund`, { amount_cents: 1000 });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toBe("Sorry, this transaction cannot be refund.");
    });

    it("answers field errors for a bad refund or capture body", async () => {
      const tx = await fresh();
      const missing = await post(`/api/transactions/${tx.id}/refund`, {});
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().fields)).toContain("amount_cents");
      const negative = await post(`/api/transactions/${tx.id}/capture`, { amount_cents: -5 });
      expect(negative.statusCode).toBe(400);
      expect(Object.keys(negative.json().fields)).toContain("amount_cents");
    });

    it("voids on the same day once: 200 then 422", async () => {
      const tx = await fresh();
      const ok = await post(`/api/transactions/${tx.id}/void`);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().detail).toBe("Transaction void successfully");
      const again = await post(`/api/transactions/${tx.id}/void`);
      expect(again.statusCode).toBe(422);
      expect(again.json().detail).toBe("Sorry, this transaction cannot be voided.");
    });

    it("captures an auth once: success, then 400; a sale answers 404", async () => {
      const auth = await fresh({ is_auth: true, trnx_type: "auth", is_standalone: false });
      const details = (
        await app.inject({ url: `/api/transactions/${auth.id}`, headers: owner.headers })
      ).json();
      expect(details.actions).toMatchObject({ can_capture: true, max_capture_cents: 10000 });
      const ok = await post(`/api/transactions/${auth.id}/capture`, { amount_cents: 4000 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ detail: "Capture transaction is successful.", success: true });
      const twice = await post(`/api/transactions/${auth.id}/capture`, { amount_cents: 1000 });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().detail).toBe(messageText("capture_400"));
      const sale = await fresh();
      const notAuth = await post(`/api/transactions/${sale.id}/capture`, { amount_cents: 1000 });
      expect(notAuth.statusCode).toBe(404);
      expect(notAuth.json().detail).toBe(messageText("capture_404"));
      const declined = await fresh({ is_auth: true, trnx_type: "auth", status: "declined" });
      const failed = await post(`/api/transactions/${declined.id}/capture`, { amount_cents: 1000 });
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({ success: false, detail: messageText("capture_200") });
    });

    it("refunds a wallet payment only with the e-mailed one-time code", async () => {
      const tx = await fresh({
        gateway_type: "UIG",
        card_first6: null,
        card_last4: null,
        wallet_msisdn: "01000000001",
        data: JSON.stringify({ source_data: { type: "wallet" } }),
      });
      const without = await post(`/api/transactions/${tx.id}/refund`, { amount_cents: 10000 });
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({ detail: "Wrong OTP", code: "wrong_otp" });
      expect((await post(`/api/transactions/${tx.id}/refund/otp`)).statusCode).toBe(200);
      const mail = await app.payments.db
        .selectFrom("email_outbox")
        .select("body_text")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
      const code = /is (\d{6})\./.exec(mail.body_text)![1]!;
      const wrong = await post(`/api/transactions/${tx.id}/refund`, {
        amount_cents: 10000,
        otp: code === "000000" ? "111111" : "000000",
      });
      expect(wrong.json().detail).toBe("Wrong OTP");
      const ok = await post(`/api/transactions/${tx.id}/refund`, { amount_cents: 10000, otp: code });
      expect(ok.statusCode, ok.body).toBe(200);
      const reused = await post(`/api/transactions/${tx.id}/refund`, { amount_cents: 10000, otp: code });
      expect(reused.json().detail).toBe("Wrong OTP");
    });

    it("gives at most 3 new one-time codes a transaction an hour: then 429 with Retry-After and a message", async () => {
      const tx = await fresh({
        gateway_type: "UIG",
        card_first6: null,
        card_last4: null,
        wallet_msisdn: "01000000002",
        data: JSON.stringify({ source_data: { type: "wallet" } }),
      });
      for (let i = 0; i < 3; i++)
        expect((await post(`/api/transactions/${tx.id}/refund/otp`)).statusCode).toBe(200);
      const refused = await post(`/api/transactions/${tx.id}/refund/otp`);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        code: "too_many_requests",
        detail: expect.stringMatching(/Too many/),
      });
      const codes = await app.payments.db
        .selectFrom("refund_otps")
        .select("id")
        .where("transaction_id", "=", tx.id)
        .execute();
      expect(codes).toHaveLength(3);
    });

    it("refuses actions without their permission, and hides them", async () => {
      const tx = await fresh();
      const details = (
        await app.inject({ url: `/api/transactions/${tx.id}`, headers: staff.headers })
      ).json();
      expect(details.actions).toMatchObject({ can_refund: false, can_void: false, can_delete: false });
      for (const [path, payload] of [
        ["void", {}],
        ["refund", { amount_cents: 100 }],
        ["capture", { amount_cents: 100 }],
      ] as const) {
        const response = await post(`/api/transactions/${tx.id}/${path}`, payload, staff);
        expect(response.statusCode, path).toBe(403);
      }
      const del = await app.inject({
        method: "DELETE",
        url: `/api/transactions/${tx.id}`,
        headers: staff.headers,
      });
      expect(del.statusCode).toBe(403);
      expect(
        (
          await app.payments.db
            .selectFrom("transactions")
            .select("refunded_amount_cents")
            .where("id", "=", tx.id)
            .executeTakeFirstOrThrow()
        ).refunded_amount_cents,
      ).toBe(0);
    });

    it("re-sends callbacks by date range", async () => {
      const fx = fixtures(app.payments.db);
      const withUrl = await fx.integration(merchantId, { processed_callback_url: "http://127.0.0.1:9/cb" });
      await fresh({ integration_id: withUrl.id, created_at: new Date("2025-05-05T10:00:00Z") });
      const response = await post("/api/transactions/callbacks/resend", {
        date_from: "2025-05-01",
        date_to: "2025-05-31",
      });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json().count).toBe(1);
    });

    it("re-sends by range only the callbacks that have somewhere to go; one without answers 409", async () => {
      const fx = fixtures(app.payments.db);
      const withUrl = await fx.integration(merchantId, { processed_callback_url: "http://127.0.0.1:9/cb" });
      const without = await fx.integration(merchantId, { processed_callback_url: null });
      const at = new Date("2025-06-06T10:00:00Z");
      const sent = await fresh({ integration_id: withUrl.id, created_at: at });
      const silent = await fresh({ integration_id: without.id, created_at: at });
      const jobs = (id: number) =>
        app.payments.db
          .selectFrom("callback_jobs")
          .select("trigger")
          .where("transaction_id", "=", id)
          .execute();
      const response = await post("/api/transactions/callbacks/resend", {
        date_from: "2025-06-01",
        date_to: "2025-06-30",
      });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json().count).toBe(1);
      expect(await jobs(sent.id)).toEqual([{ trigger: "manual" }]);
      expect(await jobs(silent.id)).toEqual([]);
      const one = await post(`/api/transactions/${silent.id}/callbacks/resend`, {});
      expect(one.statusCode, one.body).toBe(409);
      expect(one.json().code).toBe("no_callback_url");
      expect(await jobs(silent.id)).toEqual([]);
    });
  });

  describe("tenants", () => {
    let intruder: TestSession;
    let secretTx: number;
    let secretRef: string;
    beforeAll(async () => {
      const fx = fixtures(app.payments.db);
      intruder = await fx.session(await fx.user("Merchant"));
      secretRef = `SECRET-${Date.now()}`;
      secretTx = (
        await rows(app.payments.db).payment(merchantId, {
          created_at: new Date(),
          merchant_txn_ref: secretRef,
        })
      ).id;
    });

    it("isolates every route from another merchant", async () => {
      const reads = [
        `/api/transactions?other_references=${secretRef}`,
        `/api/transactions/${secretTx}`,
        `/api/transactions/${secretTx}/receipt`,
      ];
      for (const url of reads)
        await expectCrossTenantIsolation(app, {
          request: { url },
          owner,
          intruder,
          secrets: url.includes("receipt") ? [`"transaction_id":${secretTx}`] : [secretRef],
        });
      const pdf = await app.inject({
        url: `/api/transactions/${secretTx}/receipt.pdf`,
        headers: intruder.headers,
      });
      expect(pdf.statusCode).toBe(404);
      for (const [path, payload] of [
        ["void", {}],
        ["refund", { amount_cents: 100 }],
        ["refund/otp", {}],
        ["capture", { amount_cents: 100 }],
      ] as const) {
        const response = await app.inject({
          method: "POST",
          url: `/api/transactions/${secretTx}/${path}`,
          headers: intruder.headers,
          payload,
        });
        expect(response.statusCode, path).toBe(404);
      }
      const del = await app.inject({
        method: "DELETE",
        url: `/api/transactions/${secretTx}`,
        headers: intruder.headers,
      });
      expect(del.statusCode).toBe(404);
      const still = await app.inject({ url: `/api/transactions/${secretTx}`, headers: owner.headers });
      expect(still.statusCode).toBe(200);
      expect(still.json().transaction.refunded_amount_cents).toBe(0);
    });

    it("refuses the merchant routes to bank users", async () => {
      const fx = fixtures(app.payments.db);
      const bank = await fx.session(await fx.user("Bank"));
      expect((await app.inject({ url: "/api/transactions", headers: bank.headers })).statusCode).toBe(403);
    });
  });
});
