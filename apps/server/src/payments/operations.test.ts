import { formatAmount, messageText } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { voidLapsedAuths } from "./operations.service.ts";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "./test-support.ts";

describeEachDatabase("refund, void and capture through the public API", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
  });
  afterAll(() => app.close());

  const paid = async (integration: number = m.integrations.card, amount = 10000) => {
    const { token, orderId } = await paymentTokenFor(app, m, integration, {
      amount,
      items: [{ name: "Item", amount, quantity: 1 }],
    });
    const body = (await payCard(app, token)).json();
    if (!body.transaction?.success) throw new Error(`payment failed: ${JSON.stringify(body)}`);
    return { id: body.transaction.id as number, orderId };
  };
  const op = (path: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: path,
      headers: { authorization: `Token ${m.keys.secretKeyTest}`, ...headers },
      payload,
    });
  const refund = (id: number, amount: number, headers?: Record<string, string>) =>
    op("/api/acceptance/void_refund/refund", { transaction_id: id, amount_cents: amount }, headers);
  const parent = (id: number) =>
    app.payments.db.selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  describe("refunds", () => {
    it("refunds partly, then the rest, and answers the refund transaction", async () => {
      const { id } = await paid();
      const first = await refund(id, 3000);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        success: true,
        is_refund: true,
        amount_cents: 3000,
        parent_transaction: id,
        has_parent_transaction: true,
      });
      expect(await parent(id)).toMatchObject({ refunded_amount_cents: 3000, is_refunded: true });
      expect((await refund(id, 7000)).statusCode).toBe(200);
      expect((await parent(id)).refunded_amount_cents).toBe(10000);
      const nothing = await refund(id, 1);
      expect(nothing.statusCode).toBe(422);
      expect(nothing.json().detail).toBe(messageText("refund_422"));
    });

    it("refuses more than what remains with the spec's message", async () => {
      const { id } = await paid();
      const response = await refund(id, 10001);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: "Please enter the amount less than (Transaction amount - Refunded amount).",
        code: "exceeds_remaining",
      });
      expect((await parent(id)).refunded_amount_cents).toBe(0);
    });

    it("refuses a partial refund leaving 500 or less", async () => {
      const { id } = await paid();
      const response = await refund(id, 9600);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("remainder_too_small");
      expect((await refund(id, 9499)).statusCode).toBe(200);
    });

    it("refuses kiosk payments", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.kiosk);
      const ref = (
        await app.inject({ method: "POST", url: "/api/checkout/kiosk", payload: { payment_token: token } })
      ).json();
      await app.inject({
        method: "POST",
        url: "/api/simulator/kiosk/pay",
        payload: { bill_reference: ref.bill_reference },
      });
      const response = await refund(ref.transaction_id, 1000);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe("kiosk_not_refundable");
    });

    it("replays a refund sent again with the same Idempotency-Key, and refuses the key for another amount", async () => {
      const { id } = await paid();
      const headers = { "idempotency-key": `refund-${id}` };
      const first = await refund(id, 2000, headers);
      const second = await refund(id, 2000, headers);
      expect(second.statusCode).toBe(200);
      expect(second.headers["idempotent-replayed"]).toBe("true");
      expect(second.json().id).toBe(first.json().id);
      expect((await parent(id)).refunded_amount_cents).toBe(2000);
      const other = await refund(id, 3000, headers);
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe("idempotency_key_reused");
    });

    it("accepts the older auth_token in the body and a Bearer auth token", async () => {
      const { id } = await paid();
      const auth = await app.inject({
        method: "POST",
        url: "/api/auth/tokens",
        payload: { api_key: m.keys.apiKey },
      });
      const token = auth.json().token;
      const inBody = await app.inject({
        method: "POST",
        url: "/api/acceptance/void_refund/refund/",
        payload: { auth_token: token, transaction_id: String(id), amount_cents: "1000" },
      });
      expect(inBody.statusCode, inBody.body).toBe(200);
      const bearer = await app.inject({
        method: "POST",
        url: "/api/acceptance/void_refund/refund",
        headers: { authorization: `Bearer ${token}` },
        payload: { transaction_id: id, amount_cents: 1000 },
      });
      expect(bearer.statusCode).toBe(200);
      expect((await parent(id)).refunded_amount_cents).toBe(2000);
    });

    it("does not let the live secret key touch a test transaction, nor another merchant", async () => {
      const { id } = await paid();
      const live = await app.inject({
        method: "POST",
        url: "/api/acceptance/void_refund/refund",
        headers: { authorization: `Token ${m.keys.secretKeyLive}` },
        payload: { transaction_id: id, amount_cents: 1000 },
      });
      expect(live.statusCode).toBe(404);
      const other = await testMerchant(app);
      const foreign = await app.inject({
        method: "POST",
        url: "/api/acceptance/void_refund/refund",
        headers: { authorization: `Token ${other.keys.secretKeyTest}` },
        payload: { transaction_id: id, amount_cents: 1000 },
      });
      expect(foreign.statusCode).toBe(404);
      expect((await parent(id)).refunded_amount_cents).toBe(0);
    });
  });

  describe("voids", () => {
    it("voids a card payment once, unpays its order, and refuses a refund afterwards", async () => {
      const { id, orderId } = await paid();
      const voided = await op("/api/acceptance/void_refund/void", { transaction_id: id });
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json()).toMatchObject({ is_void: true, success: true, parent_transaction: id });
      expect(await parent(id)).toMatchObject({ is_voided: true });
      const order = await app.payments.db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ paid_amount_cents: 0, payment_status: "UNPAID" });
      const again = await op("/api/acceptance/void_refund/void", { transaction_id: id });
      expect(again.statusCode).toBe(422);
      expect(again.json().detail).toBe(messageText("void_422"));
      expect((await refund(id, 1000)).statusCode).toBe(422);
    });

    it("refuses to void a refunded payment and a wallet payment", async () => {
      const { id } = await paid();
      await refund(id, 1000);
      expect((await op("/api/acceptance/void_refund/void", { transaction_id: id })).statusCode).toBe(422);
      const { token } = await paymentTokenFor(app, m, m.integrations.wallet);
      const pending = (
        await app.inject({
          method: "POST",
          url: "/api/acceptance/payments/pay",
          payload: { source: { identifier: "01010101010", subtype: "WALLET" }, payment_token: token },
        })
      ).json();
      await app.inject({
        method: "POST",
        url: "/api/checkout/wallet",
        payload: { payment_token: token, transaction_id: pending.id, mpin: "123456", otp: "123456" },
      });
      const wallet = await op("/api/acceptance/void_refund/void", { transaction_id: pending.id });
      expect(wallet.statusCode).toBe(422);
      expect(wallet.json().code).toBe("not_card");
    });
  });

  describe("captures", () => {
    it("captures an auth up to its amount, once; the order is paid only by the capture", async () => {
      const { id, orderId } = await paid(m.integrations.auth);
      expect(await parent(id)).toMatchObject({ is_auth: true, trnx_type: "auth" });
      const order = () =>
        app.payments.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      expect((await order()).paid_amount_cents).toBe(0);
      const tooMuch = await op("/api/acceptance/capture", { transaction_id: id, amount_cents: 10001 });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().detail).toBe("Entered capture amount exceeds the allowable maximum");
      const captured = await op("/api/acceptance/capture", { transaction_id: id, amount_cents: 8000 });
      expect(captured.statusCode).toBe(200);
      expect(captured.json()).toMatchObject({ is_capture: true, amount_cents: 8000 });
      expect(await parent(id)).toMatchObject({ is_captured: true, captured_amount_cents: 8000 });
      expect((await order()).paid_amount_cents).toBe(8000);
      const twice = await op("/api/acceptance/capture", { transaction_id: id, amount_cents: 1000 });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().detail).toBe(messageText("capture_400"));
      // Refunds of an auth are limited by what was captured.
      expect((await refund(id, 8001)).statusCode).toBe(400);
      expect((await refund(id, 8000)).statusCode).toBe(200);
    });

    it("answers 404 with the spec's message for a payment that is not an auth", async () => {
      const { id } = await paid();
      const response = await op("/api/acceptance/capture", { transaction_id: id, amount_cents: 100 });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(messageText("capture_404"));
    });

    it("answers 200 with success false for a voided auth", async () => {
      const { id } = await paid(m.integrations.auth);
      expect((await op("/api/acceptance/void_refund/void", { transaction_id: id })).statusCode).toBe(200);
      const response = await op("/api/acceptance/capture", { transaction_id: id, amount_cents: 100 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: false, detail: messageText("capture_200") });
    });
  });

  it("voids auths left uncaptured for 14 days, and only those", async () => {
    const lapsed = (await paid(m.integrations.auth)).id;
    const fresh = (await paid(m.integrations.auth)).id;
    await app.payments.db
      .updateTable("transactions")
      .set({ created_at: new Date(Date.now() - 15 * 86_400_000) })
      .where("id", "=", lapsed)
      .execute();
    expect(await voidLapsedAuths(app.payments)).toBe(1);
    expect(await parent(lapsed)).toMatchObject({ is_voided: true });
    expect(await parent(fresh)).toMatchObject({ is_voided: false });
    const child = await app.payments.db
      .selectFrom("transactions")
      .selectAll()
      .where("parent_transaction_id", "=", lapsed)
      .executeTakeFirstOrThrow();
    expect(child).toMatchObject({ trnx_type: "void", created_by: "SYSTEM", amount_cents: 10000 });
    expect(await voidLapsedAuths(app.payments)).toBe(0);
  });

  it("keeps three-decimal currencies in thousandths (Oman)", async () => {
    const oman = await testMerchant(app, { country: "OMN" });
    const intention = await app.inject({
      method: "POST",
      url: "/v1/intention/",
      headers: { authorization: `Token ${oman.keys.secretKeyTest}` },
      payload: {
        amount: 12345,
        currency: "OMR",
        payment_methods: [oman.integrations.card],
        billing_data: { first_name: "A", last_name: "B", email: "a@b.om", phone_number: "+96890000000" },
      },
    });
    expect(intention.statusCode, intention.body).toBe(201);
    const token = intention.json().payment_keys[0].key;
    const info = (await app.inject({ url: `/api/checkout/payment?payment_token=${token}` })).json();
    expect(info).toMatchObject({ amount_cents: 12345, currency: "OMR", exponent: 3 });
    const paidTx = (await payCard(app, token)).json();
    expect(paidTx.transaction.success).toBe(true);
    const response = await app.inject({
      method: "POST",
      url: "/api/acceptance/void_refund/refund",
      headers: { authorization: `Token ${oman.keys.secretKeyTest}` },
      payload: { transaction_id: paidTx.transaction.id, amount_cents: 11900 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      messageText("partial_refund_remainder", { minimum: formatAmount(500, "OMR", "en") }),
    );
    expect(formatAmount(500, "OMR", "en")).toContain("0.500");
  });
});
