import {
  type AnalyticsQuery,
  analyticsQuerySchema,
  bucketLabel,
  type HomeAnswer,
  type PermissionName,
  type ReportsAnswer,
  resolvePeriod,
  transferStatus,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { Insertable, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB, TransactionsTable } from "../db/schema.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, unique } from "../test/fixtures.ts";
import { transferFigures } from "../transfers/transfers.repository.ts";
import { foldAnalytics, merchantScope } from "./analytics.repository.ts";
import { homeFigures, reportFigures } from "./analytics.service.ts";

const NOW = new Date("2026-11-25T12:00:00Z");
const DAY = 86_400_000;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface World {
  merchantId: number;
  terminalId: number;
  customerIds: number[];
  next: () => number;
}

type Row = Insertable<TransactionsTable>;

function payment(w: World, createdAt: Date, o: Partial<Row> = {}): Row {
  const r = w.next;
  const gateway = ["VPC", "UIG", "CAGG", "card_present"][Math.floor(r() * 4)]!;
  const pos = gateway === "card_present";
  const roll = r();
  return {
    merchant_id: w.merchantId,
    is_live: r() < 0.8,
    amount_cents: 1000 + Math.floor(r() * 99_000),
    currency: r() < 0.7 ? "EGP" : "USD",
    status: roll < 0.7 ? "success" : roll < 0.9 ? "declined" : "pending",
    gateway_type: gateway,
    trnx_type: "standalone",
    origin: pos ? "OTHER" : "IFRAME",
    channel: pos ? "POS" : "Ecommerce",
    terminal_id: pos ? w.terminalId : null,
    card_scheme: gateway === "VPC" || pos ? (r() < 0.5 ? "VISA" : "MASTERCARD") : null,
    customer_id: r() < 0.9 ? w.customerIds[Math.floor(r() * w.customerIds.length)]! : null,
    created_at: createdAt,
    updated_at: createdAt,
    ...o,
  };
}

async function insertPayments(db: Kysely<DB>, rows: Row[]) {
  return db.insertInto("transactions").values(rows).returningAll().execute();
}

/** A refund the way the payment core does it: a child row, then an update of the parent. */
async function refund(db: Kysely<DB>, parentId: number, amount: number) {
  const parent = await db
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", parentId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("transactions")
    .values({
      merchant_id: parent.merchant_id,
      parent_transaction_id: parentId,
      is_live: parent.is_live,
      amount_cents: amount,
      currency: parent.currency,
      status: "success",
      gateway_type: parent.gateway_type,
      trnx_type: "refund",
      origin: parent.origin,
      channel: parent.channel,
      created_at: NOW,
    })
    .execute();
  await db
    .updateTable("transactions")
    .set((eb) => ({
      refunded_amount_cents: eb("refunded_amount_cents", "+", amount),
      is_refunded: true,
      updated_at: NOW,
    }))
    .where("id", "=", parentId)
    .execute();
}

/** The plain recomputation: every figure straight from the transactions rows. */
async function expected(db: Kysely<DB>, merchantId: number, query: AnalyticsQuery) {
  const scope = await merchantScope(db, merchantId, query.is_live);
  const period = resolvePeriod(query, NOW, scope.timeZone);
  const all = await db
    .selectFrom("transactions")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", query.is_live)
    .where("parent_transaction_id", "is", null)
    .execute();
  const rows = all.filter((t) => query.channel === "all" || t.channel === query.channel);
  const inRange = (from: Date, to: Date) =>
    rows.filter((t) => new Date(t.created_at) >= from && new Date(t.created_at) < to);
  const ok = (t: (typeof rows)[number]) => t.status === "success" && !t.is_voided;
  const figures = (list: typeof rows) => ({
    count: list.length,
    amount: list.reduce((s, t) => s + Number(t.amount_cents), 0),
    success_count: list.filter(ok).length,
    gross_amount: list.filter(ok).reduce((s, t) => s + Number(t.amount_cents), 0),
    refunded_amount: list.filter(ok).reduce((s, t) => s + Number(t.refunded_amount_cents), 0),
    net_amount: list
      .filter(ok)
      .reduce((s, t) => s + Number(t.amount_cents) - Number(t.refunded_amount_cents), 0),
  });
  const byCurrency = (list: typeof rows, currency: string) => list.filter((t) => t.currency === currency);
  const labels = new Map(
    rows.map((t) => [t.id, bucketLabel(new Date(t.created_at), period.granularity, scope.timeZone)]),
  );
  const byLabel = (list: typeof rows, label: string) => list.filter((t) => labels.get(t.id) === label);
  const current = inRange(period.from, period.to);
  const previous = period.comparison ? inRange(period.comparison.from, period.comparison.to) : null;
  return { scope, period, current, previous, figures, byCurrency, byLabel, ok, all: rows };
}

/** The owner's view: both recent lists. */
const ALL_LISTS = { recentOrders: true, recentTransactions: true };

function sorted<T>(list: T[], key: (x: T) => string): T[] {
  return [...list].sort((a, b) => key(a).localeCompare(key(b)));
}

async function checkHome(db: Kysely<DB>, merchantId: number, input: Partial<AnalyticsQuery>) {
  const query = analyticsQuerySchema.parse(input);
  const e = await expected(db, merchantId, query);
  const answer: HomeAnswer = await homeFigures(db, e.scope, query, NOW, ALL_LISTS);
  expect(answer.buckets).toEqual(e.period.buckets.map((b) => b.bucket));
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", query.is_live)
    .execute();
  for (const card of answer.cards) {
    const cur = e.byCurrency(e.current, card.currency);
    const prev = e.previous && e.byCurrency(e.previous, card.currency);
    const f = e.figures(cur);
    expect(card.total.amount.value).toBe(f.amount);
    expect(card.total.count.value).toBe(f.count);
    expect(card.successful.amount.value).toBe(f.gross_amount);
    expect(card.successful.count.value).toBe(f.success_count);
    const status = (list: typeof cur, s: string) => list.filter((t) => t.status === s);
    expect(card.declined.amount.value).toBe(e.figures(status(cur, "declined")).amount);
    expect(card.pending.count.value).toBe(status(cur, "pending").length);
    expect(card.successful.amount.previous).toBe(prev ? e.figures(prev).gross_amount : null);
    expect(card.total.count.previous).toBe(prev ? prev.length : null);
    const ordersIn = (from: Date, to: Date) =>
      orders.filter(
        (o) => o.currency === card.currency && new Date(o.created_at) >= from && new Date(o.created_at) < to,
      );
    const o = ordersIn(e.period.from, e.period.to);
    expect(card.total_orders.value).toBe(o.length);
    expect(card.orders_with_delivery.value).toBe(o.filter((x) => x.delivery_needed).length);
    if (e.period.comparison) {
      expect(card.total_orders.previous).toBe(
        ordersIn(e.period.comparison.from, e.period.comparison.to).length,
      );
    }
  }
  const currencies = new Set(e.current.map((t) => t.currency));
  for (const c of currencies) expect(answer.currencies).toContain(c);
  for (const s of answer.series) {
    const cur = e.byCurrency(e.current, s.currency);
    const prev = e.previous && e.byCurrency(e.previous, s.currency);
    // Compact series (issue 17): one array per drawn figure, following the buckets.
    for (const key of ["count", "success_count", "gross_amount", "net_amount"] as const) {
      expect(s[key]).toHaveLength(answer.buckets.length);
    }
    expect(s.previous === null).toBe(prev === null);
    answer.buckets.forEach((bucket, i) => {
      const f = e.figures(e.byLabel(cur, bucket));
      expect(
        [s.count[i], s.success_count[i], s.gross_amount[i], s.net_amount[i]],
        `${s.currency} ${bucket}`,
      ).toEqual([f.count, f.success_count, f.gross_amount, f.net_amount]);
      const cb = e.period.comparisonBuckets[i];
      if (prev && s.previous) {
        const p = cb ? e.figures(e.byLabel(prev, cb.bucket)) : null;
        expect([s.previous.count[i], s.previous.gross_amount[i]], `previous ${bucket}`).toEqual([
          p ? p.count : null,
          p ? p.gross_amount : null,
        ]);
      }
    });
    const methods = [...new Set(cur.map((t) => t.gateway_type))].sort();
    expect(s.methods.map((m) => m.key)).toEqual(methods);
    for (const m of s.methods) {
      expect(m.gross_amount.value).toBe(e.figures(cur.filter((t) => t.gateway_type === m.key)).gross_amount);
    }
    for (const ch of s.channels) {
      expect(ch.count).toBe(cur.filter((t) => t.channel === ch.key).length);
    }
  }
  return { answer, e };
}

async function checkReports(db: Kysely<DB>, merchantId: number, input: Partial<AnalyticsQuery>) {
  const query = analyticsQuerySchema.parse(input);
  const e = await expected(db, merchantId, query);
  const answer: ReportsAnswer = await reportFigures(db, e.scope, query, NOW);
  for (const card of answer.cards) {
    const cur = e.byCurrency(e.current, card.currency);
    const f = e.figures(cur);
    expect(card.gross_sales.value).toBe(f.gross_amount);
    expect(card.net_sales.value).toBe(f.net_amount);
    expect(card.total_refunds.value).toBe(f.refunded_amount);
    expect(card.number_of_transactions.value).toBe(f.count);
    const prev = e.previous && e.byCurrency(e.previous, card.currency);
    expect(card.net_sales.previous).toBe(prev ? e.figures(prev).net_amount : null);
    const paying = new Set(cur.filter(e.ok).flatMap((t) => (t.customer_id === null ? [] : [t.customer_id])));
    expect(card.paying_customers).toBe(paying.size);
    const net = (t: (typeof cur)[number]) => Number(t.amount_cents) - Number(t.refunded_amount_cents);
    const status = (t: (typeof cur)[number]) => transferStatus("EGY", new Date(t.created_at), NOW);
    const ok = cur.filter(e.ok);
    // Total transfers and the balance are the transfers' own figures (transfers/transfers.test.ts recounts them).
    const settled = (
      await transferFigures(
        db,
        e.scope.merchantIds,
        e.scope.isLive,
        new Date(answer.range.from),
        new Date(answer.range.to),
      )
    ).get(card.currency);
    expect(card.transfers.transferred).toBe(settled?.transferred ?? 0);
    expect(card.transfers.pending).toBe(
      ok.filter((t) => status(t) === "Pending").reduce((s, t) => s + net(t), 0),
    );
    expect(card.balance).toBe(settled?.balance ?? 0);
    const schemes = sorted(card.card_schemes, (b) => b.key);
    expect(schemes.map((b) => b.key)).toEqual(
      [...new Set(cur.flatMap((t) => (t.card_scheme ? [t.card_scheme] : [])))].sort(),
    );
    for (const b of schemes) expect(b.count).toBe(cur.filter((t) => t.card_scheme === b.key).length);
    const pos = cur.filter((t) => t.terminal_id !== null);
    expect(card.pos_branches.reduce((s, b) => s + b.gross_amount.value, 0)).toBe(e.figures(pos).gross_amount);
    expect(card.payment_methods.reduce((s, b) => s + b.count, 0)).toBe(cur.length);
  }
  for (const s of answer.series) {
    const cur = e.byCurrency(e.current, s.currency);
    // Compact series (issue 17): one array per drawn figure, following the buckets.
    expect(answer.buckets).toEqual(e.period.buckets.map((b) => b.bucket));
    const prev = e.previous && e.byCurrency(e.previous, s.currency);
    expect(s.previous === null).toBe(prev === null);
    answer.buckets.forEach((bucket, i) => {
      const f = e.figures(e.byLabel(cur, bucket));
      expect(
        [s.gross_amount[i], s.net_amount[i], s.refunded_amount[i], s.count[i], s.success_count[i]],
        bucket,
      ).toEqual([f.gross_amount, f.net_amount, f.refunded_amount, f.count, f.success_count]);
      const cb = e.period.comparisonBuckets[i];
      if (prev && s.previous) {
        const p = cb ? e.figures(e.byLabel(prev, cb.bucket)) : null;
        expect([s.previous.gross_amount[i], s.previous.refunded_amount[i], s.previous.count[i]]).toEqual(
          p ? [p.gross_amount, p.refunded_amount, p.count] : [null, null, null],
        );
      }
    });
    const transferredOf = (list: typeof cur) =>
      list
        .filter((t) => e.ok(t) && transferStatus("EGY", new Date(t.created_at), NOW) === "Transferred")
        .reduce((sum, t) => sum + Number(t.amount_cents) - Number(t.refunded_amount_cents), 0);
    expect(s.transferred_amount.reduce((sum, v) => sum + v, 0)).toBe(transferredOf(cur));
    answer.buckets.forEach((bucket, i) => {
      expect(s.transferred_amount[i], `transferred ${bucket}`).toBe(transferredOf(e.byLabel(cur, bucket)));
    });
  }
  return answer;
}

const QUERIES: Partial<AnalyticsQuery>[] = [
  { date: "last_year", comparison: "previous_year", granularity: "daily", is_live: true },
  { date: "last_30_days", comparison: "previous_30_days", granularity: "hourly", is_live: true },
  { date: "this_year", comparison: "previous_90_days", granularity: "weekly", is_live: true },
  {
    date: "last_90_days",
    comparison: "previous_7_days",
    granularity: "monthly",
    channel: "POS",
    is_live: true,
  },
  { date: "last_7_days", comparison: "none", granularity: "daily", channel: "Ecommerce", is_live: false },
  // Cairo's summer time ends in this range: 25-hour day.
  { date: "custom", date_from: "2025-10-29", date_to: "2025-11-02", granularity: "hourly", is_live: true },
  { date: "custom", date_from: "2025-01-01", date_to: "2026-11-25", granularity: "yearly", is_live: true },
];

describeEachDatabase("analytics rollup", (get) => {
  let db: Kysely<DB>;
  let world: World;
  let ids: number[] = [];

  beforeAll(async () => {
    db = get().database.db;
    const f = fixtures(db);
    const merchant = await f.merchant({ country: "EGY" });
    const terminal = await db
      .insertInto("terminals")
      .values({ merchant_id: merchant.id, terminal_code: unique("T-") })
      .returning("id")
      .executeTakeFirstOrThrow();
    const customers = await db
      .insertInto("customers")
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          merchant_id: merchant.id,
          name: `C${i}`,
          created_at: new Date(NOW.getTime() - i * 40 * DAY),
        })),
      )
      .returning("id")
      .execute();
    world = {
      merchantId: merchant.id,
      terminalId: Number(terminal.id),
      customerIds: customers.map((c) => Number(c.id)),
      next: random(42),
    };
    const r = world.next;
    // 700 payments over the 700 days before now, some voided or refunded from the start.
    const rows = Array.from({ length: 700 }, () => {
      const p = payment(world, new Date(NOW.getTime() - Math.floor(r() * 700 * DAY)));
      if (p.status === "success" && r() < 0.1) p.is_voided = true;
      else if (p.status === "success" && r() < 0.2) {
        p.refunded_amount_cents = Math.floor(Number(p.amount_cents) / 3);
        p.is_refunded = true;
      }
      return p;
    });
    // A few within the last three days, so some are still Pending transfer.
    for (let i = 0; i < 30; i++)
      rows.push(payment(world, new Date(NOW.getTime() - Math.floor(r() * 3 * DAY))));
    ids = (await insertPayments(db, rows)).map((t) => Number(t.id));
    await db
      .insertInto("orders")
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          merchant_id: merchant.id,
          is_live: i % 5 !== 0,
          amount_cents: 5000,
          currency: i % 3 === 0 ? "USD" : "EGP",
          delivery_needed: i % 4 === 0,
          created_at: new Date(NOW.getTime() - Math.floor(r() * 400 * DAY)),
        })),
      )
      .execute();
  }, 60_000);

  it("matches a plain recomputation over the transactions for every period shape", async () => {
    for (const q of QUERIES) await checkHome(db, world.merchantId, q);
    for (const q of QUERIES) await checkReports(db, world.merchantId, q);
  }, 60_000);

  it("follows inserts, refunds, voids and status changes made afterwards, before and after a fold", async () => {
    const r = world.next;
    const mutate = async () => {
      await insertPayments(
        db,
        Array.from({ length: 20 }, () =>
          payment(world, new Date(NOW.getTime() - Math.floor(r() * 60 * DAY))),
        ),
      );
      const success = await db
        .selectFrom("transactions")
        .select(["id", "amount_cents", "refunded_amount_cents"])
        .where("id", "in", ids)
        .where("status", "=", "success")
        .where("is_voided", "=", false)
        .orderBy("id")
        .execute();
      for (const t of success.slice(0, 5)) {
        const left = Number(t.amount_cents) - Number(t.refunded_amount_cents);
        if (left > 600) await refund(db, Number(t.id), Math.floor(left / 2));
      }
      const toVoid = success.slice(5, 8).filter((t) => Number(t.refunded_amount_cents) === 0);
      if (toVoid.length > 0) {
        await db
          .updateTable("transactions")
          .set({ is_voided: true })
          .where(
            "id",
            "in",
            toVoid.map((t) => Number(t.id)),
          )
          .execute();
      }
      await db
        .updateTable("transactions")
        .set({ status: "success" })
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .where("id", "<", ids[0]! + 100)
        .execute();
      // An update that changes nothing the rollup counts.
      await db
        .updateTable("transactions")
        .set({ updated_at: NOW })
        .where("id", "in", ids.slice(0, 50))
        .execute();
      ids = ids.slice(8);
    };
    const deltas = async () =>
      Number(
        (
          await db
            .selectFrom("analytics_deltas" as never)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await mutate();
    expect(await deltas()).toBeGreaterThan(0);
    for (const q of QUERIES.slice(0, 3)) await checkHome(db, world.merchantId, q);
    await foldAnalytics(db);
    expect(await deltas()).toBe(0);
    for (const q of QUERIES) await checkHome(db, world.merchantId, q);
    await mutate();
    for (const q of QUERIES) await checkHome(db, world.merchantId, q);
    for (const q of QUERIES.slice(0, 4)) await checkReports(db, world.merchantId, q);
    await foldAnalytics(db);
    await checkHome(db, world.merchantId, QUERIES[0]!);
  }, 120_000);

  it("splits the recent payments into Transferred and Pending exactly at each quarter's threshold", async () => {
    // transferStatus() of transfer.ts: Transferred once transferNow >= created_at + the pending hours of the
    // payment's weekday (Cairo: Saturday to Wednesday 24, Thursday 72, Friday 48). Each case is its own merchant.
    const f = fixtures(db);
    const split = async (payments: [string, number, Partial<Row>?][], now: Date, transferNow: Date) => {
      const merchant = await f.merchant({ country: "EGY" });
      await insertPayments(
        db,
        payments.map(([created, amount, o]) => ({
          merchant_id: merchant.id,
          is_live: true,
          amount_cents: amount,
          currency: "EGP",
          status: "success" as const,
          gateway_type: "VPC",
          trnx_type: "standalone",
          origin: "IFRAME",
          created_at: created,
          ...o,
        })),
      );
      const scope = await merchantScope(db, merchant.id, true);
      const query = analyticsQuerySchema.parse({
        date: "last_7_days",
        granularity: "hourly",
        is_live: "true",
      });
      const answer = await reportFigures(db, scope, query, now, transferNow);
      const series = answer.series[0]!;
      const transferred = Object.fromEntries(
        answer.buckets.flatMap((b, i) =>
          series.transferred_amount[i] ? [[b, series.transferred_amount[i]]] : [],
        ),
      );
      return { pending: answer.cards[0]!.transfers.pending, transferred };
    };
    // A Tuesday payment (14:00 in Cairo) waits 24 hours: the threshold is now less 24 hours.
    const threshold = new Date(NOW.getTime() - DAY);
    const at = (base: Date, ms: number) => new Date(base.getTime() + ms).toISOString();
    expect(
      await split(
        [
          [at(threshold, -1), 1],
          [at(threshold, 0), 10],
          [at(threshold, 1), 100],
          // Not counted: voided, declined, or a refund row (its parent's refunded amount counts instead).
          [at(threshold, 0), 7, { is_voided: true }],
          [at(threshold, 0), 70, { status: "declined" }],
          [at(threshold, -1), 1000, { refunded_amount_cents: 400, is_refunded: true }],
        ],
        NOW,
        NOW,
      ),
    ).toEqual({ pending: 100, transferred: { "2026-11-24T13:00": 601, "2026-11-24T14:00": 10 } });
    // The pending hours are those of the payment's weekday in Cairo, to the millisecond: 23:59:59.999 on
    // Wednesday waits 24 hours, midnight on Thursday 72, midnight on Friday 48. The test clock is ahead of now.
    const thursday = new Date("2026-11-25T22:00:00Z");
    const friday = new Date(thursday.getTime() + DAY);
    expect(
      await split(
        [
          [at(thursday, -1), 1],
          [at(thursday, 0), 10],
          [at(thursday, 1), 100],
          [at(friday, -1), 1000],
          [at(friday, 0), 10_000],
          [at(friday, 1), 100_000],
        ],
        new Date("2026-11-27T12:00:00Z"),
        new Date(thursday.getTime() + 3 * DAY),
      ),
    ).toEqual({
      pending: 101_100,
      transferred: { "2026-11-25T23:00": 1, "2026-11-26T00:00": 10, "2026-11-27T00:00": 10_000 },
    });
    // A test clock ahead of now, and payments after now (none are in practice: created_at is the database's
    // time), still split exactly: 18:00 in Cairo on Wednesday waits 24 hours.
    const later = new Date(NOW.getTime() + 4 * 3_600_000);
    expect(
      await split(
        [
          [at(later, -1), 1],
          [at(later, 0), 10],
          [at(later, 1), 100],
        ],
        NOW,
        new Date(later.getTime() + DAY),
      ),
    ).toEqual({ pending: 100, transferred: { "2026-11-25T17:00": 1, "2026-11-25T18:00": 10 } });
  });

  it("puts payments into the merchant's local day and period boundaries", async () => {
    const f = fixtures(db);
    const merchant = await f.merchant({ country: "SAU" });
    const base = (created: string, amount: number): Row => ({
      merchant_id: merchant.id,
      is_live: true,
      amount_cents: amount,
      currency: "SAR",
      status: "success",
      gateway_type: "VPC",
      trnx_type: "standalone",
      origin: "IFRAME",
      created_at: created,
    });
    // Riyadh is UTC+3: 25 November starts at 2026-11-24T21:00Z.
    await insertPayments(db, [
      base("2026-11-24T20:59:59Z", 100),
      base("2026-11-24T21:00:00Z", 200),
      base("2026-11-18T10:00:00Z", 400),
      base("2026-11-17T20:59:59Z", 800),
    ]);
    const scope = await merchantScope(db, merchant.id, true);
    const today = await homeFigures(
      db,
      scope,
      analyticsQuerySchema.parse({ date: "today", comparison: "previous_7_days", is_live: "true" }),
      NOW,
      ALL_LISTS,
    );
    expect(today.range.from).toBe("2026-11-24T21:00:00.000Z");
    expect(today.cards[0]?.successful.amount).toEqual({ value: 200, previous: 400, change_percent: -50 });
    const week = await homeFigures(
      db,
      scope,
      analyticsQuerySchema.parse({ date: "last_7_days", granularity: "daily", is_live: "true" }),
      NOW,
      ALL_LISTS,
    );
    const byDay = Object.fromEntries(week.buckets.map((b, i) => [b, week.series[0]!.gross_amount[i]]));
    expect(byDay).toMatchObject({ "2026-11-24": 100, "2026-11-25": 200, "2026-11-19": 0 });
    expect(Object.keys(byDay)).toHaveLength(7);
    expect(week.cards[0]?.successful.amount.value).toBe(300);
    const hourly = await homeFigures(
      db,
      scope,
      analyticsQuerySchema.parse({ date: "yesterday", granularity: "hourly", is_live: "true" }),
      NOW,
      ALL_LISTS,
    );
    expect(hourly.series[0]!.gross_amount[hourly.buckets.indexOf("2026-11-24T23:00")]).toBe(100);
  });
});

describeEachDatabase("analytics routes", (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers the caller's merchant only, checks permissions and refuses bad periods", async () => {
    const db = get().database.db;
    const f = fixtures(db);
    const owner = await f.user("Merchant", { country: "OMN" });
    const intruder = await f.user("Merchant", { country: "OMN" });
    const viewer = await f.user("MerchantStaff", { merchantId: owner.merchant_id!, permissions: [] });
    const secret = unique("ORDER-SECRET-");
    const order = await db
      .insertInto("orders")
      .values({
        merchant_id: owner.merchant_id!,
        is_live: true,
        amount_cents: 27750,
        currency: "OMR",
        merchant_order_id: secret,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertPayments(db, [
      {
        merchant_id: owner.merchant_id!,
        order_id: order.id,
        is_live: true,
        amount_cents: 27750,
        currency: "OMR",
        status: "success",
        gateway_type: "omannet",
        trnx_type: "standalone",
        origin: "IFRAME",
      },
    ]);
    const ownerSession = await f.session(owner);
    const url = "/api/analytics/home?date=today&comparison=previous_7_days&granularity=hourly&is_live=true";
    await expectCrossTenantIsolation(app, {
      request: { method: "GET", url },
      owner: ownerSession,
      intruder: await f.session(intruder),
      secrets: [secret],
    });
    const home = await app.inject({ method: "GET", url, headers: ownerSession.headers });
    const body = home.json() as HomeAnswer;
    expect(body.range.time_zone).toBe("Asia/Muscat");
    expect(body.cards).toHaveLength(1);
    expect(body.cards[0]).toMatchObject({ currency: "OMR", successful: { amount: { value: 27750 } } });
    expect(body.recent_transactions?.[0]).toMatchObject({ amount_cents: 27750, gateway_type: "omannet" });
    expect(body.has_live_integration).toBe(false);

    const reports = await app.inject({
      method: "GET",
      url: "/api/analytics/reports?date=this_year&granularity=monthly&is_live=true",
      headers: ownerSession.headers,
    });
    expect(reports.statusCode).toBe(200);
    expect((reports.json() as ReportsAnswer).cards[0]?.gross_sales.value).toBe(27750);
    const staff = await f.session(viewer);
    const refused = await app.inject({
      method: "GET",
      url: "/api/analytics/reports",
      headers: staff.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await app.inject({ method: "GET", url: "/api/analytics/home", headers: staff.headers })).statusCode,
    ).toBe(200);
    const bad = await app.inject({
      method: "GET",
      url: "/api/analytics/home?date=last_year&granularity=hourly",
      headers: ownerSession.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "invalid_period" });
    expect((await app.inject({ method: "GET", url: "/api/analytics/home" })).statusCode).toBe(401);
  });

  it("shows the recent transactions only to who may view transactions, the recent orders only to who may view orders", async () => {
    // Issue 10 hardening: GET /api/analytics/home is any signed-in merchant user's, and its recent lists carry
    // the customers' orders and payments; staff without those permissions saw them.
    const db = get().database.db;
    const f = fixtures(db);
    const owner = await f.user("Merchant", { country: "EGY" });
    const merchantId = owner.merchant_id!;
    const secret = unique("ORDER-PRIVATE-");
    const order = await db
      .insertInto("orders")
      .values({
        merchant_id: merchantId,
        is_live: false,
        amount_cents: 4321,
        currency: "EGP",
        merchant_order_id: secret,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertPayments(db, [
      {
        merchant_id: merchantId,
        order_id: order.id,
        is_live: false,
        amount_cents: 4321,
        currency: "EGP",
        status: "success",
        gateway_type: "VPC",
        trnx_type: "standalone",
        origin: "IFRAME",
        card_last4: "2346",
      },
    ]);
    const home = async (permissions: PermissionName[] | "owner") => {
      const user =
        permissions === "owner" ? owner : await f.user("MerchantStaff", { merchantId, permissions });
      const res = await app.inject({
        method: "GET",
        url: "/api/analytics/home",
        headers: (await f.session(user)).headers,
      });
      expect(res.statusCode).toBe(200);
      return { text: res.body, body: res.json() as HomeAnswer };
    };

    const none = await home([]);
    expect(none.body.recent_orders).toBeNull();
    expect(none.body.recent_transactions).toBeNull();
    expect(none.text).not.toContain(secret);
    expect(none.text).not.toContain("2346");
    // The figures themselves stay: the home page is every merchant user's.
    expect(none.body.cards[0]).toMatchObject({ currency: "EGP", successful: { amount: { value: 4321 } } });

    const transactions = await home(["can view transactions"]);
    expect(transactions.body.recent_orders).toBeNull();
    expect(transactions.text).not.toContain(secret);
    expect(transactions.body.recent_transactions?.[0]).toMatchObject({
      order_id: order.id,
      card_last4: "2346",
    });

    const orders = await home(["can view orders"]);
    expect(orders.body.recent_transactions).toBeNull();
    expect(orders.body.recent_orders?.[0]).toMatchObject({ id: order.id, merchant_order_id: secret });

    const all = await home("owner");
    expect(all.body.recent_orders?.[0]?.id).toBe(order.id);
    expect(all.body.recent_transactions?.[0]?.order_id).toBe(order.id);
  });
});

describe("contract", () => {
  it("parses the query strings the web sends", () => {
    expect(analyticsQuerySchema.parse({ is_live: "true" })).toMatchObject({
      date: "last_30_days",
      comparison: "none",
      granularity: "daily",
      channel: "all",
      is_live: true,
    });
    expect(analyticsQuerySchema.safeParse({ date: "last_month" }).success).toBe(false);
  });
});
