import { SESSION_COOKIE } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures } from "../test/fixtures.ts";

const EGYPT = "accept.example.com";
const SAUDI = "portal.ksa.example.com";

/** Issue 10 item 9: a dashboard session works only on the hosts of the country it was made for. */
describeEachDatabase("sessions bound to their country", (get) => {
  let app: FastifyInstance;
  let overridden: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    overridden = await buildTestApp(get().database, { COUNTRY_OVERRIDE: "PAK" });
    fx = fixtures(get().database.db);
  });
  afterAll(async () => {
    await app.close();
    await overridden.close();
  });

  const login = async (target: FastifyInstance, host: string) => {
    const user = await fx.user("Merchant", { country: "EGY" });
    const response = await target.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host },
      payload: { username: user.username, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const token = response.json().token as string;
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    return {
      bearer: { authorization: `Bearer ${token}` },
      cookie: { cookie: `${cookie.name}=${cookie.value}` },
    };
  };

  it("refuses an Egyptian host's session on a Saudi host, by bearer and by cookie (401 not_authenticated)", async () => {
    const session = await login(app, EGYPT);
    for (const credential of [session.bearer, session.cookie]) {
      const home = await app.inject({ url: "/api/auth/me", headers: { host: EGYPT, ...credential } });
      expect(home.statusCode).toBe(200);
      const abroad = await app.inject({ url: "/api/auth/me", headers: { host: SAUDI, ...credential } });
      expect(abroad.statusCode).toBe(401);
      expect(abroad.json()).toMatchObject({ code: "not_authenticated" });
    }
    // The session itself is intact at home.
    expect(
      (await app.inject({ url: "/api/auth/me", headers: { host: EGYPT, ...session.bearer } })).statusCode,
    ).toBe(200);
  });

  it("records the country on the session row", async () => {
    await login(app, SAUDI);
    const row = await get()
      .database.db.selectFrom("sessions")
      .select("country")
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.country).toBe("SAU");
  });

  it("with COUNTRY_OVERRIDE every host is that country, so the session works on each", async () => {
    const session = await login(overridden, EGYPT);
    for (const host of [EGYPT, SAUDI, "localhost"]) {
      const response = await overridden.inject({ url: "/api/auth/me", headers: { host, ...session.bearer } });
      expect(response.statusCode, host).toBe(200);
    }
    // The same session on an app without the override: bound to PAK, so an Egyptian host refuses it.
    expect(
      (await app.inject({ url: "/api/auth/me", headers: { host: EGYPT, ...session.bearer } })).statusCode,
    ).toBe(401);
  });
});
