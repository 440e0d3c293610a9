import {
  BULK_COLUMN_OF_FIELD,
  BULK_FILE_MESSAGES,
  BULK_INVOICE_MAX_ROWS,
  type BulkColumn,
  type BulkPreviewBody,
  type BulkRow,
  type BulkRowErrors,
  type BulkRowValues,
  type BulkUpload,
  type BulkUploadItem,
  checkBulkRow,
  type InvoiceDraft,
  type InvoiceField,
  interpolate,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { bossDb } from "../jobs/boss.ts";
import type { OutboxMode } from "../mail/outbox.repository.ts";
import { findMerchantCountry } from "../payments/orders.repository.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { timeZoneOf } from "../payments/transaction-object.ts";
import { merchantNow } from "../test-clock/clock.ts";
import { bulkFileError, type ParsedRow, readBulkFile } from "./bulk-invoices.file.ts";
import {
  findUpload,
  type InvoiceToSend,
  insertUpload,
  listUploads,
  lockUpload,
  markSubmitted,
  recordSent,
  type UploadRow,
  updatePreviewedRows,
  uploadSends,
} from "./bulk-invoices.repository.ts";
import {
  createInvoices,
  type InvoiceCaller,
  InvoiceInputError,
  type InvoiceRowErrors,
  sendInvoice,
} from "./invoices.service.ts";

/**
 * Bulk invoices (docs/selling.md "Bulk invoices"): preview (the file read and every row checked with the invoice
 * form's rules and what needs the database), fixes, and the submit that creates every valid row's invoice in one
 * database transaction through the invoices' own createInvoices, then sends each as its row asks.
 */

export interface BulkCaller {
  merchantId: number;
  userId: number;
  username: string;
}

interface ValidRow {
  line: number;
  draft: InvoiceDraft;
  sendEmail: boolean;
  sendSms: boolean;
}

interface Checked {
  rows: BulkRow[];
  valid: ValidRow[];
}

/** Thrown to roll the dry run's transaction back. */
class DryRun extends Error {}

async function invoiceCaller(db: Kysely<DB>, merchantId: number, isLive: boolean, username: string | null) {
  const merchant = await findMerchantCountry(db, merchantId);
  // Test-mode invoices are made at the merchant's test-clock time (docs/payments.md "Test clock").
  const now = await merchantNow(db, merchantId, isLive);
  return { merchantId, isLive, username, timeZone: timeZoneOf(merchant), now };
}

/**
 * The database's verdict on drafts: createInvoices itself, so the preview and the submit apply one set of rules
 * (the invoice form's, active integrations of the mode and their currency, ids used before or twice). A last,
 * empty draft always breaks the rules, so createInvoices answers every bad draft's problems and stops before it
 * writes anything (it checks all inputs first); the transaction around it is rolled back all the same, should
 * it ever write. Answers each bad draft's problems by its index.
 */
async function dryRun(
  db: Kysely<DB>,
  caller: InvoiceCaller,
  drafts: readonly InvoiceDraft[],
): Promise<Map<number, InvoiceRowErrors["problems"]>> {
  const problems = new Map<number, InvoiceRowErrors["problems"]>();
  if (drafts.length === 0) return problems;
  const stop: InvoiceDraft = {};
  await db
    .transaction()
    .execute(async (trx) => {
      try {
        await createInvoices(trx, caller, [...drafts, stop]);
      } catch (error) {
        if (!(error instanceof InvoiceInputError)) throw error;
        for (const row of error.rows) if (row.index < drafts.length) problems.set(row.index, row.problems);
      }
      throw new DryRun();
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRun)) throw error;
    });
  return problems;
}

/** Every row's problems: its own bulk columns (checkBulkRow), then the invoices' rules through the dry run. */
export async function checkRows(
  db: Kysely<DB>,
  caller: InvoiceCaller,
  rows: readonly ParsedRow[],
): Promise<Checked> {
  const local = rows.map((row) => checkBulkRow(row.values));
  const seen = new Map<string, number>();
  for (const r of rows) {
    const id = r.values.merchant_order_id.trim();
    if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const verdict = await dryRun(
    db,
    caller,
    local.map((l) => l.draft),
  );
  const out: BulkRow[] = [];
  const valid: ValidRow[] = [];
  rows.forEach((row, index) => {
    const check = local[index]!;
    const errors: BulkRowErrors = { ...check.errors };
    const add = (column: BulkColumn, code: string) => {
      const list = errors[column] ?? [];
      if (!list.includes(code)) errors[column] = [...list, code];
    };
    const id = row.values.merchant_order_id.trim();
    const twice = id !== "" && (seen.get(id) ?? 0) > 1;
    if (twice) add("merchant_order_id", "bulk_duplicate_in_file");
    for (const [field, problem] of Object.entries(verdict.get(index) ?? {})) {
      const column = BULK_COLUMN_OF_FIELD[field as InvoiceField];
      // A repeated id is marked on every row that holds it, as repeated (createInvoices marks the later ones).
      if (column && problem && !(twice && problem === "merchant_invoice_id_exists")) add(column, problem);
    }
    out.push({ line: row.line, values: row.values, errors });
    if (Object.keys(errors).length === 0)
      valid.push({ line: row.line, draft: check.draft, sendEmail: check.sendEmail, sendSms: check.sendSms });
  });
  return { rows: out, valid };
}

function item(row: UploadRow): BulkUploadItem {
  return {
    id: row.id,
    file_name: row.file_name,
    file_type: row.file_type,
    status: row.status,
    is_live: row.is_live,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    submitted_at: row.submitted_at ? row.submitted_at.toISOString() : null,
    send_state: row.send_state,
    counts: {
      rows: row.row_count,
      valid: row.valid_count,
      invalid: row.invalid_count,
      created: row.created_count,
      emailed: row.emailed_count,
      texted: row.texted_count,
    },
  };
}

function storedRows(row: UploadRow): ParsedRow[] {
  return (row.rows as { line: number; values: BulkRowValues }[]).map((r) => ({
    line: r.line,
    values: r.values,
  }));
}

/** A submitted upload shows its rows as they were; a previewed one is checked again (ids may be used meanwhile). */
async function answer(db: Kysely<DB>, row: UploadRow): Promise<BulkUpload> {
  if (row.status === "submitted")
    return { ...item(row), rows: storedRows(row).map((r) => ({ ...r, errors: {} })) };
  const caller = await invoiceCaller(db, row.merchant_id, row.is_live, row.created_by);
  const checked = await checkRows(db, caller, storedRows(row));
  return { ...item(row), rows: checked.rows };
}

export async function previewUpload(
  db: Kysely<DB>,
  caller: BulkCaller,
  body: BulkPreviewBody,
): Promise<BulkUpload> {
  const bytes = Buffer.from(body.content_base64, "base64");
  const file = await readBulkFile(bytes);
  const checked = await checkRows(
    db,
    await invoiceCaller(db, caller.merchantId, body.is_live, caller.username),
    file.rows,
  );
  const row = await insertUpload(db, {
    merchant_id: caller.merchantId,
    user_id: caller.userId,
    created_by: caller.username,
    is_live: body.is_live,
    file_name: body.file_name,
    file_type: file.type,
    file_bytes: bytes,
    rows: JSON.stringify(file.rows),
    row_count: file.rows.length,
    valid_count: checked.valid.length,
    invalid_count: file.rows.length - checked.valid.length,
  });
  return { ...item(row), rows: checked.rows };
}

export async function uploadDetails(db: Kysely<DB>, merchantId: number, id: number): Promise<BulkUpload> {
  const row = await findUpload(db, merchantId, id);
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  return answer(db, row);
}

export async function uploadHistory(db: Kysely<DB>, merchantId: number, page: number, pageSize: number) {
  const { count, rows } = await listUploads(db, merchantId, page, pageSize);
  return { count, page, page_size: pageSize, results: rows.map((r) => item({ ...r, rows: [] })) };
}

/** Replaces the rows of these lines with their corrections and checks every row again. */
export async function fixRows(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  fixes: { line: number; values: BulkRowValues }[],
): Promise<BulkUpload> {
  const row = await findUpload(db, merchantId, id);
  if (!row) throw new HttpError(404, "not_found", "Not found.");
  if (row.status !== "previewed") throw bulkConflict();
  const byLine = new Map(fixes.map((f) => [f.line, f.values]));
  const rows = storedRows(row);
  for (const line of byLine.keys())
    if (!rows.some((r) => r.line === line))
      throw new HttpError(400, "validation", "Invalid request.", { rows: [`No row on line ${line}.`] });
  const next = rows.map((r) => ({ line: r.line, values: byLine.get(r.line) ?? r.values }));
  const checked = await checkRows(db, await invoiceCaller(db, merchantId, row.is_live, row.created_by), next);
  const updated = await updatePreviewedRows(db, merchantId, id, next, {
    valid_count: checked.valid.length,
    invalid_count: next.length - checked.valid.length,
  });
  if (!updated) throw bulkConflict();
  return { ...item(updated), rows: checked.rows };
}

function bulkConflict(): HttpError {
  const error = bulkFileError("bulk_already_submitted");
  return new HttpError(409, error.code, error.detail);
}

/**
 * Checks the rows (the dry run), then creates every valid row's invoice with createInvoices in one database
 * transaction holding the upload's lock (a second submit waits, then finds it submitted): any refusal while
 * creating (an id used meanwhile) rolls all of them back. Sending them, each as its row asks, is a durable job
 * enqueued in the same transaction (runBulkSend); the history shows its counts as they grow.
 */
export async function submitUpload(rt: PaymentsRuntime, caller: BulkCaller, id: number): Promise<BulkUpload> {
  const before = await findUpload(rt.db, caller.merchantId, id);
  if (!before) throw new HttpError(404, "not_found", "Not found.");
  if (before.status !== "previewed") throw bulkConflict();
  const invoices = await invoiceCaller(rt.db, caller.merchantId, before.is_live, caller.username);
  const rows = storedRows(before);
  if (rows.length > BULK_INVOICE_MAX_ROWS) throw bulkFileError("bulk_too_large");
  const checked = await checkRows(rt.db, invoices, rows);
  if (checked.valid.length === 0) {
    // A submit running at the same time may have just used these rows' ids: then this one was too late (409),
    // not a file with nothing valid.
    const now = await findUpload(rt.db, caller.merchantId, id);
    if (now?.status !== "previewed") throw bulkConflict();
    throw bulkFileError("bulk_nothing_valid");
  }
  // pg-boss is started (and its queue made) only when something is to be sent, before the transaction: on PGlite
  // its start-up needs the connection a transaction would hold.
  const boss = checked.valid.some((v) => v.sendEmail || v.sendSms) ? await rt.jobs.ready() : undefined;
  await boss?.createQueue(BULK_SEND_QUEUE);
  await rt.db.transaction().execute(async (trx) => {
    const row = await lockUpload(trx, caller.merchantId, id);
    if (row?.status !== "previewed" || row.updated_at.getTime() !== before.updated_at.getTime())
      throw bulkConflict();
    let made: { id: number }[];
    try {
      made = await createInvoices(
        trx,
        invoices,
        checked.valid.map((v) => v.draft),
      );
    } catch (error) {
      if (!(error instanceof InvoiceInputError)) throw error;
      const first = error.rows[0];
      const reason = Object.values(first?.fields ?? {}).flat()[0] ?? "a row was refused";
      throw new HttpError(
        409,
        "bulk_submit_failed",
        interpolate(BULK_FILE_MESSAGES.bulk_submit_failed, { reason }),
      );
    }
    const sends = checked.valid
      .map((v, i) => ({ invoice_id: made[i]!.id, email: v.sendEmail, sms: v.sendSms }))
      .filter((s) => s.email || s.sms);
    await markSubmitted(
      trx,
      row.id,
      {
        valid_count: checked.valid.length,
        invalid_count: rows.length - checked.valid.length,
        created_count: made.length,
      },
      sends,
    );
    // The sending job commits with the invoices: they are sent if and only if they exist.
    if (boss && sends.length > 0)
      await boss.send(BULK_SEND_QUEUE, { uploadId: row.id } satisfies BulkSendJob, {
        db: bossDb(rt.database, trx),
        retryLimit: 3,
        retryDelay: 5,
        expireInSeconds: 15 * 60,
      });
  });
  return uploadDetails(rt.db, caller.merchantId, id);
}

export const BULK_SEND_QUEUE = "bulk-invoice-send";
/** Sends between two progress records (the history's counts move while the job runs). */
const SEND_BATCH = 50;

export interface BulkSendJob {
  uploadId: number;
}

/**
 * The sending job: each created invoice by e-mail and SMS as its row asked, through the invoices' sendInvoice
 * (the outboxes and the resend limit). A send that fails is not counted; progress is recorded every SEND_BATCH
 * invoices, so a retried job goes on where the last record left it.
 */
export async function runBulkSend(rt: PaymentsRuntime, mail: OutboxMode, uploadId: number): Promise<void> {
  const upload = await uploadSends(rt.db, uploadId);
  if (upload?.send_state !== "queued") return;
  const sends = upload.sends as InvoiceToSend[];
  let emailed = upload.emailed_count;
  let texted = upload.texted_count;
  const send = async (invoiceId: number, channel: "email" | "sms") => {
    try {
      await sendInvoice(rt.db, mail, rt.publicUrl, upload.merchant_id, invoiceId, channel, rt.now());
      return true;
    } catch {
      return false;
    }
  };
  for (let i = upload.sends_done; i < sends.length; i++) {
    const s = sends[i]!;
    if (s.email && (await send(s.invoice_id, "email"))) emailed++;
    if (s.sms && (await send(s.invoice_id, "sms"))) texted++;
    const done = i + 1;
    if (done === sends.length || done % SEND_BATCH === 0)
      await recordSent(rt.db, uploadId, {
        emailed_count: emailed,
        texted_count: texted,
        sends_done: done,
        send_state: done === sends.length ? "done" : "queued",
      });
  }
}

export async function startBulkSendWorker(
  rt: PaymentsRuntime,
  mail: OutboxMode,
  log: { error(obj: object, msg: string): void },
): Promise<{ stop(): Promise<void> }> {
  const boss = await rt.jobs.ready();
  await boss.createQueue(BULK_SEND_QUEUE);
  const id = await boss.work<BulkSendJob>(
    BULK_SEND_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await runBulkSend(rt, mail, job.data.uploadId);
        } catch (error) {
          log.error(
            { err: { message: error instanceof Error ? error.message : String(error) }, job: job.id },
            "bulk invoice sending failed",
          );
          throw error;
        }
      }
    },
  );
  return { stop: () => boss.offWork({ id }).catch(() => undefined) };
}
