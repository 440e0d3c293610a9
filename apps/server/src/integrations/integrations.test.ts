import type { PermissionName } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, type TestSession } from "../test/fixtures.ts";

describeEachDatabase("payment integrations and API keys (dashboard)", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let m: TestMerchant;
  let owner: TestSession;
  let other: TestMerchant;
  let otherOwner: TestSession;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    fx = fixtures(app.payments.db);
    m = await testMerchant(app);
    owner = await fx.session({ id: m.ownerId });
    other = await testMerchant(app);
    otherOwner = await fx.session({ id: other.ownerId });
  });
  afterAll(() => app.close());

  const staff = async (permissions: PermissionName[]) =>
    fx.session(await fx.user("MerchantStaff", { merchantId: m.merchantId, permissions }));

  describe("integrations", () => {
    it("lists the merchant's integrations with paging, newest first", async () => {
      const response = await app.inject({ url: "/api/integrations?page_size=3", headers: owner.headers });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.count).toBe(8);
      expect(body.results).toHaveLength(3);
      expect(body.results[0]).toMatchObject({ id: m.integrations.liveCard, status: "Active", is_live: true });
      const test = (
        await app.inject({ url: "/api/integrations?is_live=false&page_size=100", headers: owner.headers })
      ).json();
      expect(test.count).toBe(7);
    });

    it("needs 'can view payment integration'", async () => {
      const session = await staff(["can view orders"]);
      const response = await app.inject({ url: "/api/integrations", headers: session.headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe("You do not have permission to view this page.");
    });

    it("keeps each merchant's integrations to itself", async () => {
      const name = (
        await app.payments.db
          .selectFrom("integrations")
          .select("name")
          .where("id", "=", m.integrations.card)
          .executeTakeFirstOrThrow()
      ).name;
      await expectCrossTenantIsolation(app, {
        request: { url: `/api/integrations/${m.integrations.card}` },
        owner,
        intruder: otherOwner,
        secrets: [name],
      });
      await expectCrossTenantIsolation(app, {
        request: { url: "/api/integrations?page_size=100" },
        owner,
        intruder: otherOwner,
        secrets: [name],
      });
    });

    it("adds an integration with the spec's message, callbacks optional", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/integrations",
        headers: owner.headers,
        payload: { name: "Website cards", type: "online", is_live: false },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        detail: "Integration added to your profile.",
        integration: {
          name: "Website cards",
          type: "online",
          gateway_type: "VPC",
          currency: "EGP",
          is_live: false,
          processed_callback_url: null,
          auto_callback_retrial: false,
        },
      });
    });

    it("answers 403 'Cannot create this integration.' for a live one before the merchant is live, or a wrong gateway", async () => {
      await app.payments.db
        .updateTable("merchants")
        .set({ is_live: false })
        .where("id", "=", other.merchantId)
        .execute();
      const live = await app.inject({
        method: "POST",
        url: "/api/integrations",
        headers: otherOwner.headers,
        payload: { name: "Live", type: "online", is_live: true },
      });
      expect(live.statusCode).toBe(403);
      expect(live.json()).toMatchObject({
        detail: "Cannot create this integration.",
        code: "integration_403",
      });
      const wrong = await app.inject({
        method: "POST",
        url: "/api/integrations",
        headers: owner.headers,
        payload: { name: "Cash by card", type: "cash", gateway_type: "VPC" },
      });
      expect(wrong.statusCode).toBe(403);
    });

    it("validates the name and the callback urls", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/integrations",
        headers: owner.headers,
        payload: { name: " ", type: "online", processed_callback_url: "not a url" },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields).sort()).toEqual(["name", "processed_callback_url"]);
      // The portal's one URL check (isHttpUrl): these passed the old pattern /^https?:\/\/[^\s]+$/.
      for (const bad of [
        "https://nodot",
        "https://shop.example/cb\u0000",
        "http://shop.example/\u001b[31m",
      ]) {
        const edit = await app.inject({
          method: "PATCH",
          url: `/api/integrations/${m.integrations.card}/callbacks`,
          headers: owner.headers,
          payload: { processed_callback_url: bad },
        });
        expect(edit.statusCode, bad).toBe(400);
        expect(Object.keys(edit.json().fields), bad).toEqual(["processed_callback_url"]);
      }
    });

    it("edits the callback urls and toggles auto callback retrial", async () => {
      const edit = await app.inject({
        method: "PATCH",
        url: `/api/integrations/${m.integrations.card}/callbacks`,
        headers: owner.headers,
        payload: {
          processed_callback_url: "https://merchant.example/processed",
          response_callback_url: "https://merchant.example/response",
        },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json()).toMatchObject({
        detail: "process completed successfully.",
        integration: { processed_callback_url: "https://merchant.example/processed" },
      });
      const cleared = await app.inject({
        method: "PATCH",
        url: `/api/integrations/${m.integrations.card}/callbacks`,
        headers: owner.headers,
        payload: { response_callback_url: "" },
      });
      expect(cleared.json().integration).toMatchObject({
        processed_callback_url: "https://merchant.example/processed",
        response_callback_url: null,
      });
      const toggle = await app.inject({
        method: "PUT",
        url: `/api/integrations/${m.integrations.card}/auto_callback_retrial`,
        headers: owner.headers,
        payload: { enabled: true },
      });
      expect(toggle.json().integration.auto_callback_retrial).toBe(true);
      const foreign = await app.inject({
        method: "PUT",
        url: `/api/integrations/${m.integrations.card}/auto_callback_retrial`,
        headers: otherOwner.headers,
        payload: { enabled: false },
      });
      expect(foreign.statusCode).toBe(404);
    });

    it("refuses a change without the CSRF header of a cookie session", async () => {
      const response = await app.inject({
        method: "PUT",
        url: `/api/integrations/${m.integrations.card}/auto_callback_retrial`,
        headers: { cookie: owner.headers.cookie! },
        payload: { enabled: false },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("csrf");
    });
  });

  describe("API keys", () => {
    it("shows the status, prefixes of hashed keys, public keys and the HMAC secret", async () => {
      const response = await app.inject({ url: "/api/keys", headers: owner.headers });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        status: "Complete",
        secret_keys: { test: { prefix: "egy_sk_test_", value: null }, live: { prefix: "egy_sk_live_" } },
        public_keys: { test: { value: m.keys.publicKeyTest }, live: { value: m.keys.publicKeyLive } },
        hmac_secret: m.keys.hmacSecret,
      });
      expect(body.api_key.prefix).toBe(m.keys.apiKey.slice(0, 8));
      expect(response.body).not.toContain(m.keys.secretKeyTest);
      expect(response.body).not.toContain(m.keys.apiKey);
    });

    it("shows only what the user may view, with the spec's message when nothing", async () => {
      const none = await app.inject({
        url: "/api/keys",
        headers: (await staff(["can view orders"])).headers,
      });
      expect(none.statusCode).toBe(403);
      expect(none.json().detail).toBe("This user does not have permission to view the key");
      const keysOnly = await app.inject({
        url: "/api/keys",
        headers: (await staff(["can view public secret keys"])).headers,
      });
      expect(keysOnly.json()).toMatchObject({ api_key: null, hmac_secret: m.keys.hmacSecret });
    });

    it("answers Incomplete for a merchant without keys", async () => {
      const bare = await fx.user("Merchant");
      const response = await app.inject({ url: "/api/keys", headers: (await fx.session(bare)).headers });
      expect(response.json()).toMatchObject({ status: "Incomplete", api_key: null, hmac_secret: null });
    });

    it("recreates the test secret key: the new one works and the old one stops at once", async () => {
      const recreate = await app.inject({
        method: "POST",
        url: "/api/keys/secret/recreate",
        headers: owner.headers,
        payload: { is_live: false },
      });
      expect(recreate.statusCode, recreate.body).toBe(200);
      const fresh = recreate.json().value as string;
      expect(fresh).toMatch(/^egy_sk_test_[0-9a-f]{64}$/);
      const intention = (key: string) =>
        app.inject({
          method: "POST",
          url: "/v1/intention/",
          headers: { authorization: `Token ${key}` },
          payload: {
            amount: 100,
            currency: "EGP",
            payment_methods: [m.integrations.card],
            billing_data: BILLING,
          },
        });
      expect((await intention(m.keys.secretKeyTest)).statusCode).toBe(401);
      expect((await intention(fresh)).statusCode).toBe(201);
      // The live key was not touched.
      expect(
        (await app.inject({ url: "/api/keys", headers: owner.headers })).json().secret_keys.live.prefix,
      ).toBe("egy_sk_live_");
      m.keys.secretKeyTest = fresh;
    });

    it("recreates the API key; the old one is refused by /api/auth/tokens", async () => {
      const recreate = await app.inject({
        method: "POST",
        url: "/api/keys/api/recreate",
        headers: owner.headers,
        payload: {},
      });
      const fresh = recreate.json().value as string;
      const old = await app.inject({
        method: "POST",
        url: "/api/auth/tokens",
        payload: { api_key: m.keys.apiKey },
      });
      expect(old.statusCode).toBe(403);
      const ok = await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: fresh } });
      expect(ok.statusCode).toBe(201);
    });

    it("refuses recreating without permission, with the spec's message", async () => {
      const session = await staff(["can view api key", "can view public secret keys"]);
      const response = await app.inject({
        method: "POST",
        url: "/api/keys/public/recreate",
        headers: session.headers,
        payload: { is_live: true },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe("This user does not have permission to recreate the key");
    });
  });
});
