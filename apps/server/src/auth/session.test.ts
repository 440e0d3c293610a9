import { permissionDictionary, SESSION_COOKIE, sessionResponseSchema } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, signIn } from "../test/fixtures.ts";
import { requireUser } from "./auth.hook.ts";

describeEachDatabase("sessions and permissions", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    // Test-only routes: a state-changing one for CSRF, and one behind a permission.
    app.post("/api/test/echo", { config: { permission: null } }, async (request) => {
      const user = requireUser(request);
      return { user: user.id, via: user.session.via, merchant: user.merchant_id };
    });
    app.get("/api/test/orders", { config: { permission: "can view orders" } }, async () => ({ ok: true }));
    fx = fixtures(get().database.db);
  });
  afterAll(() => app.close());

  const db = () => get().database.db;
  const setLastSeen = (token: string, minutesAgo: number) =>
    sql`update sessions set last_seen_at = now() - ${`${minutesAgo} minutes`}::interval
        where id = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`.execute(db());
  const lastSeenAgoSeconds = async (token: string) => {
    const { rows } = await sql<{ ago: number }>`
      select extract(epoch from now() - last_seen_at)::float8 as ago from sessions
      where id = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`.execute(db());
    return rows[0]?.ago;
  };

  describe("CSRF double submit", () => {
    it("requires the X-CSRF-Token header on state-changing requests authenticated by cookie", async () => {
      const user = await fx.user("Merchant");
      const { session } = await signIn(app, user.username, user.password);
      const cookieOnly = { cookie: session!.headers.cookie! };
      const missing = await app.inject({ method: "POST", url: "/api/test/echo", headers: cookieOnly });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject({ code: "csrf" });
      const wrong = await app.inject({
        method: "POST",
        url: "/api/test/echo",
        headers: { ...cookieOnly, "x-csrf-token": "not-the-token" },
      });
      expect(wrong.statusCode).toBe(403);
      const right = await app.inject({ method: "POST", url: "/api/test/echo", headers: session!.headers });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toEqual({ user: user.id, via: "cookie", merchant: user.merchant_id });
      // Reads by cookie need no header.
      expect((await app.inject({ url: "/api/auth/me", headers: cookieOnly })).statusCode).toBe(200);
    });

    it("does not require it from bearer clients (Bearer or Token scheme)", async () => {
      const user = await fx.user("Merchant");
      const session = await fx.session(user);
      for (const scheme of ["Bearer", "Token"]) {
        const r = await app.inject({
          method: "POST",
          url: "/api/test/echo",
          headers: { authorization: `${scheme} ${session.token}` },
        });
        expect(r.statusCode).toBe(200);
        expect(r.json().via).toBe("bearer");
      }
    });

    it("does not accept another session's CSRF token", async () => {
      const a = await fx.session(await fx.user("Merchant"));
      const b = await fx.session(await fx.user("Merchant"));
      const r = await app.inject({
        method: "POST",
        url: "/api/test/echo",
        headers: { cookie: a.headers.cookie!, "x-csrf-token": b.csrfToken },
      });
      expect(r.statusCode).toBe(403);
    });
  });

  describe("GET /api/auth/me", () => {
    it("answers the session with the same CSRF token the sign-in gave", async () => {
      const user = await fx.user("MerchantStaff", { permissions: ["can view orders"] });
      const { response, session } = await signIn(app, user.username, user.password);
      const me = await app.inject({ url: "/api/auth/me", headers: session!.bearer });
      expect(me.statusCode).toBe(200);
      const body = sessionResponseSchema.parse(me.json());
      expect(body.csrf_token).toBe(response.json().csrf_token);
      expect(body.profile).toEqual(response.json().profile);
      expect(me.json()).not.toHaveProperty("token");
    });

    it("answers 401 not_authenticated without a session or with an unknown one", async () => {
      for (const headers of [
        {},
        { authorization: "Bearer made-up" },
        { cookie: `${SESSION_COOKIE}=made-up` },
      ]) {
        const r = await app.inject({ url: "/api/auth/me", headers });
        expect(r.statusCode).toBe(401);
        expect(r.json()).toMatchObject({ code: "not_authenticated" });
      }
    });

    it("a merchant user sees only their own merchant", async () => {
      const owner = await fx.user("Merchant");
      const intruder = await fx.user("Merchant");
      const ownerMerchant = await db()
        .selectFrom("merchants")
        .select("company_name")
        .where("id", "=", owner.merchant_id!)
        .executeTakeFirstOrThrow();
      await expectCrossTenantIsolation(app, {
        request: { method: "GET", url: "/api/auth/me" },
        owner: await fx.session(owner),
        intruder: await fx.session(intruder),
        secrets: [ownerMerchant.company_name, owner.username],
      });
    });
  });

  describe("idle expiry", () => {
    it("ends a session idle for 15 minutes with session_expired", async () => {
      const session = await fx.session(await fx.user("Merchant"));
      await setLastSeen(session.token, 16);
      const r = await app.inject({ url: "/api/auth/me", headers: session.bearer });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({
        code: "session_expired",
        detail: "Your session has been expired please re-login.",
      });
      expect(await lastSeenAgoSeconds(session.token)).toBeUndefined();
      // Gone for good: the next try is simply unauthenticated.
      expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).json().code).toBe(
        "not_authenticated",
      );
    });

    it("keeps an active session alive, writing last_seen_at at most about once a minute", async () => {
      const session = await fx.session(await fx.user("Merchant"));
      await setLastSeen(session.token, 14);
      expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).statusCode).toBe(200);
      expect(await lastSeenAgoSeconds(session.token)).toBeLessThan(30);
      // Seen 30 seconds ago: a request does not write again.
      await sql`update sessions set last_seen_at = now() - interval '30 seconds'
        where id = encode(sha256(convert_to(${session.token}, 'UTF8')), 'hex')`.execute(db());
      expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).statusCode).toBe(200);
      expect(await lastSeenAgoSeconds(session.token)).toBeGreaterThanOrEqual(29);
    });
  });

  describe("logout", () => {
    it("ends the session and clears its cookies, keeping language and live-mode cookies", async () => {
      const user = await fx.user("Merchant");
      const { session } = await signIn(app, user.username, user.password);
      const r = await app.inject({
        url: "/api/auth/logout",
        headers: { cookie: `${session!.headers.cookie}; is_live_mode=true; lang=ar` },
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ detail: "You have logged-out successfully" });
      const cleared = Object.fromEntries(r.cookies.map((c) => [c.name, c]));
      expect(Object.keys(cleared).sort()).toEqual(["csrf_token", SESSION_COOKIE]);
      expect(cleared[SESSION_COOKIE]!.value).toBe("");
      expect(cleared[SESSION_COOKIE]!.expires!.getTime()).toBeLessThan(Date.now());
      const after = await app.inject({ url: "/api/auth/me", headers: session!.bearer });
      expect(after.statusCode).toBe(401);
    });

    it("answers 200 without a session, so an expired client can always clean up", async () => {
      expect((await app.inject({ url: "/api/auth/logout" })).statusCode).toBe(200);
    });
  });

  describe("permissions", () => {
    it("lists the permission dictionary for any signed-in user", async () => {
      const session = await fx.session(await fx.user("MerchantStaff"));
      const r = await app.inject({
        url: "/api/auth/merchant_staff/permission/list_perms",
        headers: session.bearer,
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual(permissionDictionary());
      expect((await app.inject({ url: "/api/auth/merchant_staff/permission/list_perms" })).statusCode).toBe(
        401,
      );
    });

    it("answers 403 forbidden to users without the route's permission", async () => {
      const cases = [
        [await fx.user("MerchantStaff"), 403],
        [await fx.user("MerchantStaff", { permissions: ["can view orders"] }), 200],
        [await fx.user("Merchant"), 200],
        [await fx.user("Bank"), 200],
        [await fx.user("BankStaff", { permissions: ["can view merchants"] }), 403],
        [await fx.user("Terminal"), 403],
        [await fx.user("Partner"), 403],
      ] as const;
      for (const [user, status] of cases) {
        const r = await app.inject({ url: "/api/test/orders", headers: (await fx.session(user)).headers });
        expect([user.profile_type, r.statusCode]).toEqual([user.profile_type, status]);
        if (status === 403)
          expect(r.json()).toEqual({
            code: "forbidden",
            detail: "You do not have permission to view this page.",
          });
      }
    });

    it("refuses the sessions of a deactivated account", async () => {
      const user = await fx.user("Merchant");
      const session = await fx.session(user);
      await db().updateTable("users").set({ is_active: false }).where("id", "=", user.id).execute();
      expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).statusCode).toBe(401);
    });
  });
});

describe("route declarations", () => {
  it("refuses at start-up a route that declares neither public nor a permission", async () => {
    const { createTestDatabase } = await import("../test/databases.ts");
    const test = await createTestDatabase("pglite");
    const app = await buildTestApp(test.database);
    try {
      expect(() => app.get("/api/forgot", async () => ({}))).toThrow(/declares no permission/);
      expect(() =>
        app.get("/api/unknown", { config: { permission: "can fly" as "can view orders" } }, async () => ({})),
      ).toThrow(/unknown permission/);
      // A list (any one of them) names known permissions only, and at least one.
      expect(() =>
        app.get(
          "/api/unknown-in-list",
          { config: { permission: ["can view orders", "can fly" as "can view orders"] } },
          async () => ({}),
        ),
      ).toThrow(/unknown permission/);
      expect(() => app.get("/api/empty-list", { config: { permission: [] } }, async () => ({}))).toThrow(
        /unknown permission/,
      );
      expect(() =>
        app.get("/api/both", { config: { public: true, permission: "can view orders" } }, async () => ({})),
      ).toThrow(/public and declares a permission/);
      // Inside a plugin the error surfaces when the app starts.
      app.register(async (child) => {
        child.post("/api/nested", async () => ({}));
      });
      await expect(app.ready()).rejects.toThrow(/POST \/api\/nested declares no permission/);
    } finally {
      await app.close().catch(() => undefined);
      await test.drop();
    }
  });
});
