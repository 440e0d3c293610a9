import { SESSION_COOKIE } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, signIn } from "../test/fixtures.ts";
import { LOGIN_LIMITS } from "./auth.service.ts";

/** Issue 10 item 7: X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default none). */
describeEachDatabase("proxies and the counted address", (get) => {
  let app: FastifyInstance;
  let behindProxy: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    behindProxy = await buildTestApp(get().database, { TRUST_PROXY: "127.0.0.1" });
    fx = fixtures(get().database.db);
  });
  afterAll(async () => {
    await app.close();
    await behindProxy.close();
  });

  const hits = async (key: string) =>
    (
      await get()
        .database.db.selectFrom("rate_limits")
        .select("hits")
        .where("key", "=", key)
        .executeTakeFirst()
    )?.hits;

  it("by default counts 50 tries with invented X-Forwarded-For against the real address; the owner still signs in", async () => {
    const user = await fx.user("Merchant");
    const name = user.username.toLowerCase();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.user.limit; i++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` },
        payload: { username: user.username, password: "Wrong-Pa55word" },
      });
      statuses.push(response.statusCode);
    }
    // The first ten are judged, the rest refused by the per-address limit of the real address.
    expect(statuses.slice(0, LOGIN_LIMITS.ipUser.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.ipUser.limit).every((s) => s === 429)).toBe(true);
    expect(await hits(`login:ip-user:127.0.0.1:${name}`)).toBe(LOGIN_LIMITS.user.limit);
    expect(await hits(`login:ip-user:198.18.0.1:${name}`)).toBeUndefined();
    // Refused tries do not use up the per-username allowance, so the owner is not locked out from elsewhere.
    expect(await hits(`login:user:${name}`)).toBe(LOGIN_LIMITS.ipUser.limit);
    expect((await signIn(app, user.username, user.password, "203.0.113.50")).response.statusCode).toBe(200);
  });

  it("believes X-Forwarded-For from a proxy named in TRUST_PROXY", async () => {
    const user = await fx.user("Merchant");
    const response = await behindProxy.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "192.0.2.77" },
      payload: { username: user.username, password: "Wrong-Pa55word" },
    });
    expect(response.statusCode).toBe(401);
    expect(await hits(`login:ip-user:192.0.2.77:${user.username.toLowerCase()}`)).toBe(1);
    // A peer that is not the named proxy cannot choose its address.
    await behindProxy.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "192.0.2.200",
      headers: { "x-forwarded-for": "192.0.2.78" },
      payload: { username: user.username, password: "Wrong-Pa55word" },
    });
    expect(await hits(`login:ip-user:192.0.2.200:${user.username.toLowerCase()}`)).toBe(1);
    expect(await hits(`login:ip-user:192.0.2.78:${user.username.toLowerCase()}`)).toBeUndefined();
  });

  it("marks the session cookie Secure behind a trusted https proxy only", async () => {
    const user = await fx.user("Merchant");
    const login = (target: FastifyInstance) =>
      target.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-proto": "https" },
        payload: { username: user.username, password: user.password },
      });
    const trusted = await login(behindProxy);
    expect(trusted.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    const direct = await login(app);
    expect(direct.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();
  });
});
