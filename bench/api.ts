import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import {
  createTestIntention,
  payCard,
  type TestMerchant,
  testMerchant,
} from "../apps/server/src/payments/test-support.ts";
import { benchDatabase, percentile } from "./_support.ts";

/**
 * The public API's own speed (issue 15 item 5, docs/payments.md "Where a public API call's time goes"): on the
 * embedded database (PGlite, on disk as `npm start` keeps it) and on PostgreSQL, sequentially and at concurrency 16,
 * over HTTP with keep-alive as a merchant's server calls it:
 * - POST /api/auth/tokens with the API key;
 * - POST /v1/intention/ with the test secret key (an order, a payment key per method, the provider's answer);
 * - POST /api/ecommerce/orders/transaction_inquiry of a paid order, with the token;
 * - POST /api/acceptance/void_refund/refund of a paid card payment (a refund row, the order's paid figures), with
 *   the token, each refund of its own payment.
 * The goals: p50 under 0.7 ms for auth tokens and under 1.5 ms for intentions, sequentially.
 *
 * Environment: BENCH_API_REQUESTS (sequential requests per route, 400), BENCH_API_CONCURRENT (requests per route at
 * concurrency 16, 800), BENCH_API_DATABASES ("pglite,postgres").
 */
const SEQUENTIAL = Number(process.env.BENCH_API_REQUESTS ?? 400);
const CONCURRENT = Number(process.env.BENCH_API_CONCURRENT ?? 800);
const CONCURRENCY = 16;
const WARMUP = 100;
const DATABASES = (process.env.BENCH_API_DATABASES ?? "pglite,postgres").split(",");
const GOALS = { auth_tokens_p50_ms: 0.7, intention_p50_ms: 1.5 };

type Stats = { p50_ms: number; p95_ms: number; per_second: number };
type RouteName = "auth_tokens" | "intention" | "inquiry" | "refund";

const round = (n: number) => Math.round(n * 1000) / 1000;

/** A minimal keep-alive JSON client: the merchant's side costs as little as it can. */
function client(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(base);
  return (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: pathname,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
}

async function measure(
  count: number,
  concurrency: number,
  call: (i: number) => Promise<void>,
): Promise<Stats> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await call(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    per_second: Math.round(count / elapsed),
  };
}

/** Paid card payments (test mode) for the inquiry and the refunds, made through the app without HTTP. */
async function paidPayments(app: FastifyInstance, m: TestMerchant, count: number) {
  const paid: { orderId: number; transactionId: number }[] = [];
  for (let i = 0; i < count; i++) {
    const intention = await createTestIntention(app, m);
    const card = await payCard(app, intention.payment_keys[0]!.key);
    const body = card.json() as { transaction?: { id: number; success: boolean } };
    if (card.statusCode !== 200 || !body.transaction?.success) throw new Error(`payment: ${card.body}`);
    paid.push({ orderId: intention.intention_order_id, transactionId: body.transaction.id });
  }
  return paid;
}

async function benchDatabaseKind(kind: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-api-"));
  let database: Database;
  if (kind === "pglite") database = await openPglite(path.join(dataDir, "db"));
  else if (kind === "postgres")
    database = await openPostgres((await benchDatabase("portal_bench_api", false)).url);
  else throw new Error(`BENCH_API_DATABASES: unknown database ${kind}`);
  await migrateToLatest(database.db);
  const app = await buildApp(
    { config: loadConfig({ SERVE_WEB: "false", DATA_DIR: dataDir, DEMO_DATA: "false" }), database },
    { logger: false },
  );
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const post = client(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const m = await testMerchant(app);
    const secret = { authorization: `Token ${m.keys.secretKeyTest}` };
    const setupStarted = performance.now();
    const paid = await paidPayments(app, m, WARMUP + SEQUENTIAL + CONCURRENT);
    const setupSeconds = round((performance.now() - setupStarted) / 1000);

    const token = async () => {
      const res = await post("/api/auth/tokens", { api_key: m.keys.apiKey });
      if (res.status !== 201 && res.status !== 200) throw new Error(`auth tokens ${res.status}`);
      return res.json.token as string;
    };
    const bearer = { authorization: `Bearer ${await token()}` };
    const intention = async () => {
      const res = await post(
        "/v1/intention/",
        {
          amount: 10000,
          currency: "EGP",
          payment_methods: [m.integrations.card],
          items: [{ name: "Item", amount: 10000, description: "Bench", quantity: 1 }],
          billing_data: {
            first_name: "Bench",
            last_name: "Customer",
            email: "bench@example.com",
            phone_number: "+201000000000",
          },
        },
        secret,
      );
      if (res.status !== 201) throw new Error(`intention ${res.status} ${JSON.stringify(res.json)}`);
    };
    const inquiry = async (i: number) => {
      const res = await post(
        "/api/ecommerce/orders/transaction_inquiry",
        { order_id: paid[i % paid.length]!.orderId },
        bearer,
      );
      if (res.status !== 200) throw new Error(`inquiry ${res.status} ${JSON.stringify(res.json)}`);
    };
    let refunded = 0;
    const refund = async () => {
      const target = paid[refunded++]!;
      const res = await post(
        "/api/acceptance/void_refund/refund",
        { transaction_id: target.transactionId, amount_cents: 1000 },
        bearer,
      );
      if (res.status !== 200) throw new Error(`refund ${res.status} ${JSON.stringify(res.json)}`);
    };
    const routes: Record<RouteName, (i: number) => Promise<unknown>> = {
      auth_tokens: token,
      intention,
      inquiry,
      refund,
    };
    // Warm-up (JIT, pool, prepared statements), not counted.
    for (const call of Object.values(routes)) for (let i = 0; i < WARMUP; i++) await call(i);

    const sequential = {} as Record<RouteName, Stats>;
    const concurrent = {} as Record<RouteName, Stats>;
    for (const [name, call] of Object.entries(routes) as [RouteName, (i: number) => Promise<void>][]) {
      sequential[name] = await measure(SEQUENTIAL, 1, call);
      concurrent[name] = await measure(CONCURRENT, CONCURRENCY, call);
      console.log(
        `${kind.padEnd(9)} ${name.padEnd(12)} sequential p50 ${sequential[name].p50_ms} ms p95 ${sequential[name].p95_ms} ms · ` +
          `16 at once p50 ${concurrent[name].p50_ms} ms p95 ${concurrent[name].p95_ms} ms (${concurrent[name].per_second}/s)`,
      );
    }
    return {
      setup_paid_payments: paid.length,
      setup_seconds: setupSeconds,
      sequential,
      concurrency_16: concurrent,
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const before = os.loadavg();
  const databases: Record<string, Awaited<ReturnType<typeof benchDatabaseKind>>> = {};
  for (const kind of DATABASES) databases[kind] = await benchDatabaseKind(kind.trim());
  const met = Object.fromEntries(
    Object.entries(databases).map(([kind, r]) => [
      kind,
      r.sequential.auth_tokens.p50_ms < GOALS.auth_tokens_p50_ms &&
        r.sequential.intention.p50_ms < GOALS.intention_p50_ms,
    ]),
  );
  const result = {
    benchmark: "api",
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      load_average: { before: before.map(round), after: os.loadavg().map(round) },
    },
    node: process.version,
    config: { sequential_requests: SEQUENTIAL, concurrent_requests: CONCURRENT, concurrency: CONCURRENCY },
    goals_sequential: GOALS,
    met,
    databases,
    note: "Latency is measured by the caller over HTTP/1.1 keep-alive on loopback (client time included). Refund and inquiry use a bearer token from /api/auth/tokens; the merchant has no callback URL, so no delivery is queued.",
  };
  const out = path.resolve(import.meta.dirname, "results/api.json");
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(met));
  console.log(`wrote bench/results/api.json`);
}
