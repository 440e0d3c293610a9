import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import { verifyTransaction } from "../apps/server/src/callbacks/hmac.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { issueMerchantKeys } from "../apps/server/src/security/keys.ts";
import { PG_URL, percentile, serverNodeOptions } from "./_support.ts";
import { seedRiskMerchant } from "./risk.ts";

/**
 * Complete payments per second on PostgreSQL: for each payment a merchant server creates an intention
 * (POST /v1/intention/), the customer pays it with the sandbox card (POST /api/checkout/card), and the signed
 * processed callback reaches a local receiver. The clock runs from the first request to the last callback.
 *
 * Environment: BENCH_PG_URL (default the local server), BENCH_PAYMENTS (5000), BENCH_WARMUP (1000 payments at
 * full concurrency before the clock starts), BENCH_CONCURRENCY (128), BENCH_SERVERS (server processes,
 * default 1: on two cores PostgreSQL needs the other one, and a second process costs more CPU per payment than
 * it adds), BENCH_POOL_SIZE (connections per server, 20), BENCH_TCP=1 (TCP
 * instead of the Unix socket). For experiments: BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"),
 * BENCH_LOG_STATEMENTS=1 (every statement's duration in the server log), BENCH_EXPLAIN=<ms> (plans of slower
 * statements), BENCH_NO_TRIGGERS=1 and BENCH_ASYNC_COMMIT=1 (what the analytics triggers and the commit flush
 * cost), BENCH_OFF_TRIGGERS (table.trigger,... disabled: an A/B of one feature's triggers). The server processes run apart from this one, which plays the merchants, the customers and the
 * callback receiver.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, "../apps/server");

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 128);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
const POOL_SIZE = process.env.BENCH_POOL_SIZE ?? "20";
// Payments at full concurrency before the measured ones (BENCH_WARMUP, default 1000).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
// BENCH_PHASES=1: every intention first, then every card payment, with the CPU of each step (for experiments;
// backends that ended between marks are not counted).
const PHASES = process.env.BENCH_PHASES === "1";
// BENCH_DB_NAME: another database name (two runs at once, e.g. an A/B beside another measurement).
const DB_NAME = process.env.BENCH_DB_NAME ?? "portal_bench_payments";
const RISK = process.env.BENCH_RISK === "1";
// BENCH_CUSTOMERS: how many distinct payers (e-mail and phone) the payments cycle through (1000; 0: a new payer for
// every payment, the worst case: each payment makes a customer). Every payment with an e-mail is linked to its
// customer in the payment's own INSERT (docs/settings.md "Customers"). The risk run (BENCH_RISK=1) uses the same
// payers, so that it differs from the plain run only by the merchant's rules: its velocity counters are then one
// row per rule and payer, counted up as the payers pay again.
const CUSTOMERS_SETTING = Number(process.env.BENCH_CUSTOMERS ?? 1000);
const CUSTOMERS = CUSTOMERS_SETTING > 0 ? CUSTOMERS_SETTING : Number.POSITIVE_INFINITY;
// Extra node options for the server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them.
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** CPU seconds (user + system) of each given process (0 for one that has ended). */
function cpuOf(pids: number[]): Map<number, number> {
  const tick = 100; // USER_HZ on Linux
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
    } catch {
      times.set(pid, 0);
    }
  }
  return times;
}

const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** The whole machine's busy and idle CPU seconds so far (/proc/stat: every core, every process, the kernel). */
function machineCpu(): { busy: number; idle: number } {
  const fields = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { busy: (user + nice + system + irq + softirq + steal) / 100, idle: (idle + iowait) / 100 };
}

/** The PostgreSQL backends serving this benchmark's database (not other databases' work on the machine). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

// The merchants and customers talk HTTP/1.1 with keep-alive through node:http: fetch costs this process
// four times the CPU per request, and this process shares the machine's two cores with the servers.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString("utf8")),
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  // BENCH_LOG_STATEMENTS=1 logs every statement of the run to the server log (to count round trips).
  if (process.env.BENCH_LOG_STATEMENTS === "1")
    await admin.query(`alter database ${DB_NAME} set log_min_duration_statement = 0`);
  // BENCH_EXPLAIN=<ms>: the plans of statements slower than that go to the server log (auto_explain).
  if (process.env.BENCH_EXPLAIN) {
    await admin.query(`alter database ${DB_NAME} set session_preload_libraries = 'auto_explain'`);
    await admin.query(
      `alter database ${DB_NAME} set auto_explain.log_min_duration = '${Number(process.env.BENCH_EXPLAIN)}ms'`,
    );
    await admin.query(`alter database ${DB_NAME} set auto_explain.log_analyze = on`);
  }
  // Experiments only (what a setting costs), never for the committed figures.
  if (process.env.BENCH_ASYNC_COMMIT === "1")
    await admin.query(`alter database ${DB_NAME} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  // As `npm start` runs it (its node options), plus BENCH_NODE_ARGS.
  const proc = spawn(
    process.execPath,
    [...serverNodeOptions(), ...nodeArgs, "--import", "tsx", "src/main.ts"],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  proc.stdout?.on("data", (d) => {
    output += d;
  });
  proc.stderr?.on("data", (d) => {
    output += d;
  });
  const started = Date.now();
  while (!output.includes("Portal is running")) {
    if (proc.exitCode !== null || Date.now() - started > 90_000)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

export async function run(): Promise<void> {
  const url = await recreateDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  const dataKey = randomBytes(32);
  const database = await openPostgres(url, 4);
  await migrateToLatest(database.db);

  // The merchant: keys, an owner and a test card integration whose callbacks go to the local receiver.
  const received = new Map<number, number>();
  let invalid = 0;
  let lastCallbackAt = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const id = body.obj.id as number;
      // Verify a sample of signatures (every tenth) so the receiver does not become the bottleneck.
      if (id % 10 === 0) {
        const hmac = new URL(req.url ?? "/", "http://x").searchParams.get("hmac") ?? "";
        if (!verifyTransaction(body.obj, hmac, keys.hmacSecret)) invalid++;
      }
      received.set(id, (received.get(id) ?? 0) + 1);
      lastCallbackAt = performance.now();
      res.end("ok");
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const merchant = await database.db
    .insertInto("merchants")
    .values({ company_name: "Bench Store", country: "EGY", phones: JSON.stringify([]), is_live: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  const keys = await issueMerchantKeys(database.db, merchant.id, { country: "EGY", dataKey });
  const integration = await database.db
    .insertInto("integrations")
    .values({
      merchant_id: merchant.id,
      name: "Bench cards",
      type: "online",
      gateway_type: "VPC",
      currency: "EGP",
      is_live: false,
      processed_callback_url: callbackUrl,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // BENCH_RISK=1: the merchant has 100 risk rules and 100,000 list entries (bench/risk.ts), all checked by every
  // payment before the acquirer; the payers are those of the plain run (BENCH_CUSTOMERS).
  if (RISK) await seedRiskMerchant(database.db, merchant.id);
  if (process.env.BENCH_NO_TRIGGERS === "1")
    for (const table of ["orders", "transactions"])
      await sql.raw(`alter table ${table} disable trigger user`).execute(database.db);
  // BENCH_OFF_TRIGGERS="table.trigger,...": those triggers only disabled (an A/B of one feature's triggers).
  for (const name of (process.env.BENCH_OFF_TRIGGERS ?? "").split(",").filter(Boolean)) {
    const [table, trigger] = name.split(".");
    await sql.raw(`alter table ${table} disable trigger ${trigger}`).execute(database.db);
  }
  // BENCH_SETUP_SQL: statements run on the fresh database before the servers start (an experiment, e.g. dropping an
  // index or a constraint to see what it costs the payment path). Recorded in the results.
  if (process.env.BENCH_SETUP_SQL) await sql.raw(process.env.BENCH_SETUP_SQL).execute(database.db);
  await database.close();

  // The servers reach PostgreSQL through its Unix socket when it has one (a same-machine deployment would):
  // a round trip costs both sides less CPU than over TCP loopback.
  const socketDir = process.env.BENCH_PG_SOCKET_DIR ?? "/var/run/postgresql";
  const serverUrl =
    process.env.BENCH_TCP !== "1" && fs.existsSync(path.join(socketDir, ".s.PGSQL.5432"))
      ? `postgresql://${new URL(url).username || "postgres"}@/${DB_NAME}?host=${socketDir}`
      : url;
  const env = {
    DATABASE_URL: serverUrl,
    DATA_DIR: dataDir,
    DATA_KEY: dataKey.toString("base64"),
    DEMO_DATA: "false",
    SERVE_WEB: "false",
    LOG_LEVEL: "error",
    CHECKOUT_RATE_LIMIT: "100000000",
    CALLBACK_CONCURRENCY: "50",
    CALLBACK_POLL_SECONDS: "0.5",
    // The receiver is this process, on 127.0.0.1.
    CALLBACK_ALLOW_PRIVATE_NETWORKS: "true",
    DATABASE_POOL_SIZE: POOL_SIZE,
  };
  const basePort = 31000 + Math.floor(Math.random() * 1000);
  const servers: ChildProcess[] = [];
  try {
    for (let i = 0; i < SERVERS; i++) servers.push(await startServer(env, basePort + i));
    const bases = servers.map((_, i) => `http://127.0.0.1:${basePort + i}`);

    const intentionMs: number[] = [];
    const cardMs: number[] = [];
    let failures = 0;
    const createIntention = async (n: number, base: string) => {
      const t = performance.now();
      const intention = await post(
        `${base}/v1/intention/`,
        {
          amount: 10000,
          currency: "EGP",
          payment_methods: [integration.id],
          items: [{ name: "Item", amount: 10000, description: "Bench", quantity: 1 }],
          billing_data: {
            first_name: "Bench",
            last_name: "Customer",
            email: `b${n % CUSTOMERS}@example.com`,
            phone_number: `+2010${String(n % CUSTOMERS).padStart(8, "0")}`,
          },
          special_reference: `bench-${n}`,
        },
        { authorization: `Token ${keys.secretKeyTest}` },
      );
      if (intention.status !== 201)
        throw new Error(`intention ${intention.status}: ${JSON.stringify(intention.json)}`);
      intentionMs.push(performance.now() - t);
      return (intention.json as { payment_keys: { key: string }[] }).payment_keys[0]!.key;
    };
    const payCard = async (token: string, base: string) => {
      const t = performance.now();
      const card = await post(`${base}/api/checkout/card`, {
        payment_token: token,
        card_holder: "Test Account",
        pan: "5123456789012346",
        expiry_month: 1,
        expiry_year: 39,
        cvv: "123",
      });
      const answer = card.json as { transaction?: { success: boolean } };
      cardMs.push(performance.now() - t);
      if (card.status !== 200 || !answer.transaction?.success) failures++;
    };
    const pay = async (n: number) => {
      const base = bases[Math.abs(n) % bases.length]!;
      await payCard(await createIntention(n, base), base);
    };

    // Warm-up, not counted: a few payments one at a time, then WARMUP at full concurrency, so the server's JIT,
    // the connection pool, the prepared statements and the tables' planner statistics are those of a running
    // portal rather than of its first second. Every warm-up callback has arrived before the clock starts.
    for (let i = 0; i < 20; i++) await pay(-1 - i);
    let warmNext = 20;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (warmNext < 20 + WARMUP) await pay(-1 - warmNext++);
      }),
    );
    const warm = 20 + WARMUP;
    const warmDeadline = Date.now() + 60_000;
    while (received.size < warm && Date.now() < warmDeadline) await new Promise((r) => setTimeout(r, 20));
    const warmCallbacks = new Set(received.keys());
    intentionMs.length = 0;
    cardMs.length = 0;
    failures = 0;

    console.log(
      `payments benchmark: ${PAYMENTS} payments, concurrency ${CONCURRENCY}, ${SERVERS} server process(es)`,
    );
    const loadBefore = os.loadavg()[0]!;
    const serverPids = servers.map((s) => s.pid ?? 0);
    const backendsBefore = cpuOf(await backendPids(url));
    const cpuBefore = {
      servers: sum(cpuOf(serverPids)),
      bench: process.cpuUsage(),
    };
    const machineBefore = machineCpu();
    const started = performance.now();
    let next = 0;
    const concurrently = (work: (n: number) => Promise<void>) => {
      next = 0;
      return Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < PAYMENTS) await work(next++);
        }),
      );
    };
    let phases: Record<string, Record<string, number>> | undefined;
    if (PHASES) {
      // Every intention first, then every card payment: the CPU of each step on its own.
      const tokens: string[] = [];
      const mark = async () => ({
        servers: sum(cpuOf(serverPids)),
        postgres: sum(cpuOf(await backendPids(url))),
        bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      });
      const perPaymentOf = (a: Awaited<ReturnType<typeof mark>>, b: Awaited<ReturnType<typeof mark>>) =>
        Object.fromEntries(
          (["servers", "postgres", "bench"] as const).map((k) => [
            k,
            Math.round(((b[k] - a[k]) * 1e5) / PAYMENTS) / 100,
          ]),
        );
      const m0 = await mark();
      await concurrently(async (n) => {
        tokens[n] = await createIntention(n, bases[n % bases.length]!);
      });
      const m1 = await mark();
      await concurrently((n) => payCard(tokens[n]!, bases[n % bases.length]!));
      phases = { intentions: perPaymentOf(m0, m1) };
      const expectedNow = PAYMENTS + warmCallbacks.size;
      while (received.size < expectedNow) await new Promise((r) => setTimeout(r, 20));
      phases.cards_and_callbacks = perPaymentOf(m1, await mark());
    } else await concurrently(pay);
    const paidAt = performance.now();
    const expected = PAYMENTS + warmCallbacks.size;
    const deadline = Date.now() + 300_000;
    while (received.size < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const delivered = received.size - warmCallbacks.size;
    const elapsed = (Math.max(lastCallbackAt, paidAt) - started) / 1000;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const machineAfter = machineCpu();
    const perPayment = (seconds: number) => Math.round((seconds * 1000 * 100) / PAYMENTS) / 100;
    const cpuMs = {
      servers: perPayment(sum(cpuOf(serverPids)) - cpuBefore.servers),
      // This database's backends (a backend that ended during the run is not counted).
      postgres: perPayment(
        [...cpuOf(await backendPids(url)).entries()].reduce(
          (total, [pid, seconds]) => total + seconds - (backendsBefore.get(pid) ?? 0),
          0,
        ),
      ),
      bench_client_and_receiver: perPayment((benchCpu.user + benchCpu.system) / 1e6),
    };
    // Everything else that ran meanwhile: PostgreSQL's WAL writer and checkpointer, autovacuum, the kernel's I/O,
    // other work on the machine.
    const machineBusy = machineAfter.busy - machineBefore.busy;
    const machineIdle = machineAfter.idle - machineBefore.idle;
    const accounted = cpuMs.servers + cpuMs.postgres + cpuMs.bench_client_and_receiver;
    const machine = {
      busy_percent: Math.round((machineBusy / (machineBusy + machineIdle)) * 1000) / 10,
      other_cpu_ms_per_payment: Math.max(0, Math.round((perPayment(machineBusy) - accounted) * 100) / 100),
    };
    intentionMs.sort((a, b) => a - b);
    cardMs.sort((a, b) => a - b);
    const results = {
      benchmark: "payments",
      risk_rules_active: RISK,
      ...(process.env.BENCH_SETUP_SQL ? { setup_sql: process.env.BENCH_SETUP_SQL } : {}),
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? "",
        memory_gb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      database: serverUrl === url ? "PostgreSQL (local, TCP)" : "PostgreSQL (local, Unix socket)",
      config: {
        payments: PAYMENTS,
        concurrency: CONCURRENCY,
        customers: Number.isFinite(CUSTOMERS) ? CUSTOMERS : "one per payment",
        server_processes: SERVERS,
        database_pool_size: Number(POOL_SIZE),
      },
      complete_payments_per_second: Math.round((delivered / elapsed) * 10) / 10,
      paid_per_second: Math.round((PAYMENTS / ((paidAt - started) / 1000)) * 10) / 10,
      elapsed_seconds: Math.round(elapsed * 100) / 100,
      callbacks_delivered: delivered,
      duplicate_callbacks: [...received.values()].filter((c) => c > 1).length,
      invalid_signatures: invalid,
      failed_payments: failures,
      latency_ms: {
        intention_p50: Math.round(percentile(intentionMs, 50)),
        intention_p95: Math.round(percentile(intentionMs, 95)),
        card_p50: Math.round(percentile(cardMs, 50)),
        card_p95: Math.round(percentile(cardMs, 95)),
      },
      // CPU time per payment by process kind: at 500 a second two cores allow 4 ms in all.
      cpu_ms_per_payment: cpuMs,
      // The machine during the run: how busy its cores were, and the CPU per payment of everything not above.
      machine_during_run: machine,
      goal_payments_per_second: 500,
      // The machine's 1-minute load average around the run: other work on the same cores lowers the figures.
      load_average: {
        before: Math.round(loadBefore * 10) / 10,
        after: Math.round(os.loadavg()[0]! * 10) / 10,
      },
      warmup_payments: warm,
      ...(phases ? { cpu_ms_per_payment_by_phase: phases } : {}),
    };
    console.log(JSON.stringify(results, null, 2));
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    const file = RISK ? "payments-risk.json" : "payments.json";
    fs.writeFileSync(path.join(here, "results", file), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote bench/results/${file}`);
  } finally {
    for (const s of servers) s.kill("SIGTERM");
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
