import { isCurrency, type StatementCurrency, type StatementLanguage, toMajorString } from "@portal/domain";
import ExcelJS from "exceljs";
import PDFDocument from "pdfkit";
import { drawText, registerPdfFonts } from "../pdf/text.ts";
import { monthLabel } from "./statements.service.ts";

/**
 * A statement as PDF and XLSX, drawn from its frozen figures in the reader's language (Arabic: right to left).
 * Every line of text of the PDF goes through drawLine(), the one place that will call the shared bidi-aware
 * layout of apps/server/src/pdf/ (issue 18 item 4) once it exists.
 */

export interface StatementDoc {
  id: number;
  /** YYYY-MM */
  month: string;
  merchant_name: string;
  merchant_id: number;
  time_zone: string;
  created_at: Date;
  figures: StatementCurrency[];
}

const LABELS = {
  en: {
    title: "Monthly statement",
    merchant: "Merchant",
    merchantId: "Merchant ID",
    period: "Period",
    timeZone: "Time zone",
    issued: "Issued",
    currency: "Currency",
    opening: "Opening balance",
    methods: "Payments by method",
    payments: "Payments",
    refunds: "Refunds",
    chargebacks: "Chargebacks",
    fees: "Fees",
    vat: "VAT",
    net: "Net",
    transfers: "Transfers",
    closing: "Closing balance",
    none: "No activity in this month.",
    count: "Count",
    amount: "Amount",
    minor: "Amount (minor units)",
    item: "Item",
  },
  ar: {
    title: "كشف الحساب الشهري",
    merchant: "التاجر",
    merchantId: "رقم التاجر",
    period: "الفترة",
    timeZone: "المنطقة الزمنية",
    issued: "تاريخ الإصدار",
    currency: "العملة",
    opening: "الرصيد الافتتاحي",
    methods: "المدفوعات حسب طريقة الدفع",
    payments: "المدفوعات",
    refunds: "المبالغ المستردة",
    chargebacks: "المبالغ المعترض عليها",
    fees: "الرسوم",
    vat: "ضريبة القيمة المضافة",
    net: "الصافي",
    transfers: "التحويلات",
    closing: "الرصيد الختامي",
    none: "لا توجد حركات في هذا الشهر.",
    count: "العدد",
    amount: "المبلغ",
    minor: "المبلغ (بأصغر وحدة)",
    item: "البند",
  },
} as const;

/** 1250000 EGP → "12,500.00 EGP": the exact decimal with grouped thousands and the currency code. */
export function money(minor: number, currency: string): string {
  const exact = isCurrency(currency) ? toMajorString(minor, currency) : String(minor);
  const [whole = "", fraction] = exact.replace("-", "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${minor < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""} ${currency}`;
}

interface Line {
  label: string;
  value: string;
  indent?: boolean;
  bold?: boolean;
}

/** The statement's lines of one currency, shared by the PDF and the XLSX. */
function currencyLines(
  c: StatementCurrency,
  lang: StatementLanguage,
): (Line & { count?: number; cents?: number })[] {
  const l = LABELS[lang];
  return [
    { label: l.opening, value: money(c.opening_cents, c.currency), cents: c.opening_cents, bold: true },
    { label: l.methods, value: "" },
    ...c.methods.map((m) => ({
      label: `${m.method} (${m.count})`,
      value: money(m.amount_cents, c.currency),
      count: m.count,
      cents: m.amount_cents,
      indent: true,
    })),
    {
      label: `${l.payments} (${c.payments_count})`,
      value: money(c.gross_cents, c.currency),
      count: c.payments_count,
      cents: c.gross_cents,
    },
    {
      label: `${l.refunds} (${c.refunds_count})`,
      value: money(-c.refunded_cents, c.currency),
      count: c.refunds_count,
      cents: -c.refunded_cents,
    },
    {
      label: `${l.chargebacks} (${c.chargebacks_count})`,
      value: money(-c.chargeback_cents, c.currency),
      count: c.chargebacks_count,
      cents: -c.chargeback_cents,
    },
    { label: l.fees, value: money(-c.fees_cents, c.currency), cents: -c.fees_cents },
    { label: l.vat, value: money(-c.vat_cents, c.currency), cents: -c.vat_cents },
    { label: l.net, value: money(c.net_cents, c.currency), cents: c.net_cents, bold: true },
    {
      label: `${l.transfers} (${c.transfers_count})`,
      value: money(-c.transferred_cents, c.currency),
      count: c.transfers_count,
      cents: -c.transferred_cents,
    },
    { label: l.closing, value: money(c.closing_cents, c.currency), cents: c.closing_cents, bold: true },
  ];
}

interface LineBox {
  x: number;
  y: number;
  width: number;
  align: "left" | "right";
  dir: "ltr" | "rtl" | "auto";
  size: number;
  bold?: boolean;
}

/**
 * The ONE function that writes a line of text into the statement PDF: the shared bidi-aware layout
 * (apps/server/src/pdf/text.ts), so numbers, currency codes and Latin names keep their order inside Arabic lines.
 */
function drawLine(doc: PDFKit.PDFDocument, text: string, box: LineBox): void {
  drawText(doc, text, {
    x: box.x,
    y: box.y,
    width: box.width,
    align: box.align,
    dir: box.dir,
    size: box.size,
    weight: box.bold ? "bold" : "regular",
    wrap: false,
  });
}

export function statementPdf(s: StatementDoc, lang: StatementLanguage): Promise<Buffer> {
  const l = LABELS[lang];
  const rtl = lang === "ar";
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 48,
      lang,
      info: { Title: `${l.title} ${s.month}` },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    registerPdfFonts(doc);
    const left = 48;
    const width = doc.page.width - 96;
    const start: "left" | "right" = rtl ? "right" : "left";
    const end: "left" | "right" = rtl ? "left" : "right";
    const dir = rtl ? "rtl" : "ltr";
    let y = 48;
    const ensure = (h: number) => {
      if (y + h > doc.page.height - 48) {
        doc.addPage();
        y = 48;
      }
    };
    const pair = (
      label: string,
      value: string,
      opts: { indent?: boolean; bold?: boolean; size?: number } = {},
    ) => {
      const size = opts.size ?? 10;
      ensure(size + 8);
      const inset = opts.indent ? 16 : 0;
      const half = width / 2;
      doc.fillColor(opts.bold ? "#000000" : "#333333");
      drawLine(doc, label, {
        x: rtl ? left + half : left + inset,
        y,
        width: half - inset,
        align: start,
        dir,
        size,
        bold: opts.bold,
      });
      // Values (amounts with their code, ids, names) take their own direction: "auto" keeps "1,250.00 EGP" whole.
      drawLine(doc, value, {
        x: rtl ? left : left + half,
        y,
        width: half,
        align: end,
        dir: "auto",
        size,
        bold: opts.bold,
      });
      y += size + 8;
    };
    doc.fillColor("#000000");
    drawLine(doc, l.title, { x: left, y, width, align: start, dir, size: 18, bold: true });
    y += 30;
    pair(l.merchant, s.merchant_name);
    pair(l.merchantId, String(s.merchant_id));
    pair(l.period, monthLabel(s.month, lang));
    pair(l.timeZone, s.time_zone);
    pair(l.issued, s.created_at.toISOString().slice(0, 10));
    y += 10;
    if (s.figures.length === 0) {
      drawLine(doc, l.none, { x: left, y, width, align: start, dir, size: 11 });
      y += 20;
    }
    for (const c of s.figures) {
      ensure(40);
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .strokeColor("#cccccc")
        .stroke();
      y += 8;
      pair(`${l.currency}: ${c.currency}`, "", { bold: true, size: 12 });
      for (const line of currencyLines(c, lang)) pair(line.label, line.value, line);
      y += 8;
    }
    doc.end();
  });
}

export async function statementXlsx(s: StatementDoc, lang: StatementLanguage): Promise<Buffer> {
  const l = LABELS[lang];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(l.title.slice(0, 31), { views: [{ rightToLeft: lang === "ar" }] });
  ws.columns = [
    { header: l.currency, key: "currency", width: 10 },
    { header: l.item, key: "item", width: 36 },
    { header: l.count, key: "count", width: 10 },
    { header: l.amount, key: "amount", width: 22 },
    { header: l.minor, key: "minor", width: 22 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRow({ currency: "", item: l.merchant, amount: s.merchant_name });
  ws.addRow({ currency: "", item: l.merchantId, amount: String(s.merchant_id) });
  ws.addRow({ currency: "", item: l.period, amount: monthLabel(s.month, lang) });
  ws.addRow({ currency: "", item: l.timeZone, amount: s.time_zone });
  if (s.figures.length === 0) ws.addRow({ currency: "", item: l.none });
  for (const c of s.figures) {
    for (const line of currencyLines(c, lang)) {
      const row = ws.addRow({
        currency: c.currency,
        item: line.label,
        count: line.count ?? null,
        // The exact decimal as text (never a float) and the integer minor units beside it.
        amount: line.value,
        minor: line.cents ?? null,
      });
      if (line.bold) row.font = { bold: true };
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
