import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The closing job's queries (docs/pos-risk.md "Terminal reports"; the schedule is in terminal-reports.job.ts, the
 * loop over time zones and days in closing.service.ts). Closing one business day of one time zone is one
 * set-based statement: the day's card-present payments (terminal_id set, no parent: refunds and captures are not
 * payments of their own) of the merchants of the zone's countries, grouped by terminal, mode and currency, each
 * group one report. It runs in a transaction that first takes an advisory lock and then looks for the day's run
 * record: two processes close one after the other and the second finds the day closed and writes nothing. Were
 * the lock ever missing, the reports' unique key (terminal, day, mode, currency) would still keep a second report
 * out (on conflict do nothing), and so would a forced rerun.
 */

/** The advisory lock key of the job (a constant no other feature uses). */
const LOCK_KEY = 7_312_040;

export interface DayBounds {
  start: Date;
  end: Date;
}

/** The instants a local business day starts and ends (exclusive) in a time zone. */
export async function dayBounds(db: Kysely<DB>, day: string, timeZone: string): Promise<DayBounds> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    select (${day}::date::timestamp at time zone ${timeZone}) as start,
      ((${day}::date + 1)::timestamp at time zone ${timeZone}) as end`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no day bounds");
  return { start: new Date(row.start), end: new Date(row.end) };
}

/** The last business day closed in a time zone (YYYY-MM-DD), or null before the first run. */
export async function lastClosedDay(db: Kysely<DB>, timeZone: string): Promise<string | null> {
  const row = await db
    .selectFrom("terminal_report_runs")
    .select(sql<string | null>`to_char(max(business_day), 'YYYY-MM-DD')`.as("day"))
    .where("time_zone", "=", timeZone)
    .executeTakeFirst();
  return row?.day ?? null;
}

export interface CloseResult {
  /** False when the day was closed already (a rerun, or another process first). */
  closed: boolean;
  reports: number;
  transactions: number;
}

/**
 * Closes one business day of one time zone for the merchants of `countries`. `force` skips the run record's
 * check (tests: the unique key alone must keep a rerun from writing anything).
 */
export async function closeDay(
  db: Kysely<DB>,
  o: { timeZone: string; countries: readonly string[]; day: string; now: Date; force?: boolean },
): Promise<CloseResult> {
  return db.transaction().execute((trx) => closeDayIn(trx, o));
}

/**
 * closeDay's work inside a transaction the caller opened (the demo data's): the lock, the statement and the run's
 * record; the lock is held until that transaction ends. Refuses a day that has not ended in its time zone.
 */
export async function closeDayIn(
  trx: Kysely<DB>,
  o: { timeZone: string; countries: readonly string[]; day: string; now: Date; force?: boolean },
): Promise<CloseResult> {
  const { start, end } = await dayBounds(trx, o.day, o.timeZone);
  if (end.getTime() > o.now.getTime())
    throw new RangeError(`The day ${o.day} has not ended in ${o.timeZone}.`);
  await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
  const done = await trx
    .selectFrom("terminal_report_runs")
    .select("reports")
    .where("time_zone", "=", o.timeZone)
    .where("business_day", "=", o.day)
    .executeTakeFirst();
  if (done && !o.force) return { closed: false, reports: 0, transactions: 0 };
  const inserted = await sql<{ n: number }>`
    insert into terminal_reports as r (terminal_id, merchant_id, is_live, currency, business_day, time_zone,
      start_at, end_at, total_cents, transactions_count, success_count, pending_count, declined_count)
    select t.terminal_id, t.merchant_id, t.is_live, t.currency, ${o.day}::date, ${o.timeZone}, ${start}, ${end},
      coalesce(sum(t.amount_cents) filter (where t.status = 'success'), 0)::bigint,
      count(*)::int,
      (count(*) filter (where t.status = 'success'))::int,
      (count(*) filter (where t.status = 'pending'))::int,
      (count(*) filter (where t.status = 'declined'))::int
    from transactions t
    join merchants m on m.id = t.merchant_id
    where t.terminal_id is not null
      and t.created_at >= ${start} and t.created_at < ${end}
      and t.parent_transaction_id is null
      and t.deleted_at is null
      and m.country = any(${[...o.countries]}::text[])
    group by t.terminal_id, t.merchant_id, t.is_live, t.currency
    on conflict (terminal_id, business_day, is_live, currency) do nothing
    returning r.transactions_count as n`.execute(trx);
  const out: CloseResult = {
    closed: !done,
    reports: inserted.rows.length,
    transactions: inserted.rows.reduce((sum, r) => sum + Number(r.n), 0),
  };
  await trx
    .insertInto("terminal_report_runs")
    .values({
      time_zone: o.timeZone,
      business_day: o.day,
      reports: out.reports,
      transactions: out.transactions,
      finished_at: o.now,
    })
    .onConflict((oc) =>
      oc.columns(["time_zone", "business_day"]).doUpdateSet({
        reports: sql`terminal_report_runs.reports + ${out.reports}`,
        transactions: sql`terminal_report_runs.transactions + ${out.transactions}`,
      }),
    )
    .execute();
  return out;
}
