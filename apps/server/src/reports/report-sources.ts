import type { Kysely } from "kysely";
import type { ExportRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { type ExportSource, exportSourceOf, major } from "../exports/exports.service.ts";
import type { Scope } from "../transactions/scope.ts";
import { reportedInvoices, reportedMerchants, reportedTransfers } from "./reports.repository.ts";

/**
 * What a report of the types the lists' exports do not have writes (the exports job runs it: exports.service.ts
 * exportSource). Transactions and orders reports are the exports' own sources.
 */

const INVOICE_HEADER = [
  "Invoice ID",
  "Date Created",
  "Merchant Invoice ID",
  "Amount",
  "Currency",
  "Status",
  "Client Name",
  "Client Email",
  "Client Phone",
  "Expires At",
  "Paid At",
  "Created By",
  "Order ID",
  "Merchant ID",
  "Merchant Name",
];

const TRANSFER_HEADER = [
  "Transfer ID",
  "Date",
  "Status",
  "Currency",
  "Gross Amount",
  "Refunded Amount",
  "Chargeback Amount",
  "Fees",
  "VAT",
  "Transfer Amount",
  "Number of Transactions",
  "Bank Name",
  "Bank Account",
  "Date Paid",
  "Merchant ID",
  "Merchant Name",
];

const MERCHANT_HEADER = [
  "Merchant ID",
  "Date Created",
  "Company Name",
  "Country",
  "MCC",
  "Status",
  "Digital Status",
  "Suspicious",
  "Live",
  "Live Date",
];
/** The last column counts the transactions of the export's status choice, and says which. */
const MERCHANT_COUNT_HEADER = {
  trx_all: "Transactions",
  trx_success: "Successful Transactions",
  trx_decline: "Declined Transactions",
} as const;

/** Report types whose rows do not exist yet in this version: their job fails with this message. */
export const REPORT_TYPE_UNAVAILABLE = "This report type is not available yet.";

export function reportSource(db: Kysely<DB>, scope: Scope, exp: NonNullable<ExportRow>): ExportSource {
  switch (exp.kind) {
    case "invoices": {
      const rows = reportedInvoices(db, scope, exp);
      return exportSourceOf({
        header: INVOICE_HEADER,
        count: rows.count,
        batch: rows.batch,
        cells: (r) => [
          r.id,
          r.created_at.toISOString(),
          r.merchant_invoice_id,
          major(r.amount_cents, r.currency),
          r.currency,
          r.status,
          r.client_name,
          r.client_email,
          r.client_phone,
          r.expires_at?.toISOString() ?? null,
          r.paid_at?.toISOString() ?? null,
          r.created_by,
          r.order_id,
          r.merchant_id,
          r.company_name,
        ],
      });
    }
    case "transfers": {
      const rows = reportedTransfers(db, scope, exp);
      return exportSourceOf({
        header: TRANSFER_HEADER,
        count: rows.count,
        batch: rows.batch,
        cells: (r) => [
          r.id,
          r.day,
          r.status,
          r.currency,
          major(r.gross_cents, r.currency),
          major(r.refunded_cents, r.currency),
          major(r.chargeback_cents, r.currency),
          major(r.fees_cents, r.currency),
          major(r.vat_cents, r.currency),
          major(r.net_cents, r.currency),
          r.transactions_count,
          r.bank_name,
          r.bank_account,
          r.date_paid?.toISOString() ?? null,
          r.merchant_id,
          r.company_name,
        ],
      });
    }
    case "merchants": {
      const rows = reportedMerchants(db, scope, exp);
      return exportSourceOf({
        header: [...MERCHANT_HEADER, MERCHANT_COUNT_HEADER[exp.status_choice]],
        count: rows.count,
        batch: rows.batch,
        cells: (r) => [
          r.id,
          r.created_at.toISOString(),
          r.company_name,
          r.country,
          r.mcc,
          r.bank_merchant_status,
          r.digital_status,
          r.suspicious,
          r.is_live,
          r.live_date?.toISOString() ?? null,
          Number(r.successful ?? 0),
        ],
      });
    }
    default:
      throw new Error(REPORT_TYPE_UNAVAILABLE);
  }
}
