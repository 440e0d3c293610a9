import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runExport } from "../exports/exports.service.ts";
import { paymentTokenFor, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, signIn, type TestSession } from "../test/fixtures.ts";
import { staticRoutes } from "../web/static.routes.ts";
import { API_CSP, checkoutCsp, DASHBOARD_CSP, DOCS_CSP, HSTS } from "./headers.ts";

/**
 * Standing test (issue 10 item 5): every kind of answer carries the security headers. The built apps are stood
 * in for by a temporary dist of each (index.html and one hashed asset), so the test needs no build.
 */
describeEachDatabase("security headers on every kind of answer", (get) => {
  let app: FastifyInstance;
  let behindProxy: FastifyInstance;
  let fx: Fixtures;
  let m: TestMerchant;
  let owner: TestSession;
  let dataDir: string;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "headers-dist-"));
  const mounts = [
    { base: "/portal2", dist: path.join(dist, "web") },
    { base: "/checkout", dist: path.join(dist, "checkout"), checkout: true },
  ];
  for (const mount of mounts) {
    fs.mkdirSync(path.join(mount.dist, "assets"), { recursive: true });
    fs.writeFileSync(path.join(mount.dist, "index.html"), "<!doctype html><title>app</title>");
    fs.writeFileSync(path.join(mount.dist, "assets", "index-abc123.js"), "export {};");
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "headers-data-"));
    app = await buildTestApp(get().database, { DATA_DIR: dataDir });
    await app.register(staticRoutes, { mounts });
    behindProxy = await buildTestApp(get().database, { TRUST_PROXY: "127.0.0.1" });
    fx = fixtures(app.payments.db);
    m = await testMerchant(app);
    owner = await fx.session({ id: m.ownerId });
  });
  afterAll(async () => {
    await app.close();
    await behindProxy.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** What every answer has, whatever its kind. */
  const expectCommon = (r: LightMyRequestResponse, label: string) => {
    expect(r.headers["x-content-type-options"], label).toBe("nosniff");
    expect(r.headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
    expect(r.headers["content-security-policy"], label).toBeTruthy();
    // Plain http without a trusted proxy: no HSTS (it would pin a host that may not have https).
    expect(r.headers["strict-transport-security"], label).toBeUndefined();
  };
  const expectApi = (r: LightMyRequestResponse, label: string) => {
    expectCommon(r, label);
    expect(r.headers["content-security-policy"], label).toBe(API_CSP);
    expect(r.headers["x-frame-options"], label).toBe("DENY");
    expect(r.headers["cache-control"], label).toBe("no-store");
  };

  describe("API answers: default-src 'none', not framable, never cached", () => {
    it("a JSON answer, a sign-in answer with its token, and the session", async () => {
      expectApi(await app.inject({ url: "/api/config" }), "GET /api/config");
      const user = await fx.user("Merchant");
      const { response, session } = await signIn(app, user.username, user.password);
      expect(response.statusCode).toBe(200);
      expectApi(response, "POST /api/auth/login");
      expectApi(await app.inject({ url: "/api/auth/me", headers: session!.headers }), "GET /api/auth/me");
      expectApi(await app.inject({ url: "/healthz" }), "GET /healthz");
    });

    it("errors: validation, unauthenticated, forbidden, and the public API's", async () => {
      const bad = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "" } });
      expect(bad.statusCode).toBe(400);
      expectApi(bad, "400");
      const anonymous = await app.inject({ url: "/api/auth/me" });
      expect(anonymous.statusCode).toBe(401);
      expectApi(anonymous, "401");
      const publicApi = await app.inject({ method: "POST", url: "/v1/intention/", payload: {} });
      expect(publicApi.statusCode).toBeGreaterThanOrEqual(400);
      expectApi(publicApi, "public API error");
    });

    it("404s, under /api and anywhere", async () => {
      for (const url of ["/api/no-such-route", "/no-such-page", "/api/dev/mailbox"]) {
        const r = await app.inject({ url });
        expect(r.statusCode, url).toBe(404);
        expectApi(r, url);
      }
    });

    it("a secret key answer", async () => {
      const r = await app.inject({ url: "/api/integrations", headers: owner.headers });
      expect(r.statusCode).toBe(200);
      expectApi(r, "GET /api/integrations");
    });

    it("a file download (an export) with its true type", async () => {
      const created = await app.inject({
        method: "POST",
        url: "/api/exports",
        headers: owner.headers,
        payload: { date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_all" },
      });
      expect(created.statusCode, created.body).toBe(201);
      await runExport(app.payments.db, dataDir, created.json().id);
      const r = await app.inject({
        url: `/api/exports/${created.json().id}/download?format=csv`,
        headers: owner.headers,
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(r.headers["content-disposition"]).toMatch(/^attachment;/);
      expectApi(r, "export download");
    });
  });

  describe("the dashboard", () => {
    it("index.html: its CSP (Mantine's inline styles, no inline script), not framable, no-cache", async () => {
      for (const url of ["/portal2/", "/portal2/en/login", "/portal2/en/transactions?page=2"]) {
        const r = await app.inject({ url });
        expect(r.statusCode, url).toBe(200);
        expectCommon(r, url);
        expect(r.headers["content-security-policy"], url).toBe(DASHBOARD_CSP);
        expect(DASHBOARD_CSP).toContain("frame-ancestors 'none'");
        expect(DASHBOARD_CSP).toContain("style-src 'self' 'unsafe-inline'");
        expect(DASHBOARD_CSP).toMatch(/script-src 'self';/);
        expect(r.headers["x-frame-options"], url).toBe("DENY");
        // Was "public, max-age=0": @fastify/static replaced the route's header.
        expect(r.headers["cache-control"], url).toBe("no-cache");
      }
    });

    it("a hashed asset: cached for a year, nosniff, its type", async () => {
      const r = await app.inject({ url: "/portal2/assets/index-abc123.js" });
      expect(r.statusCode).toBe(200);
      expectCommon(r, "asset");
      expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(r.headers["content-type"]).toMatch(/javascript/);
    });
  });

  describe("the checkout: framable only by the integration's allowed origins", () => {
    const frameAncestors = (r: LightMyRequestResponse) =>
      /frame-ancestors ([^;]*)/.exec(String(r.headers["content-security-policy"]))?.[1];
    const setOrigins = (integrationId: number, origins: string[]) =>
      app.inject({
        method: "PUT",
        url: `/api/integrations/${integrationId}/frame_origins`,
        headers: owner.headers,
        payload: { frame_origins: origins },
      });

    it("without allowed origins, or for a page naming no payment: 'self' only", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      for (const url of [
        `/checkout/pay?payment_token=${encodeURIComponent(token)}`,
        "/checkout/pay",
        "/checkout/pay?payment_token=not-a-token",
        "/checkout/unified?publicKey=x&clientSecret=y",
        "/checkout/assets/index-abc123.js",
      ]) {
        const r = await app.inject({ url });
        expect(r.statusCode, url).toBe(200);
        expectCommon(r, url);
        expect(frameAncestors(r), url).toBe("'self'");
      }
      const index = await app.inject({ url: "/checkout/pay" });
      expect(index.headers["content-security-policy"]).toBe(checkoutCsp());
      expect(index.headers["cache-control"]).toBe("no-cache");
    });

    it("with allowed origins: 'self' and those, for the payment token and for the intention", async () => {
      const { token, clientSecret } = await paymentTokenFor(app, m, m.integrations.moto);
      expect((await setOrigins(m.integrations.moto, ["https://shop.example.com"])).statusCode).toBe(200);
      const pay = await app.inject({ url: `/checkout/pay?payment_token=${encodeURIComponent(token)}` });
      expect(frameAncestors(pay)).toBe("'self' https://shop.example.com");
      expect(pay.headers["x-frame-options"]).toBeUndefined();
      const unified = await app.inject({
        url: `/checkout/unified?publicKey=${encodeURIComponent(m.keys.publicKeyTest)}&clientSecret=${encodeURIComponent(clientSecret)}`,
      });
      expect(frameAncestors(unified)).toBe("'self' https://shop.example.com");
      // Another merchant's integration's origins never apply to this payment; a forged token names none.
      const forged = `${token.slice(0, -2)}${token.endsWith("aa") ? "bb" : "aa"}`;
      const r = await app.inject({ url: `/checkout/pay?payment_token=${encodeURIComponent(forged)}` });
      expect(frameAncestors(r)).toBe("'self'");
      // The legacy iframe URL redirects to the checkout, which then names the origins.
      const iframe = await app.inject({
        url: `/api/acceptance/iframes/1?payment_token=${encodeURIComponent(token)}`,
      });
      expect(iframe.statusCode).toBe(302);
      expectApi(iframe, "iframe redirect");
      const followed = await app.inject({ url: String(iframe.headers.location) });
      expect(frameAncestors(followed)).toBe("'self' https://shop.example.com");
    });
  });

  describe("the API documentation", () => {
    it("the page has its own CSP and is not framable; the document is an API answer", async () => {
      const page = await app.inject({ url: "/api/docs" });
      expect(page.statusCode).toBe(200);
      expectCommon(page, "docs");
      expect(page.headers["content-security-policy"]).toBe(DOCS_CSP);
      expect(page.headers["x-frame-options"]).toBe("DENY");
      const json = await app.inject({ url: "/api/docs/json" });
      expect(json.statusCode).toBe(200);
      expectApi(json, "/api/docs/json");
    });
  });

  describe("HSTS", () => {
    it("only when the request came over https through a trusted proxy", async () => {
      const trusted = await behindProxy.inject({
        url: "/api/config",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(trusted.headers["strict-transport-security"]).toBe(HSTS);
      const forged = await app.inject({ url: "/api/config", headers: { "x-forwarded-proto": "https" } });
      expect(forged.headers["strict-transport-security"]).toBeUndefined();
    });
  });
});
