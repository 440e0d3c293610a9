import { once } from "node:events";
import { PassThrough } from "node:stream";
import { isCurrency, toMajorString, transfersApi } from "@portal/domain";
import ExcelJS from "exceljs";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { requireUser } from "../auth/auth.hook.ts";
import type { DB } from "../db/schema.ts";
import { csvLine, safeCell } from "../exports/cells.ts";
import { xlsxDrained } from "../exports/exports.service.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { bankScopeOf, merchantScopeOf, notFoundError, type Scope } from "../transactions/scope.ts";
import {
  advanceTransfer,
  findTransfer,
  listTransfers,
  merchantBalance,
  transferDetails,
  transferTransactionBatch,
  transferTransactions,
} from "./transfers.repository.ts";

/** Rows read per query while a transfer's transactions stream into its file. */
export const TRANSFER_EXPORT_BATCH = 2_000;
const HEADER = ["Transaction ID", "Date", "Gross Amount", "Currency", "Order ID", "Email", "Type"];

/** A merchant's own transfers (its owner and staff with the permission); terminals have none of their own. */
function merchantTransfersScope(request: FastifyRequest): Scope {
  const scope = merchantScopeOf(request);
  if (scope.kind === "merchant" && scope.terminalId !== null)
    throw new HttpError(403, "forbidden", "You do not have permission to view this page.");
  return scope;
}

/**
 * Streams a transfer's transactions as CSV or XLSX in id-ordered batches (the exports' cells and XLSX
 * backpressure, exports/), so memory stays flat whatever the transfer's size.
 */
function exportStream(db: Kysely<DB>, transferId: number, format: "csv" | "xlsx"): PassThrough {
  const out = new PassThrough();
  const major = (minor: number, currency: string) =>
    isCurrency(currency) ? toMajorString(minor, currency) : String(minor);
  void (async () => {
    const workbook =
      format === "xlsx"
        ? new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
        : null;
    const sheet = workbook?.addWorksheet("Transactions");
    const write = async (values: (string | number | null)[]) => {
      if (sheet) sheet.addRow(values.map((v) => (typeof v === "string" ? safeCell(v) : v))).commit();
      else if (!out.write(csvLine(values))) await once(out, "drain");
    };
    await write(HEADER);
    let after = 0;
    for (;;) {
      const rows = await transferTransactionBatch(db, transferId, after, TRANSFER_EXPORT_BATCH);
      for (const r of rows)
        await write([
          r.id,
          new Date(r.created_at).toISOString(),
          major(Number(r.amount_cents), r.currency),
          r.currency,
          r.order_id,
          r.customer_email,
          r.kind,
        ]);
      if (sheet) await xlsxDrained(sheet);
      if (rows.length < TRANSFER_EXPORT_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    if (sheet && workbook) {
      await sheet.commit();
      await workbook.commit();
    } else out.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Transfers for merchants and banks (contracts: packages/domain/src/api/transfers.ts; docs/transfers.md). */
export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const db = app.payments.db;

  implement(app, transfersApi.balance, async (request) => {
    const scope = merchantTransfersScope(request);
    if (scope.kind !== "merchant") throw notFoundError();
    return merchantBalance(db, scope.merchantId, request.query.is_live);
  });

  implement(app, transfersApi.list, async (request) =>
    listTransfers(db, merchantTransfersScope(request), request.query),
  );

  const own = async (scope: Scope, id: number) => {
    const row = await findTransfer(db, scope, id);
    if (!row) throw notFoundError();
    return row;
  };

  implement(app, transfersApi.details, async (request) => {
    const scope = merchantTransfersScope(request);
    return transferDetails(await own(scope, request.params.id), scope);
  });

  implement(app, transfersApi.transactions, async (request) => {
    const row = await own(merchantTransfersScope(request), request.params.id);
    return transferTransactions(db, row, request.query.page, request.query.page_size);
  });

  implement(app, transfersApi.export, async (request, reply) => {
    const row = await own(merchantTransfersScope(request), request.params.id);
    const format = request.query.format;
    const type =
      format === "csv"
        ? "text/csv; charset=utf-8"
        : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    return reply
      .header("content-type", type)
      .header("content-disposition", `attachment; filename="transfer-${row.id}.${format}"`)
      .send(exportStream(db, row.id, format));
  });

  implement(app, transfersApi.bankList, async (request) =>
    listTransfers(db, bankScopeOf(request), request.query),
  );

  implement(app, transfersApi.bankDetails, async (request) => {
    const scope = bankScopeOf(request);
    return transferDetails(await own(scope, request.params.id), scope);
  });

  implement(app, transfersApi.bankTransactions, async (request) => {
    const row = await own(bankScopeOf(request), request.params.id);
    return transferTransactions(db, row, request.query.page, request.query.page_size);
  });

  implement(app, transfersApi.bankStatus, async (request) => {
    const scope = bankScopeOf(request);
    const result = await advanceTransfer(
      db,
      scope,
      request.params.id,
      request.body.status,
      requireUser(request).id,
    );
    if (!result.found) throw notFoundError();
    if (!result.moved)
      throw new HttpError(
        409,
        "invalid_transition",
        `A transfer in status ${result.status} cannot move to ${request.body.status}.`,
      );
    return { detail: `Transfer ${request.body.status}.` };
  });
}
