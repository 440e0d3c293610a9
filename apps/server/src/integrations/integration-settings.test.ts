import { MAX_FRAME_ORIGINS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, type TestSession } from "../test/fixtures.ts";

/** Issue 10: the callbacks edit with unknown fields (item 6) and the checkout's allowed frame origins (item 5). */
describeEachDatabase("integration settings", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let m: TestMerchant;
  let owner: TestSession;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    fx = fixtures(app.payments.db);
    m = await testMerchant(app, { callbackUrl: "https://merchant.example/cb" });
    owner = await fx.session({ id: m.ownerId });
  });
  afterAll(() => app.close());

  const stored = () =>
    app.payments.db
      .selectFrom("integrations")
      .select(["processed_callback_url", "response_callback_url", "frame_origins"])
      .where("id", "=", m.integrations.card)
      .executeTakeFirstOrThrow();

  describe("PATCH /api/integrations/{id}/callbacks", () => {
    it("refuses unknown fields with 400 naming them, and changes nothing", async () => {
      const before = await stored();
      const response = await app.inject({
        method: "PATCH",
        url: `/api/integrations/${m.integrations.card}/callbacks`,
        headers: owner.headers,
        payload: { processed_callback_url: "https://other.example/cb", is_live: true, merchant_id: 1 },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe("validation");
      expect(JSON.stringify(body.fields)).toMatch(/is_live/);
      expect(await stored()).toEqual(before);
    });

    it("answers an empty edit with the integration unchanged (was a database syntax error)", async () => {
      const response = await app.inject({
        method: "PATCH",
        url: `/api/integrations/${m.integrations.card}/callbacks`,
        headers: owner.headers,
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().integration.processed_callback_url).toBe("https://merchant.example/cb");
    });
  });

  describe("PUT /api/integrations/{id}/frame_origins", () => {
    const put = (frame_origins: unknown, session = owner) =>
      app.inject({
        method: "PUT",
        url: `/api/integrations/${m.integrations.card}/frame_origins`,
        headers: session.headers,
        payload: { frame_origins },
      });

    it("keeps https origins in their normal form and shows them on the integration", async () => {
      const response = await put([
        "https://Shop.Example.com",
        "https://pay.example.net:8443/",
        "https://shop.example.com",
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json().integration.frame_origins).toEqual([
        "https://shop.example.com",
        "https://pay.example.net:8443",
      ]);
      expect((await stored()).frame_origins).toEqual([
        "https://shop.example.com",
        "https://pay.example.net:8443",
      ]);
      const read = await app.inject({
        url: `/api/integrations/${m.integrations.card}`,
        headers: owner.headers,
      });
      expect(read.json().frame_origins).toEqual(["https://shop.example.com", "https://pay.example.net:8443"]);
    });

    it.each([
      ["http", ["http://shop.example.com"]],
      ["a path", ["https://shop.example.com/pay"]],
      ["a wildcard", ["https://*.example.com"]],
      ["a star", ["*"]],
      ["not a url", ["shop"]],
      ["a script", ["javascript:alert(1)"]],
      ["a CSP keyword smuggled", ["https://a.example 'unsafe-inline'"]],
      ["too many", Array.from({ length: MAX_FRAME_ORIGINS + 1 }, (_, i) => `https://s${i}.example.com`)],
    ])("refuses %s with 400 and keeps the list", async (_label, origins) => {
      const before = (await stored()).frame_origins;
      const response = await put(origins);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBeTruthy();
      expect((await stored()).frame_origins).toEqual(before);
    });

    it("empties the list", async () => {
      const response = await put([]);
      expect(response.statusCode).toBe(200);
      expect((await stored()).frame_origins).toEqual([]);
    });

    it("needs 'can update payment integration'", async () => {
      const viewer = await fx.session(
        await fx.user("MerchantStaff", {
          merchantId: m.merchantId,
          permissions: ["can view payment integration"],
        }),
      );
      expect((await put(["https://shop.example.com"], viewer)).statusCode).toBe(403);
    });
  });
});
