import fs from "node:fs";
import os from "node:os";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { runMonthlyStatements } from "../apps/server/src/statements/statements.service.ts";
import { benchDatabase } from "./_support.ts";

/**
 * The monthly statements job on PostgreSQL (issue 18 item 8, docs/settings.md "Monthly statements"):
 * BENCH_MERCHANTS subscribed merchants (Egypt and the UAE, each with an owner e-mail) and BENCH_ROWS transactions
 * in October 2026 (payments in EGP, USD and AED by several methods, a tenth refunds, some captured
 * authorisations), seeded set-based. Measures the job that states October (goal < 300 s) with the process's
 * memory sampled every 100 ms (flat: batches of merchants, never the rows), then a rerun (no statement, no mail),
 * and checks the statements' gross and refunds per currency against a plain recount in SQL.
 *
 * Environment: BENCH_ROWS (100000), BENCH_MERCHANTS (1000); the issue's size is BENCH_ROWS=1000000
 * BENCH_MERCHANTS=10000. BENCH_KEEP=1 reuses the seeded database (its statements are deleted first).
 * Writes bench/results/statements.json (one entry per size).
 */

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 1000);
const KEEP = process.env.BENCH_KEEP === "1";
const MONTH = "2026-10-01";
const MAIL = { smtp: false, publicUrl: "https://portal.example.test" };

export async function run(): Promise<void> {
  const { url, fresh } = await benchDatabase(`portal_bench_statements_${MERCHANTS}_${ROWS}`, KEEP);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }),
  });
  const seedStart = Date.now();
  if (fresh) {
    await migrateToLatest(db);
    await sql`alter table transactions disable trigger user`.execute(db);
    await sql`insert into merchants (company_name, country, phones, emails)
      select 'Bench merchant ' || i, case when i % 4 = 0 then 'ARE' else 'EGY' end, '[]'::jsonb,
        jsonb_build_array('owner' || i || '@example.test')
      from generate_series(1, ${MERCHANTS}) i`.execute(db);
    await sql`insert into statement_subscriptions (merchant_id, active) select id, true from merchants`.execute(
      db,
    );
    const payments = Math.round(ROWS * 0.9);
    // October 2026 in UTC, less a few hours at each end, so every row is October's in both time zones.
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
        is_auth, is_voided, origin, fees_cents, vat_cents, created_at, updated_at)
      select m.id, i % 50 <> 0, 1000 + i % 7000,
        case when m.country = 'ARE' then 'AED' when i % 7 = 0 then 'USD' else 'EGP' end,
        case when i % 23 = 0 then 'declined' else 'success' end,
        (array['VPC', 'VALU', 'UIG', 'CAGG'])[1 + i % 4],
        case when i % 31 = 0 then 'auth' else 'standalone' end, i % 31 = 0, i % 97 = 0, 'IFRAME',
        25 + i % 9, 3, timestamptz '2026-10-01 06:00:00+00' + (i % 2527200) * interval '1 second', now()
      from generate_series(1, ${payments}) i
      join merchants m on m.id = (select min(id) from merchants) + i % ${MERCHANTS}`.execute(db);
    await sql`insert into transactions (merchant_id, parent_transaction_id, is_live, amount_cents, currency, status,
        gateway_type, trnx_type, origin, created_at, updated_at)
      select p.merchant_id, p.id, p.is_live, case when p.is_auth then p.amount_cents else 500 end, p.currency,
        'success', p.gateway_type, case when p.is_auth then 'capture' else 'refund' end, 'IFRAME',
        p.created_at + interval '10 minutes', now()
      from transactions p
      where p.parent_transaction_id is null and p.status = 'success' and not p.is_voided
        and (p.is_auth or p.id % 8 = 0)
      limit ${ROWS - payments}`.execute(db);
    await sql`alter table transactions enable trigger user`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    await sql`delete from statements`.execute(db);
    await sql`delete from email_outbox`.execute(db);
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const counts = await sql<{ total: string }>`select count(*) as total from transactions`.execute(db);
  console.log(`seeded in ${seedSeconds.toFixed(1)} s: ${counts.rows[0]?.total} transactions`);

  const rss: number[] = [];
  const sample = setInterval(() => rss.push(process.memoryUsage().rss), 100);
  const rssBefore = process.memoryUsage().rss;
  const now = new Date("2026-11-01T12:00:00Z");
  const t0 = performance.now();
  const first = await runMonthlyStatements(db, MAIL, now);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sample);
  const t1 = performance.now();
  const rerun = await runMonthlyStatements(db, MAIL, now);
  const rerunSeconds = (performance.now() - t1) / 1000;

  // The plain recount of October (each merchant's local month) against the statements' figures, per currency.
  const recount = await sql<{ currency: string; gross: string; refunded: string }>`
    select t.currency,
      coalesce(sum(case when t.trnx_type = 'refund' then 0 else t.amount_cents end), 0)::text as gross,
      coalesce(sum(case when t.trnx_type = 'refund' then t.amount_cents else 0 end), 0)::text as refunded
    from transactions t join merchants m on m.id = t.merchant_id
    cross join lateral (select case m.country when 'ARE' then 'Asia/Dubai' else 'Africa/Cairo' end as tz) z
    where t.is_live and t.status = 'success'
      and t.created_at >= (${MONTH}::timestamp at time zone z.tz)
      and t.created_at < ((${MONTH}::date + interval '1 month')::timestamp at time zone z.tz)
      and ((t.parent_transaction_id is null and not t.is_voided and t.trnx_type <> 'auth')
        or t.trnx_type in ('capture', 'refund'))
    group by t.currency order by t.currency`.execute(db);
  const stated = await sql<{ currency: string; gross: string; refunded: string }>`
    select c->>'currency' as currency, sum((c->>'gross_cents')::bigint)::text as gross,
      sum((c->>'refunded_cents')::bigint)::text as refunded
    from statements s cross join lateral jsonb_array_elements(s.figures) c
    where s.month = ${MONTH}::date group by 1 order by 1`.execute(db);
  const mails = await sql<{ n: string }>`select count(*)::text as n from email_outbox`.execute(db);
  const equal = JSON.stringify(recount.rows) === JSON.stringify(stated.rows);
  const mb = (b: number) => Math.round(b / 1024 / 1024);
  const result = {
    measured_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "", load_average: os.loadavg() },
    database: "PostgreSQL",
    transactions_in_month: Number(counts.rows[0]?.total ?? 0),
    merchants: MERCHANTS,
    seed_seconds: Number(seedSeconds.toFixed(1)),
    statements: first.statements,
    mails: Number(mails.rows[0]?.n ?? 0),
    seconds: Number(seconds.toFixed(2)),
    goal_seconds: 300,
    memory_mb: {
      before: mb(rssBefore),
      peak: mb(Math.max(rssBefore, ...rss)),
      after: mb(process.memoryUsage().rss),
    },
    rerun: { seconds: Number(rerunSeconds.toFixed(2)), statements: rerun.statements },
    equal_to_plain_recount: equal,
    per_currency: stated.rows,
  };
  console.log(result);
  const file = new URL("./results/statements.json", import.meta.url);
  const previous = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as { runs?: Record<string, unknown> })
    : {};
  const runs = { ...(previous.runs ?? {}), [`${MERCHANTS}_merchants_${ROWS}_rows`]: result };
  fs.writeFileSync(file, `${JSON.stringify({ runs }, null, 2)}\n`);
  await db.destroy();
  if (!equal || seconds >= 300 || rerun.statements !== 0 || first.statements !== MERCHANTS)
    process.exitCode = 1;
}
