import { loginResponseSchema, SESSION_COOKIE } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, signIn } from "../test/fixtures.ts";

describeEachDatabase("switching dashboards", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    fx = fixtures(get().database.db);
  });
  afterAll(() => app.close());

  it("exchanges another dashboard's bearer token for a browser session of its own", async () => {
    const merchant = await fx.merchant({});
    const user = await fx.user("Merchant", { merchantId: merchant.id });
    const { response } = await signIn(app, user.username, user.password);
    const token = loginResponseSchema.parse(response.json()).token;

    const switched = await app.inject({
      url: "/dashboard/v1/switch/old-dashboard",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(switched.statusCode).toBe(200);
    const answer = loginResponseSchema.parse(switched.json());
    expect(answer.profile.merchant_id).toBe(merchant.id);
    expect(answer.token).not.toBe(token);
    const cookie = switched.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBe(answer.token);
    expect(cookie?.httpOnly).toBe(true);

    // The new session works on its own, and ending it leaves the other dashboard's session alive.
    const me = await app.inject({ url: "/api/auth/me", cookies: { [SESSION_COOKIE]: answer.token } });
    expect(me.statusCode).toBe(200);
    await app.inject({ url: "/api/auth/logout", cookies: { [SESSION_COOKIE]: answer.token } });
    const original = await app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expect(original.statusCode).toBe(200);
  });

  it("refuses an unknown token and a cookie session", async () => {
    const unknown = await app.inject({
      url: "/dashboard/v1/switch/old-dashboard",
      headers: { authorization: "Bearer not-a-session" },
    });
    expect(unknown.statusCode).toBe(401);

    const merchant = await fx.merchant({});
    const user = await fx.user("Merchant", { merchantId: merchant.id });
    const { response } = await signIn(app, user.username, user.password);
    const token = loginResponseSchema.parse(response.json()).token;
    const byCookie = await app.inject({
      url: "/dashboard/v1/switch/old-dashboard",
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(byCookie.statusCode).toBe(403);
  });
});
