import { appConfigResponseSchema, DASHBOARD_VERSION } from "@portal/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";

let test: TestDatabase & { drop(): Promise<void> };
let database: Database;
beforeAll(async () => {
  test = await createTestDatabase("pglite");
  database = test.database;
});
afterAll(() => test.drop());

it("answers the country by host, the mailbox flag and the version", async () => {
  const app = await buildTestApp(database);
  const cases = [
    ["localhost:8080", "ARE"],
    ["portal.ksa.example.com", "SAU"],
    ["accept.example.com", "EGY"],
    ["pk.portal.example", "PAK"],
  ] as const;
  for (const [host, country] of cases) {
    const r = await app.inject({ url: "/api/config", headers: { host } });
    expect(r.statusCode).toBe(200);
    expect(appConfigResponseSchema.parse(r.json())).toEqual({
      country,
      mailbox: true,
      version: DASHBOARD_VERSION,
    });
  }
  await app.close();
});

it("answers unknown paths 404 in the error shape, signed in or not", async () => {
  const app = await buildTestApp(database);
  const r = await app.inject({ url: "/api/no-such-thing" });
  expect(r.statusCode).toBe(404);
  expect(r.json()).toEqual({ detail: "Not found.", code: "not_found" });
  await app.close();
});

it("follows COUNTRY_OVERRIDE, and turns the mailbox off when SMTP is configured", async () => {
  const app = await buildTestApp(database, { COUNTRY_OVERRIDE: "omn", SMTP_URL: "smtp://127.0.0.1:2525" });
  const r = await app.inject({ url: "/api/config", headers: { host: "portal.ksa.example.com" } });
  expect(r.json()).toEqual({ country: "OMN", mailbox: false, version: DASHBOARD_VERSION });
  const mailbox = await app.inject({ url: "/api/dev/mailbox" });
  expect(mailbox.statusCode).toBe(404);
  await app.close();
});
