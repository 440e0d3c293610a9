import { EventEmitter } from "node:events";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { csvField, safeCell } from "./cells.ts";
import {
  DOWNLOAD_FAILED,
  EXPORT_BATCH,
  EXPORT_QUEUE,
  EXPORTS_IN_PROGRESS_MAX,
  exportDir,
  exportFile,
  RANGE_TOO_LONG,
  runExport,
  TOO_MANY_EXPORTS,
  xlsxDrained,
} from "./exports.service.ts";

describe("spreadsheet cells", () => {
  it("prefixes formula starters with an apostrophe and quotes CSV fields", () => {
    for (const bad of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(safeCell(bad)).toBe(`'${bad}`);
    expect(safeCell("Mona")).toBe("Mona");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(null)).toBe("");
    expect(csvField(12)).toBe("12");
  });
});

describe("XLSX backpressure", () => {
  it("waits until the sheet's zip pipe has drained when it is at its high water mark", async () => {
    const pipe = new PassThrough({ highWaterMark: 4 });
    pipe.write("more than four bytes");
    const sheet = { stream: { pipes: [pipe] } } as unknown as ExcelJS.Worksheet;
    let drained = false;
    const waiting = xlsxDrained(sheet).then(() => {
      drained = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drained).toBe(false);
    pipe.resume();
    await waiting;
    expect(drained).toBe(true);
    // archiver's readable-stream 3 PassThrough has no writableLength: its _writableState is read instead.
    const legacy = Object.assign(new EventEmitter(), {
      writableHighWaterMark: 4,
      _writableState: { length: 10 },
    });
    let legacyDrained = false;
    const legacyWaiting = xlsxDrained({ stream: { pipes: [legacy] } } as unknown as ExcelJS.Worksheet).then(
      () => {
        legacyDrained = true;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(legacyDrained).toBe(false);
    legacy.emit("drain");
    await legacyWaiting;
    expect(legacyDrained).toBe(true);
    // Below the mark, or without exceljs's field, there is nothing to wait for.
    await xlsxDrained({ stream: { pipes: [new PassThrough()] } } as unknown as ExcelJS.Worksheet);
    await xlsxDrained({} as unknown as ExcelJS.Worksheet);
  });
});

describeEachDatabase("exports: durable job, CSV and XLSX, history and download", (get) => {
  let app: FastifyInstance;
  let dataDir: string;
  let owner: TestSession;
  let intruder: TestSession;
  let merchantId: number;
  const company = `Export Co ${Date.now()}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "exports-"));
    app = await buildTestApp(get().database, { DATA_DIR: dataDir });
    const db = app.payments.db;
    const fx = fixtures(db);
    const m = await fx.merchant({ company_name: company });
    merchantId = m.id;
    owner = await fx.session(await fx.user("Merchant", { merchantId }));
    intruder = await fx.session(await fx.user("Merchant"));
    const r = rows(db);
    // More rows than one batch, so the keyset paging is exercised; spread over two days of May 2026.
    const n = EXPORT_BATCH + 3;
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type, origin, created_at, customer_name)
      select ${merchantId}, true, 1000 + g, 'EGP', case when g % 4 = 0 then 'declined' else 'success' end, 'VPC', 'standalone', 'IFRAME',
        timestamptz '2026-05-10T00:00:00Z' + (g || ' seconds')::interval, 'Bulk ' || g
      from generate_series(1, ${n}) g`.execute(db);
    await r.payment(merchantId, {
      created_at: new Date("2026-05-20T00:00:00Z"),
      customer_name: '=HYPERLINK("http://evil")',
      customer_email: "+cmd@example.test",
    });
    await r.payment(merchantId, { created_at: new Date("2026-07-01T00:00:00Z"), customer_name: "Outside" });
    await r.payment(merchantId, {
      created_at: new Date("2026-05-21T00:00:00Z"),
      is_live: false,
      customer_name: "Test mode",
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const create = (payload: object, session = owner) =>
    app.inject({ method: "POST", url: "/api/exports", headers: session.headers, payload });

  it("refuses a range longer than a month and missing fields", async () => {
    const long = await create({ date_from: "2026-05-01", date_to: "2026-06-02", status: "trx_all" });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: "range_too_long", detail: RANGE_TOO_LONG });
    expect((await create({ date_from: "2026-05-01", date_to: "2026-05-31" })).statusCode).toBe(400);
    expect(
      (await create({ date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_all" })).statusCode,
    ).toBe(201);
  });

  it("enqueues a durable job, writes both files, protects cells, and moves new -> downloaded", async () => {
    const created = await create({ date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_all" });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ state: "new", job_state: "queued", rows_done: 0, kind: "transactions" });
    const jobs = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = ${EXPORT_QUEUE} and (data->>'exportId')::int = ${item.id}`.execute(
      app.payments.db,
    );
    expect(jobs.rows[0]!.n).toBe(1);

    const early = await app.inject({
      url: `/api/exports/${item.id}/download?format=csv`,
      headers: owner.headers,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(DOWNLOAD_FAILED);

    await runExport(app.payments.db, dataDir, item.id);
    const history = (await app.inject({ url: "/api/exports", headers: owner.headers })).json();
    const done = history.results.find((e: { id: number }) => e.id === item.id);
    const total = EXPORT_BATCH + 4;
    expect(done).toMatchObject({ job_state: "done", state: "new", rows_done: total, rows_total: total });

    const csv = await app.inject({
      url: `/api/exports/${item.id}/download?format=csv`,
      headers: owner.headers,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toContain("Transaction ID,Date Created,Amount,Currency,Status");
    expect(lines).toHaveLength(total + 1);
    expect(csv.body).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(csv.body).toContain("'+cmd@example.test");
    expect(csv.body).not.toContain("Outside");
    expect(csv.body).not.toContain("Test mode");
    expect(csv.body).toContain(company);
    expect(csv.body).toContain(",10.01,EGP,success,");

    const xlsx = await app.inject({
      url: `/api/exports/${item.id}/download?format=xlsx`,
      headers: owner.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(total + 1);
    const names: string[] = [];
    sheet.eachRow((row) => names.push(String(row.getCell(11).value)));
    expect(names).toContain('\'=HYPERLINK("http://evil")');
    expect(names.some((v) => v.startsWith("="))).toBe(false);

    const after = (await app.inject({ url: `/api/exports/${item.id}`, headers: owner.headers })).json();
    expect(after.state).toBe("downloaded");
  });

  it("filters by the status choice", async () => {
    const success = (
      await create({ date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_success" })
    ).json();
    const decline = (
      await create({ date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_decline" })
    ).json();
    await runExport(app.payments.db, dataDir, success.id);
    await runExport(app.payments.db, dataDir, decline.id);
    const csvOf = async (id: number) =>
      (await app.inject({ url: `/api/exports/${id}/download?format=csv`, headers: owner.headers })).body;
    const declined = Math.floor((EXPORT_BATCH + 3) / 4);
    expect((await csvOf(decline.id)).trim().split("\r\n")).toHaveLength(declined + 1);
    const ok = await csvOf(success.id);
    expect(ok.trim().split("\r\n")).toHaveLength(EXPORT_BATCH + 4 - declined + 1);
    expect(ok).not.toContain(",declined,");
  });

  it("exports orders with their display status", async () => {
    const db = app.payments.db;
    await rows(db).order(merchantId, {
      created_at: new Date("2026-05-03T00:00:00Z"),
      merchant_order_id: "ORD-PAID",
      amount_cents: 500,
      paid_amount_cents: 500,
    });
    await rows(db).order(merchantId, {
      created_at: new Date("2026-05-03T00:00:00Z"),
      merchant_order_id: "ORD-OPEN",
    });
    const item = (
      await create({ date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_all", kind: "orders" })
    ).json();
    await runExport(db, dataDir, item.id);
    const body = (
      await app.inject({ url: `/api/exports/${item.id}/download?format=csv`, headers: owner.headers })
    ).body;
    expect(body).toContain("ORD-PAID,5.00,5.00,EGP,PAID");
    expect(body).toContain("ORD-OPEN,100.00,0.00,EGP,UNPAID");
  });

  it("runs the job on the server's worker once it listens", async () => {
    const listening = await buildTestApp(get().database, { DATA_DIR: dataDir });
    try {
      await listening.listen({ port: 0, host: "127.0.0.1" });
      const created = await listening.inject({
        method: "POST",
        url: "/api/exports",
        headers: owner.headers,
        payload: { date_from: "2026-05-15", date_to: "2026-05-25", status: "trx_all" },
      });
      expect(created.statusCode).toBe(201);
      let state = "";
      for (let i = 0; i < 120 && state !== "done"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        state = (
          await listening.inject({ url: `/api/exports/${created.json().id}`, headers: owner.headers })
        ).json().job_state;
      }
      expect(state).toBe("done");
    } finally {
      await listening.close();
    }
  });

  it("keeps exports to their tenant", async () => {
    const item = (await create({ date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_all" })).json();
    await runExport(app.payments.db, dataDir, item.id);
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/exports/${item.id}/download?format=csv` },
      owner,
      intruder,
      secrets: [company],
    });
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/exports/${item.id}` },
      owner,
      intruder,
      secrets: [`"id":${item.id},`],
    });
    const list = (await app.inject({ url: "/api/exports", headers: intruder.headers })).json();
    expect(list.results.some((e: { id: number }) => e.id === item.id)).toBe(false);
  });

  // Issue 10, item 9: any view-only staff member could start unlimited exports.
  it("needs the view permission of the list it exports", async () => {
    const fx = fixtures(app.payments.db);
    const body = { date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_all" };
    const nobody = await fx.session(await fx.user("MerchantStaff", { merchantId }));
    expect((await create(body, nobody)).statusCode).toBe(403);
    expect((await create({ ...body, kind: "orders" }, nobody)).statusCode).toBe(403);
    expect((await app.inject({ url: "/api/exports", headers: nobody.headers })).statusCode).toBe(403);

    const ordersOnly = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view orders"] }),
    );
    expect((await create(body, ordersOnly)).statusCode).toBe(403);
    const orders = await create({ ...body, kind: "orders" }, ordersOnly);
    expect(orders.statusCode).toBe(201);
    // The history shows the kinds the user may view, and only those can be opened.
    const seen = (
      await app.inject({ url: "/api/exports?page_size=100", headers: ordersOnly.headers })
    ).json();
    expect(seen.results.length).toBeGreaterThan(0);
    expect(seen.results.every((e: { kind: string }) => e.kind === "orders")).toBe(true);
    const transactionsExport = (await create(body)).json();
    const hidden = await app.inject({
      url: `/api/exports/${transactionsExport.id}`,
      headers: ordersOnly.headers,
    });
    expect(hidden.statusCode).toBe(404);

    const transactionsOnly = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view transactions"] }),
    );
    expect((await create({ ...body, kind: "orders" }, transactionsOnly)).statusCode).toBe(403);
    expect((await create(body, transactionsOnly)).statusCode).toBe(201);
  });

  it(`lets a user have at most ${EXPORTS_IN_PROGRESS_MAX} exports queued or running at once`, async () => {
    const fx = fixtures(app.payments.db);
    const body = { date_from: "2026-05-01", date_to: "2026-05-31", status: "trx_all" };
    const viewer = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view transactions"] }),
    );
    const started = [];
    for (let i = 0; i < EXPORTS_IN_PROGRESS_MAX; i++) {
      const r = await create(body, viewer);
      expect(r.statusCode).toBe(201);
      started.push(r.json().id as number);
    }
    // Parallel requests cannot slip past the cap together.
    const more = await Promise.all([create(body, viewer), create(body, viewer)]);
    for (const r of more) {
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ code: "too_many_exports", detail: TOO_MANY_EXPORTS });
    }
    const { n } = await app.payments.db
      .selectFrom("exports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", viewer.userId)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(EXPORTS_IN_PROGRESS_MAX);
    // The cap is per user, and a finished export frees a place.
    const colleague = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view transactions"] }),
    );
    expect((await create(body, colleague)).statusCode).toBe(201);
    await runExport(app.payments.db, dataDir, started[0]!);
    expect((await create(body, viewer)).statusCode).toBe(201);
  });

  it("writes export files readable by the server's user only, in a folder only it can open", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "exports-mode-"));
    try {
      // A folder an older version made world-readable is narrowed too.
      await mkdir(exportDir(dir), { mode: 0o755 });
      const item = (
        await create({ date_from: "2026-05-20", date_to: "2026-05-21", status: "trx_all" })
      ).json();
      await runExport(app.payments.db, dir, item.id);
      expect((await stat(exportDir(dir))).mode & 0o777).toBe(0o700);
      for (const format of ["csv", "xlsx"] as const) {
        const info = await stat(exportFile(dir, item.id, format));
        expect(info.size).toBeGreaterThan(0);
        expect(info.mode & 0o777, format).toBe(0o600);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
