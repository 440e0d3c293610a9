import fs from "node:fs";
import os from "node:os";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { runTransfers } from "../apps/server/src/transfers/settlement.repository.ts";
import { benchDatabase } from "./_support.ts";

/**
 * The transfers job for a day of 1,000,000 transactions on PostgreSQL (issue 12 item 8, docs/transfers.md): a
 * database with BENCH_MERCHANTS merchants (Egypt and the UAE), BENCH_OLDER older transactions already settled
 * (a previous run's record puts them behind the job's lower bound), and BENCH_DAY transactions that become due on
 * the settlement day (payments of the day before in several currencies, a tenth of them refunds, some
 * authorisations settled through their captures). Measures runTransfers for the day (goal < 60 s), then a rerun
 * (links nothing), and checks the result against a plain recount in SQL.
 *
 * Environment: BENCH_DAY (1000000), BENCH_OLDER (1000000), BENCH_MERCHANTS (2000), BENCH_KEEP=1 reuses the seeded
 * database (the day's transfers are deleted first). Writes bench/results/transfers.json.
 */

const DAY_ROWS = Number(process.env.BENCH_DAY ?? 1_000_000);
const OLDER = Number(process.env.BENCH_OLDER ?? 1_000_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 2000);
const KEEP = process.env.BENCH_KEEP === "1";
/** A Tuesday: Monday's Egyptian payments (24 hours) and the UAE's (24 hours) are all due by its end. */
const DAY = "2026-06-02";
/** A previous run's day: everything created before its cutoff less 72 hours is behind the job's lower bound. */
const PREVIOUS = "2026-05-25";

export async function run(): Promise<void> {
  const { url, fresh } = await benchDatabase("portal_bench_transfers", KEEP);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }),
  });
  const seedStart = Date.now();
  if (fresh) {
    await migrateToLatest(db);
    await sql`alter table transactions disable trigger user`.execute(db);
    await sql`insert into merchants (company_name, country, phones, bank_name, bank_account)
      select 'Bench merchant ' || i, case when i % 4 = 0 then 'ARE' else 'EGY' end, '[]'::jsonb, 'CIB',
        'EG3800190005000000002631' || lpad(i::text, 5, '0')
      from generate_series(1, ${MERCHANTS}) i`.execute(db);
    // Older payments, settled before: May 1 to 20, before the previous run's lower bound.
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
        origin, fees_cents, vat_cents, created_at, updated_at)
      select 1 + i % ${MERCHANTS}, true, 1000 + i % 5000, 'EGP', 'success', 'VPC', 'standalone', 'IFRAME', 30, 4,
        timestamptz '2026-05-01 00:00:00+00' + (i % 1728000) * interval '1 second', now()
      from generate_series(1, ${OLDER}) i`.execute(db);
    // The day's rows: Monday's payments (some declined, some voided, some authorisations), created between
    // Monday 00:00 and 19:00 UTC (Monday in both countries' time zones), EGP, USD and AED.
    const payments = Math.round(DAY_ROWS * 0.88);
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
        is_auth, is_voided, origin, fees_cents, vat_cents, customer_email, created_at, updated_at)
      select 1 + i % ${MERCHANTS}, i % 50 <> 0, 1000 + i % 7000,
        case when (1 + i % ${MERCHANTS}) % 4 = 0 then 'AED' when i % 7 = 0 then 'USD' else 'EGP' end,
        case when i % 23 = 0 then 'declined' else 'success' end, 'VPC',
        case when i % 31 = 0 then 'auth' else 'standalone' end, i % 31 = 0, i % 97 = 0, 'IFRAME',
        25 + i % 9, 3, 'buyer' || i || '@example.test',
        timestamptz '2026-06-01 00:00:00+00' + (i % 68400) * interval '1 second', now()
      from generate_series(1, ${payments}) i`.execute(db);
    // Children: refunds of a tenth of the day's payments, captures of the authorisations.
    await sql`insert into transactions (merchant_id, parent_transaction_id, is_live, amount_cents, currency, status,
        gateway_type, trnx_type, origin, created_at, updated_at)
      select p.merchant_id, p.id, p.is_live, case when p.is_auth then p.amount_cents else 500 end, p.currency,
        'success', 'VPC', case when p.is_auth then 'capture' else 'refund' end, 'IFRAME',
        p.created_at + interval '10 minutes', now()
      from transactions p
      where p.created_at >= '2026-06-01' and p.parent_transaction_id is null and p.status = 'success'
        and not p.is_voided and (p.is_auth or p.id % 8 = 0)
      limit ${DAY_ROWS - payments}`.execute(db);
    await sql`alter table transactions enable trigger user`.execute(db);
    await db
      .insertInto("transfer_runs")
      .values({ day: PREVIOUS, cutoff: new Date("2026-05-26T00:00:00Z"), finished_at: new Date() })
      .execute();
    await sql`analyze`.execute(db);
  } else {
    await sql`delete from transfer_transactions where transfer_id in (select id from transfers where day = ${DAY})`.execute(
      db,
    );
    await sql`delete from transfers where day = ${DAY}`.execute(db);
    await sql`delete from transfer_runs where day = ${DAY}`.execute(db);
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const counts = await sql<{ total: string; day: string }>`select count(*) as total,
      count(*) filter (where created_at >= '2026-06-01') as day from transactions`.execute(db);
  console.log(`seeded in ${seedSeconds.toFixed(1)} s:`, counts.rows[0]);

  const now = new Date(`${DAY}T23:59:59Z`);
  const later = new Date(now.getTime() + 2000);
  const t0 = performance.now();
  const first = await runTransfers(db, DAY, later);
  const seconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const rerun = await runTransfers(db, DAY, later);
  const rerunSeconds = (performance.now() - t1) / 1000;

  // The plain recount: what the day's transfers must hold, summed straight from the rows.
  const recount = await sql<{ n: string; gross: string; refunded: string }>`
    select count(*) as n,
      coalesce(sum(case when trnx_type = 'refund' then 0 else amount_cents end), 0) as gross,
      coalesce(sum(case when trnx_type = 'refund' then amount_cents else 0 end), 0) as refunded
    from transactions
    where created_at >= '2026-06-01' and status = 'success'
      and ((parent_transaction_id is null and not is_voided and trnx_type <> 'auth')
        or trnx_type in ('capture', 'refund'))`.execute(db);
  const made = await sql<{ n: string; gross: string; refunded: string; transfers: string }>`
    select sum(transactions_count) as n, sum(gross_cents) as gross, sum(refunded_cents) as refunded,
      count(*) as transfers from transfers where day = ${DAY}`.execute(db);
  const r = recount.rows[0]!;
  const m = made.rows[0]!;
  const equal = r.n === m.n && r.gross === m.gross && r.refunded === m.refunded;
  const result = {
    measured_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "", load_average: os.loadavg() },
    database: "PostgreSQL",
    transactions_total: Number(counts.rows[0]!.total),
    transactions_of_the_day: Number(counts.rows[0]!.day),
    merchants: MERCHANTS,
    settled_transactions: first.transactions,
    transfers: first.transfers,
    seconds: Number(seconds.toFixed(2)),
    goal_seconds: 60,
    rerun: { seconds: Number(rerunSeconds.toFixed(2)), transactions: rerun.transactions },
    equal_to_plain_recount: equal,
  };
  console.log(result);
  fs.writeFileSync(
    new URL("./results/transfers.json", import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  await db.destroy();
  if (!equal || seconds >= 60 || rerun.transactions !== 0) process.exitCode = 1;
}
