import type { ExportKind } from "@portal/domain";
import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { ExportRow } from "../db/rows.ts";
import type { DB, ExportsTable } from "../db/schema.ts";
import type { Scope } from "../transactions/scope.ts";

/**
 * The exports' queries. What the dashboard reads takes the caller's scope (a merchant's own exports, or a bank's)
 * and the kinds of export the caller may see; the job's writes take the export's id.
 */

/** The caller's exports of the given kinds. */
function scopedExports(db: Kysely<DB>, scope: Scope, kinds: ExportKind[]) {
  const q = db.selectFrom("exports").where("kind", "in", kinds);
  return scope.kind === "merchant"
    ? q.where("merchant_id", "=", scope.merchantId)
    : q.where("bank_id", "=", scope.bankId);
}

/** One of the caller's exports, or undefined when it is not theirs (or of a kind they may not see). */
export function findExport(
  db: Kysely<DB>,
  scope: Scope,
  kinds: ExportKind[],
  id: number,
): Promise<ExportRow | undefined> {
  return scopedExports(db, scope, kinds).selectAll().where("id", "=", id).executeTakeFirst();
}

/** A page of the caller's exports, newest first, and how many there are. */
export async function listExports(
  db: Kysely<DB>,
  scope: Scope,
  kinds: ExportKind[],
  page: { page: number; pageSize: number },
): Promise<{ count: number; rows: ExportRow[] }> {
  const q = scopedExports(db, scope, kinds);
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
