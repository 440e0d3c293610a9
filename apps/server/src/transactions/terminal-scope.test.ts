import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "./test-rows.ts";

/**
 * Issue 10, item 3: a terminal user sees its terminal's payments only, on every route it may call, not the whole
 * merchant's. The merchant has a payment of the terminal and a live payment of no terminal (the owner's); the
 * terminal must reach the first and never the second.
 */
describeEachDatabase("terminal users stay inside their terminal", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let terminal: TestSession;
  let merchantId: number;
  let ownTx: number;
  let otherTx: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    const fx = fixtures(db);
    const r = rows(db);
    const ownerUser = await fx.user("Merchant");
    merchantId = ownerUser.merchant_id!;
    const terminalUser = await fx.user("Terminal", { merchantId });
    owner = await fx.session(ownerUser);
    terminal = await fx.session(terminalUser);
    const integration = await fx.integration(merchantId, {
      processed_callback_url: "https://merchant.example.test/callback",
    });
    const at = new Date("2026-03-10T10:00:00Z");
    const terminalOrder = await r.order(merchantId, { created_at: at, amount_cents: 1000 });
    const otherOrder = await r.order(merchantId, { created_at: at, amount_cents: 99000 });
    ownTx = (
      await r.payment(merchantId, {
        created_at: at,
        order_id: terminalOrder.id,
        terminal_id: terminalUser.terminal_id,
        integration_id: integration.id,
        amount_cents: 1000,
      })
    ).id;
    otherTx = (
      await r.payment(merchantId, {
        created_at: at,
        order_id: otherOrder.id,
        integration_id: integration.id,
        amount_cents: 99000,
      })
    ).id;
    for (const id of [ownTx, otherTx])
      await db
        .insertInto("callback_attempts")
        .values({
          transaction_id: id,
          merchant_id: merchantId,
          kind: "TRANSACTION",
          trigger: "event",
          attempt: 1,
          url: "https://merchant.example.test/callback",
          status_code: 200,
        })
        .execute();
  });

  const call = (session: TestSession, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  it("reads and resends the callbacks of its own payments only", async () => {
    expect((await call(terminal, "GET", `/api/transactions/${ownTx}/callbacks`)).statusCode).toBe(200);
    expect((await call(terminal, "GET", `/api/transactions/${otherTx}/callbacks`)).statusCode).toBe(404);
    expect((await call(owner, "GET", `/api/transactions/${otherTx}/callbacks`)).statusCode).toBe(200);

    expect((await call(terminal, "POST", `/api/transactions/${ownTx}/callbacks/resend`)).statusCode).toBe(
      202,
    );
    const refused = await call(terminal, "POST", `/api/transactions/${otherTx}/callbacks/resend`);
    expect(refused.statusCode).toBe(404);
    const manual = await app.payments.db
      .selectFrom("callback_jobs")
      .select("transaction_id")
      .where("trigger", "=", "manual")
      .execute();
    expect(manual.map((j) => Number(j.transaction_id))).not.toContain(otherTx);
  });

  it("resends by date range only its own payments' callbacks", async () => {
    const body = { date_from: "2026-03-01", date_to: "2026-03-31", is_live: true };
    const mine = await call(terminal, "POST", "/api/transactions/callbacks/resend", body);
    expect(mine.statusCode).toBe(202);
    expect(mine.json()).toMatchObject({ count: 1 });
    const all = await call(owner, "POST", "/api/transactions/callbacks/resend", body);
    expect(all.json()).toMatchObject({ count: 2 });
  });

  it("gets 403 for the merchant's home and reports figures", async () => {
    const home = await call(terminal, "GET", "/api/analytics/home?is_live=true");
    expect(home.statusCode).toBe(403);
    expect(home.body).not.toContain("99000");
    expect((await call(terminal, "GET", "/api/analytics/reports?is_live=true")).statusCode).toBe(403);
    expect((await call(owner, "GET", "/api/analytics/home?is_live=true")).statusCode).toBe(200);
  });

  it("counts in its totals header only the orders of its own payments", async () => {
    const url = "/api/transactions/totals?date_from=2026-03-01&date_to=2026-03-31&is_live=true";
    type Totals = {
      currencies: { currency: string; total_orders: { count: number; amount_cents: number } }[];
    };
    const mine = (await call(terminal, "GET", url)).json() as Totals;
    expect(mine.currencies).toHaveLength(1);
    expect(mine.currencies[0]!.total_orders).toEqual({ count: 1, amount_cents: 1000 });
    const all = (await call(owner, "GET", url)).json() as Totals;
    expect(all.currencies[0]!.total_orders).toEqual({ count: 2, amount_cents: 100000 });
  });

  it("reaches no order, transaction or export of the merchant outside its terminal", async () => {
    for (const url of [
      `/api/transactions/${otherTx}`,
      `/api/transactions/${otherTx}/receipt`,
      `/api/transactions/${otherTx}/receipt.pdf`,
    ])
      expect((await call(terminal, "GET", url)).statusCode, url).toBe(404);
    const list = await call(terminal, "GET", "/api/transactions?is_live=true");
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: { id: number }[] }).results.map((t) => t.id)).toEqual([ownTx]);
    // Terminals hold neither the orders permission nor a merchant-wide export.
    expect((await call(terminal, "GET", "/api/orders?is_live=true")).statusCode).toBe(403);
    expect((await call(terminal, "GET", "/api/orders/totals?is_live=true")).statusCode).toBe(403);
    expect((await call(terminal, "GET", "/api/exports")).statusCode).toBe(403);
  });
});
