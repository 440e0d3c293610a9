import { MERCHANT_PERMISSIONS } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { issueMerchantKeys } from "../security/keys.ts";
import { hashPassword } from "../security/passwords.ts";
import { DAY_MS, HISTORY_DAYS } from "./activity.ts";
import type { DemoCredentials, DemoMerchantCredentials } from "./generate.ts";
import { DEMO_PASSWORD } from "./world.ts";

/**
 * Bulk seeding for benchmarks: one big Egyptian merchant ("merchant.bench") and N transactions written by
 * set-based SQL (insert ... select from generate_series), one month per statement, with pseudo-random values
 * from hashint8extended(row, salt). Nothing crosses the wire per row, so a million rows take a minute or two.
 * The same seed and `now` give the same rows; ids come from the sequences, so runs add up.
 */

export const BENCH_USERNAME = "merchant.bench";
const BENCH_MERCHANT = "Bench Mart";

export interface BulkProgress {
  month: string;
  /** Payments of this month. */
  transactions: number;
  /** Transaction rows written so far, refunds included. */
  totalTransactions: number;
  elapsedMs: number;
}

export interface BulkSeedOptions {
  transactions: number;
  now?: Date;
  seed?: number;
  onProgress?: (p: BulkProgress) => void;
}

export interface BulkSeedResult {
  merchantId: number;
  payments: number;
  refunds: number;
  orders: number;
  customers: number;
  elapsedMs: number;
}

interface BenchIntegrations {
  card: number;
  cardTest: number;
  wallet: number;
  kiosk: number;
  valu: number;
}

const INTEGRATIONS = [
  { key: "card", name: "Online Card EGP - Live", type: "online", gateway_type: "VPC", is_live: true },
  { key: "cardTest", name: "Online Card EGP - Test", type: "online", gateway_type: "VPC", is_live: false },
  { key: "wallet", name: "Mobile Wallets - Live", type: "vodafone", gateway_type: "UIG", is_live: true },
  { key: "kiosk", name: "Accept Kiosk - Live", type: "cash", gateway_type: "CAGG", is_live: true },
  { key: "valu", name: "valU - Live", type: "installments", gateway_type: "VALU", is_live: true },
] as const;

export interface BenchMerchant {
  merchantId: number;
  integrations: BenchIntegrations;
  /** True when the merchant was created by this call. */
  created: boolean;
  /** Plaintext keys when they were issued by this call (they are stored hashed). */
  credentials?: DemoCredentials;
}

/**
 * Finds the bench merchant or creates it with its owner, integrations and keys, in one transaction.
 * `reissueKeys` gives an existing bench merchant new keys (the old ones are revoked), for a lost credentials file.
 */
export async function ensureBenchMerchant(
  db: Kysely<DB>,
  dataKey: Buffer,
  now: Date,
  opts: { reissueKeys?: boolean } = {},
): Promise<BenchMerchant> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("users")
      .select("merchant_id")
      .where(sql`lower(username)`, "=", BENCH_USERNAME)
      .executeTakeFirst();
    let merchantId: number;
    let created = false;
    if (existing?.merchant_id) {
      merchantId = existing.merchant_id;
    } else {
      merchantId = await createBenchMerchant(trx, now);
      created = true;
    }
    const rows = await trx
      .selectFrom("integrations")
      .select(["id", "name", "type", "gateway_type", "currency", "is_live"])
      .where("merchant_id", "=", merchantId)
      .orderBy("id")
      .execute();
    const integrations = Object.fromEntries(
      INTEGRATIONS.map((i) => [i.key, rows.find((r) => r.name === i.name)?.id ?? rows[0]!.id]),
    ) as unknown as BenchIntegrations;
    if (!created && !opts.reissueKeys) return { merchantId, integrations, created };
    const keys = await issueMerchantKeys(trx, merchantId, { country: "EGY", dataKey, now });
    const entry: DemoMerchantCredentials = {
      merchant_id: merchantId,
      company_name: BENCH_MERCHANT,
      country: "EGY",
      api_key: keys.apiKey,
      secret_key_test: keys.secretKeyTest,
      secret_key_live: keys.secretKeyLive,
      public_key_test: keys.publicKeyTest,
      public_key_live: keys.publicKeyLive,
      hmac_secret: keys.hmacSecret,
      integrations: rows,
    };
    const credentials: DemoCredentials = {
      generated_at: now.toISOString(),
      accounts: [
        { username: BENCH_USERNAME, password: DEMO_PASSWORD, profile_type: "Merchant", country: "EGY" },
      ],
      merchants: [entry],
    };
    return { merchantId, integrations, created, credentials };
  });
}

async function createBenchMerchant(db: Kysely<DB>, now: Date): Promise<number> {
  const created = new Date(now.getTime() - 420 * DAY_MS);
  const merchant = await db
    .insertInto("merchants")
    .values({
      company_name: BENCH_MERCHANT,
      country: "EGY",
      bank_id: null,
      partner_id: null,
      sector: "Retail",
      sales_owner: "Bench",
      phones: JSON.stringify(["+201000000000"]),
      emails: JSON.stringify(["bench@example.com"]),
      filled_business_data: true,
      payout_enabled: true,
      payout_terms: true,
      logo_url: null,
      bank_merchant_status: "approved",
      digital_status: "approved",
      is_live: true,
      live_date: created,
      mcc: "5311",
      hmac_secret_enc: null,
      created_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("users")
    .values({
      username: BENCH_USERNAME,
      email: `${BENCH_USERNAME}@example.com`,
      first_name: "Bench",
      last_name: "Owner",
      password_hash: await hashPassword(DEMO_PASSWORD),
      profile_type: "Merchant",
      merchant_id: merchant.id,
      bank_id: null,
      partner_id: null,
      terminal_id: null,
      country: "EGY",
      permissions: [...MERCHANT_PERMISSIONS],
      portal_config: null,
      date_joined: created,
      last_login_at: null,
    })
    .execute();
  await db
    .insertInto("integrations")
    .values(
      INTEGRATIONS.map((i) => ({
        merchant_id: merchant.id,
        name: i.name,
        type: i.type,
        gateway_type: i.gateway_type,
        currency: "EGP",
        is_live: i.is_live,
        created_at: created,
      })),
    )
    .execute();
  return merchant.id;
}

/** Inlines a number computed here (never user text) as a literal, so PostgreSQL types it from the context. */
function n(value: number) {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return sql.raw(String(value));
}

/** Reserves `count` consecutive ids from a table's sequence and returns the first. */
async function reserveIds(db: Kysely<DB>, table: string, count: number): Promise<number> {
  if (count <= 0) return 0;
  const seq = sql`pg_get_serial_sequence(${table}, 'id')`;
  const { rows } = await sql<{
    last: string | number;
  }>`select setval(${seq}, nextval(${seq}) + ${count - 1}) as last`.execute(db);
  return Number(rows[0]!.last) - count + 1;
}

/**
 * Where payment i of n falls in [0, 1) of the history: business grows from 45% to 100% of its final daily
 * volume, so the density is linear and its inverse CDF a square root.
 */
function position(u: number): number {
  const a = 0.275;
  const b = 0.45;
  return (-b + Math.sqrt(b * b + 4 * a * 0.725 * u)) / (2 * a);
}

function inversePosition(x: number): number {
  return (0.45 * x + 0.275 * x * x) / 0.725;
}

// Hours of the day by weight, expanded into a 100-entry table the SQL indexes with a hash.
const HOUR_TABLE = (() => {
  const weights = [2, 1, 0.6, 0.4, 0.3, 0.3, 0.5, 1, 2, 3, 4, 5, 6, 6, 5.5, 5, 5, 5.5, 6, 7, 7.5, 7, 5, 3.5];
  const total = weights.reduce((a, b) => a + b, 0);
  const table: number[] = [];
  let acc = 0;
  weights.forEach((w, h) => {
    acc += (w / total) * 100;
    while (table.length < Math.min(100, Math.round(acc))) table.push(h);
  });
  while (table.length < 100) table.push(23);
  return table;
})();

/** Adds `options.transactions` transaction rows (and their orders and customers) to the bench merchant. */
export async function bulkSeed(
  db: Kysely<DB>,
  bench: BenchMerchant,
  options: BulkSeedOptions,
): Promise<BulkSeedResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const seed = options.seed ?? 1;
  const total = Math.max(0, Math.floor(options.transactions));
  // About 3% of the rows are refunds of earlier payments; the rest are payments, each with its own order.
  const refunds = Math.floor(total * 0.03);
  const payments = total - refunds;
  const refundStep = refunds > 0 ? Math.floor(payments / refunds) : 0;
  const customers = Math.max(100, Math.min(200_000, Math.round(payments / 20)));

  const { merchantId, integrations: ig } = bench;
  const orderBase = await reserveIds(db, "orders", payments);
  const txBase = await reserveIds(db, "transactions", total);
  const customerBase = await reserveIds(db, "customers", customers);

  const endMs = now.getTime() - 60_000;
  const startMs = endMs - HISTORY_DAYS * DAY_MS;
  const spanMs = endMs - startMs;

  // h(k): a non-negative pseudo-random bigint for row g.i and salt k (seeded).
  const h = (k: number) => sql.raw(`(hashint8extended(g.i, ${seed * 1000 + k}) & 9223372036854775807)`);

  if (customers > 0) {
    await sql`
      insert into customers (id, merchant_id, name, email, phone, points, created_at)
      select ${n(customerBase)} + g.i, ${n(merchantId)},
        (array['Ahmed','Mona','Omar','Salma','Karim','Nour','Hana','Tarek'])[1 + ${h(1)} % 8] || ' ' ||
        (array['Hassan','Ibrahim','Mahmoud','Fathy','Soliman','Naguib'])[1 + ${h(2)} % 6],
        'bench.customer' || g.i || '@example.com',
        '+2010' || lpad((${h(3)} % 100000000)::text, 8, '0'),
        (${h(4)} % 50) * 10,
        to_timestamp(${startMs / 1000}::float8 + (${h(5)} % ${n(Math.floor(spanMs / 1000))}))
      from generate_series(0, ${n(customers - 1)}) as g(i)
    `.execute(db);
  }

  const hourTable = sql.raw(`'{${HOUR_TABLE.join(",")}}'::int[]`);
  /**
   * The drawn values of payments from..to, computed once per row ("offset 0" keeps the planner from inlining
   * the expressions into every use). Shared by the orders, the payments and their refunds.
   */
  const drawn = (from: number, to: number) => sql`(
    select i, amount, status, method, is_live, created_at, origin, customer_id, refund_k,
      case when refund_k is null then 0 when refund_k % 2 = 0 then amount else (amount / 200) * 100 end as refunded
    from (
      select g.i,
        ((20 + ${h(12)} % 4000) * 100 + (array[0, 0, 50, 99])[1 + ${h(13)} % 4])::bigint as amount,
        case when ${n(refunds)} > 0 and g.i % ${n(refundStep || 1)} = 0 and g.i / ${n(refundStep || 1)} < ${n(refunds)}
          then g.i / ${n(refundStep || 1)} end as refund_k,
        ${h(14)} % 100 as roll,
        (${h(15)} % 100)::int as method,
        ${h(16)} % 100 < 92 as card_live,
        to_timestamp(least(
          ${n(startMs)}::float8
            + floor((-0.45 + sqrt(0.2025 + 1.1 * 0.725 * ((g.i + 0.5) / ${n(payments)}::float8))) / 0.55 * ${n(HISTORY_DAYS)})
              * ${n(DAY_MS)}
            + ((${hourTable})[1 + ${h(10)} % 100] - 2) * 3600000 + ${h(11)} % 3600000,
          ${n(endMs)}::float8) / 1000) as created_at,
        (array['IFRAME','IFRAME','IFRAME','SDK','INVOICE','PRODUCT','OTHER','OTHER'])[1 + ${h(17)} % 8] as origin,
        ${n(customerBase)} + ${h(18)} % ${n(customers)} as customer_id
      from generate_series(${n(from)}::bigint, ${n(to)}::bigint) as g(i)
      offset 0
    ) r
    cross join lateral (
      select case when r.refund_k is not null or r.roll < 85 then 'success' when r.roll < 95 then 'declined'
        else 'pending' end as status,
        r.method >= 60 or r.card_live as is_live
    ) d
  ) v`;

  const monthBoundaries: { label: string; from: number; to: number }[] = [];
  {
    let from = 0;
    for (let m = 1; m <= 13; m++) {
      const edge =
        m === 13 ? payments : Math.min(payments, Math.ceil(inversePosition(m / 13) * payments - 0.5));
      if (edge > from) {
        const mid = new Date(startMs + position((from + edge) / 2 / payments) * spanMs);
        monthBoundaries.push({ label: mid.toISOString().slice(0, 7), from, to: edge - 1 });
      }
      from = Math.max(from, edge);
    }
  }

  let written = 0;
  for (const batch of monthBoundaries) {
    await sql`
      insert into orders (id, merchant_id, is_live, merchant_order_id, amount_cents, paid_amount_cents, currency,
        payment_status, is_canceled, delivery_needed, items, customer_id, api_source, created_at)
      select ${n(orderBase)} + v.i, ${n(merchantId)}, v.is_live, 'BENCH-' || (${n(orderBase)} + v.i), v.amount,
        case when v.status = 'success' then v.amount else 0 end, 'EGP',
        case when v.status = 'success' then 'PAID' else 'UNPAID' end, false, v.i % 10 < 3,
        jsonb_build_array(jsonb_build_object('name', 'Bench item', 'amount_cents', v.amount,
          'description', 'Bench item', 'quantity', 1)),
        v.customer_id, v.origin, v.created_at - interval '2 minutes'
      from ${drawn(batch.from, batch.to)}
    `.execute(db);
    const paid = await sql`
      insert into transactions (id, merchant_id, order_id, integration_id, is_live, amount_cents, currency, status,
        gateway_type, trnx_type, origin, channel, is_standalone, is_3d_secure, is_refunded, refunded_amount_cents,
        fees_cents, vat_cents, card_first6, card_last4, card_scheme, card_type, wallet_msisdn, customer_id,
        customer_name, data, failure_reason, txn_response_code, acq_response_code, created_at, updated_at)
      select ${n(txBase)} + v.i, ${n(merchantId)}, ${n(orderBase)} + v.i,
        case when v.method < 60 then case when v.is_live then ${n(ig.card)} else ${n(ig.cardTest)} end
          when v.method < 82 then ${n(ig.wallet)} when v.method < 92 then ${n(ig.kiosk)} else ${n(ig.valu)} end,
        v.is_live, v.amount, 'EGP', v.status,
        case when v.method < 60 then 'VPC' when v.method < 82 then 'UIG' when v.method < 92 then 'CAGG' else 'VALU' end,
        'standalone', v.origin, 'Ecommerce', true, v.method < 60, v.refunded > 0, v.refunded,
        case when v.status = 'success' then v.amount * 275 / 10000 + 300 else 0 end,
        case when v.status = 'success' then (v.amount * 275 / 10000 + 300) * 14 / 100 else 0 end,
        case when v.method < 60 then (array['512345','411111','507803','557606'])[1 + v.i % 4] end,
        case when v.method < 60 then lpad(((v.i * 7919) % 10000)::text, 4, '0') end,
        case when v.method < 60 then (array['MasterCard','Visa','Meeza','MasterCard'])[1 + v.i % 4] end,
        case when v.method < 60 then (array['credit','debit'])[1 + v.i % 2] end,
        case when v.method >= 60 and v.method < 82 then '010' || lpad(((v.i * 104729) % 100000000)::text, 8, '0') end,
        v.customer_id, 'Bench Customer',
        jsonb_build_object('message',
          case when v.status = 'success' then 'Approved' when v.status = 'pending' then 'Pending' else 'Do not honour' end),
        case when v.status = 'declined' then 'Do not honour' end,
        upper(v.status), case when v.status = 'success' then '00' when v.status = 'declined' then '05' end,
        v.created_at, v.created_at
      from ${drawn(batch.from, batch.to)}
    `.execute(db);
    written += Number(paid.numAffectedRows ?? 0);
    if (refunds > 0) {
      // One refund row per refunded payment of this month, hours to days later (never in the future).
      const refunded = await sql`
        insert into transactions (id, merchant_id, order_id, integration_id, parent_transaction_id, is_live,
          amount_cents, currency, status, gateway_type, trnx_type, origin, channel, is_standalone, customer_id,
          customer_name, data, txn_response_code, acq_response_code, created_at, updated_at)
        select ${n(txBase)} + ${n(payments)} + (p.id - ${n(txBase)}) / ${n(refundStep)}, p.merchant_id, p.order_id,
          p.integration_id, p.id, p.is_live, p.refunded_amount_cents, p.currency, 'success', p.gateway_type,
          'refund', p.origin, p.channel, false, p.customer_id, p.customer_name,
          jsonb_build_object('message', 'Approved'), 'APPROVED', '00', t.at, t.at
        from transactions p
        cross join lateral (
          select least(p.created_at + make_interval(hours => 1 + ((p.id * 31) % 240)::int),
            to_timestamp(${n(endMs + 30_000)}::float8 / 1000)) as at
        ) t
        where p.id between ${n(txBase + batch.from)} and ${n(txBase + batch.to)} and p.refunded_amount_cents > 0
      `.execute(db);
      written += Number(refunded.numAffectedRows ?? 0);
    }
    options.onProgress?.({
      month: batch.label,
      transactions: batch.to - batch.from + 1,
      totalTransactions: written,
      elapsedMs: Date.now() - started,
    });
  }
  await sql`analyze transactions`.execute(db);
  await sql`analyze orders`.execute(db);
  return {
    merchantId,
    payments,
    refunds,
    orders: payments,
    customers,
    elapsedMs: Date.now() - started,
  };
}
