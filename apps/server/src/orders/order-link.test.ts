import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { paymentTokenFor, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";

/**
 * The order details' "Order link" (issue 10, item 10): it was the raw /api/ecommerce/orders/{id} address, which
 * opens a JSON error page in a browser. It is the order's hosted payment page while the order has a payment key
 * that has not expired, and null otherwise (no dead link).
 */
describeEachDatabase("the order link opens the order's payment page", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
    owner = await fixtures(app.payments.db).session({ id: m.ownerId });
  });
  afterAll(() => app.close());

  const link = async (orderId: number) => {
    const res = await app.inject({ url: `/api/orders/${orderId}`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order.order_link as string | null;
  };

  it("is the hosted payment page of the order's payment key, and that page's token opens", async () => {
    const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card, {
      amount: 10000,
      items: [{ name: "Item", amount: 10000, quantity: 1 }],
    });
    const url = await link(orderId);
    expect(url).not.toBeNull();
    const parsed = new URL(url!);
    expect(parsed.pathname).toBe("/checkout/pay");
    expect(parsed.pathname).not.toMatch(/^\/api\//);
    expect(parsed.searchParams.get("payment_token")).toBe(token);
    // What the page reads for that token: the order's payment, not an error.
    const page = await app.inject({
      url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ order_id: orderId, state: "open" });
  });

  it("is null for an order without a payment page (made outside the payment core, or canceled)", async () => {
    const r = rows(app.payments.db);
    const plain = await r.order(m.merchantId, { is_live: false });
    expect(await link(plain.id)).toBeNull();
    const { orderId } = await paymentTokenFor(app, m, m.integrations.card, {
      amount: 10000,
      items: [{ name: "Item", amount: 10000, quantity: 1 }],
    });
    await app.payments.db
      .updateTable("orders")
      .set({ is_canceled: true })
      .where("id", "=", orderId)
      .execute();
    expect(await link(orderId)).toBeNull();
  });
});
