import type { StatementCurrency } from "@portal/domain";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readPdfLines } from "../pdf/read-pdf.ts";
import { money, statementPdf, statementXlsx } from "./statement-files.ts";

const egp: StatementCurrency = {
  currency: "EGP",
  opening_cents: 1_000_000,
  methods: [
    { method: "VPC", count: 3, amount_cents: 125_000 },
    { method: "VALU", count: 1, amount_cents: 50_000 },
  ],
  payments_count: 4,
  gross_cents: 175_000,
  refunds_count: 1,
  refunded_cents: 5_000,
  chargebacks_count: 0,
  chargeback_cents: 0,
  fees_cents: 4_500,
  vat_cents: 630,
  net_cents: 164_870,
  transfers_count: 2,
  transferred_cents: 900_000,
  closing_cents: 264_870,
};
const doc = {
  id: 7,
  month: "2026-10",
  merchant_name: "Acme Store",
  merchant_id: 4021,
  time_zone: "Africa/Cairo",
  created_at: new Date("2026-11-01T00:05:00Z"),
  figures: [egp, { ...egp, currency: "USD", methods: [] }],
};

/** A rendered line's runs, left to right, joined with spaces. */
const lineText = (runs: { text: string }[]) => runs.map((r) => r.text.trim()).join(" ");

describe("statement files", () => {
  it("writes exact amounts with grouped thousands and the currency code", () => {
    expect(money(264_870, "EGP")).toBe("2,648.70 EGP");
    expect(money(-5_000, "EGP")).toBe("-50.00 EGP");
    expect(money(1_234_567, "OMR")).toBe("1,234.567 OMR");
  });

  it("an English PDF reads left to right: label, then amount", async () => {
    const lines = await readPdfLines(await statementPdf(doc, "en"));
    const closing = lines.find((l) => lineText(l).startsWith("Closing balance"));
    expect(closing && lineText(closing)).toBe("Closing balance 2,648.70 EGP");
    expect(lines.some((l) => lineText(l) === "Merchant Acme Store")).toBe(true);
  });

  it("an Arabic PDF reads right to left: the label on the right, the amount whole on the left", async () => {
    const lines = await readPdfLines(await statementPdf(doc, "ar"));
    // pdf.js reads some Arabic dots apart (ي as ت), so the line is found by its amount and its Arabic runs.
    const closing = lines.find((l) => l.some((r) => r.text === "2,648.70 EGP"));
    const runs = closing ?? [];
    expect(runs.length).toBeGreaterThan(1);
    // Visual order: "2,648.70 EGP" whole and leftmost, the Arabic label after it (on the right).
    expect(runs[0]?.text).toBe("2,648.70 EGP");
    expect(runs.slice(1).every((r) => /\p{Script=Arabic}/u.test(r.text))).toBe(true);
    expect(runs.slice(1).every((r) => r.x > 400)).toBe(true);
    // A count inside an Arabic label stays with it: "(4)" sits left of the word it follows.
    const payments = lines.find((l) => l.some((r) => r.text === "(4)"));
    expect(payments?.[0]?.text).toBe("1,750.00 EGP");
    const merchant = lines.find((l) => l.some((r) => r.text.includes("Acme")));
    expect(merchant && lineText(merchant)).toMatch(/^Acme Store .*التاجر$/);
  });

  it("an Arabic XLSX is right to left with the exact amounts and the minor units", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await statementXlsx(doc, "ar")) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.views[0]?.rightToLeft).toBe(true);
    const rows = (ws?.getSheetValues() ?? []).map((r) =>
      Array.isArray(r) ? Array.from(r.slice(1), (v) => String(v)) : [],
    );
    expect(rows).toContainEqual(["EGP", "الرصيد الختامي", "undefined", "2,648.70 EGP", "264870"]);
  });
});
