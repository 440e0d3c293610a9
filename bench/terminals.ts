import fs from "node:fs";
import os from "node:os";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { runTerminalClosing } from "../apps/server/src/terminal-reports/closing.service.ts";
import { benchDatabase } from "./_support.ts";

/**
 * The terminal closing job for one business day of 1,000,000 card-present payments on 1,000 terminals, on
 * PostgreSQL (issue 14 item 7, docs/pos-risk.md "Terminal reports"): BENCH_MERCHANTS merchants (Egypt and the
 * UAE) with BENCH_TERMINALS terminals, BENCH_POS payments of 2026-06-01 on them (both modes, success, pending and
 * declined, EGP, AED and USD; a tenth refunds, which are not payments of their own) and BENCH_ONLINE online
 * payments of the same day (no terminal: the job's partial index leaves them out). Measures runTerminalClosing for
 * the ended day (goal < 60 s), then a rerun (writes nothing), and checks the reports against a plain recount in SQL.
 *
 * Environment: BENCH_POS (1000000), BENCH_ONLINE (500000), BENCH_TERMINALS (1000), BENCH_MERCHANTS (250),
 * BENCH_KEEP=1 reuses the seeded database (the day's reports are deleted first). Writes
 * bench/results/terminals.json with the machine's load average.
 */

const POS = Number(process.env.BENCH_POS ?? 1_000_000);
const ONLINE = Number(process.env.BENCH_ONLINE ?? 500_000);
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 1000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 250);
const KEEP = process.env.BENCH_KEEP === "1";
const DAY = "2026-06-01";

export async function run(): Promise<void> {
  const { url, fresh } = await benchDatabase("portal_bench_terminals", KEEP);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }),
  });
  const seedStart = Date.now();
  if (fresh) {
    await migrateToLatest(db);
    await sql`alter table transactions disable trigger user`.execute(db);
    await sql`insert into merchants (company_name, country, phones)
      select 'Bench merchant ' || i, case when i % 4 = 0 then 'ARE' else 'EGY' end, '[]'::jsonb
      from generate_series(1, ${MERCHANTS}) i`.execute(db);
    await sql`insert into terminals (merchant_id, terminal_code, branch_name)
      select m.id, 'BT-' || i, 'Branch ' || (i % 50)
      from generate_series(0, ${TERMINALS - 1}) i
      join (select id, row_number() over (order by id) - 1 as n from merchants) m on m.n = i % ${MERCHANTS}`.execute(
      db,
    );
    // The day's card-present payments: 03:00 to 20:00 UTC, inside June 1 in Cairo (UTC+3) and Dubai (UTC+4).
    await sql`insert into transactions (merchant_id, terminal_id, is_live, amount_cents, currency, status,
        gateway_type, trnx_type, origin, channel, created_at, updated_at)
      select tm.merchant_id, tm.id, i % 20 <> 0, 500 + i % 9000,
        case when m.country = 'ARE' then 'AED' when i % 11 = 0 then 'USD' else 'EGP' end,
        case when i % 17 = 0 then 'declined' when i % 29 = 0 then 'pending' else 'success' end,
        'VPC', 'standalone', 'POS', 'POS',
        timestamptz '2026-06-01 03:00:00+00' + (i % 61200) * interval '1 second', now()
      from generate_series(1, ${Math.round(POS * 0.9)}) i
      join terminals tm on tm.terminal_code = 'BT-' || (i % ${TERMINALS})
      join merchants m on m.id = tm.merchant_id`.execute(db);
    // Refunds of some of them (children: not counted as payments of the day).
    await sql`insert into transactions (merchant_id, terminal_id, parent_transaction_id, is_live, amount_cents,
        currency, status, gateway_type, trnx_type, origin, channel, created_at, updated_at)
      select p.merchant_id, p.terminal_id, p.id, p.is_live, 100, p.currency, 'success', 'VPC', 'refund', 'POS', 'POS',
        p.created_at + interval '5 minutes', now()
      from transactions p where p.terminal_id is not null and p.status = 'success'
      limit ${POS - Math.round(POS * 0.9)}`.execute(db);
    // Online payments of the same day, without a terminal.
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type,
        trnx_type, origin, created_at, updated_at)
      select (select min(id) from merchants) + i % ${MERCHANTS}, true, 1000, 'EGP', 'success', 'VPC', 'standalone',
        'IFRAME', timestamptz '2026-06-01 03:00:00+00' + (i % 61200) * interval '1 second', now()
      from generate_series(1, ${ONLINE}) i`.execute(db);
    await sql`alter table transactions enable trigger user`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    await sql`delete from terminal_reports where business_day = ${DAY}`.execute(db);
    await sql`delete from terminal_report_runs where business_day = ${DAY}`.execute(db);
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const counts = await sql<{ total: string; pos: string; terminals: string }>`select count(*) as total,
      count(*) filter (where terminal_id is not null) as pos,
      (select count(*) from terminals) as terminals from transactions`.execute(db);
  console.log(`seeded in ${seedSeconds.toFixed(1)} s:`, counts.rows[0]);

  // The next morning: June 1 has ended in every zone; the run closes that one day (lookback 1).
  const now = new Date("2026-06-02T06:00:00Z");
  const memoryBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const first = await runTerminalClosing(db, now, { lookback: 1 });
  const seconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const rerun = await runTerminalClosing(db, now, { lookback: 1 });
  const rerunSeconds = (performance.now() - t1) / 1000;

  // The plain recount: one group per terminal, mode and currency of the day's payments, straight from the rows.
  const recount = await sql<{ groups: string; n: string; total: string; success: string }>`
    select count(*) as groups, sum(n) as n, sum(total) as total, sum(success) as success from (
      select count(*) as n, sum(amount_cents) filter (where status = 'success') as total,
        count(*) filter (where status = 'success') as success
      from transactions
      where terminal_id is not null and parent_transaction_id is null
      group by terminal_id, is_live, currency) g`.execute(db);
  const made = await sql<{ groups: string; n: string; total: string; success: string }>`
    select count(*) as groups, sum(transactions_count) as n, sum(total_cents) as total,
      sum(success_count) as success from terminal_reports where business_day = ${DAY}`.execute(db);
  const r = recount.rows[0]!;
  const m = made.rows[0]!;
  const equal = r.groups === m.groups && r.n === m.n && r.total === m.total && r.success === m.success;
  const result = {
    measured_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "", load_average: os.loadavg() },
    database: "PostgreSQL",
    transactions_total: Number(counts.rows[0]!.total),
    card_present_rows: Number(counts.rows[0]!.pos),
    terminals: Number(counts.rows[0]!.terminals),
    merchants: MERCHANTS,
    closed_days: first.days,
    reports: first.reports,
    payments_in_reports: first.transactions,
    seconds: Number(seconds.toFixed(2)),
    goal_seconds: 60,
    rerun: { seconds: Number(rerunSeconds.toFixed(2)), days: rerun.days, reports: rerun.reports },
    equal_to_plain_recount: equal,
    memory_rss_mb: {
      before: Math.round(memoryBefore / 1e6),
      after: Math.round(process.memoryUsage().rss / 1e6),
    },
  };
  console.log(result);
  fs.writeFileSync(
    new URL("./results/terminals.json", import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  await db.destroy();
  if (!equal || seconds >= 60 || rerun.reports !== 0) process.exitCode = 1;
}
