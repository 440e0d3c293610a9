import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

/** QR Code Payment (docs/selling.md "QR payment"): create, the QR's address, and every Check Status outcome. */
describeEachDatabase("QR payment", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let other: TestSession;
  let noWallet: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    const user = await fx.user("Merchant");
    owner = await fx.session(user);
    await fx.integration(user.merchant_id!, { is_live: false, type: "online", gateway_type: "VPC" });
    await fx.integration(user.merchant_id!, { is_live: false, type: "vodafone", gateway_type: "UIG" });
    const second = await fx.user("Merchant");
    await fx.integration(second.merchant_id!, { is_live: false, type: "vodafone", gateway_type: "UIG" });
    other = await fx.session(second);
    const third = await fx.user("Merchant");
    await fx.integration(third.merchant_id!, { is_live: false });
    noWallet = await fx.session(third);
  });
  afterAll(async () => {
    await app.close();
  });

  const create = (session: TestSession, amount: string) =>
    app.inject({
      method: "POST",
      url: "/api/qr-payments",
      headers: session.bearer,
      payload: { amount, is_live: false },
    });
  const status = (session: TestSession, id: number) =>
    app.inject({ url: `/api/qr-payments/${id}`, headers: session.bearer });

  /** The customer scans the QR, pays with a wallet on the hosted page and confirms with MPIN and OTP. */
  async function payWithWallet(paymentUrl: string, wallet: string) {
    const token = new URL(paymentUrl).searchParams.get("payment_token")!;
    const pay = await app.inject({
      method: "POST",
      url: "/api/acceptance/payments/pay",
      payload: { source: { identifier: wallet, subtype: "WALLET" }, payment_token: token },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const confirm = await app.inject({
      method: "POST",
      url: "/api/checkout/wallet",
      payload: { payment_token: token, transaction_id: pay.json().id, mpin: "123456", otp: "123456" },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
  }

  it("answers the merchant's name and its wallet currency, or none", async () => {
    const setup = await app.inject({ url: "/api/qr-payments/setup?is_live=false", headers: owner.bearer });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ currency: "EGP" });
    expect(setup.json().merchant_name).toBeTruthy();
    const none = await app.inject({ url: "/api/qr-payments/setup?is_live=false", headers: noWallet.bearer });
    expect(none.json()).toMatchObject({ currency: null, integration_id: null });
    const live = await app.inject({ url: "/api/qr-payments/setup?is_live=true", headers: owner.bearer });
    expect(live.json().currency).toBeNull();
  });

  it("refuses a bad amount and a merchant without a wallet integration", async () => {
    for (const amount of ["", "abc", "0", "-5", "1.234", "99999999999999999"]) {
      const res = await create(owner, amount);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().fields).toEqual({ amount: ["invalid_amount"] });
    }
    const res = await create(noWallet, "10");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("qr_no_wallet");
  });

  it("creates an intention whose hosted pay page the QR encodes, pending until paid", async () => {
    const res = await create(owner, "150.50");
    expect(res.statusCode, res.body).toBe(201);
    const qr = res.json();
    expect(qr).toMatchObject({ amount_cents: 15050, currency: "EGP", is_live: false });
    expect(qr.payment_url).toMatch(/\/checkout\/pay\?payment_token=/);
    const page = await app.inject({
      url: `/api/checkout/payment?payment_token=${encodeURIComponent(new URL(qr.payment_url).searchParams.get("payment_token")!)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const first = await status(owner, qr.id);
    expect(first.json()).toMatchObject({
      status: "pending",
      transaction_id: null,
      message: null,
      reason: null,
    });
  });

  it("reaches Transaction Successful, Declined (insufficient funds) and Pending with the test wallets", async () => {
    const outcomes = [
      { wallet: "01010101010", status: "success", reason: null },
      { wallet: "01000000002", status: "declined", reason: "insufficient_funds" },
      { wallet: "01000000259", status: "pending", reason: null },
    ];
    for (const o of outcomes) {
      const qr = (await create(owner, "25")).json();
      await payWithWallet(qr.payment_url, o.wallet);
      const res = await status(owner, qr.id);
      expect(res.statusCode).toBe(200);
      expect(res.json(), o.wallet).toMatchObject({ status: o.status, reason: o.reason });
      expect(res.json().transaction_id).toBeGreaterThan(0);
    }
  });

  it("reads only the merchant's own QR payments", async () => {
    const qr = (await create(owner, "5")).json();
    expect((await status(other, qr.id)).statusCode).toBe(404);
    expect((await status(owner, 999_999_999)).statusCode).toBe(404);
  });
});
