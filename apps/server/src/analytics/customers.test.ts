import {
  type AnalyticsQuery,
  analyticsQuerySchema,
  bucketLabel,
  type ReportsAnswer,
  resolvePeriod,
} from "@portal/domain";
import { type Insertable, type Kysely, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { settleCustomerActivity } from "../customers/customers.repository.ts";
import type { DB, TransactionsTable } from "../db/schema.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { foldAnalytics, merchantScope } from "./analytics.repository.ts";
import { reportFigures } from "./analytics.service.ts";

/**
 * Distinct paying customers and new customers of the reports overview (issue 17) come from the structures of
 * migration 0022 (customer hours, day chains, new-customer counts). Here every such figure, for the period and for
 * every bucket, equals a plain recount over the rows, across period shapes, channels, modes and every kind of
 * write (inserts, status changes, voids, refunds, moves, customer changes, deletions), before and after a fold;
 * and a set-based rebuild gives the rows the triggers kept.
 */

const NOW = new Date("2026-11-25T12:00:00Z");
const DAY = 86_400_000;

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = Insertable<TransactionsTable>;

const QUERIES: Partial<AnalyticsQuery>[] = [
  { date: "last_year", comparison: "previous_year", granularity: "monthly", is_live: true },
  { date: "custom", date_from: "2025-11-26", date_to: "2026-11-25", granularity: "daily", is_live: true },
  { date: "custom", date_from: "2025-11-26", date_to: "2026-11-25", granularity: "weekly", is_live: true },
  { date: "last_30_days", comparison: "previous_30_days", granularity: "hourly", is_live: true },
  { date: "last_90_days", granularity: "weekly", channel: "POS", is_live: true },
  { date: "this_year", granularity: "monthly", channel: "Ecommerce", is_live: true },
  { date: "last_7_days", granularity: "daily", is_live: false },
  { date: "custom", date_from: "2024-11-25", date_to: "2026-11-25", granularity: "yearly", is_live: true },
  { date: "custom", date_from: "2025-03-17", date_to: "2025-06-02", granularity: "weekly", is_live: true },
  // Cairo's summer time ends in this range (a 25-hour day whose 23:00 happens twice).
  { date: "custom", date_from: "2025-10-30", date_to: "2025-11-01", granularity: "hourly", is_live: true },
  { date: "today", granularity: "hourly", is_live: true },
];

describeEachDatabase("analytics customers", (get) => {
  let db: Kysely<DB>;
  let merchantId: number;
  let customerIds: number[];
  const r = random(17);

  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

  function payment(createdAt: Date, o: Partial<Row> = {}): Row {
    const pos = r() < 0.3;
    const roll = r();
    return {
      merchant_id: merchantId,
      is_live: r() < 0.85,
      amount_cents: 1000 + Math.floor(r() * 9000),
      currency: r() < 0.8 ? "EGP" : "USD",
      status: roll < 0.75 ? "success" : roll < 0.9 ? "declined" : "pending",
      is_voided: r() < 0.05,
      gateway_type: pos ? "card_present" : "VPC",
      trnx_type: "standalone",
      origin: pos ? "OTHER" : "IFRAME",
      channel: pos ? "POS" : "Ecommerce",
      customer_id: r() < 0.9 ? pick(customerIds) : null,
      created_at: createdAt,
      updated_at: createdAt,
      ...o,
    };
  }

  const insert = (rows: Row[]) => db.insertInto("transactions").values(rows).returning("id").execute();

  async function check(input: Partial<AnalyticsQuery>) {
    const query = analyticsQuerySchema.parse(input);
    const scope = await merchantScope(db, merchantId, query.is_live);
    const period = resolvePeriod(query, NOW, scope.timeZone);
    const answer: ReportsAnswer = await reportFigures(db, scope, query, NOW);
    const rows = (
      await db
        .selectFrom("transactions")
        .selectAll()
        .where("merchant_id", "=", merchantId)
        .where("is_live", "=", query.is_live)
        .where("parent_transaction_id", "is", null)
        .execute()
    ).filter(
      (t) =>
        (query.channel === "all" || t.channel === query.channel) &&
        t.status === "success" &&
        !t.is_voided &&
        t.customer_id !== null,
    );
    const label = (at: Date | string) => bucketLabel(new Date(at), period.granularity, scope.timeZone);
    const inPeriod = rows.filter(
      (t) => new Date(t.created_at) >= period.from && new Date(t.created_at) < period.to,
    );
    const distinct = (list: typeof rows) => new Set(list.map((t) => Number(t.customer_id))).size;
    const what = JSON.stringify(input);
    for (const card of answer.cards) {
      const mine = inPeriod.filter((t) => t.currency === card.currency);
      expect(card.paying_customers, `${what} ${card.currency}`).toBe(distinct(mine));
      const gross = mine.reduce((s, t) => s + Number(t.amount_cents), 0);
      if (card.paying_customers > 0) expect(gross).toBeGreaterThan(0);
    }
    for (const s of answer.series) {
      const mine = inPeriod.filter((t) => t.currency === s.currency);
      expect(s.paying_customers).toHaveLength(answer.buckets.length);
      answer.buckets.forEach((bucket, i) => {
        expect(s.paying_customers[i], `${what} ${s.currency} ${bucket}`).toBe(
          distinct(mine.filter((t) => label(t.created_at) === bucket)),
        );
      });
    }
    const customers = await db
      .selectFrom("customers")
      .select(["created_at"])
      .where("merchant_id", "=", merchantId)
      .execute();
    const created = (from: Date, to: Date) =>
      customers.filter((c) => new Date(c.created_at) >= from && new Date(c.created_at) < to);
    const current = created(period.from, period.to);
    expect(answer.new_customers.value, what).toBe(current.length);
    const cmp = period.comparison;
    expect(answer.new_customers.previous, what).toBe(cmp ? created(cmp.from, cmp.to).length : null);
    let running = customers.filter((c) => new Date(c.created_at) < period.from).length;
    expect(answer.customers.new_customers).toHaveLength(answer.buckets.length);
    answer.buckets.forEach((bucket, i) => {
      const n = current.filter((c) => label(c.created_at) === bucket).length;
      running += n;
      expect([bucket, answer.customers.new_customers[i], answer.customers.total_customers[i]], what).toEqual([
        bucket,
        n,
        running,
      ]);
    });
    return answer;
  }

  const checkAll = async () => {
    for (const q of QUERIES) await check(q);
  };

  /** The customer rows of the merchant (rollup dims and day cells, folded or not), without zeros, in order. */
  const customerRollup = async () => {
    await settleCustomerActivity(db);
    return customerRows();
  };
  const customerRows = async () => [
    ...(
      await sql<{ key: string }>`
        select dim || ' ' || hour::text || ' ' || is_live || ' ' || currency || ' ' || channel || ' ' || dim_value
          || ' ' || sum(payments) as key
        from (select dim, hour, is_live, currency, channel, dim_value, payments from analytics_hourly
              where merchant_id = ${merchantId} and dim like '%customers%'
              union all
              select dim, hour, is_live, currency, channel, dim_value, payments from analytics_deltas
              where merchant_id = ${merchantId} and dim like '%customers%') x
        group by dim, hour, is_live, currency, channel, dim_value
        having sum(payments) <> 0
        order by 1`.execute(db)
    ).rows.map((x) => x.key),
    ...(
      await sql<{ key: string }>`
        select 'cell ' || day::text || ' ' || is_live || ' ' || currency || ' ' || channel || ' ' || prev::text
          || ' ' || sum(customers) as key
        from (select day, is_live, currency, channel, prev, customers from analytics_customer_cells
              where merchant_id = ${merchantId}
              union all
              select day, is_live, currency, channel, prev, customers from analytics_customer_cell_deltas
              where merchant_id = ${merchantId}) x
        group by day, is_live, currency, channel, prev
        having sum(customers) <> 0
        order by 1`.execute(db)
    ).rows.map((x) => x.key),
  ];

  beforeAll(async () => {
    db = get().database.db;
    const f = fixtures(db);
    const merchant = await f.merchant({ country: "EGY" });
    merchantId = merchant.id;
    // Customers created from 800 days ago to now: some before, some inside the periods asked.
    const created = await db
      .insertInto("customers")
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          merchant_id: merchantId,
          name: `C${i}`,
          created_at: new Date(NOW.getTime() - Math.floor(r() * 800 * DAY)),
        })),
      )
      .returning("id")
      .execute();
    customerIds = created.map((c) => Number(c.id));
    const rows: Row[] = Array.from({ length: 500 }, () =>
      payment(new Date(NOW.getTime() - Math.floor(r() * 760 * DAY))),
    );
    // The same customer twice in one hour by two channels, and on the days around the periods' edges.
    const c0 = customerIds[0]!;
    const at = new Date("2026-11-20T10:15:00Z");
    rows.push(
      payment(at, { customer_id: c0, channel: "POS", status: "success", is_voided: false, is_live: true }),
      payment(at, {
        customer_id: c0,
        channel: "Ecommerce",
        status: "success",
        is_voided: false,
        is_live: true,
      }),
      payment(new Date(at.getTime() + 60_000), {
        customer_id: c0,
        channel: "Ecommerce",
        status: "success",
        is_voided: false,
        is_live: true,
      }),
      // Local midnight in Cairo (UTC+2 in November) and the instant before it.
      payment(new Date("2025-11-25T22:00:00Z"), { customer_id: c0, status: "success", is_live: true }),
      payment(new Date("2025-11-25T21:59:59Z"), { customer_id: c0, status: "success", is_live: true }),
      // The 23:00 that happens twice when Cairo's summer time ends (30 October 2025 at 24:00).
      ...["2025-10-30T20:30:00Z", "2025-10-30T21:30:00Z"].map((at) =>
        payment(new Date(at), {
          customer_id: c0,
          status: "success",
          is_voided: false,
          is_live: true,
          currency: "EGP",
          channel: "Ecommerce",
          gateway_type: "VPC",
        }),
      ),
      // A gap of more than 731 days.
      payment(new Date(NOW.getTime() - 800 * DAY), { customer_id: customerIds[1]!, status: "success" }),
      payment(new Date(NOW.getTime() - 2 * DAY), { customer_id: customerIds[1]!, status: "success" }),
    );
    await insert(rows);
  }, 60_000);

  it("counts paying and new customers as a recount does, for every period shape", async () => {
    await checkAll();
    await foldAnalytics(db);
    await checkAll();
  }, 120_000);

  it("follows every kind of write, before and after a fold, and a rebuild gives the same rows", async () => {
    const mutate = async () => {
      const fresh = await insert(
        Array.from({ length: 40 }, () => payment(new Date(NOW.getTime() - Math.floor(r() * 400 * DAY)))),
      );
      const ids = fresh.map((t) => Number(t.id));
      const all = await db
        .selectFrom("transactions")
        .select(["id", "status", "is_voided", "amount_cents", "created_at"])
        .where("merchant_id", "=", merchantId)
        .where("parent_transaction_id", "is", null)
        .orderBy("id")
        .execute();
      const some = (n: number) => Array.from({ length: n }, () => Number(pick(all).id));
      // Pending or declined to success, success to declined, voids and un-voids.
      await db.updateTable("transactions").set({ status: "success" }).where("id", "in", some(8)).execute();
      await db.updateTable("transactions").set({ status: "declined" }).where("id", "in", some(4)).execute();
      await db.updateTable("transactions").set({ is_voided: true }).where("id", "in", some(4)).execute();
      await db.updateTable("transactions").set({ is_voided: false }).where("id", "in", some(4)).execute();
      // A refund: a child row (counts nothing) and the parent's refunded amount (changes no customer figure).
      const parent = all.find((t) => t.status === "success")!;
      await db
        .insertInto("transactions")
        .values({
          merchant_id: merchantId,
          parent_transaction_id: parent.id,
          is_live: true,
          amount_cents: 100,
          currency: "EGP",
          status: "success",
          gateway_type: "VPC",
          trnx_type: "refund",
          origin: "IFRAME",
          customer_id: customerIds[2]!,
          created_at: NOW,
        })
        .execute();
      await db
        .updateTable("transactions")
        .set({ refunded_amount_cents: 100, is_refunded: true })
        .where("id", "=", parent.id)
        .execute();
      // Moves: another day, another customer, another channel, another mode, another currency.
      for (const id of some(3)) {
        await db
          .updateTable("transactions")
          .set({ created_at: sql<Date>`created_at - interval '3 days 5 hours'` })
          .where("id", "=", id)
          .execute();
      }
      await db
        .updateTable("transactions")
        .set({ customer_id: pick(customerIds) })
        .where("id", "in", some(3))
        .execute();
      await db.updateTable("transactions").set({ customer_id: null }).where("id", "in", some(2)).execute();
      await db.updateTable("transactions").set({ channel: "POS" }).where("id", "in", some(3)).execute();
      await db.updateTable("transactions").set({ is_live: false }).where("id", "in", some(2)).execute();
      await db.updateTable("transactions").set({ currency: "USD" }).where("id", "in", some(2)).execute();
      // An update of nothing counted, and one statement over many rows.
      await db.updateTable("transactions").set({ updated_at: NOW }).where("id", "in", some(20)).execute();
      await db
        .updateTable("transactions")
        .set({ status: "success", is_voided: false })
        .where("id", "in", ids.slice(0, 15))
        .execute();
      // Deletions: payments (not refunded ones, whose child rows hold them) and customers.
      const refunded = await db
        .selectFrom("transactions")
        .select("parent_transaction_id")
        .where("parent_transaction_id", "is not", null)
        .execute();
      const held = new Set(refunded.map((t) => Number(t.parent_transaction_id)));
      await db
        .deleteFrom("transactions")
        .where(
          "id",
          "in",
          some(6).filter((id) => !held.has(id)),
        )
        .execute();
      const customer = await db
        .insertInto("customers")
        .values([
          { merchant_id: merchantId, name: "Gone", created_at: new Date(NOW.getTime() - 10 * DAY) },
          { merchant_id: merchantId, name: "New", created_at: new Date(NOW.getTime() - 2 * 3_600_000) },
          { merchant_id: merchantId, name: "Old", created_at: new Date(NOW.getTime() - 500 * DAY) },
        ])
        .returning("id")
        .execute();
      await db.deleteFrom("customers").where("id", "=", customer[0]!.id).execute();
      await db
        .updateTable("customers")
        .set({ created_at: new Date(NOW.getTime() - 40 * DAY) })
        .where("id", "=", customer[2]!.id)
        .execute();
      customerIds.push(Number(customer[1]!.id));
    };

    await mutate();
    await checkAll();
    await foldAnalytics(db);
    await checkAll();
    await mutate();
    await checkAll();
    const kept = await customerRollup();
    expect(kept.length).toBeGreaterThan(100);
    const customerHours = async () =>
      (
        await sql<{ key: string }>`
          select customer_id || ' ' || is_live || ' ' || currency || ' ' || local_hour::text || ' ' || channel
            || ' ' || payments as key
          from analytics_customer_hours where merchant_id = ${merchantId} order by 1`.execute(db)
      ).rows.map((x) => x.key);
    const hours = await customerHours();
    expect(hours.length).toBeGreaterThan(100);
    await sql`select analytics_customers_rebuild(${merchantId}::bigint)`.execute(db);
    expect(await customerRollup()).toEqual(kept);
    expect(await customerHours()).toEqual(hours);
    await checkAll();
  }, 240_000);
});
