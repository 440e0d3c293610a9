import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BANK_PERMISSIONS } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import { foldAnalytics } from "../apps/server/src/analytics/analytics.repository.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { BENCH_USERNAME, bulkSeed, ensureBenchMerchant } from "../apps/server/src/demo/bulk.ts";
import { DEMO_PASSWORD } from "../apps/server/src/demo/world.ts";
import { hashPassword } from "../apps/server/src/security/passwords.ts";
import {
  plainOrderTotals,
  plainPaymentTotals,
  type TotalsRange,
} from "../apps/server/src/transactions/totals.repository.ts";
import { benchDatabase, percentile } from "./_support.ts";

/**
 * The transactions workspace on PostgreSQL with BENCH_TRANSACTIONS (default 1,000,000) transactions for one
 * merchant (the bulk seeder of `npm run seed`) in a fresh database: p95 of the first list page with each single
 * filter, of the totals header, of the orders list (first page, a few filters) and the orders headers (merchant
 * and bank), and, for comparison, the database time of the plain scans the headers no longer do, and one-month exports of EXPORT_SIZES rows (default 200,000, 50,000 and 400,000: time and peak RSS of
 * each, to show that memory does not grow with the rows). Each export month is filled with copies of seeded payments moved
 * into a month before the seeded history, so it holds exactly its size. Requests go over HTTP to the real app,
 * one at a time, with a bearer token. Each export runs in a fresh server process (src/main.ts on the bench database,
 * its own pg-boss worker), whose RSS is sampled. The machine's load average is recorded (it is shared: other
 * engineers' test suites make p95 noisy).
 *
 * Environment: BENCH_PG_URL, BENCH_TRANSACTIONS, BENCH_REQUESTS (per view, 40), EXPORT_SIZES (200000,50000,400000;
 * empty: no exports, and the results file keeps the previous run's export figures, marked with that run's time),
 * EXPORT_OLD_SPACE_MB (128), EXPORT_NODE_OPTIONS (one set of node options for the export servers instead of
 * the three default runs: as `npm start` runs the server, V8's defaults, the low cap; for experiments), BENCH_KEEP_DB=1 (reuse portal_bench_transactions; missing export months
 * are added).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const EXPORT_SIZES = (process.env.EXPORT_SIZES ?? "200000,50000,400000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const DB_NAME = "portal_bench_transactions";
/** The old-generation cap of the second run of each export (node --max-old-space-size). */
const EXPORT_OLD_SPACE_MB = Number(process.env.EXPORT_OLD_SPACE_MB ?? 128);
/** The old-generation cap `npm start` gives the server (apps/server/package.json). */
const SERVER_OLD_SPACE_MB = 512;
/** Export months before the seeded history (about 13 months back). */
const EXPORT_MONTHS = [
  ["2020-01-01", "2020-01-31"],
  ["2019-11-01", "2019-11-30"],
  ["2019-09-01", "2019-09-30"],
  ["2019-07-01", "2019-07-31"],
] as const;

const round = (v: number) => Math.round(v * 10) / 10;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** One export month per size, in the order given (the 200,000-row month is January 2020, as before). */
function exportPlan(): Array<{ rows: number; from: string; to: string }> {
  if (EXPORT_SIZES.length > EXPORT_MONTHS.length)
    throw new Error(`at most ${EXPORT_MONTHS.length} export sizes`);
  return EXPORT_SIZES.map((rows, i) => ({ rows, from: EXPORT_MONTHS[i]![0], to: EXPORT_MONTHS[i]![1] }));
}

const loadAverage = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

/** A figure of /proc/<pid>/status in kB (VmRSS: resident now; VmHWM: its high-water mark). */
function procKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? 0);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One export through a fresh server process (`src/main.ts` on the bench database): asked over HTTP, worked by the
 * server's own pg-boss worker, while this process samples the server's RSS every 50 ms from /proc. The kernel's
 * high-water mark (VmHWM) is reset just before the request ("5" to clear_refs), so the peak misses nothing.
 */
async function exportInServer(
  url: string,
  month: { rows: number; from: string; to: string },
  nodeOptions: string[],
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-export-"));
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeOptions, "--import", "tsx", "src/main.ts"], {
    cwd: path.join(here, "..", "apps", "server"),
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DATA: "false",
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = once(server, "exit");
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Portal is running")) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout.on("data", onData);
      server.stderr.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      server.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: BENCH_USERNAME, password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/api/exports`, { headers })).text();
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // start-up work (fold, job maintenance) settles
    const pid = server.pid!;
    let peakReset = true;
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      peakReset = false;
    }
    const rssBefore = procKb(pid, "VmRSS");
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(procKb(pid, "VmRSS")), 50);
    const requested = performance.now();
    let running: number | null = null;
    // The progress requests' own times while the job runs: how responsive the server stays meanwhile.
    const pollMs: number[] = [];
    type Item = { id: number; job_state: string; rows_done: number };
    let item = null as Item | null; // assigned in the loop below (a cast, so the check after it is not narrowed away)
    try {
      const created = await fetch(`${base}/api/exports`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ date_from: month.from, date_to: month.to, status: "trx_all" }),
      });
      if (created.status !== 201) throw new Error(`export: ${created.status} ${await created.text()}`);
      const { id } = (await created.json()) as { id: number };
      for (;;) {
        const asked = performance.now();
        item = (await (await fetch(`${base}/api/exports/${id}`, { headers })).json()) as Item;
        if (item.job_state === "running") pollMs.push(performance.now() - asked);
        if (item.job_state === "running" && running === null) running = performance.now();
        if (item.job_state === "done" || item.job_state === "failed") break;
        if (performance.now() - requested > 300_000) throw new Error(`export ${id} did not finish`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      clearInterval(sampler);
    }
    const done = performance.now();
    const peak = procKb(pid, "VmHWM");
    if (!item) throw new Error("export: no answer");
    if (item.job_state !== "done" || item.rows_done !== month.rows)
      throw new Error(
        `export ${item.id}: ${item.job_state}, ${item.rows_done} rows (expected ${month.rows})`,
      );
    const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
    const size = (format: string) =>
      mb(fs.statSync(path.join(dataDir, "exports", `export-${item.id}.${format}`)).size / 1024);
    return {
      node_options: nodeOptions.join(" ") || "(none: V8's default heap sizing)",
      rows: item.rows_done,
      seconds: round((done - requested) / 1000),
      job_seconds: round((done - (running ?? requested)) / 1000),
      rss_before_mb: mb(rssBefore),
      rss_peak_mb: mb(Math.max(peak, ...samples)),
      rss_growth_mb: mb(Math.max(peak, ...samples) - rssBefore),
      peak_is_high_water_mark: peakReset,
      csv_mb: size("csv"),
      xlsx_mb: size("xlsx"),
      progress_request_ms_while_running: (() => {
        const sorted = [...pollMs].sort((a, b) => a - b);
        return {
          p50: round(percentile(sorted, 50)),
          p95: round(percentile(sorted, 95)),
          max: round(sorted[sorted.length - 1] ?? 0),
          n: sorted.length,
        };
      })(),
      rss_every_500_ms_mb: samples.filter((_, i) => i % 10 === 0).map((kb) => Math.round(kb / 1024)),
    };
  } finally {
    server.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BENCH_BANK_USERNAME = "bank.bench";

/** A bank for the bench merchant and a user of it, for the bank's totals header (created once). */
async function ensureBenchBank(db: Kysely<DB>, merchantId: number): Promise<void> {
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where("username", "=", BENCH_BANK_USERNAME)
    .executeTakeFirst();
  if (existing) return;
  const bank = await db
    .insertInto("banks")
    .values({ name: "Bench Bank", name_ar: "بنك القياس", country: "EGY" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("merchants").set({ bank_id: bank.id }).where("id", "=", merchantId).execute();
  await db
    .insertInto("users")
    .values({
      username: BENCH_BANK_USERNAME,
      email: `${BENCH_BANK_USERNAME}@example.com`,
      first_name: "Bench",
      last_name: "Bank",
      password_hash: await hashPassword(DEMO_PASSWORD),
      profile_type: "Bank",
      merchant_id: null,
      bank_id: bank.id,
      partner_id: null,
      terminal_id: null,
      country: "EGY",
      permissions: [...BANK_PERMISSIONS],
      portal_config: null,
    })
    .execute();
}

export async function run(): Promise<void> {
  const loadAtStart = loadAverage();
  const { url, fresh } = await benchDatabase(DB_NAME, process.env.BENCH_KEEP_DB === "1");
  const db = await openPostgres(url, 8);
  const now = new Date();
  let seedSeconds: number | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-transactions-"));
  const plan = exportPlan();
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
    }
    const merchant = await db.db
      .selectFrom("users")
      .select("merchant_id")
      .where("username", "=", BENCH_USERNAME)
      .executeTakeFirstOrThrow();
    const merchantId = merchant.merchant_id!;
    await ensureBenchBank(db.db, merchantId);
    // The export months: copies of seeded live payments, `rows` of them spread evenly over the month.
    let added = false;
    for (const month of plan) {
      const present = await sql<{ n: string }>`
        select count(*)::text as n from transactions where merchant_id = ${merchantId} and is_live
          and created_at >= ${`${month.from}T00:00:00Z`}::timestamptz
          and created_at < ${`${month.to}T00:00:00Z`}::timestamptz + interval '1 day'`.execute(db.db);
      const n = Number(present.rows[0]!.n);
      if (n === month.rows) continue;
      if (n !== 0)
        throw new Error(`export month ${month.from} holds ${n} rows, not ${month.rows}: drop the DB`);
      console.log(`Adding ${month.rows.toLocaleString("en")} rows in ${month.from.slice(0, 7)}...`);
      const monthMs =
        Date.parse(`${month.to}T00:00:00Z`) + 86_400_000 - Date.parse(`${month.from}T00:00:00Z`);
      const spacingMs = Math.floor(monthMs / (month.rows + 1));
      await sql`
        insert into transactions (merchant_id, order_id, integration_id, is_live, amount_cents, currency, status,
          gateway_type, trnx_type, origin, channel, card_first6, card_last4, wallet_msisdn, customer_name, data,
          created_at, updated_at)
        select merchant_id, order_id, integration_id, true, amount_cents, currency, status, gateway_type, trnx_type,
          origin, channel, card_first6, card_last4, wallet_msisdn, customer_name, data,
          ${`${month.from}T00:00:00Z`}::timestamptz + (row_number() over () * ${spacingMs} * interval '1 millisecond'),
          ${`${month.from}T00:00:00Z`}::timestamptz
        from (select * from transactions where merchant_id = ${merchantId} and parent_transaction_id is null
          limit ${month.rows}) s`.execute(db.db);
      added = true;
    }
    // The servers fold the rollup's deltas every 5 seconds; fold what seeding and migrations left, then vacuum.
    const foldStarted = performance.now();
    const folded = await foldAnalytics(db.db);
    const foldSeconds = (performance.now() - foldStarted) / 1000;
    if (folded > 0)
      console.log(`Folded ${folded.toLocaleString("en")} rollup rows in ${foldSeconds.toFixed(1)} s.`);
    if (fresh || added || folded > 0) await sql`vacuum analyze`.execute(db.db);
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
    const loadBeforeViews = loadAverage();
    try {
      const signIn = async (username: string) => {
        const login = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username, password: DEMO_PASSWORD }),
        });
        if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
        const { token } = (await login.json()) as { token: string };
        return { authorization: `Bearer ${token}` };
      };
      const headers = await signIn(BENCH_USERNAME);
      const bankHeaders = await signIn(BENCH_BANK_USERNAME);
      const get = async (pathAndQuery: string) => {
        const started = performance.now();
        const response = await fetch(`${base}${pathAndQuery}`, {
          headers: pathAndQuery.startsWith("/api/bank/") ? bankHeaders : headers,
        });
        const body = await response.text();
        const ms = performance.now() - started;
        if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${body.slice(0, 200)}`);
        return { ms, body };
      };
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
      // The totals header takes only its own date range and the mode (merchant-dashboard.md: "with a date range
      // selector"); the list filters do not apply to it, so these are all the shapes the web can ask for.
      const totals = "/api/transactions/totals";
      views["totals: last 30 days"] = `${totals}?date_from=${lastMonthFrom}&date_to=${day(now)}`;
      views["totals: last year"] = `${totals}?date_from=${yearFrom}&date_to=${day(now)}`;
      views["totals: all time"] = totals;
      views["totals: last year, test mode"] =
        `${totals}?is_live=false&date_from=${yearFrom}&date_to=${day(now)}`;
      // An API caller may send instants that are not on the hour: the edges are then read row by row.
      const oddFrom = new Date(now.getTime() - 365 * 86_400_000 - 1_234_567).toISOString();
      views["totals: a year between instants off the hour"] =
        `${totals}?date_from=${encodeURIComponent(oddFrom)}&date_to=${encodeURIComponent(now.toISOString())}`;
      // The bank's header (back-office.md), as a user of the bench merchant's bank: the same sums in the bank's scope.
      const bankTotals = "/api/bank/transactions/totals";
      views["bank totals: last year"] = `${bankTotals}?date_from=${yearFrom}&date_to=${day(now)}`;
      views["bank totals: all time"] = bankTotals;
      // Orders: the list's first page (no filter and a few single filters) and the orders headers, from the rollup
      // since migration 0010 (orders, PAID, processed per currency).
      const ordersList = "/api/orders";
      views["orders list: no filter"] = ordersList;
      views["orders list: status PAID"] = `${ordersList}?status=PAID`;
      views["orders list: merchant order id"] =
        `${ordersList}?merchant_order_id=${encodeURIComponent(sample.merchant_order_id ?? "none")}`;
      views["orders list: date range (30 days)"] =
        `${ordersList}?date_from=${lastMonthFrom}&date_to=${day(now)}`;
      const orderTotals = "/api/orders/totals";
      views["orders totals: last 30 days"] = `${orderTotals}?date_from=${lastMonthFrom}&date_to=${day(now)}`;
      views["orders totals: last year"] = `${orderTotals}?date_from=${yearFrom}&date_to=${day(now)}`;
      views["orders totals: all time"] = orderTotals;
      views["bank orders totals: last year"] =
        `/api/bank/orders/totals?date_from=${yearFrom}&date_to=${day(now)}`;
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
          `${name.padEnd(44)} p50 ${results[name]!.p50} ms  p95 ${results[name]!.p95} ms  (count ${results[name]!.count})`,
        );
      }
    } finally {
      await app.close().catch(() => undefined);
    }

    // For comparison: the database time of the plain scan the header used to do (and what a header filtered
    // by anything the rollup does not keep would cost): a year, one request at a time, in this process.
    const plain: Record<string, { p50: number; p95: number; max: number; n: number }> = {};
    const plainRange: TotalsRange = {
      isLive: true,
      from: new Date(`${day(new Date(now.getTime() - 365 * 86_400_000))}T00:00:00Z`),
      to: new Date(`${day(new Date(now.getTime() + 86_400_000))}T00:00:00Z`),
    };
    const scope = { kind: "merchant" as const, merchantId, terminalId: null };
    // The orders header alone (what /api/orders/totals did before 0010: orders, PAID and processed).
    const plainOrderTimes: number[] = [];
    for (let i = 0; i < 13; i++) {
      const started = performance.now();
      await plainOrderTotals(db.db, scope, plainRange);
      if (i >= 3) plainOrderTimes.push(performance.now() - started);
    }
    plainOrderTimes.sort((a, b) => a - b);
    plain["plain orders scan (database only): last year"] = {
      p50: round(percentile(plainOrderTimes, 50)),
      p95: round(percentile(plainOrderTimes, 95)),
      max: round(plainOrderTimes[plainOrderTimes.length - 1]!),
      n: plainOrderTimes.length,
    };
    console.log(
      `plain orders scan (database only): last year p50 ${plain["plain orders scan (database only): last year"]!.p50} ms  p95 ${plain["plain orders scan (database only): last year"]!.p95} ms`,
    );
    const plainTimes: number[] = [];
    for (let i = 0; i < 13; i++) {
      const started = performance.now();
      await Promise.all([
        plainPaymentTotals(db.db, scope, plainRange),
        plainOrderTotals(db.db, scope, plainRange),
      ]);
      if (i >= 3) plainTimes.push(performance.now() - started);
    }
    plainTimes.sort((a, b) => a - b);
    plain["plain scan (database only): last year"] = {
      p50: round(percentile(plainTimes, 50)),
      p95: round(percentile(plainTimes, 95)),
      max: round(plainTimes[plainTimes.length - 1]!),
      n: plainTimes.length,
    };
    console.log(
      `plain scan (database only): last year       p50 ${plain["plain scan (database only): last year"]!.p50} ms  p95 ${plain["plain scan (database only): last year"]!.p95} ms`,
    );

    const exports: Array<Awaited<ReturnType<typeof exportInServer>>> = [];
    const loadBeforeExports = loadAverage();
    const resultsFile = path.join(here, "results", "transactions.json");
    // Each size three times: as `npm start` runs the server (its old generation capped at SERVER_OLD_SPACE_MB),
    // with V8's default heap sizing (it lets old-generation garbage pile up before a full collection, so the peak
    // depends on when that comes), and with the old generation capped low, which shows what the export holds.
    const optionSets = process.env.EXPORT_NODE_OPTIONS
      ? [process.env.EXPORT_NODE_OPTIONS.split(" ").filter(Boolean)]
      : [
          [`--max-old-space-size=${SERVER_OLD_SPACE_MB}`],
          [],
          [`--max-old-space-size=${EXPORT_OLD_SPACE_MB}`],
        ];
    for (const nodeOptions of optionSets)
      for (const month of plan) {
        const result = await exportInServer(url, month, nodeOptions);
        exports.push(result);
        console.log(
          `export ${result.node_options}: ${result.rows} rows in ${result.seconds} s (job ${result.job_seconds} s), server RSS ${result.rss_before_mb} -> peak ${result.rss_peak_mb} MB (+${result.rss_growth_mb})`,
        );
      }
    // No export sizes (EXPORT_SIZES empty): keep the previous run's export figures, saying when they were measured.
    type Previous = { when?: string; exports?: unknown[]; exports_measured?: string };
    const previous: Previous | null =
      plan.length === 0 && fs.existsSync(resultsFile)
        ? (JSON.parse(fs.readFileSync(resultsFile, "utf8")) as Previous)
        : null;
    const out = {
      when: now.toISOString(),
      database: "PostgreSQL (local)",
      merchant_transactions: Number(count.rows[0]!.n),
      seed_seconds: seedSeconds,
      requests_per_view: REQUESTS,
      load_average_1_5_15: {
        start: loadAtStart,
        before_views: loadBeforeViews,
        before_exports: loadBeforeExports,
        end: loadAverage(),
      },
      cpus: os.cpus().length,
      targets: { first_page_p95_ms: 100, totals_p95_ms: 300, export_seconds: 20 },
      views: results,
      for_comparison: plain,
      exports_measured: previous ? (previous.exports_measured ?? previous.when ?? null) : now.toISOString(),
      exports: previous
        ? (previous.exports ?? [])
        : exports.sort((a, b) => a.node_options.localeCompare(b.node_options) || a.rows - b.rows),
    };
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(resultsFile, `${JSON.stringify(out, null, 2)}\n`);
    console.log("wrote bench/results/transactions.json");
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
