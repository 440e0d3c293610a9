import type { Receipt } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { type PdfRun, readPdfLines, skeleton } from "../pdf/read-pdf.ts";
import { receiptPdf } from "./receipt.ts";

const receipt: Receipt = {
  transaction_id: 4321,
  merchant_name: "Acme Store",
  created_at: "2026-10-05T14:03:09.000Z",
  amount_cents: 125000,
  currency: "EGP",
  amount_text: "EGP 1,250.00",
  status: "success",
  type: "VPC",
  trnx_type: "auth",
  card_number: "512345******2346",
  order_id: 98765,
  merchant_order_id: "INV-2026-001",
  customer_name: "Sara Ali",
  response_code: "00",
};

const texts = (line: PdfRun[]) => line.map((r) => skeleton(r.text));

describe("the receipt PDF, read back with pdf.js", () => {
  it("draws the English receipt exactly where it was drawn before the bidi layout (text, x, y)", async () => {
    const lines = await readPdfLines(await receiptPdf(receipt));
    // Captured from the receipt as pdfkit's doc.text() drew it before the switch to src/pdf/text.ts.
    expect(lines.map((l) => l.map((r) => [r.text, r.x, r.y]))).toEqual([
      [["Acme Store", 36, 540]],
      [["Transaction receipt", 36, 519.8]],
      [["Transaction ID", 36, 485.9]],
      [["4321", 36, 470.2]],
      [["Date", 36, 449.4]],
      [["2026-10-05 14:03:09", 36, 433.7]],
      [["Amount", 36, 412.9]],
      [["EGP 1,250.00", 36, 397.2]],
      [["Status", 36, 376.4]],
      [["success", 36, 360.7]],
      [["Type", 36, 339.9]],
      [["VPC / auth", 36, 324.2]],
      [["Card", 36, 303.4]],
      [["512345******2346", 36, 287.7]],
      [["Order ID", 36, 266.9]],
      [["98765", 36, 251.2]],
      [["Merchant order ID", 36, 230.4]],
      [["INV-2026-001", 36, 214.7]],
      [["Customer", 36, 193.9]],
      [["Sara Ali", 36, 178.2]],
      [["Response code", 36, 157.4]],
      [["00", 36, 141.7]],
    ]);
  });

  it("keeps an Arabic name's words in order on the English receipt, left-aligned", async () => {
    const lines = await readPdfLines(
      await receiptPdf({ ...receipt, merchant_name: "متجر Acme", customer_name: "أحمد علي" }),
    );
    // The name starts with an Arabic letter: it reads right to left, "Acme" at its left end.
    expect(texts(lines[0] as PdfRun[])).toEqual(["Acme", skeleton("متجر")]);
    expect(lines[0]?.[0]?.x).toBe(36);
    const customer = lines[lines.findIndex((l) => l[0]?.text === "Customer") + 1] as PdfRun[];
    expect(texts(customer)).toEqual([skeleton("علي"), skeleton("أحمد")]);
    expect(customer[0]?.x).toBe(36);
  });

  it("draws the Arabic receipt right to left with amounts, codes and a Latin name in visual order", async () => {
    const lines = await readPdfLines(await receiptPdf(receipt, "ar"));
    expect(lines.map(texts)).toEqual([
      [skeleton("المعاملة"), skeleton("إيصال")],
      ["Acme Store", ":", skeleton("التاجر")],
      ["4321", ":", skeleton("المعاملة"), skeleton("رقم")],
      ["2026-10-05 14:03:09", ":", skeleton("التاريخ")],
      ["EGP", "1,250.00", ":", skeleton("المبلغ")],
      [skeleton("ناجحة"), ":", skeleton("الحالة")],
      [skeleton("تفويض"), "/", skeleton("بطاقة"), ":", skeleton("المعاملة"), skeleton("نوع")],
      ["512345******2346", ":", skeleton("البطاقة")],
      ["98765", ":", skeleton("الطلب"), skeleton("رقم")],
      ["INV-2026-001", ":", skeleton("التاجر"), skeleton("طلب"), skeleton("رقم")],
      ["Sara Ali", ":", skeleton("العميل")],
      ["00", ":", skeleton("الاستجابة"), skeleton("رمز")],
    ]);
    // Every line ends at the right margin (A5 is 420 pt wide, margins 36 pt); pdf.js's width of a shaped Arabic
    // word is off by up to a few points at 18 pt, a left-aligned line would end some 200 pt short.
    for (const line of lines) {
      const last = line[line.length - 1] as PdfRun;
      expect(Math.abs(last.x + last.width - 384)).toBeLessThan(3);
    }
  });

  it("writes a missing value as a dash and an unknown code as the server wrote it", async () => {
    const lines = await readPdfLines(
      await receiptPdf({ ...receipt, card_number: null, type: "NEWPAY", status: "success" }, "ar"),
    );
    expect(texts(lines[6] as PdfRun[])).toEqual([
      skeleton("تفويض"),
      "/",
      "NEWPAY",
      ":",
      skeleton("المعاملة"),
      skeleton("نوع"),
    ]);
    // ": -" is all neutral, one right-to-left run: the dash sits left of the colon.
    expect(texts(lines[7] as PdfRun[])).toEqual(["- :", skeleton("البطاقة")]);
  });
});
