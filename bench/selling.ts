import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BULK_COLUMNS } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { BENCH_USERNAME, ensureBenchMerchant } from "../apps/server/src/demo/bulk.ts";
import { DEMO_PASSWORD } from "../apps/server/src/demo/world.ts";
import { benchDatabase, percentile } from "./_support.ts";

/**
 * The selling tools at scale (issue 13 item 9) on PostgreSQL, in a fresh database: one merchant with
 * BENCH_INVOICES (100,000) invoices, BENCH_LINKS (100,000) payment links and BENCH_PRODUCTS (10,000) products,
 * seeded set-based (a few INSERT ... SELECT over generate_series). Over HTTP to the real app, one request at a
 * time with a bearer token: p95 of each list's first page without a filter and with each filter (target 100 ms);
 * a 500-row bulk file's preview (target 1 s) and submit (target 3 s), BULK_RUNS times each; and 50 concurrent
 * purchases of a product with 10 left, then their card payments: exactly 10 sold. A list whose route is missing
 * is reported as not measured. The machine's load average is recorded (it is shared: p95 is noisy).
 *
 * Environment: BENCH_PG_URL, BENCH_INVOICES, BENCH_LINKS, BENCH_PRODUCTS, BENCH_REQUESTS (per view, 30),
 * BENCH_RUNS (bulk preview and submit, 3), BENCH_KEEP_DB=1 (reuse portal_bench_selling).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const LINKS = Number(process.env.BENCH_LINKS ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const BULK_RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DB_NAME = "portal_bench_selling";

const round = (v: number) => Math.round(v * 10) / 10;
const loadAverage = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

interface Integrations {
  card: number;
  cardTest: number;
}

/** Invoices and payment links (each with its order), and products, set-based. Every tenth row is test data. */
async function seed(db: Kysely<DB>, merchantId: number, ig: Integrations): Promise<number> {
  const started = performance.now();
  for (const kind of ["invoice", "link"] as const) {
    const n = kind === "invoice" ? INVOICES : LINKS;
    const prefix = kind === "invoice" ? "BINV" : "BLNK";
    console.log(`Seeding ${n.toLocaleString("en")} ${kind}s...`);
    await sql`
      insert into orders (merchant_id, is_live, merchant_order_id, amount_cents, paid_amount_cents, currency,
        payment_status, items, created_by, api_source, created_at)
      select ${merchantId}, g % 10 <> 0, ${prefix} || '-' || g, 1000 + g % 50000,
        case when g % 3 = 0 then 1000 + g % 50000 else 0 end, 'EGP',
        case when g % 3 = 0 then 'PAID' else 'UNPAID' end,
        jsonb_build_array(jsonb_build_object('name', 'Item ' || g, 'amount_cents', 1000 + g % 50000,
          'description', '', 'quantity', 1)),
        'bench', 'INVOICE', now() - g * interval '5 minutes'
      from generate_series(1, ${n}::int) g`.execute(db);
    await sql`
      insert into payment_links (merchant_id, kind, is_live, order_id, merchant_invoice_id, amount_cents, currency,
        status, client, description, integration_ids, expires_at, remaining_attempts, created_by, created_at, paid_at)
      select o.merchant_id, ${kind}, o.is_live, o.id, o.merchant_order_id, o.amount_cents, 'EGP',
        case when o.payment_status = 'PAID' then 'paid' when o.id % 17 = 0 then 'canceled' else 'unpaid' end,
        jsonb_build_object('full_name', 'Client ' || o.id, 'email', 'client' || o.id || '@example.com',
          'phone_number', '+2010' || lpad((o.id % 100000000)::text, 8, '0')),
        null, array[case when o.is_live then ${ig.card}::bigint else ${ig.cardTest}::bigint end],
        o.created_at + interval '30 days', 3, 'bench', o.created_at,
        case when o.payment_status = 'PAID' then o.created_at + interval '1 hour' end
      from orders o
      where o.merchant_id = ${merchantId} and o.merchant_order_id like ${`${prefix}-%`}`.execute(db);
  }
  console.log(`Seeding ${PRODUCTS.toLocaleString("en")} products...`);
  await sql`
    insert into products (public_id, merchant_id, is_live, name, description, price_cents, currency, inventory,
      delivery_needed, allow_quantity_edit, merchant_product_id, integration_ids, created_by, created_at)
    select md5('bench-product-' || g), ${merchantId}, g % 10 <> 0, 'Bench product ' || g, 'A product', 1000 + g,
      'EGP', g % 25, false, true, 'BP-' || g,
      array[case when g % 10 <> 0 then ${ig.card}::bigint else ${ig.cardTest}::bigint end], 'bench',
      now() - g * interval '1 hour'
    from generate_series(1, ${PRODUCTS}::int) g`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return (performance.now() - started) / 1000;
}

function bulkCsv(run: string, integrationId: number): string {
  const rows = Array.from({ length: 500 }, (_, i) => {
    const v: Record<string, string> = {
      full_name: "Hana Samir",
      phone_number: "+201005550000",
      email: `client${i}@example.com`,
      merchant_order_id: `${run}-${i}`,
      order_name: "Monthly service",
      order_description: "Bench row",
      amount: `${100 + i}.50`,
      currency: "EGP",
      integration_id: String(integrationId),
      delivery_needed: "no",
      expiry_date: "",
      expiry_hour: "",
      send_email: "no",
      send_sms: "no",
    };
    return BULK_COLUMNS.map((c) => v[c]).join(",");
  });
  return [BULK_COLUMNS.join(","), ...rows].join("\r\n");
}

type Timing = { p50: number; p95: number; max: number; n: number };

function seedFigure(
  seconds: number | null,
  now: Date,
): { seed_seconds: number | null; seed_measured: string | null } {
  if (seconds !== null) return { seed_seconds: round(seconds), seed_measured: now.toISOString() };
  const file = path.join(here, "results", "selling.json");
  if (!fs.existsSync(file)) return { seed_seconds: null, seed_measured: null };
  const previous = JSON.parse(fs.readFileSync(file, "utf8")) as {
    seed_seconds?: number;
    seed_measured?: string;
  };
  return { seed_seconds: previous.seed_seconds ?? null, seed_measured: previous.seed_measured ?? null };
}
const timing = (times: number[]): Timing => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted[sorted.length - 1] ?? 0),
    n: sorted.length,
  };
};

export async function run(): Promise<void> {
  const loadAtStart = loadAverage();
  const now = new Date();
  const { url, fresh } = await benchDatabase(DB_NAME, process.env.BENCH_KEEP_DB === "1");
  const db = await openPostgres(url, 60);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-selling-"));
  let seedSeconds: number | null = null;
  try {
    await migrateToLatest(db.db);
    const bench = await ensureBenchMerchant(db.db, Buffer.alloc(32, 7), now);
    const merchantId = bench.merchantId;
    const ig = { card: bench.integrations.card, cardTest: bench.integrations.cardTest };
    if (fresh) seedSeconds = await seed(db.db, merchantId, ig);
    if (seedSeconds !== null) console.log(`Seeded in ${seedSeconds.toFixed(1)} s.`);
    const counts = await sql<{ invoices: string; links: string; products: string }>`
      select (select count(*) from payment_links where merchant_id = ${merchantId} and kind = 'invoice')::text as invoices,
        (select count(*) from payment_links where merchant_id = ${merchantId} and kind = 'link')::text as links,
        (select count(*) from products where merchant_id = ${merchantId})::text as products`.execute(db.db);

    const config = loadConfig({ SERVE_WEB: "false", DATA_DIR: dataDir, DEMO_DATA: "false" });
    const app = await buildApp({ config, database: db }, { logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const loadBeforeViews = loadAverage();
    const views: Record<string, (Timing & { count: number }) | { not_measured: string }> = {};
    const bulk: Record<string, unknown> = {};
    let race: Record<string, unknown> = {};
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: BENCH_USERNAME, password: DEMO_PASSWORD }),
      });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const get = async (pathAndQuery: string) => {
        const started = performance.now();
        const response = await fetch(`${base}${pathAndQuery}`, { headers });
        const body = await response.text();
        return { ms: performance.now() - started, status: response.status, body };
      };
      const list: Record<string, string> = {
        "invoices: no filter": "/api/invoices",
        "invoices: paid": "/api/invoices?status=paid",
        "invoices: unpaid": "/api/invoices?status=unpaid",
        "invoices: search merchant invoice id": "/api/invoices?search=BINV-4242",
        "invoices: search client name": "/api/invoices?search=Client%2042",
        "invoices: search nothing found": "/api/invoices?search=zz-none",
        "invoices: test mode": "/api/invoices?is_live=false",
        "invoices: page 50": "/api/invoices?page=50",
        "payment links: no filter": "/api/payment-links",
        "payment links: paid": "/api/payment-links?status=paid",
        "payment links: unpaid": "/api/payment-links?status=unpaid",
        "payment links: canceled": "/api/payment-links?status=canceled",
        "payment links: expired": "/api/payment-links?status=expired",
        "payment links: search reference": "/api/payment-links?search=BLNK-4242",
        "payment links: search client": "/api/payment-links?search=Client%2042",
        "payment links: test mode": "/api/payment-links?is_live=false",
        "products: no filter": "/api/products",
        "products: search name": "/api/products?search=Bench%20product%20424",
        "products: search merchant product id": "/api/products?search=BP-4242",
        "products: sold out": "/api/products?sold_out=true",
        "products: test mode": "/api/products?is_live=false",
      };
      for (const [name, pathAndQuery] of Object.entries(list)) {
        const first = await get(pathAndQuery);
        if (first.status === 404) {
          views[name] = { not_measured: "the route is not there (404)" };
          console.log(`${name.padEnd(44)} not measured (404)`);
          continue;
        }
        if (first.status !== 200)
          throw new Error(`${pathAndQuery}: ${first.status} ${first.body.slice(0, 200)}`);
        for (let i = 0; i < 2; i++) await get(pathAndQuery);
        const times: number[] = [];
        let body = first.body;
        for (let i = 0; i < REQUESTS; i++) {
          const r = await get(pathAndQuery);
          times.push(r.ms);
          body = r.body;
        }
        const t = timing(times);
        views[name] = { ...t, count: (JSON.parse(body) as { count?: number }).count ?? -1 };
        console.log(
          `${name.padEnd(44)} p50 ${t.p50} ms  p95 ${t.p95} ms  (count ${(views[name] as { count: number }).count})`,
        );
      }

      // Bulk: a 500-row CSV, previewed then submitted (fresh ids every run).
      const previewMs: number[] = [];
      const submitMs: number[] = [];
      for (let r = 0; r < BULK_RUNS; r++) {
        const csv = bulkCsv(`BULK${Date.now().toString(36)}${r}`, ig.card);
        let started = performance.now();
        const preview = await fetch(`${base}/api/bulk-invoices/preview`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({
            file_name: "bench.csv",
            content_base64: Buffer.from(csv).toString("base64"),
            is_live: true,
          }),
        });
        const upload = (await preview.json()) as { id: number; counts: { valid: number } };
        previewMs.push(performance.now() - started);
        if (preview.status !== 201 || upload.counts.valid !== 500)
          throw new Error(`bulk preview: ${preview.status} ${JSON.stringify(upload).slice(0, 300)}`);
        started = performance.now();
        const submit = await fetch(`${base}/api/bulk-invoices/${upload.id}/submit`, {
          method: "POST",
          headers,
        });
        const done = (await submit.json()) as { counts: { created: number } };
        submitMs.push(performance.now() - started);
        if (submit.status !== 200 || done.counts.created !== 500)
          throw new Error(`bulk submit: ${submit.status} ${JSON.stringify(done).slice(0, 300)}`);
      }
      bulk.rows = 500;
      bulk.preview_ms = timing(previewMs);
      bulk.submit_ms = timing(submitMs);
      console.log(
        `bulk 500 rows: preview max ${round(Math.max(...previewMs))} ms, submit max ${round(Math.max(...submitMs))} ms`,
      );

      // 50 concurrent purchases of a product with 10 left, then the held ones pay by card.
      const created = await fetch(`${base}/api/products`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({
          name: `Limited ${Date.now().toString(36)}`,
          description: "Ten left",
          price_cents: 25_000,
          currency: "EGP",
          inventory: 10,
          delivery_needed: false,
          allow_quantity_edit: false,
          merchant_product_id: null,
          integration_ids: [ig.card],
          is_live: true,
        }),
      });
      if (created.status === 404) race = { not_measured: "the products route is not there (404)" };
      else {
        const product = (await created.json()) as { id: number; public_id: string };
        if (created.status !== 201) throw new Error(`product: ${created.status} ${JSON.stringify(product)}`);
        const started = performance.now();
        const purchases = await Promise.all(
          Array.from({ length: 50 }, async () => {
            const res = await fetch(`${base}/api/checkout/products/${product.public_id}/purchase`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ quantity: 1, integration_id: ig.card }),
            });
            return {
              status: res.status,
              body: (await res.json()) as { payment_token?: string; code?: string },
            };
          }),
        );
        const held = purchases.filter((p) => p.status === 201);
        const payments = await Promise.all(
          held.map(async (p) => {
            const res = await fetch(`${base}/api/checkout/card`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                payment_token: p.body.payment_token,
                card_holder: "Test Account",
                pan: "5123456789012346",
                expiry_month: 1,
                expiry_year: 39,
                cvv: "123",
              }),
            });
            return (await res.json()) as { transaction?: { success?: boolean } };
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const row = await db.db
          .selectFrom("products")
          .select("inventory")
          .where("id", "=", product.id)
          .executeTakeFirstOrThrow();
        const refusals: Record<string, number> = {};
        for (const p of purchases.filter((x) => x.status !== 201)) {
          const key = `${p.status} ${p.body.code ?? ""}`.trim();
          refusals[key] = (refusals[key] ?? 0) + 1;
        }
        race = {
          purchases: 50,
          inventory_before: 10,
          held: held.length,
          paid: payments.filter((p) => p.transaction?.success === true).length,
          inventory_after: Number(row.inventory),
          refused: refusals,
          seconds: round(seconds),
          sold_exactly_10: held.length === 10 && Number(row.inventory) === 0,
        };
        console.log(`race: ${JSON.stringify(race)}`);
      }
    } finally {
      await app.close().catch(() => undefined);
    }

    const measured = Object.values(views).filter((v): v is Timing & { count: number } => "p95" in v);
    const out = {
      when: now.toISOString(),
      database: "PostgreSQL (local)",
      merchant: {
        invoices: Number(counts.rows[0]!.invoices),
        payment_links: Number(counts.rows[0]!.links),
        products: Number(counts.rows[0]!.products),
      },
      // A kept database (BENCH_KEEP_DB=1) keeps the seeding figure of the run that seeded it.
      ...seedFigure(seedSeconds, now),
      requests_per_view: REQUESTS,
      load_average_1_5_15: { start: loadAtStart, before_views: loadBeforeViews, end: loadAverage() },
      cpus: os.cpus().length,
      targets: { first_page_p95_ms: 100, bulk_preview_ms: 1000, bulk_submit_ms: 3000, race_sold: 10 },
      met: {
        lists: measured.length > 0 && measured.every((v) => v.p95 < 100),
        bulk_preview: Boolean(bulk.preview_ms) && (bulk.preview_ms as Timing).max < 1000,
        bulk_submit: Boolean(bulk.submit_ms) && (bulk.submit_ms as Timing).max < 3000,
        race: race.sold_exactly_10 === true,
      },
      views,
      bulk,
      race,
    };
    const file = path.join(here, "results", "selling.json");
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
