import { EventEmitter, once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";
import {
  EXPORT_MAX_DAYS,
  type ExportItem,
  type ExportRequest,
  isCurrency,
  toMajorString,
} from "@portal/domain";
import ExcelJS from "exceljs";
import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { Database } from "../db/database.ts";
import type { ExportRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { bossDb } from "../jobs/boss.ts";
import { reportSource } from "../reports/report-sources.ts";
import { ensurePrivateDir } from "../security/private-dir.ts";
import { orderStatusOf } from "../transactions/details.ts";
import { parseDateParam, type Scope } from "../transactions/scope.ts";
import { maskedCard } from "../transactions/transactions.repository.ts";
import { csvLine, safeCell } from "./cells.ts";
import {
  type ExportKeyset,
  exportedOrders,
  exportedTransactions,
  exportRowById,
  insertExport,
  lockedExportsInProgress,
  updateExport,
} from "./exports.repository.ts";

/**
 * Exports: a row in `exports` and a durable pg-boss job, created in one database transaction. The job streams
 * the rows in keyset batches (created_at, id) into a CSV and an XLSX file at once (exceljs's streaming writer),
 * so memory stays flat whatever the size, and records rows_done after every batch for the progress bar.
 */
export const EXPORT_QUEUE = "workspace-export";
export const EXPORT_BATCH = 5_000;
/** Rows written between two turns of the event loop. */
const EXPORT_YIELD_ROWS = 250;
export const RANGE_TOO_LONG = "The date range must be at most one month.";
export const DOWNLOAD_FAILED =
  "Download Failed. If this problem persists, please contact your service provider.";

export interface ExportJob {
  exportId: number;
}

export function exportDir(dataDir: string): string {
  return path.join(dataDir, "exports");
}

export function exportFile(dataDir: string, id: number, format: "csv" | "xlsx"): string {
  return path.join(exportDir(dataDir), `export-${id}.${format}`);
}

/** Export files hold customers' personal data: only the server's own user may read them. */
export const EXPORT_FILE_MODE = 0o600;

/**
 * Creates the exports folder readable by the server's user only, and narrows it if an older version made it
 * world-readable (the folder's mode then also covers files written before, whatever their own mode).
 */
export async function ensureExportDir(dataDir: string): Promise<string> {
  const dir = exportDir(dataDir);
  ensurePrivateDir(dir);
  return dir;
}

/** How many exports one user may have queued or running at once (issue 10: exports are not unlimited). */
export const EXPORTS_IN_PROGRESS_MAX = 3;
export const TOO_MANY_EXPORTS = `You already have ${EXPORTS_IN_PROGRESS_MAX} exports in progress. Wait until one has finished, then try again.`;

export function exportItem(r: NonNullable<ExportRow>): ExportItem {
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    // The exports list reads the kinds of EXPORT_PERMISSION only; the report types stay in reports/.
    kind: r.kind as ExportItem["kind"],
    status: r.status_choice,
    date_from: r.date_from.toISOString(),
    date_to: r.date_to.toISOString(),
    state: r.state,
    job_state: r.job_state,
    rows_done: r.rows_done,
    rows_total: r.rows_total,
  };
}

/** Validates the range (at most one month), writes the export row and enqueues its job atomically. */
export async function createExport(
  database: Database,
  boss: PgBoss,
  scope: Scope,
  userId: number,
  body: ExportRequest,
): Promise<ExportItem> {
  return exportItem(await createExportRow(database, boss, scope, userId, body, "export"));
}

/** What an export or a report asks for: its kind, status choice, mode and range (dates as the contracts take). */
export interface ExportJobRequest {
  kind: ExportRow["kind"];
  status: ExportRow["status_choice"];
  is_live: boolean;
  date_from: string;
  date_to: string;
}

/** createExport for exports and reports (reports/reports.service.ts): the row, its purpose and its job. */
export async function createExportRow(
  database: Database,
  boss: PgBoss,
  scope: Scope,
  userId: number,
  body: ExportJobRequest,
  purpose: ExportRow["purpose"],
): Promise<NonNullable<ExportRow>> {
  const from = parseDateParam(body.date_from, "date_from", false)!;
  const to = parseDateParam(body.date_to, "date_to", true)!;
  if (to.getTime() <= from.getTime())
    throw new HttpError(400, "validation", "Invalid request.", {
      date_to: ["Enter a date after the start date."],
    });
  if (to.getTime() - from.getTime() > EXPORT_MAX_DAYS * 86_400_000)
    throw new HttpError(400, "range_too_long", RANGE_TOO_LONG, { date_to: [RANGE_TOO_LONG] });
  const row = await database.db.transaction().execute(async (trx) => {
    // The user's row lock makes the count and the insert one step: parallel requests cannot both pass the cap.
    if ((await lockedExportsInProgress(trx, userId)) >= EXPORTS_IN_PROGRESS_MAX)
      throw new HttpError(429, "too_many_exports", TOO_MANY_EXPORTS);
    const created = await insertExport(trx, {
      merchant_id: scope.kind === "merchant" ? scope.merchantId : null,
      bank_id: scope.kind === "bank" ? scope.bankId : null,
      user_id: userId,
      kind: body.kind,
      status_choice: body.status,
      is_live: body.is_live,
      date_from: from,
      date_to: to,
      purpose,
    });
    await boss.send(EXPORT_QUEUE, { exportId: created.id } satisfies ExportJob, {
      db: bossDb(database, trx),
      retryLimit: 3,
      retryDelay: 5,
      expireInSeconds: 15 * 60,
    });
    return created;
  });
  return row;
}

function scopeOfExport(r: NonNullable<ExportRow>): Scope {
  return r.merchant_id !== null
    ? { kind: "merchant", merchantId: r.merchant_id, terminalId: null }
    : { kind: "bank", bankId: r.bank_id! };
}

const TX_HEADER = [
  "Transaction ID",
  "Date Created",
  "Amount",
  "Currency",
  "Status",
  "Type",
  "Transaction Type",
  "Origin",
  "Order ID",
  "Merchant Order ID",
  "Customer Name",
  "Customer Email",
  "Phone Number",
  "Card Number",
  "Wallet Msisdn",
  "Other References",
  "Created By",
  "Integration ID",
  "Refunded Amount",
  "Captured Amount",
  "Fees",
  "VAT",
  "Merchant ID",
  "Merchant Name",
];
const ORDER_HEADER = [
  "Order ID",
  "Date Created",
  "Merchant Order ID",
  "Amount",
  "Paid Amount",
  "Currency",
  "Status",
  "Delivery Needed",
  "Source",
  "Created By",
  "Merchant ID",
  "Merchant Name",
];

export type Cell = string | number | boolean | null;

/**
 * exceljs's streaming sheet writes its XML into the zip without waiting for it (its stream buffer ignores the
 * answer of write()), so when the rows come faster than the compressor takes them the XML queues in memory: with
 * nothing else to wait for, 400,000 rows peaked at 450 MB, 300 MB of it queued buffers. Waiting after each batch
 * until the sheet's pipe has drained keeps the queue to about one batch (same run: 175 MB). `stream.pipes` is
 * exceljs's own field (lib/utils/stream-buf.js); the pipe is archiver's readable-stream 3 PassThrough, which has no
 * `writableLength`, so its `_writableState.length` is read instead. Without them there is nothing to wait for.
 */
export async function xlsxDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return;
  for (const pipe of pipes) {
    if (!(pipe instanceof EventEmitter)) continue;
    const w = pipe as EventEmitter & {
      writableLength?: number;
      writableHighWaterMark?: number;
      _writableState?: { length?: number };
    };
    const queued = typeof w.writableLength === "number" ? w.writableLength : w._writableState?.length;
    // At or above the high water mark, the last write() answered false, so "drain" will come.
    if (
      typeof queued === "number" &&
      typeof w.writableHighWaterMark === "number" &&
      queued >= w.writableHighWaterMark
    )
      await once(w, "drain");
  }
}

export const major = (minor: number, currency: string) =>
  isCurrency(currency) ? toMajorString(minor, currency) : String(minor);

/** What an export of one kind writes: its header and its rows, read in (created_at, id) keyset batches. */
export interface ExportSource<R extends { id: number; created_at: Date } = { id: number; created_at: Date }> {
  header: string[];
  count(): Promise<number>;
  batch(after: ExportKeyset, size: number): Promise<R[]>;
  cells(row: R): Cell[];
}

/** Keeps a source's row type inside it (the runner only passes rows from batch() to cells()). */
export function exportSourceOf<R extends { id: number; created_at: Date }>(
  source: ExportSource<R>,
): ExportSource {
  return source as unknown as ExportSource;
}

/** Each kind's sheet name (the XLSX file's one worksheet). */
const EXPORT_SHEETS: Record<ExportRow["kind"], string> = {
  transactions: "Transactions",
  orders: "Orders",
  merchants: "Merchants",
  invoices: "Invoices",
  transfers: "Transfers",
};

/**
 * The rows an export writes, by its kind: the lists' own (transactions, orders) here, the other report types'
 * from reports/report-sources.ts (docs/transfers.md).
 */
function exportSource(db: Kysely<DB>, scope: Scope, exp: NonNullable<ExportRow>): ExportSource {
  switch (exp.kind) {
    case "transactions": {
      const rows = exportedTransactions(db, scope, exp);
      return exportSourceOf({
        header: TX_HEADER,
        count: rows.count,
        batch: rows.batch,
        cells: (r) => [
          r.id,
          r.created_at.toISOString(),
          major(r.amount_cents, r.currency),
          r.currency,
          r.status,
          r.gateway_type,
          r.trnx_type,
          r.origin,
          r.order_id,
          r.merchant_order_id,
          r.customer_name,
          r.customer_email,
          r.customer_phone,
          maskedCard(r.card_first6, r.card_last4),
          r.wallet_msisdn,
          r.merchant_txn_ref ?? r.bill_reference,
          r.created_by,
          r.integration_id,
          major(r.refunded_amount_cents, r.currency),
          major(r.captured_amount_cents, r.currency),
          major(r.fees_cents, r.currency),
          major(r.vat_cents, r.currency),
          r.merchant_id,
          r.company_name,
        ],
      });
    }
    case "orders": {
      const rows = exportedOrders(db, scope, exp);
      return exportSourceOf({
        header: ORDER_HEADER,
        count: rows.count,
        batch: rows.batch,
        cells: (r) => [
          r.id,
          r.created_at.toISOString(),
          r.merchant_order_id,
          major(r.amount_cents, r.currency),
          major(r.paid_amount_cents, r.currency),
          r.currency,
          orderStatusOf(r, r.country),
          r.delivery_needed,
          r.api_source,
          r.created_by,
          r.merchant_id,
          r.company_name,
        ],
      });
    }
    default:
      return reportSource(db, scope, exp);
  }
}

/** Runs one export: counts, streams batches into both files, records progress. Idempotent on retry. */
export async function runExport(db: Kysely<DB>, dataDir: string, exportId: number): Promise<void> {
  const exp = await exportRowById(db, exportId);
  if (exp.job_state === "done") return;
  await updateExport(db, exportId, { job_state: "running", rows_done: 0, error: null });
  const scope = scopeOfExport(exp);
  await ensureExportDir(dataDir);
  const csvPath = exportFile(dataDir, exportId, "csv");
  const xlsxPath = exportFile(dataDir, exportId, "xlsx");
  const csv = createWriteStream(`${csvPath}.part`, { mode: EXPORT_FILE_MODE });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: createWriteStream(`${xlsxPath}.part`, { mode: EXPORT_FILE_MODE }),
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(EXPORT_SHEETS[exp.kind]);
  let written = 0;
  const write = async (values: Cell[]) => {
    if (!csv.write(csvLine(values))) await once(csv, "drain");
    sheet.addRow(values.map((v) => (typeof v === "string" ? safeCell(v) : v))).commit();
    // The job runs in a server process: let other requests in every few hundred rows (a batch of 5,000 takes
    // ~150 ms of CPU, which other requests would otherwise wait out).
    if (++written % EXPORT_YIELD_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
  };
  try {
    let done = 0;
    /** Writes the rows in keyset batches (created_at, id), recording the progress after each batch. */
    const writeBatches = async <R extends { id: number; created_at: Date }>(
      batch: (after: { at: Date; id: number } | null) => Promise<R[]>,
      cells: (row: R) => Cell[],
    ) => {
      // The next batch is read while this one is written (one batch ahead, so memory stays flat): the database's
      // time and the writers' CPU overlap instead of adding up (a month of 1,000,000 rows is 200 batches).
      let pending: Promise<R[]> = batch(null);
      for (;;) {
        const rows = await pending;
        const last = rows[rows.length - 1];
        const next = rows.length < EXPORT_BATCH || !last ? null : batch({ at: last.created_at, id: last.id });
        // A failure of the read ahead is thrown where it is awaited, not reported as unhandled meanwhile.
        next?.catch(() => undefined);
        for (const r of rows) await write(cells(r));
        await xlsxDrained(sheet);
        done += rows.length;
        await updateExport(db, exportId, { rows_done: done });
        if (!next) return;
        pending = next;
      }
    };
    const source = exportSource(db, scope, exp);
    const total = await source.count();
    await updateExport(db, exportId, { rows_total: total });
    await write(source.header);
    await writeBatches((after) => source.batch(after, EXPORT_BATCH), source.cells);
    csv.end();
    await once(csv, "finish");
    await sheet.commit();
    await workbook.commit();
    await rename(`${csvPath}.part`, csvPath);
    await rename(`${xlsxPath}.part`, xlsxPath);
    await updateExport(db, exportId, { job_state: "done", rows_done: done, finished_at: new Date() });
  } catch (error) {
    csv.destroy();
    const message = error instanceof Error ? error.message : String(error);
    await updateExport(db, exportId, { job_state: "failed", error: message.slice(0, 500) });
    throw error;
  }
}

/**
 * Works the export queue in this process (one export at a time), on the process's pg-boss instance, and runs the
 * queue's maintenance every `maintenanceSeconds` (what gives the jobs of a stopped process back: they expire
 * while "active" and are retried).
 */
export async function startExportWorker(
  boss: PgBoss,
  db: Kysely<DB>,
  dataDir: string,
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  maintenanceSeconds = 30,
): Promise<{ stop(): Promise<void> }> {
  await ensureExportDir(dataDir);
  await boss.createQueue(EXPORT_QUEUE);
  const id = await boss.work<ExportJob>(
    EXPORT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await runExport(db, dataDir, job.data.exportId);
        } catch (error) {
          log.error(
            { err: { message: error instanceof Error ? error.message : String(error) }, job: job.id },
            "export failed",
          );
          throw error;
        }
      }
    },
  );
  const maintain = async () => {
    try {
      await boss.maintain();
    } catch (error) {
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "job maintenance failed",
      );
    }
  };
  await maintain();
  const timer = setInterval(maintain, maintenanceSeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await boss.offWork({ id }).catch(() => undefined);
    },
  };
}
