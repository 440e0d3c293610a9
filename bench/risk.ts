import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { riskSubjects } from "../apps/server/src/risk/risk.check.ts";
import { riskCheck } from "../apps/server/src/risk/risk.repository.ts";
import { benchDatabase, percentile } from "./_support.ts";

/**
 * The risk check's cost (issue 14 item 7, docs/pos-risk.md "Risk"): one merchant with BENCH_RISK_RULES (100) rules
 * and BENCH_RISK_ENTRIES (100,000) blacklist and whitelist entries (cards, e-mails, phones, IP ranges), on
 * PostgreSQL. Then BENCH_RISK_CHECKS (3,000) checks one at a time, as a payment runs it (one statement, a prepared
 * statement over one connection), each with its own card, e-mail, phone and IP so the velocity counters spread as
 * real customers' would; the p50/p95/p99 of the statement is what the check adds to a payment (a merchant without
 * rules runs none: `merchants.risk_active`). Also written: `seedRiskMerchant`, used by `BENCH_RISK=1 npm run bench
 * -- payments`. The machine's load average is recorded (it is shared).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const RULES = Number(process.env.BENCH_RISK_RULES ?? 100);
const ENTRIES = Number(process.env.BENCH_RISK_ENTRIES ?? 100_000);
const CHECKS = Number(process.env.BENCH_RISK_CHECKS ?? 3000);
const DB_NAME = "portal_bench_risk";
const TARGET_P95_MS = 1;

/**
 * Gives the merchant RULES rules that let the benchmark's payments through (EGP sandbox card, 100.00 EGP) but are
 * all evaluated: amounts in EGP far from 10000 and in other currencies, velocity by e-mail and phone with high
 * limits, 3-D Secure above a high amount, an allowed-countries list holding EG; and ENTRIES list entries.
 */
export async function seedRiskMerchant(db: Kysely<DB>, merchantId: number, rules = RULES, entries = ENTRIES) {
  const currencies = ["EGP", "USD", "AED", "SAR", "OMR", "PKR"];
  const values = [];
  for (let i = 0; i < rules; i++) {
    const currency = currencies[i % currencies.length]!;
    const k = i % 5;
    if (k === 0) values.push({ kind: "max_amount" as const, currency, amount_cents: 10_000_000 + i });
    else if (k === 1) values.push({ kind: "min_amount" as const, currency, amount_cents: 100 + i });
    else if (k === 2)
      values.push({
        kind: "velocity" as const,
        subject: i % 2 === 0 ? ("email" as const) : ("phone" as const),
        max_payments: 1_000_000,
        window_seconds: 3600 + i,
      });
    else if (k === 3) values.push({ kind: "three_ds" as const, currency, amount_cents: 50_000_000 + i });
    else values.push({ kind: "countries" as const, countries: ["EG", "US", "AE", "SA"] });
  }
  await db
    .insertInto("risk_rules")
    .values(values.map((v) => ({ merchant_id: merchantId, ...v })))
    .execute();
  // Set-based: cards as random keyed hashes (64 hex), e-mails, phones and IP ranges, half on each list for cards.
  await sql`insert into risk_list_entries (merchant_id, list, kind, value_key, label, card_first6, card_last4)
    select ${merchantId}, case when g % 10 = 0 then 'white' else 'black' end, kinds.kind,
      case kinds.kind when 'card' then encode(sha256(('card' || g)::bytea), 'hex')
        when 'email' then 'bench' || g || '@fraud.example'
        when 'phone' then '2010' || lpad(g::text, 8, '0')
        else ((g >> 16) % 224 + 1) || '.' || ((g >> 8) % 256) || '.' || (g % 256) || '.0/24' end,
      'bench ' || g, case when kinds.kind = 'card' then '400000' end, case when kinds.kind = 'card' then lpad((g % 10000)::text, 4, '0') end
    from generate_series(1, ${entries}) g
    cross join lateral (select case when g % 10 < 7 then 'card' when g % 10 = 7 then 'email'
      when g % 10 = 8 then 'phone' else 'ip' end as kind) kinds
    on conflict do nothing`.execute(db);
  await db.updateTable("merchants").set({ risk_active: true }).where("id", "=", merchantId).execute();
  await sql`analyze risk_list_entries`.execute(db);
  await sql`analyze risk_rules`.execute(db);
}

export async function run(): Promise<void> {
  const { url } = await benchDatabase(DB_NAME, false);
  const database = await openPostgres(url, 2);
  const db = database.db;
  await migrateToLatest(db);
  const merchant = await db
    .insertInto("merchants")
    .values({ company_name: "Bench Risk", country: "EGY", phones: JSON.stringify([]) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const t0 = performance.now();
  await seedRiskMerchant(db, merchant.id);
  const seedSeconds = (performance.now() - t0) / 1000;
  const dataKey = randomBytes(32);
  const times: number[] = [];
  const baseline: number[] = [];
  let declined = 0;
  // Alternating: the check, then the cheapest statement a payment could make instead (select 1), the same way.
  for (let i = 0; i < CHECKS + 200; i++) {
    const subjects = riskSubjects(dataKey, {
      merchantId: merchant.id,
      amountCents: 10000,
      currency: "EGP",
      pan: `5123456789${String(100000 + i).slice(-6)}`,
      first6: "512345",
      email: `customer${i}@example.com`,
      phone: `+2010${String(i).padStart(8, "0")}`,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      secure: true,
      now: new Date(),
    });
    let t = performance.now();
    const v = await riskCheck(db, subjects);
    const ms = performance.now() - t;
    t = performance.now();
    await sql`select 1`.execute(db);
    const base = performance.now() - t;
    if (i < 200) continue; // warm-up: plans and caches
    times.push(ms);
    baseline.push(base);
    if (v.black_id !== null || v.rule_id !== null || v.velocity_rule_id !== null) declined++;
  }
  times.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const results = {
    benchmark: "risk",
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, load_average: os.loadavg().map((l) => Math.round(l * 100) / 100) },
    setup: { rules: RULES, entries: ENTRIES, checks: CHECKS, seed_seconds: round(seedSeconds) },
    check_ms: {
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
    },
    round_trip_ms: {
      p50: round(percentile(baseline, 50)),
      p95: round(percentile(baseline, 95)),
      p99: round(percentile(baseline, 99)),
    },
    declined,
    target: { check_p95_ms: TARGET_P95_MS, met: percentile(times, 95) < TARGET_P95_MS },
    note: "check_ms is the whole statement a payment of a merchant with rules adds (round trip included); round_trip_ms is select 1 measured the same way, alternating, for the machine's floor. A merchant without rules adds nothing (no statement).",
  };
  console.log(JSON.stringify(results, null, 2));
  fs.writeFileSync(path.join(here, "results", "risk.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote bench/results/risk.json");
  await database.close();
}
