import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { up as correctPaidAmounts } from "../db/migrations/0018_order_paid_from_captures.ts";
import { captureTransaction, voidTransaction } from "../payments/operations.service.ts";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { plainOrderTotals, rollupOrderTotals } from "../transactions/totals.repository.ts";

/**
 * An order's paid amount is the money captured for it (issue 10, item 10): an authorisation pays nothing until
 * captured, a capture pays what it captured, a void takes it back. The first-use audit saw EGP 48,999 paid after
 * a partial capture of EGP 20,000 on an EGP 28,999 authorisation of the demo data; migration 0018 corrects such
 * rows.
 */
describeEachDatabase("an order's paid amount is the money captured", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
    const db = app.payments.db;
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("id", "=", m.ownerId)
      .executeTakeFirstOrThrow();
    owner = await fixtures(db).session(user);
  });
  afterAll(() => app.close());

  /** The paid amount the merchant sees on the order's page (test mode). */
  const shownPaid = async (orderId: number) => {
    const res = await app.inject({
      method: "GET",
      url: `/api/orders/${orderId}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().order.paid_amount_cents as number;
  };

  it("authorise 28,999, capture 20,000, capture again, void: paid is the captured sum at every step", async () => {
    const { token, orderId } = await paymentTokenFor(app, m, m.integrations.auth, {
      amount: 2_899_900,
      items: [{ name: "Sofa", amount: 2_899_900, quantity: 1 }],
    });
    const paid = await payCard(app, token);
    expect(paid.json().transaction.success).toBe(true);
    const id = paid.json().transaction.id as number;
    const caller = { merchantId: m.merchantId, isLive: false };
    expect(await shownPaid(orderId)).toBe(0);

    await captureTransaction(app.payments, caller, { transactionId: id, amountCents: 2_000_000 });
    expect(await shownPaid(orderId)).toBe(2_000_000);

    // A second capture is refused (a partial capture releases the rest): nothing more is paid.
    await expect(
      captureTransaction(app.payments, caller, { transactionId: id, amountCents: 899_900 }),
    ).rejects.toThrow();
    expect(await shownPaid(orderId)).toBe(2_000_000);

    await voidTransaction(app.payments, caller, { transactionId: id });
    expect(await shownPaid(orderId)).toBe(0);
  });

  it("migration 0018 corrects orders an uncaptured, partly captured or voided payment counted as paid", async () => {
    const db = app.payments.db;
    const r = rows(db);
    const merchantId = m.merchantId;
    const at = new Date("2026-03-10T10:00:00Z");
    // The demo data's wrong rows: an auth counted in full, then its capture added on top.
    const order = (amount: number, paid: number) =>
      r.order(merchantId, {
        amount_cents: amount,
        paid_amount_cents: paid,
        payment_status: paid >= amount ? "PAID" : "UNPAID",
        created_at: at,
      });
    const payment = (orderId: number, o: Parameters<typeof r.payment>[1]) =>
      r.payment(merchantId, { order_id: orderId, created_at: at, ...o });
    const partlyCaptured = await order(2_899_900, 4_899_900);
    const auth = await payment(partlyCaptured.id, {
      amount_cents: 2_899_900,
      trnx_type: "auth",
      is_auth: true,
      is_captured: true,
      captured_amount_cents: 2_000_000,
    });
    await payment(partlyCaptured.id, {
      amount_cents: 2_000_000,
      trnx_type: "capture",
      is_capture: true,
      parent_transaction_id: auth.id,
    });
    const uncaptured = await order(5000, 5000);
    await payment(uncaptured.id, { amount_cents: 5000, trnx_type: "auth", is_auth: true });
    const voidedSale = await order(7000, 7000);
    await payment(voidedSale.id, { amount_cents: 7000, is_voided: true });
    const sale = await order(9000, 9000);
    await payment(sale.id, { amount_cents: 9000 });
    const canceled = await r.order(merchantId, {
      amount_cents: 3000,
      paid_amount_cents: 3000,
      payment_status: "CANCELED",
      is_canceled: true,
      created_at: at,
    });
    await payment(canceled.id, { amount_cents: 3000, trnx_type: "auth", is_auth: true });

    await correctPaidAmounts(db as never);

    const after = await db
      .selectFrom("orders")
      .select(["id", "paid_amount_cents", "payment_status"])
      .where("id", "in", [partlyCaptured.id, uncaptured.id, voidedSale.id, sale.id, canceled.id])
      .execute();
    const byId = new Map(after.map((o) => [o.id, o]));
    expect(byId.get(partlyCaptured.id)).toMatchObject({
      paid_amount_cents: 2_000_000,
      payment_status: "UNPAID",
    });
    expect(byId.get(uncaptured.id)).toMatchObject({ paid_amount_cents: 0, payment_status: "UNPAID" });
    expect(byId.get(voidedSale.id)).toMatchObject({ paid_amount_cents: 0, payment_status: "UNPAID" });
    expect(byId.get(sale.id)).toMatchObject({ paid_amount_cents: 9000, payment_status: "PAID" });
    expect(byId.get(canceled.id)).toMatchObject({ paid_amount_cents: 0, payment_status: "CANCELED" });

    // The orders header's rollup moved with the rows.
    const scope = { kind: "merchant" as const, merchantId, terminalId: null };
    const range = { isLive: true, from: undefined, to: undefined };
    const plain = await plainOrderTotals(db, scope, range);
    expect(plain.find((t) => t.currency === "EGP")?.processed).toBe(2_000_000 + 9000);
    expect(await rollupOrderTotals(db, scope, range)).toEqual(plain);
  });
});
