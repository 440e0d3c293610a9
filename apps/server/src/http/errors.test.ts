import { errorResponseSchema, VALIDATION_ERROR_CODE } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/database.ts";
import { buildTestApp } from "../test/app.ts";

/**
 * One error handler and one error shape for the dashboard and checkout APIs (issue 11): a request that does not
 * match its contract answers 400 {detail, code: "validation", fields} wherever the route lives; the public API
 * keeps the provider's shape ({"field": ["message"]}).
 */
describe("error answers", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openPglite(undefined);
    app = await buildTestApp(database);
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it("answers a dashboard and a checkout request that does not match its contract with the one validation code", async () => {
    for (const [url, payload] of [
      ["/api/auth/login", { username: 5 }],
      ["/api/checkout/kiosk", { payment_token: 5 }],
    ] as const) {
      const response = await app.inject({ method: "POST", url, payload });
      expect(response.statusCode, url).toBe(400);
      const body = errorResponseSchema.parse(response.json());
      expect(body.code, url).toBe(VALIDATION_ERROR_CODE);
      expect(Object.keys(body.fields ?? {}).length, url).toBeGreaterThan(0);
    }
  });

  it("keeps the provider's shape on the public API", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/acceptance/payments/pay",
      payload: { payment_token: 5 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBeUndefined();
    expect(Array.isArray(body.payment_token ?? body.source)).toBe(true);
  });

  it("answers an unknown route in the one shape", async () => {
    const response = await app.inject({ url: "/api/no-such-route" });
    expect(response.statusCode).toBe(404);
    expect(errorResponseSchema.parse(response.json())).toEqual({ detail: "Not found.", code: "not_found" });
  });
});
