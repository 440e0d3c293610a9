import { createRequire } from "node:module";
import { formatAmount, isCurrency, type Receipt, type TransactionStatus } from "@portal/domain";
import type { Kysely } from "kysely";
import PDFDocument from "pdfkit";
import type { TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
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

const require = createRequire(import.meta.url);
const LATIN_FONT = require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff");
const ARABIC_FONT = require.resolve(
  "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff",
);
const ARABIC = /[\u0600-\u06ff]/;

/** The receipt as a one-page PDF (English labels, Arabic values such as names drawn with the Arabic font). */
export function receiptPdf(r: Receipt): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A5", margin: 36, info: { Title: `Receipt ${r.transaction_id}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.registerFont("latin", LATIN_FONT);
    doc.registerFont("arabic", ARABIC_FONT);
    const line = (label: string, value: string | number | null) => {
      const text = value === null ? "-" : String(value);
      doc.font("latin").fontSize(10).fillColor("#555555").text(label);
      doc
        .font(ARABIC.test(text) ? "arabic" : "latin")
        .fontSize(12)
        .fillColor("#000000")
        .text(text, ARABIC.test(text) ? { features: ["rlig", "calt", "init", "medi", "fina", "isol"] } : {});
      doc.moveDown(0.4);
    };
    doc
      .font(ARABIC.test(r.merchant_name) ? "arabic" : "latin")
      .fontSize(18)
      .text(r.merchant_name);
    doc.font("latin").fontSize(14).text("Transaction receipt").moveDown();
    line("Transaction ID", r.transaction_id);
    line("Date", r.created_at.replace("T", " ").slice(0, 19));
    line("Amount", r.amount_text);
    line("Status", r.status);
    line("Type", `${r.type} / ${r.trnx_type}`);
    line("Card", r.card_number);
    line("Order ID", r.order_id);
    line("Merchant order ID", r.merchant_order_id);
    line("Customer", r.customer_name);
    line("Response code", r.response_code);
    doc.end();
  });
}
