import { PRODUCT_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/database.ts";
import { demoPng } from "../demo/products.ts";
import { storeImage } from "../images/images.service.ts";
import { payCard, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase, describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

const DECLINED_CARD = { pan: "4000000000000002" };

/** A product body with every required field; `o` overrides. */
const body = (m: TestMerchant, o: Record<string, unknown> = {}) => ({
  name: "Handmade mug",
  description: "Stoneware, 350 ml",
  price_cents: 25_000,
  currency: "EGP",
  inventory: 5,
  delivery_needed: true,
  allow_quantity_edit: true,
  merchant_product_id: null,
  integration_ids: [m.integrations.card],
  ...o,
});

describeEachDatabase("products", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let other: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
    const fx = fixtures(app.payments.db);
    owner = await fx.session({ id: m.ownerId });
    other = await fx.session(await fx.user("Merchant"));
  });
  afterAll(() => app.close());

  const create = (payload: Record<string, unknown>, session = owner) =>
    app.inject({ method: "POST", url: "/api/products", headers: session.headers, payload });
  const made = async (payload: Record<string, unknown>) => {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const page = (publicId: string) => app.inject({ url: `/api/checkout/products/${publicId}` });
  const buy = (publicId: string, quantity = 1, integration = m.integrations.card) =>
    app.inject({
      method: "POST",
      url: `/api/checkout/products/${publicId}/purchase`,
      payload: { quantity, integration_id: integration },
    });
  const inventoryOf = async (id: number) =>
    (
      await app.payments.db
        .selectFrom("products")
        .select("inventory")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).inventory;

  it("refuses a product without its required fields, each with the spec's message, and stores nothing", async () => {
    const response = await create({});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: [PRODUCT_MESSAGES.required],
      currency: [PRODUCT_MESSAGES.required],
      price_cents: [PRODUCT_MESSAGES.required],
      inventory: [PRODUCT_MESSAGES.required],
      delivery_needed: [PRODUCT_MESSAGES.required],
      allow_quantity_edit: [PRODUCT_MESSAGES.required],
      integration_ids: ["Please select one payment at least."],
    });
    const list = await app.inject({ url: "/api/products?is_live=false", headers: owner.headers });
    expect(list.json().count).toBe(0);
  });

  it("applies the spec's field rules: 1000 characters, EGP or USD, amounts, integers, HTML, own methods", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { description: "x".repeat(1001) },
        "description",
        "Maximum allowed characters length is 1000 characters",
      ],
      [{ currency: "GBP" }, "currency", "Please select one currency."],
      [{ integration_ids: [] }, "integration_ids", "Please select one payment at least."],
      [{ price_cents: 0 }, "price_cents", "Please enter valid Amount."],
      [{ price_cents: 10.5 }, "price_cents", "Please enter valid Amount."],
      [{ inventory: -1 }, "inventory", "Please enter integer number."],
      [{ inventory: 1.5 }, "inventory", "Please enter integer number."],
      [{ name: "<b>Mug</b>" }, "name", "Please remove any HTML tags."],
      [{ name: "   " }, "name", "This field is required."],
      [{ currency: "USD" }, "integration_ids", "Choose payment methods that take USD."],
      [
        { integration_ids: [m.integrations.card, m.integrations.liveCard] },
        "integration_ids",
        "Test and live payment methods cannot be mixed.",
      ],
    ];
    for (const [o, field, message] of cases) {
      const response = await create(body(m, o));
      expect(response.statusCode, JSON.stringify(o)).toBe(400);
      expect(response.json().fields[field], JSON.stringify(o)).toEqual([message]);
    }
    // Exactly 1000 characters is allowed.
    const ok = await made(body(m, { description: "y".repeat(1000), merchant_product_id: "LEN-1000" }));
    expect(ok.description).toHaveLength(1000);
    // Another merchant's integration is not a payment method of this one.
    const theirs = await create(body(m), other);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().fields.integration_ids).toEqual([
      "Choose payment methods of your own active integrations.",
    ]);
  });

  it("takes an image of the merchant's own from the image store, and refuses another's", async () => {
    const file = { bytes: demoPng(), name: "mug.png", contentType: "image/png" };
    const mine = await storeImage(app.payments.db, m.merchantId, file, "product");
    const product = await made(body(m, { name: "Pictured", image_id: mine.id }));
    expect(product.image_url).toBe(`/api/images/${mine.id}`);
    expect((await page(product.public_id)).json().product.image_url).toBe(`/api/images/${mine.id}`);
    const theirsMerchant = (await fixtures(app.payments.db).user("Merchant")).merchant_id!;
    const theirs = await storeImage(app.payments.db, theirsMerchant, file, "product");
    for (const image_id of [theirs.id, "0".repeat(32)]) {
      const refused = await create(body(m, { image_id }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.image_id).toEqual(["Upload the image again."]);
    }
    // An edit may drop the image.
    const dropped = await app.inject({
      method: "PUT",
      url: `/api/products/${product.id}`,
      headers: owner.headers,
      payload: { image_id: null },
    });
    expect(dropped.json().image_url).toBeNull();
  });

  it("keeps the merchant product id unique per merchant ('Merchant Product ID already exists'), on edit too", async () => {
    const first = await made(body(m, { merchant_product_id: "SKU-1" }));
    const again = await create(body(m, { merchant_product_id: "SKU-1" }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      detail: "Merchant Product ID already exists",
      fields: { merchant_product_id: ["Merchant Product ID already exists"] },
    });
    const second = await made(body(m, { merchant_product_id: "SKU-2" }));
    const edit = await app.inject({
      method: "PUT",
      url: `/api/products/${second.id}`,
      headers: owner.headers,
      payload: body(m, { merchant_product_id: "SKU-1" }),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe("Merchant Product ID already exists");
    // The other mode is another catalogue: the same id is free there.
    await made(body(m, { merchant_product_id: "SKU-1", integration_ids: [m.integrations.liveCard] }));
    // Once deleted, its id may be used again.
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/products/${first.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    await made(body(m, { merchant_product_id: "SKU-1" }));
  });

  it("lists with paging and the sold-out label, searches, edits and deletes; another merchant sees none of it", async () => {
    const soldOut = await made(body(m, { name: "Zero mug", inventory: 0 }));
    expect(soldOut.sold_out).toBe(true);
    expect(soldOut.product_link).toContain(`/checkout/product?id=${soldOut.public_id}`);
    const list = await app.inject({ url: "/api/products?is_live=false&page_size=2", headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const answer = list.json();
    expect(answer.results).toHaveLength(2);
    expect(answer.count).toBeGreaterThan(2);
    expect(answer.results[0].id).toBe(soldOut.id);
    const page2 = await app.inject({
      url: "/api/products?is_live=false&page_size=2&page=2",
      headers: owner.headers,
    });
    expect(page2.json().results[0].id).not.toBe(soldOut.id);
    const sold = await app.inject({
      url: "/api/products?is_live=false&sold_out=true",
      headers: owner.headers,
    });
    expect(sold.json().results.map((p: { id: number }) => p.id)).toEqual([soldOut.id]);
    const search = await app.inject({
      url: "/api/products?is_live=false&search=zero",
      headers: owner.headers,
    });
    expect(search.json().results.map((p: { id: number }) => p.id)).toEqual([soldOut.id]);
    const live = await app.inject({ url: "/api/products?is_live=true", headers: owner.headers });
    // Only the live one made in the uniqueness test: each mode lists its own.
    expect(live.json().results.map((p: { is_live: boolean }) => p.is_live)).toEqual([true]);

    const edit = await app.inject({
      method: "PUT",
      url: `/api/products/${soldOut.id}`,
      headers: owner.headers,
      payload: body(m, { name: "Restocked mug", inventory: 3 }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ name: "Restocked mug", inventory: 3, sold_out: false });

    for (const [method, url] of [
      ["GET", `/api/products/${soldOut.id}`],
      ["PUT", `/api/products/${soldOut.id}`],
      ["DELETE", `/api/products/${soldOut.id}`],
    ] as const) {
      const response = await app.inject({ method, url, headers: other.headers, payload: body(m) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await app.inject({ url: "/api/products?is_live=false", headers: other.headers })).json().count,
    ).toBe(0);

    const removed = await app.inject({
      method: "DELETE",
      url: `/api/products/${soldOut.id}`,
      headers: owner.headers,
    });
    expect(removed.json().detail).toBe("Product deleted successfully");
    expect(
      (await app.inject({ url: `/api/products/${soldOut.id}`, headers: owner.headers })).statusCode,
    ).toBe(404);
    expect((await page(soldOut.public_id)).statusCode).toBe(404);
  });

  it("sells on the public page: PRODUCT payment, order PAID, inventory down only on success, sold out at zero", async () => {
    const product = await made(body(m, { name: "Two left", inventory: 2, allow_quantity_edit: true }));
    const shown = await page(product.public_id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      product: { name: "Two left", price_cents: 25_000, currency: "EGP", exponent: 2 },
      state: "open",
      max_quantity: 2,
      methods: [{ integration_id: m.integrations.card, name: "card" }],
    });
    expect(shown.json().merchant.name).toBeTruthy();

    // More than is left is refused before paying.
    const tooMany = await buy(product.public_id, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: "not_enough", detail: "Only 2 left." });

    // A declined payment leaves the inventory alone.
    const first = await buy(product.public_id, 1);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().amount_cents).toBe(25_000);
    expect(first.json().pay_url).toContain("/checkout/pay?payment_token=");
    const declined = await payCard(app, first.json().payment_token, DECLINED_CARD);
    expect(declined.json().transaction.success).toBe(false);
    expect(await inventoryOf(product.id)).toBe(2);
    // The held item counts against what others may buy.
    expect((await page(product.public_id)).json().max_quantity).toBe(1);
    const paid = await payCard(app, first.json().payment_token);
    expect(paid.json().transaction.success).toBe(true);
    expect(await inventoryOf(product.id)).toBe(1);

    const tx = await app.payments.db
      .selectFrom("transactions")
      .selectAll()
      .where("id", "=", paid.json().transaction.id)
      .executeTakeFirstOrThrow();
    expect(tx.origin).toBe("PRODUCT");
    const order = await app.inject({ url: `/api/orders/${first.json().order_id}`, headers: owner.headers });
    expect(order.json().order).toMatchObject({ status: "PAID", source: "PRODUCT", amount_cents: 25_000 });
    expect(order.json().cart).toEqual([
      expect.objectContaining({ name: "Two left", quantity: 1, amount_cents: 25_000 }),
    ]);
    const workspace = await app.inject({
      url: "/api/transactions?is_live=false&origin=PRODUCT",
      headers: owner.headers,
    });
    expect(workspace.statusCode, workspace.body).toBe(200);
    expect(workspace.json().results.map((t: { id: number }) => t.id)).toContain(tx.id);

    // The last one, then sold out: the page says so and a purchase is refused.
    const last = await buy(product.public_id, 1);
    expect((await payCard(app, last.json().payment_token)).json().transaction.success).toBe(true);
    expect(await inventoryOf(product.id)).toBe(0);
    expect((await page(product.public_id)).json()).toMatchObject({ state: "sold_out", max_quantity: 0 });
    const refused = await buy(product.public_id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "sold_out", detail: PRODUCT_MESSAGES.soldOut });
    const details = await app.inject({ url: `/api/products/${product.id}`, headers: owner.headers });
    expect(details.json()).toMatchObject({ inventory: 0, sold_out: true });
  });

  it("holds items for a paying customer: the next one is refused ('reserved') until the hold expires", async () => {
    const product = await made(body(m, { name: "One left", inventory: 1, allow_quantity_edit: false }));
    const single = await buy(product.public_id, 2);
    expect(single.statusCode).toBe(400);
    expect(single.json().fields.quantity).toEqual(["This product is sold one at a time."]);
    const first = await buy(product.public_id, 1);
    expect(first.statusCode).toBe(201);
    const second = await buy(product.public_id, 1);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "reserved", detail: PRODUCT_MESSAGES.reserved });
    expect((await page(product.public_id)).json()).toMatchObject({ state: "reserved", max_quantity: 0 });
    // The hold lapses: the item is on sale again, and the inventory never moved.
    await app.payments.db
      .updateTable("product_reservations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("order_id", "=", first.json().order_id)
      .execute();
    expect((await page(product.public_id)).json()).toMatchObject({ state: "open", max_quantity: 1 });
    expect(await inventoryOf(product.id)).toBe(1);
    // A method that is not the product's is refused.
    const wrong = await buy(product.public_id, 1, m.integrations.kiosk);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.integration_id).toBeDefined();
  });

  it("refuses a public id that does not exist and bad purchase bodies", async () => {
    expect((await page("nope")).statusCode).toBe(404);
    expect((await buy("nope")).statusCode).toBe(404);
    const product = await made(body(m, { name: "Body checks" }));
    for (const payload of [{}, { quantity: 0, integration_id: 1 }, { quantity: 1.5, integration_id: 1 }]) {
      const response = await app.inject({
        method: "POST",
        url: `/api/checkout/products/${product.public_id}/purchase`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

/**
 * The race (PostgreSQL: PGlite has one connection, nothing runs concurrently there): 50 customers buy one item
 * each of a product with 10 left, at once, then pay. Exactly 10 purchases hold an item; the 40 others are refused
 * before paying (409 reserved: the 10 left are held); the 10 payments take the inventory to 0, never below.
 */
describe("products: races on PostgreSQL (duplicate ids, 50 concurrent purchases of 10 left) [postgres]", () => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase("postgres");
    const database = await openPostgres(test.url!, 60);
    drop = async () => {
      await database.close();
      await test.drop();
    };
    app = await buildTestApp(database);
    m = await testMerchant(app);
    owner = await fixtures(app.payments.db).session({ id: m.ownerId });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it("10 concurrent creations with one merchant product id: one product, nine 'Merchant Product ID already exists'", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/products",
          headers: owner.headers,
          payload: body(m, { name: `Racer ${i}`, merchant_product_id: "RACE-1" }),
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().detail).toBe("Merchant Product ID already exists");
    }
    const rows = await app.payments.db
      .selectFrom("products")
      .select("id")
      .where("merchant_product_id", "=", "RACE-1")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("sells exactly 10", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/products",
      headers: owner.headers,
      payload: body(m, { name: "Limited", inventory: 10, allow_quantity_edit: false }),
    });
    const product = created.json();
    const purchases = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({
          method: "POST",
          url: `/api/checkout/products/${product.public_id}/purchase`,
          payload: { quantity: 1, integration_id: m.integrations.card },
        }),
      ),
    );
    const held = purchases.filter((p) => p.statusCode === 201);
    expect(held).toHaveLength(10);
    for (const p of purchases.filter((x) => x.statusCode !== 201)) {
      expect(p.statusCode).toBe(409);
      expect(p.json().code).toBe("reserved");
    }
    const payments = await Promise.all(held.map((p) => payCard(app, p.json().payment_token)));
    for (const p of payments) expect(p.json().transaction.success).toBe(true);
    const row = await app.payments.db
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(row.inventory).toBe(0);
    const orders = await app.payments.db
      .selectFrom("orders")
      .select(["payment_status"])
      .where("api_source", "=", "PRODUCT")
      .where("merchant_id", "=", m.merchantId)
      .execute();
    expect(orders).toHaveLength(10);
    for (const o of orders) expect(o.payment_status).toBe("PAID");
    const refused = await app.inject({
      method: "POST",
      url: `/api/checkout/products/${product.public_id}/purchase`,
      payload: { quantity: 1, integration_id: m.integrations.card },
    });
    expect(refused.json().code).toBe("sold_out");
  });
});
