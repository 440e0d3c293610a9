import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { ExportRow } from "../db/rows.ts";
import type { DB, ExportsTable } from "../db/schema.ts";
import { scopedOrders } from "../orders/orders.repository.ts";
import type { Scope } from "../transactions/scope.ts";
import { scopedTransactions } from "../transactions/transactions.repository.ts";

/**
 * The exports' queries. What the dashboard reads takes the caller's scope (a merchant's own exports, or a bank's)
 * and the kinds of export the caller may see; the job's writes take the export's id.
 */

/** Exports of a list, or reports (reports/, the same rows and job). */
export type ExportPurpose = ExportRow["purpose"];

/** The caller's exports (or reports) of the given kinds. */
function scopedExports(db: Kysely<DB>, scope: Scope, kinds: ExportRow["kind"][], purpose: ExportPurpose) {
  const q = db.selectFrom("exports").where("kind", "in", kinds).where("purpose", "=", purpose);
  return scope.kind === "merchant"
    ? q.where("merchant_id", "=", scope.merchantId)
    : q.where("bank_id", "=", scope.bankId);
}

/** One of the caller's exports, or undefined when it is not theirs (or of a kind they may not see). */
export function findExport(
  db: Kysely<DB>,
  scope: Scope,
  kinds: ExportRow["kind"][],
  id: number,
  purpose: ExportPurpose = "export",
): Promise<ExportRow | undefined> {
  return scopedExports(db, scope, kinds, purpose).selectAll().where("id", "=", id).executeTakeFirst();
}

/** A page of the caller's exports, newest first, and how many there are. */
export async function listExports(
  db: Kysely<DB>,
  scope: Scope,
  kinds: ExportRow["kind"][],
  page: { page: number; pageSize: number },
  purpose: ExportPurpose = "export",
): Promise<{ count: number; rows: ExportRow[] }> {
  const q = scopedExports(db, scope, kinds, purpose);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy("id", "desc")
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** An export by id, for its job. */
export function exportRowById(db: Kysely<DB>, id: number): Promise<ExportRow> {
  return db.selectFrom("exports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * How many exports the user has queued or running, counted under the user's row lock (call it in the transaction
 * that inserts the export), so parallel requests cannot both pass the cap.
 */
export async function lockedExportsInProgress(trx: Kysely<DB>, userId: number): Promise<number> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow();
  const { n } = await trx
    .selectFrom("exports")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("job_state", "in", ["queued", "running"])
    // A job past every retry's expiry (4 tries of 15 minutes) whose process died is not in progress any more.
    .where("created_at", ">", sql<Date>`now() - interval '2 hours'`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Writes a new export's row. */
export function insertExport(db: Kysely<DB>, values: Insertable<ExportsTable>): Promise<ExportRow> {
  return db.insertInto("exports").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Records an export's state: its job's state and progress, or its download. */
export async function updateExport(db: Kysely<DB>, id: number, set: Updateable<ExportsTable>): Promise<void> {
  await db.updateTable("exports").set(set).where("id", "=", id).execute();
}

/** Where the last batch ended: its last row's (created_at, id), or null before the first batch. */
export type ExportKeyset = { at: Date; id: number } | null;

/** What an export takes: its mode, its range [date_from, date_to) and its status choice. */
type ExportFilter = Pick<ExportRow, "is_live" | "date_from" | "date_to" | "status_choice">;

/** The transactions an export of the scope writes: how many, and the next batch in (created_at, id) order. */
export function exportedTransactions(db: Kysely<DB>, scope: Scope, exp: ExportFilter) {
  let base = scopedTransactions(db, scope, exp.is_live)
    .where("t.created_at", ">=", exp.date_from)
    .where("t.created_at", "<", exp.date_to);
  if (exp.status_choice === "trx_success") base = base.where("t.status", "=", "success");
  if (exp.status_choice === "trx_decline") base = base.where("t.status", "=", "declined");
  return {
    count: async () =>
      Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    batch: (after: ExportKeyset, size: number) => {
      let q = base
        .leftJoin("orders as o", "o.id", "t.order_id")
        .innerJoin("merchants as m", "m.id", "t.merchant_id")
        .select([
          "t.id",
          "t.created_at",
          "t.amount_cents",
          "t.currency",
          "t.status",
          "t.gateway_type",
          "t.trnx_type",
          "t.origin",
          "t.order_id",
          "o.merchant_order_id",
          "t.customer_name",
          "t.customer_email",
          "t.customer_phone",
          "t.card_first6",
          "t.card_last4",
          "t.wallet_msisdn",
          "t.merchant_txn_ref",
          sql<string | null>`t.data->>'bill_reference'`.as("bill_reference"),
          "t.created_by",
          "t.integration_id",
          "t.refunded_amount_cents",
          "t.captured_amount_cents",
          "t.fees_cents",
          "t.vat_cents",
          "t.merchant_id",
          "m.company_name",
        ])
        .orderBy("t.created_at")
        .orderBy("t.id")
        .limit(size);
      if (after) {
        q = q.where((eb) =>
          eb.and([
            // The range's start as a plain bound, so the index scan starts at the last batch (not the month's start).
            eb("t.created_at", ">=", after.at),
            eb.or([
              eb("t.created_at", ">", after.at),
              eb.and([eb("t.created_at", "=", after.at), eb("t.id", ">", after.id)]),
            ]),
          ]),
        );
      }
      return q.execute();
    },
  };
}

/** The orders an export of the scope writes: how many, and the next batch in (created_at, id) order. */
export function exportedOrders(db: Kysely<DB>, scope: Scope, exp: ExportFilter) {
  let base = scopedOrders(db, scope, exp.is_live)
    .where("o.created_at", ">=", exp.date_from)
    .where("o.created_at", "<", exp.date_to);
  if (exp.status_choice === "trx_success")
    base = base.whereRef("o.amount_cents", "<=", "o.paid_amount_cents").where("o.is_canceled", "=", false);
  if (exp.status_choice === "trx_decline")
    base = base.where((eb) =>
      eb.or([eb("o.is_canceled", "=", true), eb("o.amount_cents", ">", eb.ref("o.paid_amount_cents"))]),
    );
  return {
    count: async () =>
      Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    batch: (after: ExportKeyset, size: number) => {
      let q = base
        .select([
          "o.id",
          "o.created_at",
          "o.merchant_order_id",
          "o.amount_cents",
          "o.paid_amount_cents",
          "o.currency",
          "o.is_canceled",
          "o.payment_status",
          "o.delivery_needed",
          "o.api_source",
          "o.created_by",
          "m.id as merchant_id",
          "m.company_name",
          "m.country",
        ])
        .orderBy("o.created_at")
        .orderBy("o.id")
        .limit(size);
      if (after) {
        q = q.where((eb) =>
          eb.and([
            // The range's start as a plain bound, so the index scan starts at the last batch (not the month's start).
            eb("o.created_at", ">=", after.at),
            eb.or([
              eb("o.created_at", ">", after.at),
              eb.and([eb("o.created_at", "=", after.at), eb("o.id", ">", after.id)]),
            ]),
          ]),
        );
      }
      return q.execute();
    },
  };
}
