import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { INVALID_SECRET_KEY, INVALID_TOKEN, NOT_PROVIDED } from "./caller.ts";

/**
 * Every route of the provider-compatible API that needs a merchant's credential checks it before the body
 * (issue 15 item 1): without credentials, with a wrong key or a wrong token, and whatever the body holds (here an
 * empty one), it answers the provider's 401 and its text, not the body's field errors. Another merchant's valid key
 * gets past authentication and still reaches nothing (the tenant matrix checks each row in depth).
 */
describeEachDatabase("public API: authentication before the body", (get) => {
  let app: FastifyInstance;
  let other: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    await testMerchant(app);
    other = await testMerchant(app);
  });
  afterAll(() => app.close());

  const routes = () => {
    const list = app.routeTable.filter((r) => r.config.apiPermission !== undefined);
    // The provider's merchant routes: intentions, orders, payment keys, refunds, voids, captures, links...
    expect(list.length).toBeGreaterThan(10);
    return list;
  };
  const urlOf = (url: string) => url.replace(/:[a-z_]+/gi, "999999");
  const send = (method: string, url: string, headers: Record<string, string>) =>
    app.inject({
      method: method as "POST",
      url: urlOf(url),
      headers,
      ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
    });

  it("answers 401 'Authentication credentials were not provided.' without credentials", async () => {
    const names = routes().map((r) => `${r.method} ${r.url}`);
    // ...and the test helpers (issue 15 item 4), which then take the test secret key only.
    for (const path of [
      "/v1/intention/",
      "/api/ecommerce/orders",
      "/api/acceptance/payment_keys",
      "/v1/test/deliveries",
      "/v1/test/deliveries/:id/replay",
      "/v1/test/deliveries/pending/:id/cancel",
      "/v1/test/faults",
      "/v1/test/clock/advance",
    ])
      expect(
        names.some((n) => n.includes(path)),
        path,
      ).toBe(true);
    for (const r of routes()) {
      const res = await send(r.method, r.url, {});
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(401);
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ detail: NOT_PROVIDED });
    }
  });

  it("answers 401 for a wrong secret key and for a wrong auth token, with the provider's texts", async () => {
    for (const r of routes()) {
      const key = await send(r.method, r.url, { authorization: "Token egy_sk_test_0000000000000000000000" });
      expect(key.statusCode, `${r.method} ${r.url}: ${key.body}`).toBe(401);
      expect(key.json(), `${r.method} ${r.url}`).toEqual({ detail: INVALID_SECRET_KEY });
      const token = await send(r.method, r.url, { authorization: "Bearer not-a-token" });
      expect(token.statusCode, `${r.method} ${r.url}: ${token.body}`).toBe(401);
      expect(token.json(), `${r.method} ${r.url}`).toEqual({ detail: INVALID_TOKEN });
    }
  });

  it("lets another merchant's valid key past authentication, to the body's errors, and to no row", async () => {
    for (const r of routes()) {
      const res = await send(r.method, r.url, { authorization: `Token ${other.keys.secretKeyTest}` });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).not.toBe(401);
      if (r.url.includes(":"))
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
    }
  });
});
