import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPORT_SUBMITTED } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOWNLOAD_FAILED, EXPORT_QUEUE, RANGE_TOO_LONG, runExport } from "../exports/exports.service.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession, unique } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { reportStateOf } from "./reports.service.ts";

describe("report states", () => {
  it("is Pending until the job is done, then ready", () => {
    expect(reportStateOf("queued")).toBe("pending");
    expect(reportStateOf("running")).toBe("pending");
    expect(reportStateOf("done")).toBe("ready");
    expect(reportStateOf("failed")).toBe("failed");
    expect(REPORT_SUBMITTED).toBe("Request Submitted");
  });
});

describeEachDatabase("reports: generate as a durable job, summary table, download", (get) => {
  let app: FastifyInstance;
  let dataDir: string;
  let owner: TestSession;
  let other: TestSession;
  let reportsOnly: TestSession;
  let bank: TestSession;
  let otherBank: TestSession;
  let terminal: TestSession;
  let merchantId: number;
  let bankId: number;
  const company = unique("Report Co ");
  const invoiceRef = unique("INV-R-");

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "reports-"));
    app = await buildTestApp(get().database, { DATA_DIR: dataDir });
    const db = app.payments.db;
    const fx = fixtures(db);
    bankId = (await fx.bank()).id;
    const m = await fx.merchant({
      company_name: company,
      bank_id: bankId,
      created_at: new Date("2026-05-02T00:00:00Z"),
    });
    merchantId = m.id;
    owner = await fx.session(await fx.user("Merchant", { merchantId }));
    other = await fx.session(await fx.user("Merchant"));
    reportsOnly = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view reports"] }),
    );
    bank = await fx.session(await fx.user("Bank", { bankId }));
    otherBank = await fx.session(await fx.user("Bank"));
    terminal = await fx.session(await fx.user("Terminal", { merchantId }));
    const r = rows(db);
    await r.payment(merchantId, {
      created_at: new Date("2026-05-10T00:00:00Z"),
      customer_name: "In range ok",
    });
    await r.payment(merchantId, {
      created_at: new Date("2026-05-11T00:00:00Z"),
      status: "declined",
      customer_name: "In range declined",
    });
    await r.payment(merchantId, {
      created_at: new Date("2026-07-01T00:00:00Z"),
      customer_name: "Out of range",
    });
    await r.order(merchantId, {
      created_at: new Date("2026-05-12T00:00:00Z"),
      merchant_order_id: "ORD-REPORT",
    });
    await db
      .insertInto("payment_links")
      .values([
        {
          merchant_id: merchantId,
          kind: "invoice",
          is_live: true,
          merchant_invoice_id: invoiceRef,
          amount_cents: 2500,
          currency: "EGP",
          client: JSON.stringify({
            full_name: "Invoice Client",
            email: "c@example.test",
            phone_number: "+201000000002",
          }),
          created_at: new Date("2026-05-13T00:00:00Z"),
        },
        {
          merchant_id: merchantId,
          kind: "link",
          is_live: true,
          merchant_invoice_id: "LINK-NOT-INVOICE",
          amount_cents: 2500,
          currency: "EGP",
          client: JSON.stringify({}),
          created_at: new Date("2026-05-13T00:00:00Z"),
        },
      ])
      .execute();
    await sql`insert into transfers (merchant_id, is_live, currency, day, gross_cents, fees_cents, vat_cents, transactions_count)
      values (${merchantId}, true, 'EGP', '2026-05-14', 100000, 2500, 350, 3),
             (${merchantId}, true, 'EGP', '2026-06-20', 1, 0, 0, 1)`.execute(db);
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const create = (payload: object, s: TestSession = owner) =>
    app.inject({ method: "POST", url: "/api/reports", headers: s.headers, payload });
  const list = async (s: TestSession = owner) =>
    (await app.inject({ url: "/api/reports", headers: s.headers })).json();
  const csvOf = async (id: number, s: TestSession = owner) =>
    app.inject({ url: `/api/reports/${id}/download?format=csv`, headers: s.headers });
  const range = { date_from: "2026-05-01", date_to: "2026-05-31" };

  it("refuses a range longer than one month, a missing range and an unknown type", async () => {
    const long = await create({ type: "transactions", date_from: "2026-05-01", date_to: "2026-06-02" });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: "range_too_long", detail: RANGE_TOO_LONG });
    expect((await create({ type: "transactions" })).statusCode).toBe(400);
    expect((await create({ type: "payouts", ...range })).statusCode).toBe(400);
    const backwards = await create({ type: "orders", date_from: "2026-05-20", date_to: "2026-05-01" });
    expect(backwards.statusCode).toBe(400);
  });

  it("a transactions report goes from Pending to ready, with its status filter, and is downloaded", async () => {
    const created = await create({ type: "transactions", status: "trx_success", ...range });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      type: "transactions",
      state: "pending",
      status: "trx_success",
      downloaded: false,
    });
    // A durable job, enqueued with the row.
    const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = ${EXPORT_QUEUE} and (data->>'exportId')::int = ${item.id}`.execute(app.payments.db);
    expect(jobs.rows[0]!.n).toBe(1);
    // The summary table has it; the exports history does not.
    expect((await list()).results.map((r: { id: number }) => r.id)).toContain(item.id);
    const exportsHistory = (await app.inject({ url: "/api/exports", headers: owner.headers })).json();
    expect(exportsHistory.results.map((r: { id: number }) => r.id)).not.toContain(item.id);
    expect((await app.inject({ url: `/api/exports/${item.id}`, headers: owner.headers })).statusCode).toBe(
      404,
    );
    // Pending: the download fails with the spec's message.
    const early = await csvOf(item.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(DOWNLOAD_FAILED);

    await runExport(app.payments.db, dataDir, item.id);
    const ready = (await list()).results.find((r: { id: number }) => r.id === item.id);
    expect(ready).toMatchObject({ state: "ready", rows_total: 1, downloaded: false });
    const csv = await csvOf(item.id);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("In range ok");
    expect(csv.body).not.toContain("In range declined");
    expect(csv.body).not.toContain("Out of range");
    const xlsx = await app.inject({ url: `/api/reports/${item.id}/download`, headers: owner.headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    expect((await list()).results.find((r: { id: number }) => r.id === item.id).downloaded).toBe(true);
  });

  it("writes orders, invoices and transfers reports", async () => {
    const ids: Record<string, number> = {};
    for (const type of ["orders", "invoices", "transfers"]) {
      const r = await create({ type, ...range });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().status).toBe("trx_all");
      ids[type] = r.json().id;
      await runExport(app.payments.db, dataDir, r.json().id);
    }
    const orders = (await csvOf(ids.orders!)).body;
    expect(orders).toContain("ORD-REPORT");
    const invoices = (await csvOf(ids.invoices!)).body;
    expect(invoices.split("\r\n")[0]).toContain("Invoice ID,Date Created,Merchant Invoice ID");
    expect(invoices).toContain(invoiceRef);
    expect(invoices).toContain("Invoice Client");
    expect(invoices).not.toContain("LINK-NOT-INVOICE");
    const transfers = (await csvOf(ids.transfers!)).body.trim().split("\r\n");
    expect(transfers).toHaveLength(2);
    expect(transfers[1]).toContain(",2026-05-14,Pending,EGP,1000.00,0.00,0.00,25.00,3.50,971.50,3,");
  });

  it("needs the report permission and the type's own; merchants have no merchants report", async () => {
    expect((await create({ type: "transactions", ...range }, reportsOnly)).statusCode).toBe(403);
    expect((await create({ type: "merchants", ...range })).statusCode).toBe(403);
    expect((await create({ type: "transactions", ...range }, terminal)).statusCode).toBe(403);
  });

  it("a bank's merchants report lists its merchants only; its transactions report its merchants' rows", async () => {
    const fx = fixtures(app.payments.db);
    const foreign = unique("Foreign Co ");
    await fx.merchant({ company_name: foreign, created_at: new Date("2026-05-03T00:00:00Z") });
    const merchants = await create({ type: "merchants", ...range }, bank);
    expect(merchants.statusCode, merchants.body).toBe(201);
    await runExport(app.payments.db, dataDir, merchants.json().id);
    const body = (await csvOf(merchants.json().id, bank)).body;
    expect(body).toContain(company);
    expect(body).not.toContain(foreign);
    const tx = await create({ type: "transactions", ...range }, bank);
    await runExport(app.payments.db, dataDir, tx.json().id);
    const txBody = (await csvOf(tx.json().id, bank)).body;
    expect(txBody).toContain("In range declined");
    expect(txBody).toContain(company);
    // Each tenant's summary table is its own.
    expect((await list(otherBank)).results.map((r: { id: number }) => r.id)).not.toContain(tx.json().id);
    expect((await list(other)).count).toBe(0);
    expect((await list(owner)).results.map((r: { id: number }) => r.id)).not.toContain(tx.json().id);
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/reports/${tx.json().id}/download?format=csv` },
      owner: bank,
      intruder: otherBank,
      secrets: [company],
    });
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/reports/${tx.json().id}/download?format=csv` },
      owner: bank,
      intruder: owner,
      secrets: [company],
    });
  });

  it("a merchants report counts the transactions of its status choice: all, successful or declined", async () => {
    // The merchant has two successful payments (one outside the range: the count is the merchant's, all time)
    // and one declined one.
    const expected = {
      trx_all: ["Transactions", 3],
      trx_success: ["Successful Transactions", 2],
      trx_decline: ["Declined Transactions", 1],
    } as const;
    for (const [status, [header, count]] of Object.entries(expected)) {
      const created = await create({ type: "merchants", status, ...range }, bank);
      expect(created.statusCode, created.body).toBe(201);
      await runExport(app.payments.db, dataDir, created.json().id);
      const lines = (await csvOf(created.json().id, bank)).body.trim().split(/\r?\n/);
      expect(lines[0]?.split(",").at(-1)).toBe(header);
      const row = lines.find((l) => l.includes(company));
      expect(row?.split(",").at(-1), status).toBe(String(count));
    }
  });

  it("gives a report queued without a job (the demo's Pending ones) its job once the server listens", async () => {
    const userId = owner.userId;
    const row = await app.payments.db
      .insertInto("exports")
      .values({
        merchant_id: merchantId,
        bank_id: null,
        user_id: userId,
        kind: "orders",
        status_choice: "trx_all",
        is_live: true,
        date_from: new Date("2026-05-01T00:00:00Z"),
        date_to: new Date("2026-05-31T00:00:00Z"),
        purpose: "report",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const listening = await buildTestApp(get().database, { DATA_DIR: dataDir });
    try {
      await listening.listen({ port: 0, host: "127.0.0.1" });
      let state = "";
      for (let i = 0; i < 120 && state !== "ready"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        state = (await list()).results.find((r: { id: number }) => r.id === row.id)?.state ?? "";
      }
      expect(state).toBe("ready");
      // One job, even though the server listened (and would again): the report is not queued twice.
      const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = ${EXPORT_QUEUE} and (data->>'exportId')::int = ${row.id}`.execute(app.payments.db);
      expect(jobs.rows[0]!.n).toBeLessThanOrEqual(1);
    } finally {
      await listening.close();
    }
  });

  it("keeps a merchant's report from other merchants", async () => {
    const r = (await create({ type: "transactions", ...range })).json();
    await runExport(app.payments.db, dataDir, r.id);
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/reports/${r.id}/download?format=csv` },
      owner,
      intruder: other,
      secrets: [company],
    });
  });
});
