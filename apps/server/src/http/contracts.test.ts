import { allContracts } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openPglite } from "../db/database.ts";

/**
 * One contract for every HTTP route (ADR 0008): a route the server answers without a contract in
 * packages/domain/src/api, or a contract no route implements, fails here. Served files (the built web apps) and
 * the OpenAPI UI (and the top-level /delivery redirect into the dashboard) are not API routes.
 */
const NOT_API = [/^\/api\/docs/, /^\/portal2/, /^\/checkout(\/|$)/, /^\/$/, /^\/delivery$/];

describe("contracts and routes", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openPglite(undefined);
    app = await buildApp({ config: loadConfig({}), database }, { logger: false });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  const key = (method: string, url: string) => `${method} ${url}`;

  it("every contract has its route", () => {
    const routes = new Set(app.routeTable.map((r) => key(r.method, r.url)));
    const missing = allContracts()
      .map((c) => key(c.method, c.path))
      .filter((k) => !routes.has(k));
    expect(missing).toEqual([]);
    expect(allContracts().length).toBeGreaterThan(0);
  });

  it("every route has its contract", () => {
    const contracts = new Set(allContracts().map((c) => key(c.method, c.path)));
    // A hidden route is a served file or the other spelling (trailing slash) of a contract's path.
    const twin = (url: string) => (url.endsWith("/") ? url.slice(0, -1) : `${url}/`);
    const withoutContract = app.routeTable
      .filter((r) => !NOT_API.some((p) => p.test(r.url)))
      .filter((r) => !contracts.has(key(r.method, r.url)))
      .filter((r) => !(r.hidden && contracts.has(key(r.method, twin(r.url)))))
      .map((r) => key(r.method, r.url));
    expect(withoutContract).toEqual([]);
    // The table sees the routes: every contract's, and the served files besides.
    expect(app.routeTable.length).toBeGreaterThan(allContracts().length);
    expect(app.routeTable.some((r) => r.url === "/api/transactions/:id")).toBe(true);
  });
});
