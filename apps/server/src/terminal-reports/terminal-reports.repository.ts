import type {
  TerminalReportFigures,
  TerminalReportFilters,
  TerminalReportItem,
  TerminalReportListQuery,
  TerminalReportTotals,
} from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { merchantCondition, type Scope } from "../transactions/scope.ts";

/**
 * Terminal reports as the dashboard reads them (docs/pos-risk.md "Terminal reports"), always inside the caller's
 * scope (transactions/scope.ts): a terminal user's own terminal, a merchant's terminals, a bank's merchants'
 * terminals. The closing job's statements are in closing.repository.ts.
 */

function filtered(db: Kysely<DB>, scope: Scope, f: TerminalReportFilters) {
  let q = db
    .selectFrom("terminal_reports as r")
    .where(merchantCondition(db, scope, sql.ref("r.merchant_id"), sql.ref("r.terminal_id")))
    .where("r.is_live", "=", f.is_live);
  if (f.date_from) q = q.where("r.business_day", ">=", f.date_from);
  if (f.date_to) q = q.where("r.business_day", "<=", f.date_to);
  if (f.terminal_id !== undefined) q = q.where("r.terminal_id", "=", f.terminal_id);
  if (f.currency) q = q.where("r.currency", "=", f.currency.toUpperCase());
  if (f.merchant_id !== undefined && scope.kind === "bank") q = q.where("r.merchant_id", "=", f.merchant_id);
  return q;
}

const SORTS = { business_day: "r.business_day", total_amount_cents: "r.total_cents" } as const;
const iso = (d: Date | string) => new Date(d).toISOString();

export async function listTerminalReports(
  db: Kysely<DB>,
  scope: Scope,
  query: TerminalReportListQuery,
): Promise<{ count: number; page: number; page_size: number; results: TerminalReportItem[] }> {
  const base = filtered(db, scope, query);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const direction = query.sort.startsWith("-") ? "desc" : "asc";
  const column = SORTS[query.sort.replace("-", "") as keyof typeof SORTS];
  const rows = await base
    .innerJoin("terminals as tm", "tm.id", "r.terminal_id")
    .innerJoin("merchants as m", "m.id", "r.merchant_id")
    .selectAll("r")
    .select([
      sql<string>`to_char(r.business_day, 'YYYY-MM-DD')`.as("day"),
      "tm.terminal_code",
      "tm.branch_name",
      "m.company_name",
    ])
    .orderBy(column, direction)
    .orderBy("r.id", direction)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    count: Number(countRow.n),
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => ({
      id: r.id,
      created_at: iso(r.created_at),
      terminal: { id: r.terminal_id, code: r.terminal_code, branch_name: r.branch_name },
      business_day: r.day,
      time_zone: r.time_zone,
      start_time: iso(r.start_at),
      end_time: iso(r.end_at),
      currency: r.currency,
      total_amount_cents: Number(r.total_cents),
      transactions_count: r.transactions_count,
      success_count: r.success_count,
      pending_count: r.pending_count,
      declined_count: r.declined_count,
      is_live: r.is_live,
      merchant: scope.kind === "bank" ? { id: r.merchant_id, name: r.company_name } : null,
    })),
  };
}

/** The header: the terminals in scope, and the selected reports' revenue per currency and transactions. */
export async function terminalReportTotals(
  db: Kysely<DB>,
  scope: Scope,
  f: TerminalReportFilters,
): Promise<TerminalReportTotals> {
  let devices = db
    .selectFrom("terminals as tm")
    .where(merchantCondition(db, scope, sql.ref("tm.merchant_id"), sql.ref("tm.id")));
  if (f.terminal_id !== undefined) devices = devices.where("tm.id", "=", f.terminal_id);
  if (f.merchant_id !== undefined && scope.kind === "bank")
    devices = devices.where("tm.merchant_id", "=", f.merchant_id);
  const [deviceRow, sums] = await Promise.all([
    devices.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    filtered(db, scope, f)
      .select([
        "r.currency",
        sql<string>`sum(r.total_cents)`.as("amount"),
        sql<string>`sum(r.transactions_count)`.as("transactions"),
      ])
      .groupBy("r.currency")
      .orderBy("r.currency")
      .execute(),
  ]);
  return {
    is_live: f.is_live,
    total_devices: Number(deviceRow.n),
    total_transactions: sums.reduce((n, s) => n + Number(s.transactions), 0),
    total_revenue: sums.map((s) => ({ currency: s.currency, amount_cents: Number(s.amount) })),
  };
}

/** The country of a merchant (its business days are local days of the country's time zone). */
export async function merchantCountry(db: Kysely<DB>, merchantId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("merchants")
    .select("country")
    .where("id", "=", merchantId)
    .executeTakeFirst();
  return row?.country;
}

/**
 * The open business day's running figures: the scope's card-present payments since `start`, grouped as the
 * closing job groups them (closing.repository.ts), with every terminal's code.
 */
export async function openDayFigures(
  db: Kysely<DB>,
  scope: Scope,
  o: { isLive: boolean; day: string; timeZone: string; start: Date; end: Date },
): Promise<TerminalReportFigures[]> {
  const rows = await db
    .selectFrom("transactions as t")
    .innerJoin("terminals as tm", "tm.id", "t.terminal_id")
    .where(merchantCondition(db, scope, sql.ref("t.merchant_id"), sql.ref("t.terminal_id")))
    .where("t.is_live", "=", o.isLive)
    .where("t.terminal_id", "is not", null)
    .where("t.parent_transaction_id", "is", null)
    .where("t.deleted_at", "is", null)
    .where("t.created_at", ">=", o.start)
    .where("t.created_at", "<", o.end)
    .groupBy(["tm.id", "tm.terminal_code", "tm.branch_name", "t.currency"])
    .select([
      "tm.id",
      "tm.terminal_code",
      "tm.branch_name",
      "t.currency",
      sql<string>`coalesce(sum(t.amount_cents) filter (where t.status = 'success'), 0)`.as("total"),
      sql<number>`count(*)::int`.as("n"),
      sql<number>`(count(*) filter (where t.status = 'success'))::int`.as("success"),
      sql<number>`(count(*) filter (where t.status = 'pending'))::int`.as("pending"),
      sql<number>`(count(*) filter (where t.status = 'declined'))::int`.as("declined"),
    ])
    .orderBy("tm.terminal_code")
    .orderBy("t.currency")
    .execute();
  return rows.map((r) => ({
    terminal: { id: r.id, code: r.terminal_code, branch_name: r.branch_name },
    business_day: o.day,
    time_zone: o.timeZone,
    start_time: o.start.toISOString(),
    end_time: o.end.toISOString(),
    currency: r.currency,
    total_amount_cents: Number(r.total),
    transactions_count: Number(r.n),
    success_count: Number(r.success),
    pending_count: Number(r.pending),
    declined_count: Number(r.declined),
    is_live: o.isLive,
  }));
}
