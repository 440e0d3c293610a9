import { AMOUNT_MAX_MINOR, REQUEST_TO_PAY_MESSAGES as M } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payCard, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

describeEachDatabase("request to pay: form rules, SMS, customer page with tips, paying once", (get) => {
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

  const BODY = {
    is_live: false,
    amount_cents: 10000,
    currency: "EGP",
    mob_num: "01001234567",
    tip_type: "none",
  };
  const create = (body: Record<string, unknown>, session = owner) =>
    app.inject({
      method: "POST",
      url: "/api/request-to-pay",
      headers: session.headers,
      payload: { ...BODY, ...body },
    });
  const made = async (body: Record<string, unknown>) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const tokenOf = (request: { link_url: string }) => new URL(request.link_url).searchParams.get("token")!;
  const page = (token: string) => app.inject({ url: `/api/checkout/requests/${token}` });
  const pay = (token: string, tip?: string) =>
    app.inject({
      method: "POST",
      url: `/api/checkout/requests/${token}/pay`,
      payload: tip === undefined ? {} : { tip },
    });
  const details = (id: number, session = owner) =>
    app.inject({ url: `/api/request-to-pay/${id}`, headers: session.headers });
  const fieldMessage = (response: { json(): unknown }, field: string) =>
    (response.json() as { fields?: Record<string, string[]> }).fields?.[field]?.[0];

  describe("the form's rules", () => {
    it("takes each of the four tip types with every field", async () => {
      const full = await made({
        bill_num: "B-77",
        store_id: "S-1",
        loyal_num: "L-9",
        ref_num: "R-5",
        cons_id: "C-3",
        term_id: "T-12",
        purpose: "Water bill",
        merchant_order_id: "R2P-ALL-1",
      });
      expect(full).toMatchObject({
        amount_cents: 10000,
        mob_num: "01001234567",
        bill_num: "B-77",
        store_id: "S-1",
        loyal_num: "L-9",
        ref_num: "R-5",
        cons_id: "C-3",
        term_id: "T-12",
        purpose: "Water bill",
        merchant_order_id: "R2P-ALL-1",
        tip_type: "none",
        tip_value: "",
        state: "created",
        can_edit: true,
      });
      expect(full.link_url).toMatch(/\/checkout\/request\?token=[0-9a-f]{32}$/);
      expect((await made({ tip_type: "fixed", tip_value: "15" })).tip_value).toBe("15");
      expect((await made({ tip_type: "percentage", tip_value: "12.5" })).tip_value).toBe("12.5");
      expect((await made({ tip_type: "percentage", tip_value: "0.01" })).tip_value).toBe("0.01");
      expect((await made({ tip_type: "percentage", tip_value: "99.99" })).tip_value).toBe("99.99");
      expect((await made({ tip_type: "consumer" })).tip_value).toBe("");
    });

    it.each([
      ["fixed", "0", M.fixed_tip],
      ["fixed", "", M.fixed_tip],
      ["fixed", "2.5", M.fixed_tip],
      ["fixed", "-3", M.fixed_tip],
      ["fixed", "ten", M.fixed_tip],
      ["percentage", "0", M.percentage_tip],
      ["percentage", "0.00", M.percentage_tip],
      ["percentage", "100", M.percentage_tip],
      ["percentage", "100.5", M.percentage_tip],
      ["percentage", "12.345", M.percentage_tip],
      ["percentage", "", M.percentage_tip],
      ["none", "5", M.no_tip_value],
      ["consumer", "5", M.no_tip_value],
    ])("refuses a %s tip of %j with its message", async (tipType, tipValue, message) => {
      const response = await create({ tip_type: tipType, tip_value: tipValue });
      expect(response.statusCode, response.body).toBe(400);
      expect(fieldMessage(response, "tip_value")).toBe(message);
    });

    it.each([
      [0, M.invalid_amount],
      [-100, M.invalid_amount],
      [10.5, M.invalid_amount],
      [AMOUNT_MAX_MINOR + 1, M.amount_too_large],
    ])("refuses an amount of %s", async (amount, message) => {
      const response = await create({ amount_cents: amount });
      expect(response.statusCode, response.body).toBe(400);
      expect(fieldMessage(response, "amount_cents")).toBe(message);
    });

    it("takes the maximum amount, and refuses a tip that takes the total above it", async () => {
      expect((await create({ amount_cents: AMOUNT_MAX_MINOR })).statusCode).toBe(201);
      const response = await create({ amount_cents: AMOUNT_MAX_MINOR, tip_type: "fixed", tip_value: "1" });
      expect(response.statusCode, response.body).toBe(400);
      expect(fieldMessage(response, "tip_value")).toBe(M.total_too_large);
    });

    it("needs a valid mobile number", async () => {
      const missing = await create({ mob_num: "" });
      expect(missing.statusCode).toBe(400);
      expect(fieldMessage(missing, "mob_num")).toBe(M.required);
      const bad = await create({ mob_num: "12ab" });
      expect(bad.statusCode).toBe(400);
      expect(fieldMessage(bad, "mob_num")).toBe(M.invalid_phone);
    });

    it("refuses a taken merchant order id, HTML in a field and a currency without a card integration", async () => {
      await made({ merchant_order_id: "R2P-DUP" });
      const dup = await create({ merchant_order_id: "R2P-DUP" });
      expect(dup.statusCode, dup.body).toBe(409);
      expect(dup.json().detail).toBe("Order ID already exists");
      const html = await create({ purpose: "<b>hi</b>" });
      expect(html.statusCode).toBe(400);
      expect(fieldMessage(html, "purpose")).toBe(M.html_tags);
      const usd = await create({ currency: "USD" });
      expect(usd.statusCode, usd.body).toBe(400);
      expect(fieldMessage(usd, "currency")).toBe(M.no_card_integration);
    });
  });

  describe("sending and paying", () => {
    it("sends the SMS with the customer page's link and shows sent", async () => {
      const request = await made({ bill_num: "INV-9", send: true });
      expect(request.state).toBe("sent");
      expect(request.sent_at).not.toBeNull();
      const sms = await app.payments.db
        .selectFrom("sms_outbox")
        .select(["to_number", "body", "merchant_id"])
        .where("merchant_id", "=", m.merchantId)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(sms.to_number).toBe("01001234567");
      expect(sms.body).toContain(request.link_url);
      expect(sms.body).toContain("100.00 EGP");
      expect(sms.body).toContain("INV-9");
    });

    it("adds a percentage tip rounded half up, pays once, and shows the tip on the transaction", async () => {
      // 10,005 × 12.5% = 1,250.625 minor units: rounded to 1,251.
      const request = await made({
        amount_cents: 10005,
        tip_type: "percentage",
        tip_value: "12.5",
        send: true,
      });
      const token = tokenOf(request);
      const shown = (await page(token)).json();
      expect(shown).toMatchObject({
        state: "open",
        tip_type: "percentage",
        tip_value: "12.5",
        tip_cents: 1251,
      });
      const start = await pay(token);
      expect(start.statusCode, start.body).toBe(200);
      expect(start.json()).toMatchObject({ amount_cents: 10005, tip_cents: 1251, total_cents: 11256 });
      const paid = await payCard(app, start.json().payment_token);
      expect(paid.statusCode, paid.body).toBe(200);

      const after = (await details(request.id)).json();
      expect(after).toMatchObject({
        state: "paid",
        tip_cents: 1251,
        paid_amount_cents: 11256,
        can_edit: false,
      });
      const tx = await app.inject({
        url: `/api/transactions/${after.transaction_id}`,
        headers: owner.headers,
      });
      expect(tx.statusCode, tx.body).toBe(200);
      expect(tx.json().transaction).toMatchObject({ amount_cents: 11256, tip_amount_cents: 1251 });
      expect((await page(token)).json()).toMatchObject({ state: "paid", paid_tip_cents: 1251 });

      // Paying twice is refused: the request, and the same payment token at the checkout.
      const again = await pay(token);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(M.already_paid);
      const twice = await payCard(app, start.json().payment_token);
      expect(twice.statusCode).toBe(409);
      // Editing, sending and cancelling a paid request are refused.
      const edit = await app.inject({
        method: "PUT",
        url: `/api/request-to-pay/${request.id}`,
        headers: owner.headers,
        payload: BODY,
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().detail).toBe(M.paid_not_editable);
      const send = await app.inject({
        method: "POST",
        url: `/api/request-to-pay/${request.id}/send`,
        headers: owner.headers,
      });
      expect(send.statusCode).toBe(409);
      const cancel = await app.inject({
        method: "POST",
        url: `/api/request-to-pay/${request.id}/cancel`,
        headers: owner.headers,
      });
      expect(cancel.statusCode).toBe(409);
    });

    it("adds a fixed tip in whole units, and none for no tip", async () => {
      const fixed = await made({ tip_type: "fixed", tip_value: "15" });
      const start = await pay(tokenOf(fixed));
      expect(start.json()).toMatchObject({ tip_cents: 1500, total_cents: 11500 });
      const none = await made({ tip_type: "none" });
      expect((await pay(tokenOf(none))).json()).toMatchObject({ tip_cents: 0, total_cents: 10000 });
      // A half minor unit rounds up: 100 × 0.5% = 0.5.
      const half = await made({ amount_cents: 100, tip_type: "percentage", tip_value: "0.5" });
      expect((await pay(tokenOf(half))).json()).toMatchObject({ tip_cents: 1, total_cents: 101 });
    });

    it("takes the customer's own tip, refuses a bad one, and a changed tip closes the earlier payment", async () => {
      const request = await made({ tip_type: "consumer", send: true });
      const token = tokenOf(request);
      expect((await page(token)).json()).toMatchObject({ tip_type: "consumer", tip_cents: null });
      for (const bad of ["abc", "-1", "1.234", "1,000"]) {
        const response = await pay(token, bad);
        expect(response.statusCode, bad).toBe(400);
        expect(fieldMessage(response, "tip")).toBe(M.consumer_tip);
      }
      const huge = await pay(token, "100000000");
      expect(huge.statusCode).toBe(400);
      expect(fieldMessage(huge, "tip")).toBe(M.total_too_large);
      const first = await pay(token, "5.50");
      expect(first.json()).toMatchObject({ tip_cents: 550, total_cents: 10550 });
      // The same tip again keeps the order; another tip replaces it, and the first token can no longer pay.
      const same = await pay(token, "5.50");
      expect(same.statusCode).toBe(200);
      const changed = await pay(token, "7");
      expect(changed.json()).toMatchObject({ tip_cents: 700, total_cents: 10700 });
      const stale = await payCard(app, first.json().payment_token);
      expect(stale.statusCode, stale.body).toBe(410);
      const paid = await payCard(app, changed.json().payment_token);
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await details(request.id)).json()).toMatchObject({ state: "paid", tip_cents: 700 });
      // No tip typed is a tip of zero.
      const zero = await made({ tip_type: "consumer" });
      expect((await pay(tokenOf(zero), "")).json()).toMatchObject({ tip_cents: 0, total_cents: 10000 });
    });

    it("refuses to pay a cancelled or expired request, and lists each state", async () => {
      const cancelled = await made({ merchant_order_id: "R2P-CANCEL" });
      const cancel = await app.inject({
        method: "POST",
        url: `/api/request-to-pay/${cancelled.id}/cancel`,
        headers: owner.headers,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json().state).toBe("cancelled");
      const refused = await pay(tokenOf(cancelled));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe("This request is cancelled and cannot be paid.");
      expect((await page(tokenOf(cancelled))).json().state).toBe("cancelled");

      const expired = await made({ merchant_order_id: "R2P-EXPIRE" });
      await app.payments.db
        .updateTable("request_to_pay")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("id", "=", expired.id)
        .execute();
      expect((await details(expired.id)).json().state).toBe("expired");
      expect((await pay(tokenOf(expired))).statusCode).toBe(409);
      const edit = await app.inject({
        method: "PUT",
        url: `/api/request-to-pay/${expired.id}`,
        headers: owner.headers,
        payload: BODY,
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().detail).toBe("This request is expired and cannot be edited.");

      for (const state of ["created", "sent", "paid", "expired", "cancelled"]) {
        const list = await app.inject({
          url: `/api/request-to-pay?is_live=false&state=${state}&page_size=100`,
          headers: owner.headers,
        });
        expect(list.statusCode, list.body).toBe(200);
        const results = list.json().results as { state: string }[];
        expect(results.length, state).toBeGreaterThan(0);
        expect(results.every((r) => r.state === state)).toBe(true);
      }
    });

    it("edits an unpaid request, and a started payment's amount follows the edit", async () => {
      const request = await made({ tip_type: "fixed", tip_value: "5", send: true });
      const token = tokenOf(request);
      const started = await pay(token);
      const edit = await app.inject({
        method: "PUT",
        url: `/api/request-to-pay/${request.id}`,
        headers: owner.headers,
        payload: { ...BODY, amount_cents: 20000, tip_type: "percentage", tip_value: "10", purpose: "New" },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json()).toMatchObject({
        amount_cents: 20000,
        tip_type: "percentage",
        tip_value: "10",
        state: "sent",
      });
      expect((await payCard(app, started.json().payment_token)).statusCode).toBe(410);
      expect((await pay(token)).json()).toMatchObject({ tip_cents: 2000, total_cents: 22000 });
    });
  });

  it("keeps each merchant's requests its own", async () => {
    const request = await made({ merchant_order_id: "R2P-MINE" });
    expect((await details(request.id, stranger)).statusCode).toBe(404);
    for (const [method, url] of [
      ["PUT", `/api/request-to-pay/${request.id}`],
      ["POST", `/api/request-to-pay/${request.id}/send`],
      ["POST", `/api/request-to-pay/${request.id}/cancel`],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: stranger.headers,
        ...(method === "PUT" ? { payload: BODY } : {}),
      });
      expect(response.statusCode, url).toBe(404);
    }
    const list = await app.inject({ url: "/api/request-to-pay?is_live=false", headers: stranger.headers });
    expect(list.json().count).toBe(0);
    // The stranger's own request cannot reuse another merchant's order id space: it is per merchant.
    expect((await create({ merchant_order_id: "R2P-MINE" }, stranger)).statusCode).not.toBe(409);
  });

  it("answers 404 for an unknown token", async () => {
    expect((await page("0".repeat(32))).statusCode).toBe(404);
    expect((await pay("0".repeat(32))).statusCode).toBe(404);
  });
});
