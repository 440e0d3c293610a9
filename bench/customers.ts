import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { hashPassword } from "../apps/server/src/security/passwords.ts";
import { benchDatabase, percentile } from "./_support.ts";

/**
 * Customers on PostgreSQL (issue 18 item 8, docs/settings.md "Customers"): one merchant with BENCH_CUSTOMERS
 * (default 200,000) customers and BENCH_TRANSACTIONS (default 600,000) of their transactions over a year, and a
 * second merchant with a quarter as many (so every query must keep to its merchant), seeded set-based in a fresh
 * database with the transactions' triggers off, then customers_rebuild() links and recounts them (the totals the
 * payments keep, migration 0033). Then, over HTTP to the real app with the merchant's bearer token, one request
 * at a time: p95 of the customers list's first page with no filter and with each kind of search (a common and a
 * rare name start, an e-mail start, a phone start, an id, no match), a deep page, a customer's details and
 * transactions. Target: the first page with a filter p95 < 100 ms.
 *
 * Then the payment path's share: BENCH_INSERTS single-row payment INSERTs (each its own statement, as the card
 * path writes them) of returning customers and of new ones, with the customer trigger on and off, alternating in
 * rounds, so the cost the trigger adds to a payment is measured on the same machine in the same minutes.
 *
 * Environment: BENCH_PG_URL, BENCH_CUSTOMERS, BENCH_TRANSACTIONS, BENCH_REQUESTS (per view, 40),
 * BENCH_INSERTS (per kind and round, 500), BENCH_KEEP_DB=1 (reuse portal_bench_customers when it exists).
 * The machine's load average is recorded (it is shared).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 600_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 500);
const DB_NAME = "portal_bench_customers";
const USERNAME = "bench.customers";
const PASSWORD = "Bench@2026x";
const TARGETS = { filtered_first_page_p95_ms: 100 };
const round = (v: number) => Math.round(v * 10) / 10;

const FIRST = [
  "Ahmed",
  "Mohamed",
  "Mona",
  "Sara",
  "Omar",
  "Laila",
  "Youssef",
  "Nour",
  "Karim",
  "Huda",
  "Tarek",
  "Salma",
];
const LAST = ["Hassan", "Adel", "Fathy", "Samir", "Nabil", "Mostafa", "Ibrahim", "Saleh", "Zaki", "Farouk"];
const ARABIC_FIRST = ["أحمد", "محمد", "منى", "سارة", "عمر", "ليلى"];
const ARABIC_LAST = ["حسن", "عادل", "فتحي", "سمير"];

/** The customers and their transactions of one merchant, set-based (triggers off meanwhile). */
async function seedMerchant(
  db: Parameters<typeof migrateToLatest>[0],
  merchantId: number,
  customers: number,
  transactions: number,
  tag: string,
): Promise<void> {
  const first = `(array[${FIRST.map((n) => `'${n}'`).join(",")}])`;
  const last = `(array[${LAST.map((n) => `'${n}'`).join(",")}])`;
  const arFirst = `(array[${ARABIC_FIRST.map((n) => `'${n}'`).join(",")}])`;
  const arLast = `(array[${ARABIC_LAST.map((n) => `'${n}'`).join(",")}])`;
  // One name in ten is Arabic; the e-mail is made from the Latin name and the number, the phone from the number.
  await sql
    .raw(`insert into customers (merchant_id, name, email, phone, points, created_at)
    select ${merchantId},
      case when g % 10 = 0 then ${arFirst}[1 + g % ${ARABIC_FIRST.length}] || ' ' || ${arLast}[1 + (g / 7) % ${ARABIC_LAST.length}]
        else ${first}[1 + g % ${FIRST.length}] || ' ' || ${last}[1 + (g / 13) % ${LAST.length}] end,
      lower(${first}[1 + g % ${FIRST.length}] || '.' || ${last}[1 + (g / 13) % ${LAST.length}]) || '.' || g || '@${tag}.example.com',
      '+2010' || lpad(g::text, 8, '0'),
      (g * 37) % 600,
      now() - interval '400 days' + (g % 1000) * interval '1 minute'
    from generate_series(1, ${customers}) g`)
    .execute(db);
  const batch = 200_000;
  for (let done = 0; done < transactions; done += batch) {
    const n = Math.min(batch, transactions - done);
    await sql
      .raw(`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
        origin, card_first6, card_last4, card_scheme, customer_id, customer_name, customer_email, customer_phone, data,
        created_at, updated_at)
      select ${merchantId}, g % 10 <> 0, 1000 + (g * 37) % 500000, 'EGP',
        case when g % 20 < 16 then 'success' when g % 20 < 19 then 'declined' else 'pending' end,
        'VPC', 'standalone', 'IFRAME', '512345', lpad(((g * 7) % 10000)::text, 4, '0'), 'MasterCard',
        c.id, c.name, c.email, c.phone, '{}'::jsonb, t.at, t.at
      from generate_series(${done + 1}::bigint, ${done + n}::bigint) g
      cross join (select min(id) as first from customers where merchant_id = ${merchantId}) f
      join customers c on c.id = f.first + ((g * 7919) % ${customers})
      cross join lateral (select now() - (g % 525600) * interval '1 minute' as at) t`)
      .execute(db);
    process.stdout.write(`  ${tag}: ${(done + n).toLocaleString("en")} transactions\r`);
  }
}

export async function run(): Promise<void> {
  const { url, fresh } = await benchDatabase(DB_NAME, process.env.BENCH_KEEP_DB === "1");
  const database = await openPostgres(url);
  const db = database.db;
  const seed: Record<string, number> = {};
  try {
    await migrateToLatest(db);
    let merchantId: number;
    if (fresh) {
      let started = Date.now();
      const merchant = await db
        .insertInto("merchants")
        .values({ company_name: "Bench Customers Store", country: "EGY", is_live: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      merchantId = merchant.id;
      const neighbour = await db
        .insertInto("merchants")
        .values({ company_name: "Bench Neighbour Store", country: "EGY", is_live: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("users")
        .values({
          username: USERNAME,
          email: "bench.customers@example.com",
          password_hash: await hashPassword(PASSWORD),
          profile_type: "Merchant",
          merchant_id: merchantId,
          country: "EGY",
          permissions: [],
        })
        .execute();
      await sql.raw("alter table transactions disable trigger user").execute(db);
      await sql.raw("alter table customers disable trigger user").execute(db);
      try {
        await seedMerchant(db, merchantId, CUSTOMERS, TRANSACTIONS, "m1");
        await seedMerchant(db, neighbour.id, Math.round(CUSTOMERS / 4), Math.round(TRANSACTIONS / 4), "m2");
      } finally {
        await sql.raw("alter table transactions enable trigger user").execute(db);
        await sql.raw("alter table customers enable trigger user").execute(db);
      }
      seed.customers_and_transactions_s = round((Date.now() - started) / 1000);
      console.log(`\nSeeded customers and transactions in ${seed.customers_and_transactions_s} s.`);
      started = Date.now();
      await sql`select customers_rebuild(null)`.execute(db);
      seed.customers_rebuild_s = round((Date.now() - started) / 1000);
      started = Date.now();
      // As autovacuum leaves a running database: visibility map set, so counts can read the indexes only.
      await sql`vacuum analyze`.execute(db);
      seed.analyze_s = round((Date.now() - started) / 1000);
      console.log(`Customers recounted in ${seed.customers_rebuild_s} s, analyzed in ${seed.analyze_s} s.`);
    } else {
      merchantId = Number(
        (
          await sql<{ id: string }>`select merchant_id as id from users where username = ${USERNAME}`.execute(
            db,
          )
        ).rows[0]!.id,
      );
    }
    // The recount must equal what the rows say (a sample: the rebuild is what the payments' trigger keeps).
    const check = await sql<{ bad: string }>`select count(*) as bad from (select c.id, c.total_transactions,
        (select count(*) from transactions t where t.customer_id = c.id) as n
      from customers c where c.merchant_id = ${merchantId} order by c.id limit 2000) x
      where x.total_transactions <> x.n`.execute(db);
    const recountMismatches = Number(check.rows[0]?.bad ?? 0);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-customers-"));
    const app = await buildApp(
      { config: loadConfig({ SERVE_WEB: "false", DATA_DIR: dataDir, DEMO_DATA: "false" }), database },
      { logger: false },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const some = (
        await sql<{ id: string; email: string; phone: string }>`select id, email, phone from customers
          where merchant_id = ${merchantId} order by id offset ${Math.floor(CUSTOMERS / 3)} limit 1`.execute(
          db,
        )
      ).rows[0]!;
      const views: Record<string, string> = {
        "first page, no filter": "/api/customers",
        "first page, name 'mo' (common)": "/api/customers?search=mo",
        "first page, name 'laila zaki'": `/api/customers?search=${encodeURIComponent("laila zaki")}`,
        "first page, Arabic name 'منى'": `/api/customers?search=${encodeURIComponent("منى")}`,
        "first page, e-mail start": `/api/customers?search=${encodeURIComponent(some.email.slice(0, 14))}`,
        "first page, whole e-mail": `/api/customers?search=${encodeURIComponent(some.email)}`,
        "first page, phone start": `/api/customers?search=${encodeURIComponent(some.phone.slice(0, 10))}`,
        "first page, id": `/api/customers?search=${some.id}`,
        "first page, no match": "/api/customers?search=zzzz",
        "page 100, no filter": "/api/customers?page=100&page_size=25",
        details: `/api/customers/${some.id}`,
        "details' transactions": `/api/customers/${some.id}/transactions`,
      };
      const results: Record<string, { p50_ms: number; p95_ms: number; max_ms: number; count: number }> = {};
      for (const [label, pathname] of Object.entries(views)) {
        const times: number[] = [];
        let count = 0;
        for (let i = 0; i < REQUESTS + 3; i++) {
          const started = performance.now();
          const res = await fetch(`${base}${pathname}`, { headers });
          const body = (await res.json()) as { count?: number };
          if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
          count = body.count ?? 1;
          if (i >= 3) times.push(performance.now() - started); // the first three warm the caches
        }
        times.sort((a, b) => a - b);
        results[label] = {
          p50_ms: round(percentile(times, 50)),
          p95_ms: round(percentile(times, 95)),
          max_ms: round(times[times.length - 1]!),
          count,
        };
        console.log(
          `${label.padEnd(34)} p50 ${results[label].p50_ms} ms  p95 ${results[label].p95_ms} ms  (${count} rows)`,
        );
      }
      const filteredP95 = Math.max(
        ...Object.entries(results)
          .filter(([k]) => k.startsWith("first page,") && k !== "first page, no filter")
          .map(([, v]) => v.p95_ms),
      );

      // The payment path: single-row INSERTs with the customer trigger on and off, in alternating rounds.
      const insertOne = (email: string) =>
        sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type, trnx_type,
            origin, card_first6, card_last4, card_scheme, customer_name, customer_email, customer_phone)
          values (${merchantId}, false, 10000, 'EGP', 'success', 'VPC', 'standalone', 'IFRAME', '512345', '2346',
            'MasterCard', 'Bench Customer', ${email}, '+201000000000')`.execute(db);
      const perInsert: Record<string, number[]> = {
        "returning customer, trigger on": [],
        "returning customer, trigger off": [],
        "new customer, trigger on": [],
        "new customer, trigger off": [],
      };
      let fresh_ = 0;
      for (let roundNo = 0; roundNo < 4; roundNo++) {
        for (const on of roundNo % 2 === 0 ? [true, false] : [false, true]) {
          if (!on) await sql.raw("alter table transactions disable trigger customers_link").execute(db);
          try {
            for (const kind of ["returning", "new"] as const) {
              const started = performance.now();
              for (let i = 0; i < INSERTS; i++)
                await insertOne(
                  kind === "returning" ? some.email : `new.${roundNo}.${fresh_++}@bench.example.com`,
                );
              perInsert[`${kind} customer, trigger ${on ? "on" : "off"}`]!.push(
                (performance.now() - started) / INSERTS,
              );
            }
          } finally {
            if (!on) await sql.raw("alter table transactions enable trigger customers_link").execute(db);
          }
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const insertMs = Object.fromEntries(
        Object.entries(perInsert).map(([k, v]) => [k, Math.round(median(v) * 1000) / 1000]),
      );
      for (const [k, v] of Object.entries(insertMs)) console.log(`payment INSERT, ${k.padEnd(32)} ${v} ms`);

      const out = {
        measured_at: new Date().toISOString(),
        customers: CUSTOMERS,
        transactions: TRANSACTIONS,
        neighbour_customers: Math.round(CUSTOMERS / 4),
        requests_per_view: REQUESTS,
        load_average: os.loadavg().map((v) => Math.round(v * 100) / 100),
        cpus: os.cpus().length,
        seed_seconds: fresh ? seed : "reused database",
        recount_mismatches_in_2000: recountMismatches,
        targets: TARGETS,
        filtered_first_page_worst_p95_ms: filteredP95,
        met: filteredP95 < TARGETS.filtered_first_page_p95_ms,
        views: results,
        payment_insert_ms_median_of_4_rounds: insertMs,
        inserts_per_kind_and_round: INSERTS,
      };
      fs.mkdirSync(path.join(here, "results"), { recursive: true });
      fs.writeFileSync(path.join(here, "results", "customers.json"), `${JSON.stringify(out, null, 2)}\n`);
      console.log(`filtered first page worst p95 ${filteredP95} ms: ${out.met ? "met" : "NOT met"}`);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await database.close().catch(() => undefined);
  }
}
