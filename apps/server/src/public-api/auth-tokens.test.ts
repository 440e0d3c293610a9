import type { PermissionName } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOGIN_LIMITS } from "../auth/auth.service.ts";
import {
  BILLING,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import * as passwords from "../security/passwords.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type FixtureUser, fixtures, type UserOptions } from "../test/fixtures.ts";

/**
 * POST /api/auth/tokens with a username and password (issue 10, item 1): only accounts the API is for get a
 * token, with the dashboard's sign-in limits and timing, and the token never does more than its user may in the
 * dashboard now.
 */
describeEachDatabase("auth tokens from a username and password", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let fx: ReturnType<typeof fixtures>;
  let address = 0;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
    fx = fixtures(app.payments.db);
  });
  afterAll(() => app.close());

  /** Each call from its own address, so the per-address counters of one test do not reach another. */
  const tokenRequest = (username: string, password: string, remoteAddress = `10.1.0.${++address}`) =>
    app.inject({
      method: "POST",
      url: "/api/auth/tokens",
      remoteAddress,
      payload: { username, password },
    });
  const staff = (permissions: PermissionName[], o: UserOptions = {}) =>
    fx.user("MerchantStaff", { merchantId: m.merchantId, permissions, ...o });
  const tokenOf = async (user: FixtureUser) => {
    const response = await tokenRequest(user.username, user.password);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ token: string }>().token;
  };
  const paid = async (integration = m.integrations.card) => {
    const { token } = await paymentTokenFor(app, m, integration);
    const body = (await payCard(app, token)).json();
    return body.transaction.id as number;
  };
  const refund = (token: string, id: number) =>
    app.inject({
      method: "POST",
      url: "/api/acceptance/void_refund/refund",
      headers: { authorization: `Bearer ${token}` },
      payload: { transaction_id: id, amount_cents: 1000 },
    });
  const refused = { detail: "Can not create token" };

  describe("who gets a token", () => {
    it("gives the merchant owner a token bound to them (201, their profile)", async () => {
      const owner = await fx.user("Merchant", { merchantId: m.merchantId });
      const response = await tokenRequest(owner.username, owner.password);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().profile).toMatchObject({ merchant_id: m.merchantId, profile_type: "Merchant" });
      const row = await app.payments.db
        .selectFrom("api_auth_tokens")
        .select(["user_id", "merchant_id"])
        .where("user_id", "=", owner.id)
        .executeTakeFirstOrThrow();
      expect(row.merchant_id).toBe(m.merchantId);
    });

    it("refuses view-only staff, terminals, temporary passwords, test-only, inactive, bank and partner users with the wrong-password answer", async () => {
      const viewOnly = await staff(["can view transactions", "can view orders", "can view reports"]);
      const terminal = await fx.user("Terminal", { merchantId: m.merchantId });
      const temp = await fx.user("Merchant", { isTempPassword: true });
      // As the demo's testonly.uae: view-only staff of a merchant that has no live integration.
      const notLive = await fx.merchant({ is_live: false, country: "ARE" });
      const testOnly = await fx.user("MerchantStaff", {
        merchantId: notLive.id,
        country: "ARE",
        permissions: ["can view transactions", "can view orders"],
      });
      const inactive = await staff(["can view api key", "can refund transactions"], { isActive: false });
      const tempStaff = await staff(["can view api key"], { isTempPassword: true });
      const bank = await fx.user("Bank");
      const partner = await fx.user("Partner");
      for (const user of [viewOnly, terminal, temp, testOnly, inactive, tempStaff, bank, partner]) {
        const response = await tokenRequest(user.username, user.password);
        expect(response.statusCode, user.username).toBe(401);
        expect(response.json()).toEqual(refused);
      }
      const wrong = await tokenRequest(viewOnly.username, "Wrong-Pa55word");
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(refused);
      const unknown = await tokenRequest("nobody-at-all", "Wrong-Pa55word");
      expect(unknown.json()).toEqual(refused);
    });

    it("checks a password against a hash for an unknown username too (the same work as a known one)", async () => {
      const spy = vi.spyOn(passwords, "verifyPassword");
      try {
        const response = await tokenRequest("no-such-user-anywhere", "Some-Pa55word");
        expect(response.statusCode).toBe(401);
        expect(spy).toHaveBeenCalledTimes(1);
        expect(spy.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
        expect(spy.mock.calls[0]![1]).toBe("Some-Pa55word");
      } finally {
        spy.mockRestore();
      }
    });

    it("applies the sign-in limits: 60 wrong passwords, then the right one is refused", async () => {
      const owner = await fx.user("Merchant", { merchantId: m.merchantId });
      const from = "10.2.0.1";
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await tokenRequest(owner.username, `Wrong-${i}`, from)).statusCode);
      expect(statuses.slice(0, LOGIN_LIMITS.ipUser.limit).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const right = await tokenRequest(owner.username, owner.password, from);
      expect(right.statusCode).toBe(429);
      expect(right.headers["retry-after"]).toEqual(expect.any(String));
      // The dashboard's sign-in shares the counters: it is refused as well.
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: from,
        payload: { username: owner.username, password: owner.password },
      });
      expect(login.statusCode).toBe(429);
    });
  });

  describe("every merchant route of the public API, from the route table", () => {
    it("names a permission, refuses a user's token without it (403) and lets one with it through", async () => {
      // The sandbox's test helpers (/v1/test/*) take the test secret key only and refuse every token from a
      // password, with or without the permission (test-helpers.test.ts).
      const routes = app.routeTable.filter(
        (r) => r.config.apiPermission !== undefined && !r.url.startsWith("/v1/test/"),
      );
      // Today 13 routes, each with and without its trailing slash. A route that names none refuses such tokens.
      expect(routes.length).toBeGreaterThanOrEqual(26);
      const {
        token: paymentToken,
        orderId,
        clientSecret,
      } = await paymentTokenFor(app, m, m.integrations.card);
      const id = (await payCard(app, paymentToken)).json().transaction.id as number;
      const params: Record<string, string> = {
        order_id: String(orderId),
        transaction_id: String(id),
        client_secret: clientSecret,
      };
      // One body all of them accept (their schemas are loose); the amounts fit an order, a refund and a link.
      const body = {
        amount_cents: 100,
        amount: 100,
        currency: "EGP",
        transaction_id: id,
        order_id: orderId,
        integration_id: m.integrations.card,
        payment_methods: [m.integrations.card],
        items: [{ name: "Item", amount: 100, amount_cents: 100, quantity: 1 }],
        billing_data: BILLING,
        accept_order_id: orderId,
        is_live: false,
        payment_link_id: 1,
        full_name: "Ahmed Hassan",
        email: "ahmed@example.com",
        phone_number: "+201000000000",
      };
      const without = await tokenOf(await staff(["can view api key"]));
      const owner = await tokenOf(await fx.user("Merchant", { merchantId: m.merchantId }));
      for (const route of routes) {
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "1");
        const call = (token: string) =>
          app.inject({
            method: route.method as "GET",
            url,
            headers: { authorization: `Bearer ${token}` },
            ...(route.method === "GET" ? {} : { payload: body }),
          });
        const denied = await call(without);
        expect(denied.statusCode, `${route.method} ${route.url}: ${denied.body}`).toBe(403);
        expect(denied.json()).toEqual({ detail: "You do not have permission to perform this action." });
        const allowed = await call(owner);
        expect(allowed.statusCode, `${route.method} ${route.url}`).not.toBe(403);
        expect(allowed.statusCode, `${route.method} ${route.url}`).not.toBe(401);
      }
    });
  });

  describe("what a token from a password may do", () => {
    it("has the user's permissions: API staff without the refund permission can inquire but not refund", async () => {
      const user = await staff(["can view api key", "can view transactions", "can view orders"]);
      const token = await tokenOf(user);
      const id = await paid();
      const inquiry = await app.inject({
        method: "GET",
        url: `/api/acceptance/transactions/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(inquiry.statusCode, inquiry.body).toBe(200);
      expect(inquiry.json().id).toBe(id);

      const denied = await refund(token, id);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: "You do not have permission to perform this action." });
      const order = await app.inject({
        method: "POST",
        url: "/api/ecommerce/orders",
        headers: { authorization: `Bearer ${token}` },
        payload: { amount_cents: 1000, currency: "EGP" },
      });
      expect(order.statusCode).toBe(403);
      const parent = await app.payments.db
        .selectFrom("transactions")
        .select("refunded_amount_cents")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(parent.refunded_amount_cents).toBe(0);
    });

    it("follows the user's current access: a granted permission works, a deactivated user's token stops", async () => {
      const user = await staff(["can view api key", "can view transactions", "can refund transactions"]);
      const token = await tokenOf(user);
      const id = await paid();
      const ok = await refund(token, id);
      expect(ok.statusCode, ok.body).toBe(200);
      const child = await app.payments.db
        .selectFrom("transactions")
        .select("created_by")
        .where("id", "=", ok.json().id)
        .executeTakeFirstOrThrow();
      expect(child.created_by).toBe(user.username);

      await app.payments.db
        .updateTable("users")
        .set({ permissions: ["can view api key", "can view transactions"] })
        .where("id", "=", user.id)
        .execute();
      expect((await refund(token, id)).statusCode).toBe(403);

      await app.payments.db
        .updateTable("users")
        .set({ is_active: false })
        .where("id", "=", user.id)
        .execute();
      const gone = await refund(token, id);
      expect(gone.statusCode).toBe(401);
      expect(gone.json()).toEqual({ detail: "Invalid token." });
    });

    it("refuses a wallet refund (it needs a one-time code); a token from the API key refunds it", async () => {
      const { token: paymentToken } = await paymentTokenFor(app, m, m.integrations.wallet);
      const pay = await app.inject({
        method: "POST",
        url: "/api/acceptance/payments/pay",
        payload: { source: { identifier: "01010101010", subtype: "WALLET" }, payment_token: paymentToken },
      });
      const id = pay.json().id as number;
      await app.inject({
        method: "POST",
        url: "/api/checkout/wallet",
        payload: { payment_token: paymentToken, transaction_id: id, mpin: "123456", otp: "123456" },
      });
      const owner = await fx.user("Merchant", { merchantId: m.merchantId });
      const denied = await refund(await tokenOf(owner), id);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe("otp_required");
      expect(denied.json().detail).toMatch(/one-time code/);

      const apiKeyToken = (
        await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: m.keys.apiKey } })
      ).json().token as string;
      const refunded = await refund(apiKeyToken, id);
      expect(refunded.statusCode, refunded.body).toBe(200);
    });
  });
});
