import { BULK_COLUMNS, type BulkRowValues, checkBulkRow } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { insertUpload, markSubmitted } from "../selling/bulk-invoices.repository.ts";
import { createInvoices } from "../selling/invoices.service.ts";
import type { DemoCredentials } from "./generate.ts";

const ZONE = "Africa/Cairo";

/**
 * One submitted bulk upload of the Egyptian demo merchant in each mode, so the Bulk Invoices history shows one
 * with its counts: three rows, one with a bad e-mail (skipped), two invoices made by createInvoices as a submit
 * makes them. Inside the demo's own transaction, so the file is stored as a CSV and the rows as parsed.
 */
export async function seedDemoBulkInvoices(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  let made = 0;
  for (const isLive of [false, true]) {
    const card = merchant.integrations.find(
      (i) => i.currency === "EGP" && i.is_live === isLive && i.gateway_type === "VPC",
    );
    if (!card) continue;
    const prefix = isLive ? "BULK-D" : "BULK-T";
    const row = (o: Partial<BulkRowValues>): BulkRowValues => ({
      full_name: "Omar Khaled",
      phone_number: "+201005550101",
      email: "omar.khaled@example.com",
      merchant_order_id: "",
      order_name: "Monthly maintenance",
      order_description: "Air conditioning units, monthly visit",
      amount: "600.00",
      currency: "EGP",
      integration_id: String(card.id),
      delivery_needed: "no",
      expiry_date: "",
      expiry_hour: "",
      send_email: "no",
      send_sms: "no",
      ...o,
    });
    const values = [
      row({ merchant_order_id: `${prefix}-2001` }),
      row({
        merchant_order_id: `${prefix}-2002`,
        full_name: "Nour Hassan",
        email: "nour.hassan@example.com",
        phone_number: "+201005550102",
        amount: "1200.00",
      }),
      row({ merchant_order_id: `${prefix}-2003`, full_name: "Youssef Ali", email: "youssef.ali@example" }),
    ];
    const rows = values.map((v, i) => ({ line: i + 2, values: v }));
    const valid = rows.map((r) => checkBulkRow(r.values)).filter((c) => Object.keys(c.errors).length === 0);
    const csv = [BULK_COLUMNS.join(","), ...values.map((v) => BULK_COLUMNS.map((c) => v[c]).join(","))].join(
      "\r\n",
    );
    const upload = await insertUpload(db, {
      merchant_id: merchant.merchant_id,
      user_id: null,
      created_by: "demo",
      is_live: isLive,
      file_name: `maintenance-invoices-${isLive ? "live" : "test"}.csv`,
      file_type: "csv",
      file_bytes: Buffer.from(csv),
      rows: JSON.stringify(rows),
      row_count: rows.length,
      created_at: new Date(now.getTime() - 2 * 86_400_000),
    });
    const created = await createInvoices(
      db,
      { merchantId: merchant.merchant_id, isLive, username: "demo", timeZone: ZONE, now },
      valid.map((c) => c.draft),
    );
    await markSubmitted(
      db,
      upload.id,
      { valid_count: valid.length, invalid_count: rows.length - valid.length, created_count: created.length },
      [],
    );
    made += created.length;
  }
  return made;
}
