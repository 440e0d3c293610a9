import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
// The server's type parsers (bigint as a safe number), as the job sees its rows in the server.
import "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { exportFile, runExport } from "../apps/server/src/exports/exports.service.ts";
import { benchDatabase } from "./_support.ts";

/**
 * A one-month transactions report of 1,000,000 rows on PostgreSQL (issue 12 item 8, docs/transfers.md "Reports"):
 * one merchant with BENCH_ROWS transactions in May 2026 (and BENCH_NOISE of another merchant, and of its own
 * outside the month), a report row as POST /api/reports writes it (purpose 'report', transactions, trx_all,
 * [May 1, June 1)), then the exports' job (runExport) writes its CSV and XLSX. Measures the job's time (goal
 * < 60 s) and the process's memory while it runs, sampled every 100 ms with the rows written so far: flat means
 * the peak does not grow with the rows (a first run of BENCH_SMALL rows gives the baseline).
 *
 * Environment: BENCH_ROWS (1000000), BENCH_SMALL (100000), BENCH_NOISE (200000), BENCH_KEEP=1 reuses the seeded
 * database. Writes bench/results/reports.json.
 */

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 100_000);
const NOISE = Number(process.env.BENCH_NOISE ?? 200_000);
const KEEP = process.env.BENCH_KEEP === "1";
const MB = 1024 * 1024;

interface Sample {
  ms: number;
  rss_mb: number;
  heap_mb: number;
  rows: number;
}

async function measure(db: Kysely<DB>, dataDir: string, merchantId: number, userId: number, to: Date) {
  const report = await db
    .insertInto("exports")
    .values({
      merchant_id: merchantId,
      bank_id: null,
      user_id: userId,
      kind: "transactions",
      status_choice: "trx_all",
      is_live: true,
      date_from: new Date("2026-05-01T00:00:00Z"),
      date_to: to,
      purpose: "report",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  global.gc?.();
  const before = process.memoryUsage();
  const samples: Sample[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const row = await db
        .selectFrom("exports")
        .select("rows_done")
        .where("id", "=", report.id)
        .executeTakeFirst();
      const m = process.memoryUsage();
      samples.push({
        ms: Math.round(performance.now() - t0),
        rss_mb: Math.round(m.rss / MB),
        heap_mb: Math.round(m.heapUsed / MB),
        rows: Number(row?.rows_done ?? 0),
      });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await runExport(db, dataDir, report.id);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  sampling = false;
  await sampler;
  const done = await db
    .selectFrom("exports")
    .selectAll()
    .where("id", "=", report.id)
    .executeTakeFirstOrThrow();
  const csv = fs.statSync(exportFile(dataDir, report.id, "csv")).size;
  const xlsx = fs.statSync(exportFile(dataDir, report.id, "xlsx")).size;
  const csvLines = await countLines(exportFile(dataDir, report.id, "csv"));
  const peak = Math.max(...samples.map((s) => s.rss_mb));
  // The memory at each quarter of the rows: flat if the last quarter is not above the first by much.
  const quarter = (q: number) =>
    samples.find((s) => s.rows >= (q * (done.rows_total ?? 0)) / 4) ?? samples[samples.length - 1]!;
  return {
    rows: done.rows_done,
    rows_total: done.rows_total,
    csv_lines: csvLines,
    seconds: Number(seconds.toFixed(2)),
    rows_per_second: Math.round(done.rows_done / seconds),
    // The job's own CPU time (this process: the rows' cells, CSV and XLSX writing): on a loaded machine the wall
    // time is mostly waiting for a core, so this is what the job costs.
    node_cpu_seconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
    csv_mb: Number((csv / MB).toFixed(1)),
    xlsx_mb: Number((xlsx / MB).toFixed(1)),
    rss_before_mb: Math.round(before.rss / MB),
    rss_peak_mb: peak,
    heap_peak_mb: Math.max(...samples.map((s) => s.heap_mb)),
    rss_at_quarters_mb: [1, 2, 3, 4].map((q) => quarter(q).rss_mb),
    samples: samples.length,
  };
}

async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const chunk of fs.createReadStream(file)) for (const b of chunk as Buffer) if (b === 10) n++;
  return n;
}

export async function run(): Promise<void> {
  const { url, fresh } = await benchDatabase("portal_bench_reports", KEEP);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }),
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reports-"));
  const seedStart = Date.now();
  if (fresh) {
    await migrateToLatest(db);
    await sql`alter table transactions disable trigger user`.execute(db);
    await sql`insert into merchants (company_name, country, phones)
      values ('Bench report merchant', 'EGY', '[]'::jsonb), ('Other merchant', 'EGY', '[]'::jsonb),
        ('Small merchant', 'EGY', '{}')`.execute(db);
    await sql`insert into users (username, email, password_hash, profile_type, merchant_id, country, permissions)
      values ('bench.reports', 'bench.reports@example.test', 'x', 'Merchant', 1, 'EGY', '{}')`.execute(db);
    // The month's payments of merchant 1, with orders' fields, customers and cards like real rows.
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
        origin, fees_cents, vat_cents, card_first6, card_last4, customer_name, customer_email, customer_phone,
        merchant_txn_ref, created_at, updated_at)
      select 1, true, 1000 + i % 9000, 'EGP', case when i % 9 = 0 then 'declined' else 'success' end, 'VPC',
        'standalone', 'IFRAME', 30, 4, '512345', lpad((i % 10000)::text, 4, '0'), 'Customer ' || i,
        'buyer' || i || '@example.test', '+2010' || lpad(i::text, 8, '0'), 'REF-' || i,
        timestamptz '2026-05-01 00:00:00+00' + (i::bigint * 2678399 / ${ROWS}) * interval '1 second', now()
      from generate_series(1, ${ROWS}) i`.execute(db);
    // Noise: another merchant's rows in the month, and merchant 1's outside it.
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
        origin, created_at, updated_at)
      select case when i % 2 = 0 then 2 else 1 end, true, 500, 'EGP', 'success', 'VPC', 'standalone', 'IFRAME',
        case when i % 2 = 0 then timestamptz '2026-05-01 00:00:00+00' + (i % 2678399) * interval '1 second'
             else timestamptz '2026-06-01 00:00:00+00' + (i % 86400) * interval '1 second' end, now()
      from generate_series(1, ${NOISE}) i`.execute(db);
    // The baseline: merchant 3 with SMALL rows in the month.
    await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
        origin, customer_name, created_at, updated_at)
      select 3, true, 1000, 'EGP', 'success', 'VPC', 'standalone', 'IFRAME', 'Customer ' || i,
        timestamptz '2026-05-01 00:00:00+00' + (i::bigint * 2678399 / ${SMALL}) * interval '1 second', now()
      from generate_series(1, ${SMALL}) i`.execute(db);
    await sql`insert into users (username, email, password_hash, profile_type, merchant_id, country, permissions)
      values ('bench.small', 'bench.small@example.test', 'x', 'Merchant', 3, 'EGY', '{}')`.execute(db);
    await sql`alter table transactions enable trigger user`.execute(db);
    await sql`analyze`.execute(db);
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const users = await db.selectFrom("users").select(["id", "merchant_id"]).orderBy("id").execute();
  const big = users.find((u) => u.merchant_id === 1)!;
  const small = users.find((u) => u.merchant_id === 3)!;
  console.log(`seeded in ${seedSeconds.toFixed(1)} s`);
  const month = new Date("2026-06-01T00:00:00Z");
  const baseline = await measure(db, dataDir, 3, small.id, month);
  console.log("baseline", baseline);
  const full = await measure(db, dataDir, 1, big.id, month);
  console.log("one month", full);
  const result = {
    measured_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "", load_average: os.loadavg() },
    node: process.version,
    database: "PostgreSQL",
    what: "runExport of a transactions report (purpose 'report', trx_all) of [2026-05-01, 2026-06-01): CSV and XLSX",
    goal: { seconds: 60, memory: "flat: the peak does not grow with the rows" },
    note: "The machine's load average is in `machine`; 2 cores shared with other work make the wall time mostly waiting.",
    baseline_small: baseline,
    one_month: full,
    rss_peak_growth_mb: full.rss_peak_mb - baseline.rss_peak_mb,
  };
  fs.writeFileSync(
    new URL("./results/reports.json", import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.destroy();
  if (full.seconds >= 60 || full.rows !== ROWS || full.csv_lines !== ROWS + 1) process.exitCode = 1;
}
