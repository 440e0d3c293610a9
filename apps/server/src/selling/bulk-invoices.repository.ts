import type { Insertable, Kysely, Selectable } from "kysely";
import type { BulkInvoiceUploadsTable, DB } from "../db/schema.ts";

/**
 * The statements of bulk invoice uploads (docs/selling.md). Every one takes the merchant: an upload is only ever
 * read or changed by its own merchant. The file's bytes are written once and never read back by the screens.
 */

export type UploadRow = Omit<Selectable<BulkInvoiceUploadsTable>, "file_bytes" | "sends" | "sends_done">;

const COLUMNS = [
  "id",
  "merchant_id",
  "user_id",
  "created_by",
  "is_live",
  "file_name",
  "file_type",
  "rows",
  "status",
  "row_count",
  "valid_count",
  "invalid_count",
  "created_count",
  "emailed_count",
  "texted_count",
  "send_state",
  "created_at",
  "updated_at",
  "submitted_at",
] as const;

const LIST_COLUMNS = COLUMNS.filter((c) => c !== "rows");

export interface UploadCounts {
  valid_count: number;
  invalid_count: number;
}

export async function insertUpload(
  db: Kysely<DB>,
  row: Insertable<BulkInvoiceUploadsTable>,
): Promise<UploadRow> {
  return db.insertInto("bulk_invoice_uploads").values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function findUpload(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
): Promise<UploadRow | undefined> {
  return db
    .selectFrom("bulk_invoice_uploads")
    .select(COLUMNS)
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The upload's row, locked for its submit (a second submit waits, then sees it submitted). */
export async function lockUpload(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
): Promise<UploadRow | undefined> {
  return db
    .selectFrom("bulk_invoice_uploads")
    .select(COLUMNS)
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function listUploads(
  db: Kysely<DB>,
  merchantId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: Omit<UploadRow, "rows">[] }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("bulk_invoice_uploads")
      .select(LIST_COLUMNS)
      .where("merchant_id", "=", merchantId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("bulk_invoice_uploads")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("merchant_id", "=", merchantId)
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.count), rows };
}

/** New rows and counts of an upload still being previewed; undefined when it was submitted meanwhile. */
export async function updatePreviewedRows(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  rows: { line: number; values: Record<string, string> }[],
  counts: UploadCounts,
): Promise<UploadRow | undefined> {
  return db
    .updateTable("bulk_invoice_uploads")
    .set({ rows: JSON.stringify(rows), ...counts, updated_at: new Date() })
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .where("status", "=", "previewed")
    .returning(COLUMNS)
    .executeTakeFirst();
}

export interface InvoiceToSend {
  invoice_id: number;
  email: boolean;
  sms: boolean;
}

export async function markSubmitted(
  db: Kysely<DB>,
  id: number,
  counts: UploadCounts & { created_count: number },
  sends: InvoiceToSend[],
): Promise<void> {
  const now = new Date();
  await db
    .updateTable("bulk_invoice_uploads")
    .set({
      ...counts,
      status: "submitted",
      submitted_at: now,
      updated_at: now,
      sends: JSON.stringify(sends),
      send_state: sends.length > 0 ? "queued" : "none",
    })
    .where("id", "=", id)
    .execute();
}

/** What the sending job needs: the invoices to send and how far an earlier run got. */
export async function uploadSends(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("bulk_invoice_uploads")
    .select(["id", "merchant_id", "sends", "sends_done", "emailed_count", "texted_count", "send_state"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function recordSent(
  db: Kysely<DB>,
  id: number,
  progress: {
    emailed_count: number;
    texted_count: number;
    sends_done: number;
    send_state: "queued" | "done";
  },
): Promise<void> {
  await db
    .updateTable("bulk_invoice_uploads")
    .set({ ...progress, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}
