import {
  currencyExponent,
  formatAmount,
  isCurrency,
  type Receipt,
  type TransactionStatus,
  toMajorString,
} from "@portal/domain";
import type { Kysely } from "kysely";
import PDFDocument from "pdfkit";
import type { TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { autoIsolate, drawText, ltrIsolate, pdfBytes, registerPdfFonts } from "../pdf/text.ts";
import { maskedCard, merchantOfTransaction, orderOfTransaction } from "./transactions.repository.ts";

/** The receipt of one transaction: JSON for the printable page, and the same facts as a PDF. */

export async function receiptOf(db: Kysely<DB>, tx: TransactionRow): Promise<Receipt> {
  const merchant = await merchantOfTransaction(db, tx);
  const order = await orderOfTransaction(db, tx);
  const currency = isCurrency(tx.currency) ? tx.currency : "EGP";
  return {
    transaction_id: tx.id,
    merchant_name: merchant.company_name,
    created_at: tx.created_at.toISOString(),
    amount_cents: tx.amount_cents,
    currency: tx.currency,
    amount_text: formatAmount(tx.amount_cents, currency, "en"),
    status: tx.status as TransactionStatus,
    type: tx.gateway_type,
    trnx_type: tx.trnx_type,
    card_number: maskedCard(tx.card_first6, tx.card_last4),
    order_id: tx.order_id,
    merchant_order_id: order?.merchant_order_id ?? null,
    customer_name: tx.customer_name,
    response_code: tx.txn_response_code,
  };
}

export type ReceiptLanguage = "en" | "ar";

/** The Arabic words of the receipt: the dashboard's (ar.json transactions.receipt, status, trnxTypes, codes.gateways). */
const AR = {
  title: "إيصال المعاملة",
  merchant: "التاجر",
  transaction: "رقم المعاملة",
  date: "التاريخ",
  amount: "المبلغ",
  status: "الحالة",
  type: "نوع المعاملة",
  card: "البطاقة",
  order: "رقم الطلب",
  merchantOrder: "رقم طلب التاجر",
  customer: "العميل",
  responseCode: "رمز الاستجابة",
} as const;
const AR_STATUS: Record<string, string> = { success: "ناجحة", declined: "مرفوضة", pending: "قيد الانتظار" };
const AR_TRNX_TYPE: Record<string, string> = {
  auth: "تفويض",
  capture: "تحصيل",
  "3ds": "التحقق ثلاثي الأبعاد",
  void: "إلغاء",
  standalone: "مستقلة",
  refund: "استرداد",
};
const AR_GATEWAY: Record<string, string> = {
  VPC: "بطاقة",
  CARDS: "بطاقات",
  CASH: "نقدي",
  UIG: "محفظة إلكترونية",
  CAGG: "كشك دفع",
  PREMIUM: "بريميوم",
  VALU: "ڤاليو",
  MPAY: "محفظة إم باي",
  PAYPAL: "PayPal",
  GET_GO: "جيت جو",
  INSTALLMENT: "التقسيط",
};

/** "1,250.00 EGP": the amount with its ISO code (exact: the decimal string goes to Intl, no float). */
function amountWithCode(r: Receipt): string {
  if (!isCurrency(r.currency)) return `${r.amount_cents} ${r.currency}`;
  const digits = currencyExponent(r.currency);
  const number = new Intl.NumberFormat("en", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${number.format(toMajorString(r.amount_cents, r.currency) as `${number}`)} ${r.currency}`;
}

/**
 * The receipt as a one-page PDF. English: the labels above their values, left-aligned, as before; a value in
 * Arabic (a name) keeps its own direction. Arabic: right to left, one "label: value" line per fact, codes and
 * dates isolated so they read as written, names isolated as typed (src/pdf/text.ts lays out every line).
 */
export function receiptPdf(r: Receipt, lang: ReceiptLanguage = "en"): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A5",
    margin: 36,
    info: { Title: lang === "ar" ? `${AR.title} ${r.transaction_id}` : `Receipt ${r.transaction_id}` },
  });
  registerPdfFonts(doc);
  const date = r.created_at.replace("T", " ").slice(0, 19);
  if (lang === "ar") {
    const row = (label: string, value: string | number | null) => {
      drawText(doc, `${label}: ${value === null ? "-" : value}`, { dir: "rtl", size: 12, color: "#000000" });
      doc.moveDown(0.4);
    };
    drawText(doc, AR.title, { dir: "rtl", size: 18, weight: "bold" });
    doc.moveDown();
    row(AR.merchant, autoIsolate(r.merchant_name));
    row(AR.transaction, ltrIsolate(String(r.transaction_id)));
    row(AR.date, ltrIsolate(date));
    row(AR.amount, amountWithCode(r));
    row(AR.status, AR_STATUS[r.status] ?? ltrIsolate(r.status));
    row(
      AR.type,
      `${AR_GATEWAY[r.type] ?? ltrIsolate(r.type)} / ${AR_TRNX_TYPE[r.trnx_type] ?? ltrIsolate(r.trnx_type)}`,
    );
    row(AR.card, r.card_number === null ? null : ltrIsolate(r.card_number));
    row(AR.order, r.order_id === null ? null : ltrIsolate(String(r.order_id)));
    row(AR.merchantOrder, r.merchant_order_id === null ? null : ltrIsolate(r.merchant_order_id));
    row(AR.customer, r.customer_name === null ? null : autoIsolate(r.customer_name));
    row(AR.responseCode, r.response_code === null ? null : ltrIsolate(r.response_code));
    return pdfBytes(doc);
  }
  const line = (label: string, value: string | number | null) => {
    drawText(doc, label, { dir: "ltr", size: 10, color: "#555555" });
    drawText(doc, value === null ? "-" : String(value), {
      dir: "auto",
      align: "left",
      size: 12,
      color: "#000000",
    });
    doc.moveDown(0.4);
  };
  drawText(doc, r.merchant_name, { dir: "auto", align: "left", size: 18 });
  drawText(doc, "Transaction receipt", { dir: "ltr", size: 14 });
  doc.moveDown();
  line("Transaction ID", r.transaction_id);
  line("Date", date);
  line("Amount", r.amount_text);
  line("Status", r.status);
  line("Type", `${r.type} / ${r.trnx_type}`);
  line("Card", r.card_number);
  line("Order ID", r.order_id);
  line("Merchant order ID", r.merchant_order_id);
  line("Customer", r.customer_name);
  line("Response code", r.response_code);
  return pdfBytes(doc);
}
