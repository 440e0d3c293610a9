import { deflateRawSync } from "node:zlib";
import { BULK_COLUMNS, type BulkRowValues, checkBulkRow } from "@portal/domain";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession, unique } from "../test/fixtures.ts";
import { bulkTemplate, checkZip, parseCsv, readBulkFile } from "./bulk-invoices.file.ts";
import { runBulkSend } from "./bulk-invoices.service.ts";

const HEADER = BULK_COLUMNS.join(",");

function row(o: Partial<BulkRowValues> = {}): BulkRowValues {
  return {
    full_name: "Hana Samir",
    phone_number: "+201005550000",
    email: "hana@example.com",
    merchant_order_id: "",
    order_name: "Chairs",
    order_description: "",
    amount: "100.50",
    currency: "EGP",
    integration_id: "",
    delivery_needed: "no",
    expiry_date: "",
    expiry_hour: "",
    send_email: "no",
    send_sms: "no",
    ...o,
  };
}

function csv(rows: BulkRowValues[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [HEADER, ...rows.map((r) => BULK_COLUMNS.map((c) => cell(r[c])).join(","))].join("\r\n");
}

/** A zip archive of one deflated entry (what an XLSX file is made of). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1000, 24); // declares a small size: the real one is found by inflating
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const dirOffset = 30 + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

async function rejects(bytes: Buffer, code: string) {
  await expect(readBulkFile(bytes)).rejects.toMatchObject({ statusCode: 400, code });
}

describe("bulk invoice files", () => {
  it("parses RFC 4180 CSV: quotes, commas and line breaks in cells, and semicolon files", () => {
    expect(parseCsv('a,b\r\n"x, ""y""","line1\nline2"\r\n\r\n', 10)).toEqual([
      ["a", "b"],
      ['x, "y"', "line1\nline2"],
    ]);
    expect(parseCsv("a;b\n1;2", 10)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("reads the CSV and XLSX templates back with their example row", async () => {
    for (const format of ["csv", "xlsx"] as const) {
      const file = await readBulkFile(await bulkTemplate(format, 42));
      expect(file.type).toBe(format);
      expect(file.rows).toHaveLength(1);
      expect(file.rows[0]!.values).toMatchObject({
        integration_id: "42",
        amount: "1499.50",
        phone_number: "+201005550000",
      });
      expect(checkBulkRow(file.rows[0]!.values).errors).toEqual({});
    }
  });

  it("takes at most 500 rows: 501 refuses the preview", async () => {
    const ok = await readBulkFile(Buffer.from(csv(Array.from({ length: 500 }, () => row()))));
    expect(ok.rows).toHaveLength(500);
    await rejects(Buffer.from(csv(Array.from({ length: 501 }, () => row()))), "bulk_too_large");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Invoices");
    sheet.addRow([...BULK_COLUMNS]);
    for (let i = 0; i < 501; i++) sheet.addRow(BULK_COLUMNS.map((c) => row()[c]));
    await rejects(Buffer.from(await workbook.xlsx.writeBuffer()), "bulk_too_large");
  });

  it("decides the kind by content and refuses anything else cleanly", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    await rejects(png, "bulk_file_type");
    await rejects(Buffer.from([0x41, 0x00, 0x42]), "bulk_file_type");
    await rejects(Buffer.from([0xff, 0xfe, 0x41]), "bulk_file_type");
    await rejects(Buffer.alloc(0), "bulk_file_empty");
    await rejects(Buffer.alloc(1024 * 1024 + 1, 0x41), "bulk_file_too_big");
    await rejects(Buffer.from("name,email\nA,b"), "bulk_columns");
    await rejects(Buffer.from(`${HEADER}\r\n`), "bulk_file_empty");
    // A zip that is not a workbook, a truncated one and a zip bomb (its directory lies about the size).
    await rejects(zipOf("hello.txt", Buffer.from("hello")), "bulk_file_unreadable");
    await rejects(zipOf("x", Buffer.from("x")).subarray(0, 40), "bulk_file_unreadable");
    const bomb = zipOf("xl/worksheets/sheet1.xml", Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(() => checkZip(bomb)).toThrow();
    await rejects(bomb, "bulk_file_unreadable");
  });

  it("strips control characters and binds cells to the template's columns by header", async () => {
    const text = `Full Name*,EMAIL,phone-number,order_name,amount,currency,integration_id,extra\n"A B C",a@b.co,0100,x,1,EGP,7,ignored`;
    const file = await readBulkFile(Buffer.from(text));
    expect(file.rows[0]!.values).toMatchObject({ full_name: "A B C", email: "a@b.co", integration_id: "7" });
    await rejects(Buffer.from(text.replace("A B", "A\u0001B")), "bulk_file_type");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Invoices");
    sheet.addRow([
      "full_name",
      "email",
      "phone_number",
      "order_name",
      "amount",
      "currency",
      "integration_id",
    ]);
    sheet.addRow(["A\u0001B\u007f C", "a@b.co", "0100", "x", 1, "EGP", 7]);
    const xlsx = await readBulkFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(xlsx.rows[0]!.values).toMatchObject({ full_name: "AB C", amount: "1", integration_id: "7" });
  });

  it("checks a row with the invoice form's rules and the bulk columns' own", () => {
    const bad = checkBulkRow(
      row({
        full_name: "",
        email: "nope",
        phone_number: "12",
        amount: "-1",
        order_name: "<b>x</b>",
        delivery_needed: "maybe",
        expiry_hour: "25",
        send_sms: "perhaps",
        integration_id: "abc",
      }),
    );
    expect(bad.errors).toMatchObject({
      full_name: ["required"],
      email: ["invalid_email"],
      phone_number: ["invalid_phone"],
      amount: ["invalid_amount"],
      order_name: ["html_tags"],
      delivery_needed: ["bulk_yes_no"],
      expiry_hour: ["bulk_invalid_hour"],
      send_sms: ["bulk_yes_no"],
      integration_id: ["bulk_unknown_integration"],
    });
    expect(checkBulkRow(row({ integration_id: "" })).errors).toEqual({ integration_id: ["select_payment"] });
    expect(checkBulkRow(row({ delivery_needed: "" })).errors).toEqual({
      delivery_needed: ["required"],
      integration_id: ["select_payment"],
    });
  });
});

describeEachDatabase("bulk invoices", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let merchantId: number;
  let integrationId: number;
  let usdIntegrationId: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    const user = await fx.user("Merchant");
    merchantId = user.merchant_id!;
    owner = await fx.session(user);
    integrationId = (await fx.integration(merchantId, { is_live: false })).id;
    usdIntegrationId = (await fx.integration(merchantId, { is_live: false, currency: "USD" })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const preview = (content: Buffer | string, fileName = "invoices.csv") =>
    app.inject({
      method: "POST",
      url: "/api/bulk-invoices/preview",
      headers: owner.bearer,
      payload: {
        file_name: fileName,
        content_base64: Buffer.from(content).toString("base64"),
        is_live: false,
      },
    });
  const submit = (id: number) =>
    app.inject({ method: "POST", url: `/api/bulk-invoices/${id}/submit`, headers: owner.bearer });
  const invoiceCount = async () =>
    Number(
      (
        await app.payments.db
          .selectFrom("payment_links")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("merchant_id", "=", merchantId)
          .where("kind", "=", "invoice")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const history = async () =>
    (await app.inject({ url: "/api/bulk-invoices", headers: owner.bearer })).json() as {
      count: number;
      results: { id: number; status: string; counts: Record<string, number> }[];
    };

  it("serves the template in CSV and XLSX with the merchant's integration in the example", async () => {
    const csvRes = await app.inject({
      url: "/api/bulk-invoices/template?format=csv&is_live=false",
      headers: owner.bearer,
    });
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers["content-type"]).toContain("text/csv");
    expect(csvRes.body).toContain("full_name*");
    expect(csvRes.body).toContain(`,${integrationId},`);
    const xlsx = await app.inject({ url: "/api/bulk-invoices/template?format=xlsx", headers: owner.bearer });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect(xlsx.headers["content-disposition"]).toContain("bulk-invoices-template.xlsx");
  });

  it("marks every bad row and cell, fixes rows in place, then creates the valid ones and sends them", async () => {
    const taken = unique("TAKEN");
    const beforePreview = await invoiceCount();
    const first = await preview(
      csv([
        row({ merchant_order_id: taken, integration_id: String(integrationId) }),
        row({ merchant_order_id: unique("B"), email: "bad", integration_id: String(integrationId) }),
        row({ merchant_order_id: "DUP", integration_id: String(integrationId) }),
        row({ merchant_order_id: "DUP", integration_id: String(integrationId) }),
        row({ integration_id: String(usdIntegrationId) }),
        row({ integration_id: "999999" }),
      ]),
    );
    expect(first.statusCode, first.body).toBe(201);
    const upload = first.json();
    expect(upload.counts).toMatchObject({ rows: 6, valid: 1, invalid: 5 });
    expect(upload.rows.map((r: { errors: unknown }) => r.errors)).toEqual([
      {},
      { email: ["invalid_email"] },
      { merchant_order_id: ["bulk_duplicate_in_file"] },
      { merchant_order_id: ["bulk_duplicate_in_file"] },
      { integration_id: ["select_payment"] },
      { integration_id: ["select_payment"] },
    ]);
    expect(upload.rows[0].line).toBe(2);
    // The preview's dry run of createInvoices writes nothing.
    expect(await invoiceCount()).toBe(beforePreview);

    // An invoice made meanwhile with the first row's id: the row is now marked as a used id.
    const res = await app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: owner.bearer,
      payload: {
        fullName: "Sara Adel",
        phoneNumber: "01005550001",
        email: "sara@example.com",
        merchantOrderId: taken,
        orderName: "Desk",
        orderAmount: "10",
        currency: "EGP",
        gatewayType: [integrationId],
        deliveryNeeded: false,
        is_live: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = await app.inject({ url: `/api/bulk-invoices/${upload.id}`, headers: owner.bearer });
    expect(again.json().rows[0].errors).toEqual({ merchant_order_id: ["merchant_invoice_id_exists"] });

    const fixed = await app.inject({
      method: "PUT",
      url: `/api/bulk-invoices/${upload.id}/rows`,
      headers: owner.bearer,
      payload: {
        rows: [
          {
            line: 2,
            values: row({
              merchant_order_id: unique("A"),
              integration_id: String(integrationId),
              send_email: "yes",
            }),
          },
          {
            line: 3,
            values: row({
              merchant_order_id: unique("B"),
              integration_id: String(integrationId),
              send_sms: "yes",
            }),
          },
          { line: 4, values: row({ merchant_order_id: unique("C"), integration_id: String(integrationId) }) },
        ],
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().counts).toMatchObject({ valid: 4, invalid: 2 });
    const badLine = await app.inject({
      method: "PUT",
      url: `/api/bulk-invoices/${upload.id}/rows`,
      headers: owner.bearer,
      payload: { rows: [{ line: 99, values: row() }] },
    });
    expect(badLine.statusCode).toBe(400);

    const before = await invoiceCount();
    const done = await submit(upload.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: "submitted",
      send_state: "queued",
      counts: { rows: 6, valid: 4, invalid: 2, created: 4, emailed: 0, texted: 0 },
    });
    // The sending job (a pg-boss job in a running server) sends each invoice as its row asked.
    await runBulkSend(app.payments, { smtp: false }, upload.id);
    const sent = await app.inject({ url: `/api/bulk-invoices/${upload.id}`, headers: owner.bearer });
    expect(sent.json()).toMatchObject({ send_state: "done", counts: { created: 4, emailed: 1, texted: 1 } });
    const jobs = await sql<{
      n: string;
    }>`select count(*) as n from pgboss.job where name = 'bulk-invoice-send'
      and data->>'uploadId' = ${String(upload.id)}`.execute(app.payments.db);
    expect(Number(jobs.rows[0]!.n)).toBe(1);
    expect(await invoiceCount()).toBe(before + 4);
    const texts = await app.payments.db
      .selectFrom("sms_outbox")
      .select("to_number")
      .where("merchant_id", "=", merchantId)
      .execute();
    expect(texts.length).toBeGreaterThanOrEqual(1);

    const twice = await submit(upload.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("bulk_already_submitted");
    expect(await invoiceCount()).toBe(before + 4);
    const listed = await history();
    expect(listed.results.find((r) => r.id === upload.id)).toMatchObject({
      status: "submitted",
      counts: { created: 4 },
    });
  });

  it("creates all valid invoices in one transaction or none", async () => {
    const rows = Array.from({ length: 3 }, () =>
      row({ merchant_order_id: unique("ATOM"), integration_id: String(integrationId) }),
    );
    const upload = (await preview(csv(rows))).json();
    const db = app.payments.db;
    // Marking the upload submitted fails after the invoices were written: the whole transaction must roll back.
    await sql`create or replace function bulk_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'bulk test failure'; end $$`.execute(db);
    await sql`create trigger bulk_test_fail before update of status on bulk_invoice_uploads
      for each row when (new.status = 'submitted') execute function bulk_test_fail()`.execute(db);
    const before = await invoiceCount();
    try {
      const res = await submit(upload.id);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger bulk_test_fail on bulk_invoice_uploads`.execute(db);
    }
    expect(await invoiceCount()).toBe(before);
    const after = await app.inject({ url: `/api/bulk-invoices/${upload.id}`, headers: owner.bearer });
    expect(after.json()).toMatchObject({ status: "previewed", counts: { created: 0 } });
    // Two submits at once: one creates, the other finds it submitted.
    const results = await Promise.all([submit(upload.id), submit(upload.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await invoiceCount()).toBe(before + 3);
  });

  it("refuses over 500 rows, bad files and nothing valid, and keeps nothing it refused", async () => {
    const countBefore = (await history()).count;
    const big = await preview(
      csv(Array.from({ length: 501 }, () => row({ integration_id: String(integrationId) }))),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe("bulk_too_large");
    const png = await preview(Buffer.from("89504e470d0a1a0a", "hex"), "invoices.csv");
    expect(png.json().code).toBe("bulk_file_type");
    const notBase64 = await app.inject({
      method: "POST",
      url: "/api/bulk-invoices/preview",
      headers: owner.bearer,
      payload: { file_name: "x.csv", content_base64: "%%%" },
    });
    expect(notBase64.statusCode).toBe(400);
    const badName = await app.inject({
      method: "POST",
      url: "/api/bulk-invoices/preview",
      headers: owner.bearer,
      payload: { file_name: "a\u0000b.csv", content_base64: "" },
    });
    expect(badName.statusCode).toBe(400);
    expect((await history()).count).toBe(countBefore);
    const allBad = (await preview(csv([row({ email: "x" })]))).json();
    const res = await submit(allBad.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("bulk_nothing_valid");
  });

  it("previews 500 rows and submits them within the budget", async () => {
    const rows = Array.from({ length: 500 }, () =>
      row({ merchant_order_id: unique("BIG"), integration_id: String(integrationId), send_email: "yes" }),
    );
    let t = performance.now();
    const res = await preview(csv(rows));
    const previewMs = performance.now() - t;
    expect(res.statusCode).toBe(201);
    expect(res.json().counts.valid).toBe(500);
    t = performance.now();
    const done = await submit(res.json().id);
    const submitMs = performance.now() - t;
    expect(done.json().counts).toMatchObject({ created: 500 });
    await runBulkSend(app.payments, { smtp: false }, res.json().id);
    const sent = await app.inject({ url: `/api/bulk-invoices/${res.json().id}`, headers: owner.bearer });
    expect(sent.json().counts).toMatchObject({ created: 500, emailed: 500 });
    // Generous bounds for a shared test machine; the benchmark measures the real figures on PostgreSQL.
    expect(previewMs).toBeLessThan(5_000);
    expect(submitMs).toBeLessThan(8_000);
  });
});
