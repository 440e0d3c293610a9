import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTransaction } from "../callbacks/hmac.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { AUTH_FAILED_MESSAGE } from "./simulator.ts";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "./test-support.ts";

describeEachDatabase("payments through the hosted checkout", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app, { redirectUrl: "https://merchant.example/return" });
  });
  afterAll(() => app.close());

  const order = (id: number) =>
    app.payments.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const transaction = (id: number) =>
    app.payments.db.selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  describe("cards", () => {
    it("pays with the sandbox card and redirects with a signed response callback", async () => {
      const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
      const response = await payCard(app, token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.state).toBe("done");
      expect(body.transaction).toMatchObject({
        success: true,
        pending: false,
        txn_response_code: "APPROVED",
      });
      const url = new URL(body.redirect_url);
      expect(url.origin + url.pathname).toBe("https://merchant.example/return");
      const flat = Object.fromEntries(url.searchParams);
      expect(flat).toMatchObject({
        success: "true",
        "source_data.pan": "2346",
        "source_data.sub_type": "MasterCard",
      });
      expect(signTransaction(flat, m.keys.hmacSecret)).toBe(flat.hmac);
      expect(await order(orderId)).toMatchObject({ paid_amount_cents: 10000, payment_status: "PAID" });
      const tx = await transaction(body.transaction.id);
      expect(tx).toMatchObject({
        status: "success",
        is_3d_secure: true,
        card_first6: "512345",
        card_last4: "2346",
      });
      // The card number itself is never stored.
      expect(JSON.stringify(tx)).not.toContain("5123456789012346");
    });

    it("declines the insufficient-funds card and leaves the order unpaid", async () => {
      const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
      const body = (await payCard(app, token, { pan: "4000000000000002" })).json();
      expect(body.transaction).toMatchObject({
        success: false,
        pending: false,
        message: "Insufficient funds",
      });
      expect(new URL(body.redirect_url).searchParams.get("success")).toBe("false");
      expect(await order(orderId)).toMatchObject({ paid_amount_cents: 0, payment_status: "UNPAID" });
    });

    it("asks for the 3-D Secure code and accepts 123456", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const first = (await payCard(app, token, { pan: "4000000000003220" })).json();
      expect(first.state).toBe("challenge");
      const done = await app.inject({
        method: "POST",
        url: "/api/checkout/3ds",
        payload: { payment_token: token, challenge_id: first.challenge_id, otp: "123456" },
      });
      expect(done.json()).toMatchObject({
        state: "done",
        transaction: { id: first.transaction_id, success: true },
      });
      expect(await transaction(first.transaction_id)).toMatchObject({ is_3d_secure: true, trnx_type: "3ds" });
    });

    it("fails the challenge with a wrong code, and the 3-D Secure failure card outright", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const first = (await payCard(app, token, { pan: "4000000000003220" })).json();
      const wrong = await app.inject({
        method: "POST",
        url: "/api/checkout/3ds",
        payload: { payment_token: token, challenge_id: first.challenge_id, otp: "000000" },
      });
      expect(wrong.json().transaction).toMatchObject({ success: false, message: AUTH_FAILED_MESSAGE });
      const again = await payCard(app, token, { pan: "4000000000003063" });
      expect(again.json().transaction).toMatchObject({ success: false, message: AUTH_FAILED_MESSAGE });
    });

    it("keeps the pending card pending and times out the timeout card", async () => {
      const a = await paymentTokenFor(app, m, m.integrations.card);
      expect((await payCard(app, a.token, { pan: "4000000000000259" })).json().transaction).toMatchObject({
        success: false,
        pending: true,
      });
      const b = await paymentTokenFor(app, m, m.integrations.card);
      expect((await payCard(app, b.token, { pan: "4000000000000119" })).json().transaction).toMatchObject({
        success: false,
        pending: false,
        message: "Transaction timed out",
      });
    });

    it("allows three attempts per payment token, then answers 409", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      for (let i = 0; i < 3; i++)
        expect((await payCard(app, token, { pan: "4000000000000002" })).statusCode).toBe(200);
      const fourth = await payCard(app, token);
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().code).toBe("attempts_exhausted");
      const info = await app.inject({ url: `/api/checkout/payment?payment_token=${token}` });
      expect(info.json().attempts_left).toBe(0);
    });

    it("refuses a second payment of a paid order and reports the state paid", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      expect((await payCard(app, token)).json().transaction.success).toBe(true);
      const again = await payCard(app, token);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("already_paid");
      expect((await app.inject({ url: `/api/checkout/payment?payment_token=${token}` })).json().state).toBe(
        "paid",
      );
    });

    it("answers 400 with the wrong fields, without using an attempt", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const response = await payCard(app, token, { pan: "5123456789012345", cvv: "1" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "invalid" });
      expect(Object.keys(response.json().fields).sort()).toEqual(["cvv", "pan"]);
      const info = (await app.inject({ url: `/api/checkout/payment?payment_token=${token}` })).json();
      expect(info.attempts_left).toBe(3);
    });

    it("replays a payment sent twice with the same Idempotency-Key instead of paying twice", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const headers = { "idempotency-key": "pay-once-1" };
      const first = (await payCard(app, token, {}, headers)).json();
      const second = (await payCard(app, token, {}, headers)).json();
      expect(second).toEqual(first);
      const count = await app.payments.db
        .selectFrom("transactions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("payment_key_id", "=", (await transaction(first.transaction.id)).payment_key_id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it("limits payment submissions per payment token (429 after 30 a minute)", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await app.inject({
          method: "POST",
          url: "/api/simulator/kiosk/pay",
          payload: { bill_reference: "rate-limit-probe" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it("counts card submissions with the payment's read: 429 after 30 a minute, for a bad token too", async () => {
      const submit = (token: string) =>
        app.inject({
          method: "POST",
          url: "/api/checkout/card",
          payload: {
            payment_token: token,
            card_holder: "Test Account",
            pan: "4000000000000002",
            expiry_month: 1,
            expiry_year: 39,
            cvv: "123",
          },
        });
      const bad: number[] = [];
      for (let i = 0; i < 31; i++) bad.push((await submit("pt_zz_not-a-token")).statusCode);
      expect(bad.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(bad[30]).toBe(429);
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const good: number[] = [];
      for (let i = 0; i < 31; i++) good.push((await submit(token)).statusCode);
      // The declining test card leaves the payment open: 3 attempts, then no attempts left, then the limit.
      expect(good.slice(0, 3)).toEqual([200, 200, 200]);
      expect(good.slice(3, 30).every((s) => s === 409)).toBe(true);
      expect(good[30]).toBe(429);
      expect((await submit(token)).json()).toMatchObject({ code: "rate_limited" });
    });

    it("answers 410 expired once the payment key has expired, and refuses to pay", async () => {
      const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
      await app.payments.db
        .updateTable("payment_keys")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("order_id", "=", orderId)
        .execute();
      const info = await app.inject({ url: `/api/checkout/payment?payment_token=${token}` });
      expect(info.statusCode).toBe(410);
      expect(info.json().code).toBe("expired");
      const pay = await payCard(app, token);
      expect(pay.statusCode).toBe(410);
      expect(await order(orderId)).toMatchObject({ paid_amount_cents: 0 });
    });

    it("answers 404 for an unknown or forged token", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const forged = `${token.slice(0, -3)}AAA`;
      for (const t of ["nope", forged]) {
        const response = await app.inject({
          url: `/api/checkout/payment?payment_token=${encodeURIComponent(t)}`,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("invalid_token");
      }
    });

    it("pays valU in installments with a chosen plan", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.valu);
      const info = (await app.inject({ url: `/api/checkout/payment?payment_token=${token}` })).json();
      expect(info.method.name).toBe("valu");
      expect(info.installment_plans.map((p: { months: number }) => p.months)).toEqual([3, 6, 9, 12]);
      expect((await payCard(app, token)).statusCode).toBe(400);
      const paid = (await payCard(app, token, { installment_months: 6 })).json();
      expect(paid.transaction.success).toBe(true);
      expect(await transaction(paid.transaction.id)).toMatchObject({ is_installment: true });
    });

    it("takes moto payments without 3-D Secure", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.moto);
      const paid = (await payCard(app, token, { pan: "4000000000003220" })).json();
      expect(paid).toMatchObject({ state: "done", transaction: { success: true } });
      expect(await transaction(paid.transaction.id)).toMatchObject({
        is_3d_secure: false,
        trnx_type: "standalone",
      });
    });
  });

  describe("wallet, kiosk, cash and saved cards", () => {
    it("runs the sandbox wallet: pending with a redirect, then MPIN and OTP", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.wallet);
      const pay = await app.inject({
        method: "POST",
        url: "/api/acceptance/payments/pay",
        payload: { source: { identifier: "01010101010", subtype: "WALLET" }, payment_token: token },
      });
      expect(pay.statusCode, pay.body).toBe(200);
      const obj = pay.json();
      expect(obj).toMatchObject({ pending: true, success: false });
      expect(obj.redirect_url).toContain(`/checkout/wallet?payment_token=`);
      expect(obj.iframe_redirection_url).toBe(obj.redirect_url);
      const confirm = await app.inject({
        method: "POST",
        url: "/api/checkout/wallet",
        payload: { payment_token: token, transaction_id: obj.id, mpin: "123456", otp: "123456" },
      });
      expect(confirm.json()).toMatchObject({
        state: "done",
        transaction: { success: true, txn_response_code: "200" },
      });
      const tx = await transaction(obj.id);
      expect(tx.data).toMatchObject({ source_data: { type: "wallet", sub_type: "wallet" } });
    });

    it("gives a kiosk reference that the simulator pays later", async () => {
      const { token, orderId } = await paymentTokenFor(app, m, m.integrations.kiosk);
      const ref = (
        await app.inject({ method: "POST", url: "/api/checkout/kiosk", payload: { payment_token: token } })
      ).json();
      expect(ref.bill_reference).toMatch(/^\d{9}$/);
      const again = (
        await app.inject({ method: "POST", url: "/api/checkout/kiosk", payload: { payment_token: token } })
      ).json();
      expect(again.bill_reference).toBe(ref.bill_reference);
      const paid = await app.inject({
        method: "POST",
        url: "/api/simulator/kiosk/pay",
        payload: { bill_reference: ref.bill_reference },
      });
      expect(paid.json()).toMatchObject({ id: ref.transaction_id, success: true, pending: false });
      expect(await order(orderId)).toMatchObject({ payment_status: "PAID" });
      const twice = await app.inject({
        method: "POST",
        url: "/api/simulator/kiosk/pay",
        payload: { bill_reference: ref.bill_reference },
      });
      expect(twice.statusCode).toBe(409);
    });

    it("leaves a cash payment pending", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.cash);
      const pay = await app.inject({
        method: "POST",
        url: "/api/acceptance/payments/pay",
        payload: { source: { identifier: "cash", subtype: "CASH" }, payment_token: token },
      });
      expect(pay.json()).toMatchObject({
        pending: true,
        success: false,
        source_data: { type: "cash_present" },
      });
    });

    it("refuses a source the integration does not take", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const pay = await app.inject({
        method: "POST",
        url: "/api/acceptance/payments/pay",
        payload: { source: { identifier: "01010101010", subtype: "WALLET" }, payment_token: token },
      });
      expect(pay.statusCode).toBe(400);
    });

    it("saves a card on request and pays a moto payment with its token", async () => {
      const first = await paymentTokenFor(app, m, m.integrations.card);
      const paid = (await payCard(app, first.token, { save_card: true })).json();
      expect(paid.transaction.success).toBe(true);
      const tokens = await app.inject({
        method: "POST",
        url: "/api/acceptance/order_card_tokens",
        headers: { authorization: `Token ${m.keys.secretKeyTest}` },
        payload: { order_id: first.orderId },
      });
      expect(tokens.statusCode, tokens.body).toBe(200);
      const [saved] = tokens.json();
      expect(saved).toMatchObject({
        type: "TOKEN",
        obj: { masked_pan: "xxxx-xxxx-xxxx-2346", card_subtype: "MasterCard" },
      });
      const moto = await paymentTokenFor(app, m, m.integrations.moto);
      const charge = await app.inject({
        method: "POST",
        url: "/api/acceptance/payments/pay",
        payload: { source: { identifier: saved.obj.token, subtype: "TOKEN" }, payment_token: moto.token },
      });
      expect(charge.json()).toMatchObject({ success: true, source_data: { pan: "2346", type: "card" } });
      const unknown = await paymentTokenFor(app, m, m.integrations.moto);
      const bad = await app.inject({
        method: "POST",
        url: "/api/acceptance/payments/pay",
        payload: { source: { identifier: "0".repeat(56), subtype: "TOKEN" }, payment_token: unknown.token },
      });
      expect(bad.statusCode).toBe(404);
    });
  });
});
