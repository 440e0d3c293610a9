import { type Country, SESSION_COOKIE } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures } from "../test/fixtures.ts";

const EGYPT = "accept.example.com";
const SAUDI = "portal.ksa.example.com";
const UAE = "portal.uae.example.com";
const LOCAL_HOSTS = ["localhost", "127.0.0.1:3000", "[::1]:3000", "demo.localhost:5173"];

/**
 * Issue 10 item 9: on a country's real host only its users sign in (dashboard and auth tokens), and a session works
 * only on the hosts of its user's country and on local hosts.
 */
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

  const login = async (target: FastifyInstance, host: string, country: Country = "EGY") => {
    const user = await fx.user("Merchant", { country });
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
    await login(app, SAUDI, "SAU");
    const row = await get()
      .database.db.selectFrom("sessions")
      .select("country")
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.country).toBe("SAU");
  });

  it("with COUNTRY_OVERRIDE (local use) every country's user signs in and the session works on every host", async () => {
    const session = await login(overridden, SAUDI, "EGY");
    for (const host of [EGYPT, SAUDI, "localhost"]) {
      const response = await overridden.inject({ url: "/api/auth/me", headers: { host, ...session.bearer } });
      expect(response.statusCode, host).toBe(200);
    }
    // The same session on an app without the override: bound to its user's country (EGY), not to PAK.
    const at = async (host: string) =>
      (await app.inject({ url: "/api/auth/me", headers: { host, ...session.bearer } })).statusCode;
    expect(await at(EGYPT)).toBe(200);
    expect(await at(SAUDI)).toBe(401);
  });

  const signIn = (host: string, username: string, password: string, ip: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host },
      remoteAddress: ip,
      payload: { username, password },
    });
  const ipUserHits = async (ip: string, username: string) =>
    (
      await get()
        .database.db.selectFrom("rate_limits")
        .select("hits")
        .where("key", "=", `login:ip-user:${ip}:${username.toLowerCase()}`)
        .executeTakeFirst()
    )?.hits ?? 0;

  it("refuses another country's user at sign-in on a real host, as a wrong password, and counts the try", async () => {
    const egyptian = await fx.user("Merchant", { country: "EGY" });
    const ip = "198.51.100.71";
    const wrong = await signIn(UAE, egyptian.username, "not-the-password", ip);
    const abroad = await signIn(UAE, egyptian.username, egyptian.password, ip);
    expect(abroad.statusCode).toBe(401);
    expect(abroad.json()).toEqual(wrong.json());
    expect(abroad.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    // Both tries count toward the sign-in limits; a success at home clears the run.
    expect(await ipUserHits(ip, egyptian.username)).toBe(2);
    expect((await signIn(EGYPT, egyptian.username, egyptian.password, ip)).statusCode).toBe(200);
    expect(await ipUserHits(ip, egyptian.username)).toBe(0);
  });

  it("refuses another country's user an auth token by password on a real host, as a wrong password", async () => {
    const egyptian = await fx.user("Merchant", { country: "EGY" });
    const token = (host: string, password: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/tokens",
        headers: { host },
        remoteAddress: "198.51.100.72",
        payload: { username: egyptian.username, password },
      });
    const wrong = await token(UAE, "not-the-password");
    const abroad = await token(UAE, egyptian.password);
    expect(abroad.statusCode).toBe(401);
    expect(abroad.json()).toEqual(wrong.json());
    expect(await ipUserHits("198.51.100.72", egyptian.username)).toBe(2);
    expect((await token(EGYPT, egyptian.password)).statusCode).toBe(201);
  });

  it("signs in every country's users on local hosts; their sessions work there and at home only", async () => {
    for (const [i, host] of LOCAL_HOSTS.entries()) {
      const country = (["EGY", "SAU", "PAK", "OMN"] as const)[i]!;
      const session = await login(app, host, country);
      for (const local of LOCAL_HOSTS)
        expect(
          (await app.inject({ url: "/api/auth/me", headers: { host: local, ...session.bearer } })).statusCode,
        ).toBe(200);
      const home =
        country === "SAU" ? SAUDI : country === "EGY" ? EGYPT : `portal.${country.toLowerCase()}.example.com`;
      expect(
        (await app.inject({ url: "/api/auth/me", headers: { host: home, ...session.bearer } })).statusCode,
        home,
      ).toBe(200);
      expect(
        (await app.inject({ url: "/api/auth/me", headers: { host: UAE, ...session.bearer } })).statusCode,
      ).toBe(401);
    }
  });
});
