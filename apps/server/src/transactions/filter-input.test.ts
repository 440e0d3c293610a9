import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

/**
 * The dashboard's list filters refuse what the public API refuses (issue 10, second review): a NUL or another
 * control character in a text filter, a malformed currency, or a date outside years 1970-9999 answered 500 (the
 * database refused the byte, or its time arithmetic overflowed); each is now a 400 naming the field. Valid filters
 * still answer 200.
 */
describeEachDatabase("workspace filters are bounded", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let bank: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    owner = await fx.session(await fx.user("Merchant"));
    bank = await fx.session(await fx.user("Bank"));
  });

  const TEXT = [
    "merchant_order_id",
    "created_by",
    "other_references",
    "wallet_msisdn",
    "phone_number",
    "type",
  ];
  // (An unpaired surrogate cannot reach a query string: URL encoding turns it into U+FFFD.)
  const HOSTILE = ["a\u0000b", "a\u001bb", "a\u007fb"];
  const DATES = ["99999-01-01", "0001-01-01", "2026-13-45", "yesterday", "2026-05-01T25:00:00Z"];

  it("answer 400 naming the field for forbidden characters, bad currencies and impossible dates", async () => {
    for (const [path, who, fields] of [
      ["/api/transactions", () => owner, TEXT],
      ["/api/orders", () => owner, ["merchant_order_id", "created_by"]],
      ["/api/bank/transactions", () => bank, ["merchant_order_id"]],
      ["/api/bank/orders", () => bank, ["merchant_order_id"]],
    ] as const) {
      const ask = (query: Record<string, string>) =>
        app.inject({ url: `${path}?${new URLSearchParams(query)}`, headers: who().headers });
      for (const field of fields)
        for (const value of HOSTILE) {
          const r = await ask({ [field]: value });
          expect(r.statusCode, `${path} ${field}=${JSON.stringify(value)}`).toBe(400);
          expect(r.json().fields?.[field], `${path} ${field}`).toBeDefined();
        }
      for (const field of ["date_from", "date_to"])
        for (const value of DATES) {
          const r = await ask({ [field]: value });
          expect(r.statusCode, `${path} ${field}=${value}`).toBe(400);
          expect(r.json().code).toBe("validation");
        }
      expect((await ask({ currency: "E\u0000P" })).statusCode, `${path} currency`).toBe(400);
      const fine = await ask({
        date_from: "2026-05-01",
        date_to: "2026-05-31T23:59:59.999Z",
        currency: "EGP",
      });
      expect(fine.statusCode, `${path} valid filters`).toBe(200);
    }
    for (const path of ["/api/transactions/totals", "/api/orders/totals"]) {
      const r = await app.inject({ url: `${path}?date_from=99999-01-01`, headers: owner.headers });
      expect(r.statusCode, path).toBe(400);
    }
  });
});
