import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { BENCH_USERNAME, bulkSeed, ensureBenchMerchant } from "../apps/server/src/demo/bulk.ts";
import { runExport } from "../apps/server/src/exports/exports.service.ts";

/**
 * The transactions workspace on PostgreSQL with BENCH_TRANSACTIONS (default 1,000,000) transactions for one
 * merchant (the bulk seeder of `npm run seed`) in a fresh database: p95 of the first list page with each single
 * filter, of the totals header, and a one-month export of EXPORT_ROWS (default 200,000) rows (time and peak RSS).
 * The export month is filled with copies of seeded payments moved into a month before the seeded history, so it
 * holds exactly EXPORT_ROWS rows. Requests go over HTTP to the real app, one at a time, with a bearer token.
 *
 * Environment: BENCH_PG_URL, BENCH_TRANSACTIONS, BENCH_REQUESTS (per view, 40), EXPORT_ROWS, BENCH_KEEP_DB=1.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const PG_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const EXPORT_ROWS = Number(process.env.EXPORT_ROWS ?? 200_000);
const DB_NAME = "portal_bench_transactions";
const EXPORT_MONTH_FROM = "2020-01-01";
const EXPORT_MONTH_TO = "2020-01-31";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function database(keep: boolean): Promise<{ url: string; fresh: boolean }> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [DB_NAME])).rowCount! > 0;
  const fresh = !(keep && exists);
  if (fresh) {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  }
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${DB_NAME}`;
  return { url: url.toString(), fresh };
}

const round = (v: number) => Math.round(v * 10) / 10;

export async function run(): Promise<void> {
  const { url, fresh } = await database(process.env.BENCH_KEEP_DB === "1");
  const db = await openPostgres(url, 8);
  const now = new Date();
  let seedSeconds: number | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-transactions-"));
  try {
    await migrateToLatest(db.db);
    const config = loadConfig({ SERVE_WEB: "false", DATA_DIR: dataDir, DEMO_DATA: "false" });
    if (fresh) {
      const bench = await ensureBenchMerchant(db.db, Buffer.alloc(32, 7), now);
      console.log(`Seeding ${TRANSACTIONS.toLocaleString("en")} transactions for ${BENCH_USERNAME}...`);
      const seeded = await bulkSeed(db.db, bench, {
        transactions: TRANSACTIONS,
        seed: 1,
        now,
        onProgress: (p) =>
          process.stdout.write(`  ${p.month}: ${p.totalTransactions.toLocaleString("en")}\r`),
      });
      seedSeconds = seeded.elapsedMs / 1000;
      console.log(`\nSeeded in ${seedSeconds.toFixed(1)} s.`);
      // The export month: EXPORT_ROWS copies of seeded live payments, spread over January 2020.
      await sql`
        insert into transactions (merchant_id, order_id, integration_id, is_live, amount_cents, currency, status,
          gateway_type, trnx_type, origin, channel, card_first6, card_last4, wallet_msisdn, customer_name, data,
          created_at, updated_at)
        select merchant_id, order_id, integration_id, true, amount_cents, currency, status, gateway_type, trnx_type,
          origin, channel, card_first6, card_last4, wallet_msisdn, customer_name, data,
          timestamptz '2020-01-01T00:00:00Z' + (row_number() over () * interval '13 seconds'),
          timestamptz '2020-01-01T00:00:00Z'
        from (select * from transactions where merchant_id = ${bench.merchantId} and parent_transaction_id is null
          limit ${EXPORT_ROWS}) s`.execute(db.db);
      await sql`vacuum analyze`.execute(db.db);
    }
    const merchant = await db.db
      .selectFrom("users")
      .select("merchant_id")
      .where("username", "=", BENCH_USERNAME)
      .executeTakeFirstOrThrow();
    const merchantId = merchant.merchant_id!;
    const count = await sql<{
      n: string;
    }>`select count(*)::text as n from transactions where merchant_id = ${merchantId}`.execute(db.db);
    const sample = await db.db
      .selectFrom("transactions as t")
      .leftJoin("orders as o", "o.id", "t.order_id")
      .select([
        "t.id",
        "t.order_id",
        "o.merchant_order_id",
        "t.card_last4",
        "t.integration_id",
        "t.created_at",
      ])
      .where("t.merchant_id", "=", merchantId)
      .where("t.card_last4", "is not", null)
      .orderBy("t.id", "desc")
      .offset(5000)
      .limit(1)
      .executeTakeFirstOrThrow();
    const wallet = await db.db
      .selectFrom("transactions")
      .select("wallet_msisdn")
      .where("merchant_id", "=", merchantId)
      .where("wallet_msisdn", "is not", null)
      .limit(1)
      .executeTakeFirstOrThrow();

    const app = await buildApp({ config, database: db }, { logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const results: Record<string, { p50: number; p95: number; max: number; n: number; count: number }> = {};
    let exportResult: Record<string, number> = {};
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: BENCH_USERNAME, password: "Demo@2026" }),
      });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const get = async (pathAndQuery: string) => {
        const started = performance.now();
        const response = await fetch(`${base}${pathAndQuery}`, { headers });
        const body = await response.text();
        const ms = performance.now() - started;
        if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${body.slice(0, 200)}`);
        return { ms, body };
      };
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const lastMonthFrom = day(new Date(now.getTime() - 30 * 86_400_000));
      const yearFrom = day(new Date(now.getTime() - 365 * 86_400_000));
      const filters: Record<string, string> = {
        "no filter": "",
        "date range (30 days)": `date_from=${lastMonthFrom}&date_to=${day(now)}`,
        "transaction id": `id=${sample.id}`,
        "order id": `order_id=${sample.order_id}`,
        "merchant order id": `merchant_order_id=${encodeURIComponent(sample.merchant_order_id ?? "none")}`,
        "created by": "created_by=nobody",
        currency: "currency=USD",
        "other references": "other_references=REF-404",
        "integration id": `integration_id=${sample.integration_id}`,
        "status declined": "status=declined",
        "status pending": "status=pending",
        "amount range": "amount_from=100000&amount_to=101000",
        "wallet msisdn": `wallet_msisdn=${wallet.wallet_msisdn}`,
        "phone number": "phone_number=%2B201000000000",
        "is_live false": "is_live=false",
        is_installment: "is_installment=true",
        is_discounted: "is_discounted=true",
        "type CAGG": "type=CAGG",
        "transaction type refund": "trnx_type=refund",
        "origin SDK": "origin=SDK",
        "customer name": "customer_name=bench",
        "customer email": "customer_email=nobody%40example.com",
        "card last 4": `card_last4=${sample.card_last4}`,
        is_split_paid: "is_split_paid=true",
        "sort by amount": "sort=-amount_cents",
      };
      const views: Record<string, string> = {};
      for (const [name, query] of Object.entries(filters))
        views[`list: ${name}`] = `/api/transactions?${query}`;
      views["totals: last 30 days"] =
        `/api/transactions/totals?date_from=${lastMonthFrom}&date_to=${day(now)}`;
      views["totals: last year"] = `/api/transactions/totals?date_from=${yearFrom}&date_to=${day(now)}`;
      views["totals: all time"] = "/api/transactions/totals";
      for (const [name, pathAndQuery] of Object.entries(views)) {
        for (let i = 0; i < 3; i++) await get(pathAndQuery);
        const times: number[] = [];
        let body = "";
        for (let i = 0; i < REQUESTS; i++) {
          const r = await get(pathAndQuery);
          times.push(r.ms);
          body = r.body;
        }
        times.sort((a, b) => a - b);
        const parsed = JSON.parse(body) as { count?: number };
        results[name] = {
          p50: round(percentile(times, 50)),
          p95: round(percentile(times, 95)),
          max: round(times[times.length - 1]!),
          n: times.length,
          count: parsed.count ?? -1,
        };
        console.log(
          `${name.padEnd(40)} p50 ${results[name]!.p50} ms  p95 ${results[name]!.p95} ms  (count ${results[name]!.count})`,
        );
      }

      // The export: created through the API (row + durable job), run here to measure time and memory.
      const created = await fetch(`${base}/api/exports`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ date_from: EXPORT_MONTH_FROM, date_to: EXPORT_MONTH_TO, status: "trx_all" }),
      });
      if (created.status !== 201) throw new Error(`export: ${created.status} ${await created.text()}`);
      const { id } = (await created.json()) as { id: number };
      await app.close();
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const timer = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      await runExport(db.db, dataDir, id);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      const row = await db.db
        .selectFrom("exports")
        .select(["rows_done", "job_state"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
      exportResult = {
        rows: row.rows_done,
        seconds: round(seconds),
        rss_before_mb: mb(rssBefore),
        rss_peak_mb: mb(rssPeak),
        csv_mb: mb(fs.statSync(path.join(dataDir, "exports", `export-${id}.csv`)).size),
        xlsx_mb: mb(fs.statSync(path.join(dataDir, "exports", `export-${id}.xlsx`)).size),
      };
      console.log(
        `export: ${row.rows_done} rows (${row.job_state}) in ${exportResult.seconds} s, RSS ${exportResult.rss_before_mb} -> peak ${exportResult.rss_peak_mb} MB`,
      );
    } finally {
      await app.close().catch(() => undefined);
    }
    const out = {
      when: now.toISOString(),
      database: "PostgreSQL (local)",
      merchant_transactions: Number(count.rows[0]!.n),
      seed_seconds: seedSeconds,
      requests_per_view: REQUESTS,
      targets: { first_page_p95_ms: 100, totals_p95_ms: 300, export_seconds: 20 },
      views: results,
      export: exportResult,
    };
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "transactions.json"), `${JSON.stringify(out, null, 2)}\n`);
    console.log("wrote bench/results/transactions.json");
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
