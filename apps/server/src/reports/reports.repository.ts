import { type Kysely, sql } from "kysely";
import type { ExportRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import type { ExportKeyset } from "../exports/exports.repository.ts";
import { merchantCondition, type Scope } from "../transactions/scope.ts";

/**
 * The rows of the report types the lists' exports do not have (invoices, merchants; transfers when their table
 * exists): each takes the report's scope (a merchant, or a bank's merchants), its mode and its range
 * [date_from, date_to), and reads in (created_at, id) keyset batches like the exports' own
 * (exports/exports.repository.ts), so a report of any size streams with flat memory.
 */

/** What a report takes: its mode, its range [date_from, date_to). */
type ReportFilter = Pick<NonNullable<ExportRow>, "is_live" | "date_from" | "date_to">;

/** The merchant's (or the bank's merchants') invoices created in the range: payment_links of kind 'invoice'. */
export function reportedInvoices(db: Kysely<DB>, scope: Scope, exp: ReportFilter) {
  const base = db
    .selectFrom("payment_links as p")
    .innerJoin("merchants as m", "m.id", "p.merchant_id")
    .where(merchantCondition(db, scope, sql.ref("p.merchant_id")))
    .where("p.kind", "=", "invoice")
    .where("p.is_live", "=", exp.is_live)
    .where("p.created_at", ">=", exp.date_from)
    .where("p.created_at", "<", exp.date_to);
  return {
    count: async () =>
      Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    batch: (after: ExportKeyset, size: number) => {
      let q = base
        .select([
          "p.id",
          "p.created_at",
          "p.merchant_invoice_id",
          "p.amount_cents",
          "p.currency",
          "p.status",
          sql<string | null>`p.client->>'full_name'`.as("client_name"),
          sql<string | null>`p.client->>'email'`.as("client_email"),
          sql<string | null>`p.client->>'phone_number'`.as("client_phone"),
          "p.expires_at",
          "p.paid_at",
          "p.created_by",
          "p.order_id",
          "p.merchant_id",
          "m.company_name",
        ])
        .orderBy("p.created_at")
        .orderBy("p.id")
        .limit(size);
      if (after)
        q = q.where((eb) =>
          eb.and([
            // The range's start as a plain bound, so the index scan starts at the last batch (not the month's start).
            eb("p.created_at", ">=", after.at),
            eb.or([
              eb("p.created_at", ">", after.at),
              eb.and([eb("p.created_at", "=", after.at), eb("p.id", ">", after.id)]),
            ]),
          ]),
        );
      return q.execute();
    },
  };
}

/**
 * A bank's merchants that signed up in the range, with their statuses and successful live payments (a bank only:
 * a merchant's scope has no merchants report).
 */
/**
 * The bank's merchants created in the range, each with its count of transactions of the export's status choice
 * (back-office.md "Merchant export status options: all, successful, declined"; trx_all counts every status).
 */
export function reportedMerchants(
  db: Kysely<DB>,
  scope: Scope,
  exp: ReportFilter & Pick<NonNullable<ExportRow>, "status_choice">,
) {
  const bankId = scope.kind === "bank" ? scope.bankId : -1;
  const base = db
    .selectFrom("merchants as m")
    .where("m.bank_id", "=", bankId)
    .where("m.created_at", ">=", exp.date_from)
    .where("m.created_at", "<", exp.date_to);
  return {
    count: async () =>
      Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    batch: (after: ExportKeyset, size: number) => {
      let q = base
        .select((eb) => [
          "m.id",
          "m.created_at",
          "m.company_name",
          "m.country",
          "m.mcc",
          "m.bank_merchant_status",
          "m.digital_status",
          "m.suspicious",
          "m.is_live",
          "m.live_date",
          eb
            .selectFrom("transactions as t")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("t.merchant_id", "=", "m.id")
            .where("t.is_live", "=", exp.is_live)
            .$if(exp.status_choice === "trx_success", (w) => w.where("t.status", "=", "success"))
            .$if(exp.status_choice === "trx_decline", (w) => w.where("t.status", "=", "declined"))
            .where("t.parent_transaction_id", "is", null)
            .where("t.deleted_at", "is", null)
            .as("successful"),
        ])
        .orderBy("m.created_at")
        .orderBy("m.id")
        .limit(size);
      if (after)
        q = q.where((eb) =>
          eb.and([
            // The range's start as a plain bound, so the index scan starts at the last batch (not the month's start).
            eb("m.created_at", ">=", after.at),
            eb.or([
              eb("m.created_at", ">", after.at),
              eb.and([eb("m.created_at", "=", after.at), eb("m.id", ">", after.id)]),
            ]),
          ]),
        );
      return q.execute();
    },
  };
}

/** A UTC day (YYYY-MM-DD) of an instant; the upper bound is exclusive, so its day is that of the instant before. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The merchant's (or the bank's merchants') transfers whose settlement day is in the range (transfers/,
 * docs/transfers.md): one row per merchant, mode, currency and day.
 */
export function reportedTransfers(db: Kysely<DB>, scope: Scope, exp: ReportFilter) {
  const base = db
    .selectFrom("transfers as tr")
    .innerJoin("merchants as m", "m.id", "tr.merchant_id")
    .where(merchantCondition(db, scope, sql.ref("tr.merchant_id")))
    .where("tr.is_live", "=", exp.is_live)
    .where("tr.day", ">=", dayOf(exp.date_from))
    .where("tr.day", "<=", dayOf(new Date(exp.date_to.getTime() - 1)));
  return {
    count: async () =>
      Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    batch: (after: ExportKeyset, size: number) => {
      let q = base
        .select([
          "tr.id",
          "tr.created_at",
          sql<string>`to_char(tr.day, 'YYYY-MM-DD')`.as("day"),
          "tr.status",
          "tr.currency",
          "tr.gross_cents",
          "tr.refunded_cents",
          "tr.chargeback_cents",
          "tr.fees_cents",
          "tr.vat_cents",
          "tr.net_cents",
          "tr.transactions_count",
          "tr.bank_name",
          "tr.bank_account",
          "tr.date_paid",
          "tr.merchant_id",
          "m.company_name",
        ])
        .orderBy("tr.created_at")
        .orderBy("tr.id")
        .limit(size);
      if (after)
        q = q.where((eb) =>
          eb.and([
            // The range's start as a plain bound, so the index scan starts at the last batch (not the month's start).
            eb("tr.created_at", ">=", after.at),
            eb.or([
              eb("tr.created_at", ">", after.at),
              eb.and([eb("tr.created_at", "=", after.at), eb("tr.id", ">", after.id)]),
            ]),
          ]),
        );
      return q.execute();
    },
  };
}

/**
 * Reports queued without a job of the exports queue (the demo's Pending ones, written before the job queue
 * exists), locked so that of several processes starting together one enqueues each.
 */
export async function lockStrandedReports(trx: Kysely<DB>, queue: string): Promise<number[]> {
  const result = await sql<{ id: number }>`select e.id from exports e
    where e.purpose = 'report' and e.job_state = 'queued'
      and not exists (select 1 from pgboss.job j where j.name = ${queue} and j.data->>'exportId' = e.id::text)
    order by e.id limit 100
    for update of e skip locked`.execute(trx);
  return result.rows.map((r) => Number(r.id));
}
