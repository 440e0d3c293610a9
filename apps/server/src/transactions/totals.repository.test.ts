import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Insertable, Kysely, Migration } from "kysely";
import { Migrator, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldAnalytics } from "../analytics/analytics.repository.ts";
import { type Database, openPglite, openPostgres } from "../db/database.ts";
import { MIGRATIONS, migrateToLatest } from "../db/migrate.ts";
import type { DB, OrdersTable, TransactionsTable } from "../db/schema.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase, TEST_PG_URL } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import type { Scope } from "./scope.ts";
import {
  type OrderTotal,
  type PaymentTotal,
  plainOrderTotals,
  plainPaymentTotals,
  rollupOrderTotals,
  rollupPaymentTotals,
  type TotalsRange,
} from "./totals.repository.ts";

/**
 * The totals headers read from the analytics rollup (day rows, hour rows, raw edges, minus soft-deleted rows)
 * must equal the plain scan of the rows, for every range shape, scope and mode, before and after a fold: the
 * payments part and the orders part (count, amount, delivery, PAID as the orders list derives it, processed).
 */

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const START = Date.parse("2025-01-01T00:00:00Z");
const SPAN = 2 * 365 * 86_400_000;
const GATEWAYS = ["VPC", "CARDS", "UIG", "CAGG", "CASH", "VALU", "MPAY"];

const sortPayments = (rows: PaymentTotal[]) =>
  [...rows].sort((a, b) =>
    `${a.currency}/${a.gateway_type}`.localeCompare(`${b.currency}/${b.gateway_type}`),
  );
const sortOrders = (rows: OrderTotal[]) => [...rows].sort((a, b) => a.currency.localeCompare(b.currency));
/** Oman's payment_status values, as gateways and old data write them (trimmed, case and spelling vary). */
const OMAN_STATUSES = ["PAID", "paid", " PAID ", "UNPAID", "CANCELLED", "Canceled", "PENDING"];

/** An order's payment state: unpaid, partly paid, paid, overpaid, sometimes canceled; a random payment_status. */
function paymentState(rand: () => number, amount: number) {
  const r = rand();
  return {
    paid_amount_cents:
      r < 0.35
        ? 0
        : r < 0.5
          ? Math.floor(amount / 2)
          : r < 0.95
            ? amount
            : amount + 1 + Math.floor(rand() * 100),
    is_canceled: rand() < 0.1,
    payment_status: OMAN_STATUSES[Math.floor(rand() * OMAN_STATUSES.length)]!,
  };
}

describeEachDatabase("totals header: rollup equals the plain recomputation", (get) => {
  let app: FastifyInstance;
  let db: Kysely<DB>;
  let bankId: number;
  let otherBankId: number;
  let cairo: number;
  let riyadh: number;
  let stranger: number;
  let muscat: number;
  let cairoOwner: TestSession;
  let bankUser: TestSession;
  const rand = random(20261126);

  async function addRows(merchantId: number, payments: number, orders: number): Promise<number[]> {
    const at = () => new Date(START + Math.floor(rand() * SPAN));
    const tx: Insertable<TransactionsTable>[] = [];
    for (let i = 0; i < payments; i++) {
      const status = rand() < 0.7 ? "success" : rand() < 0.5 ? "declined" : "pending";
      tx.push({
        merchant_id: merchantId,
        is_live: rand() < 0.8,
        amount_cents: 1 + Math.floor(rand() * 500_000),
        currency: rand() < 0.75 ? "EGP" : "USD",
        status,
        is_voided: status === "success" && rand() < 0.1,
        gateway_type: GATEWAYS[Math.floor(rand() * GATEWAYS.length)]!,
        channel: rand() < 0.8 ? "Ecommerce" : "POS",
        trnx_type: "standalone",
        origin: "IFRAME",
        data: JSON.stringify({}),
        created_at: at(),
      });
    }
    const inserted = await db.insertInto("transactions").values(tx).returning(["id", "created_at"]).execute();
    // Refund rows of some payments: children never count.
    const children = inserted
      .filter(() => rand() < 0.1)
      .map(
        (p): Insertable<TransactionsTable> => ({
          merchant_id: merchantId,
          parent_transaction_id: p.id,
          is_live: true,
          amount_cents: 100,
          currency: "EGP",
          status: "success",
          gateway_type: "VPC",
          trnx_type: "refund",
          origin: "IFRAME",
          data: JSON.stringify({}),
          created_at: p.created_at,
        }),
      );
    if (children.length) await db.insertInto("transactions").values(children).execute();
    const ord: Insertable<OrdersTable>[] = [];
    for (let i = 0; i < orders; i++) {
      const amount = Math.floor(rand() * 300_000);
      ord.push({
        merchant_id: merchantId,
        is_live: rand() < 0.8,
        amount_cents: amount,
        ...paymentState(rand, amount),
        currency: rand() < 0.75 ? "EGP" : "USD",
        delivery_needed: rand() < 0.4,
        items: JSON.stringify([]),
        created_at: at(),
      });
    }
    await db.insertInto("orders").values(ord).execute();
    return inserted.map((r) => r.id);
  }

  /** Soft-deletes about one row in `share` of the merchant's payments and orders. */
  async function softDelete(merchantId: number, share: number, salt: number) {
    await sql`update transactions set deleted_at = now()
      where merchant_id = ${merchantId} and deleted_at is null and (id * 7 + ${salt}) % ${share} = 0`.execute(
      db,
    );
    await sql`update orders set deleted_at = now()
      where merchant_id = ${merchantId} and deleted_at is null and (id * 7 + ${salt}) % ${share} = 0`.execute(
      db,
    );
  }

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    db = app.payments.db;
    const fx = fixtures(db);
    bankId = (await fx.bank()).id;
    otherBankId = (await fx.bank()).id;
    cairo = (await fx.merchant({ country: "EGY", bank_id: bankId })).id;
    riyadh = (await fx.merchant({ country: "SAU", bank_id: bankId })).id;
    stranger = (await fx.merchant({ country: "PAK", bank_id: otherBankId })).id;
    muscat = (await fx.merchant({ country: "OMN", bank_id: bankId })).id;
    const owner = await fx.user("Merchant", { merchantId: cairo });
    cairoOwner = await fx.session(owner);
    bankUser = await fx.session(await fx.user("Bank", { bankId }));
    await addRows(cairo, 500, 300);
    // Rows on either side of Cairo's summer-time changes (2025-04-25 00:00 local does not exist: 22:00Z is 01:00;
    // 2025-10-30 23:00-24:00 local comes twice, 20:00Z-22:00Z) and of their hours.
    const edges = [
      "2025-04-24T21:59:59.999Z",
      "2025-04-24T22:00:00Z",
      "2025-04-24T22:30:00Z",
      "2025-04-24T23:00:00Z",
      "2025-04-25T21:00:00Z",
      "2025-10-30T20:59:59.999Z",
      "2025-10-30T21:00:00Z",
      "2025-10-30T21:30:00Z",
      "2025-10-30T22:00:00Z",
      "2025-10-30T22:59:59Z",
      "2025-10-31T22:00:00Z",
    ].map((iso) => new Date(iso));
    await db
      .insertInto("transactions")
      .values(
        edges.map((created_at, i) => ({
          merchant_id: cairo,
          is_live: true,
          amount_cents: 1000 + i,
          currency: "EGP",
          status: "success" as const,
          gateway_type: GATEWAYS[i % GATEWAYS.length]!,
          trnx_type: "standalone",
          origin: "IFRAME",
          data: JSON.stringify({}),
          created_at,
        })),
      )
      .execute();
    await db
      .insertInto("orders")
      .values(
        edges.map((created_at, i) => ({
          merchant_id: cairo,
          is_live: true,
          amount_cents: 500 + i,
          currency: "EGP",
          delivery_needed: i % 2 === 0,
          items: JSON.stringify([]),
          created_at,
        })),
      )
      .execute();
    await addRows(riyadh, 300, 150);
    await addRows(stranger, 300, 150);
    await addRows(muscat, 100, 200);
    await softDelete(cairo, 13, 1);
    await softDelete(muscat, 17, 4);
    await softDelete(stranger, 11, 2);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const d = (iso: string) => new Date(iso);
  /** Range shapes: open, UTC days (what YYYY-MM-DD filters give), odd instants, within an hour or a day, DST. */
  const ranges: Array<[string, Date | undefined, Date | undefined]> = [
    ["all time", undefined, undefined],
    ["from only", d("2025-07-19T00:00:00Z"), undefined],
    ["to only", undefined, d("2026-02-03T00:00:00Z")],
    ["a year of UTC days", d("2025-11-26T00:00:00Z"), d("2026-11-27T00:00:00Z")],
    ["30 UTC days", d("2026-10-27T00:00:00Z"), d("2026-11-27T00:00:00Z")],
    ["odd instants", d("2025-03-10T13:27:45.123Z"), d("2026-01-02T04:00:00.001Z")],
    ["one UTC day", d("2025-06-15T00:00:00Z"), d("2025-06-16T00:00:00Z")],
    ["within an hour", d("2025-06-15T10:05:00Z"), d("2025-06-15T10:55:00Z")],
    ["across an hour", d("2025-06-15T10:05:00Z"), d("2025-06-15T11:55:00Z")],
    ["Cairo local days", d("2025-02-28T22:00:00Z"), d("2025-05-31T21:00:00Z")],
    ["Cairo summer time starts", d("2025-04-24T00:00:00Z"), d("2025-04-27T00:00:00Z")],
    ["Cairo summer time ends", d("2025-10-30T00:30:00Z"), d("2025-11-01T23:59:59.999Z")],
    ["Cairo's missing midnight", d("2025-04-24T22:00:00Z"), d("2025-04-25T22:00:00Z")],
    ["around the missing midnight", d("2025-04-24T21:00:00Z"), d("2025-04-26T21:00:00Z")],
    ["from Cairo's repeated hour", d("2025-10-30T21:00:00Z"), d("2025-10-31T22:00:00Z")],
    ["around the repeated hour", d("2025-10-30T20:00:00Z"), d("2025-11-01T22:00:00Z")],
    ["empty (to before from)", d("2026-01-01T00:00:00Z"), d("2025-01-01T00:00:00Z")],
  ];

  async function expectEqualEverywhere(when: string) {
    const scopes: Array<[string, Scope]> = [
      ["Cairo merchant", { kind: "merchant", merchantId: cairo, terminalId: null }],
      ["Riyadh merchant", { kind: "merchant", merchantId: riyadh, terminalId: null }],
      ["Muscat merchant (payment status)", { kind: "merchant", merchantId: muscat, terminalId: null }],
      ["bank", { kind: "bank", bankId }],
      ["bank, one merchant", { kind: "bank", bankId, merchantId: riyadh }],
      ["bank, another bank's merchant", { kind: "bank", bankId, merchantId: stranger }],
    ];
    let nonEmpty = 0;
    let paidAndNot = 0;
    for (const [scopeName, scope] of scopes)
      for (const isLive of [true, false])
        for (const [rangeName, from, to] of ranges) {
          const range: TotalsRange = { isLive, from, to };
          const label = `${when} / ${scopeName} / ${isLive ? "live" : "test"} / ${rangeName}`;
          const plainPayments = sortPayments(await plainPaymentTotals(db, scope, range));
          expect(sortPayments(await rollupPaymentTotals(db, scope, range)), label).toEqual(plainPayments);
          const plainOrders = sortOrders(await plainOrderTotals(db, scope, range));
          expect(sortOrders(await rollupOrderTotals(db, scope, range)), label).toEqual(plainOrders);
          if (plainPayments.length > 0 && plainOrders.length > 0) nonEmpty++;
          if (plainOrders.some((r) => r.paid_n > 0 && r.paid_n < r.n && r.processed > 0)) paidAndNot++;
        }
    // The comparison is not between two empty answers, nor between answers where every order is PAID or none.
    expect(nonEmpty).toBeGreaterThan(70);
    expect(paidAndNot).toBeGreaterThan(60);
  }

  it("is equal before the fold (everything in deltas), after it, and after more changes", async () => {
    await expectEqualEverywhere("unfolded");
    await foldAnalytics(db);
    const left = await sql<{ n: string }>`select count(*)::text as n from analytics_deltas`.execute(db);
    expect(Number(left.rows[0]!.n)).toBe(0);
    await expectEqualEverywhere("folded");
    // More rows, soft deletes, voids and an order whose amount and delivery change, not yet folded.
    await addRows(cairo, 80, 40);
    await softDelete(cairo, 7, 3);
    await sql`update transactions set is_voided = true where merchant_id = ${riyadh} and status = 'success'
      and id % 5 = 0`.execute(db);
    await sql`update orders set amount_cents = amount_cents + 77, delivery_needed = not delivery_needed
      where merchant_id = ${riyadh} and id % 3 = 0`.execute(db);
    await expectEqualEverywhere("changed, unfolded");
    await foldAnalytics(db);
    await expectEqualEverywhere("changed, folded");
    // Orders get paid, partly refunded (paid amount down), canceled, un-canceled, deleted; Oman's payment status
    // changes; one statement changes many orders of one hour (the trigger's grouped old and new rows).
    for (const m of [cairo, muscat]) {
      await sql`update orders set paid_amount_cents = amount_cents where merchant_id = ${m} and id % 4 = 0`.execute(
        db,
      );
      await sql`update orders set paid_amount_cents = paid_amount_cents / 3
        where merchant_id = ${m} and paid_amount_cents > 0 and id % 5 = 1`.execute(db);
      await sql`update orders set is_canceled = not is_canceled where merchant_id = ${m} and id % 6 = 2`.execute(
        db,
      );
      await sql`update orders set payment_status = case when payment_status ilike '%paid%' then 'CANCELLED' else 'paid'
        end where merchant_id = ${m} and id % 3 = 1`.execute(db);
    }
    await softDelete(muscat, 5, 1);
    await sql`update orders set paid_amount_cents = paid_amount_cents + 1 where merchant_id = ${riyadh}
      and created_at >= '2025-06-15T10:00:00Z' and created_at < '2026-06-15T11:00:00Z'`.execute(db);
    await sql`delete from orders where merchant_id = ${cairo} and id % 23 = 0`.execute(db);
    await expectEqualEverywhere("orders paid, refunded, canceled, deleted, unfolded");
    await foldAnalytics(db);
    await expectEqualEverywhere("orders paid, refunded, canceled, deleted, folded");
  }, 600_000);

  it("never reads another tenant's rows", async () => {
    const range: TotalsRange = { isLive: true, from: undefined, to: undefined };
    const otherBank = await rollupPaymentTotals(db, { kind: "bank", bankId: otherBankId }, range);
    const strangerOnly = await plainPaymentTotals(
      db,
      { kind: "merchant", merchantId: stranger, terminalId: null },
      range,
    );
    expect(sortPayments(otherBank)).toEqual(sortPayments(strangerOnly));
    expect(await rollupPaymentTotals(db, { kind: "bank", bankId, merchantId: stranger }, range)).toEqual([]);
    expect(await rollupOrderTotals(db, { kind: "bank", bankId, merchantId: stranger }, range)).toEqual([]);
  });

  it("the merchant route answers the plain figures of its own merchant and mode", async () => {
    for (const isLive of [true, false]) {
      const response = await app.inject({
        url: `/api/transactions/totals?is_live=${isLive}&date_from=2025-03-01&date_to=2026-02-28`,
        headers: cairoOwner.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        currencies: Array<{
          currency: string;
          methods: { total: { count: number; amount_cents: number } };
          total_orders: { count: number; amount_cents: number };
          orders_with_delivery: { count: number; amount_cents: number };
        }>;
      };
      const range: TotalsRange = {
        isLive,
        from: d("2025-03-01T00:00:00Z"),
        to: d("2026-03-01T00:00:00Z"),
      };
      const scope: Scope = { kind: "merchant", merchantId: cairo, terminalId: null };
      const payments = await plainPaymentTotals(db, scope, range);
      const orders = await plainOrderTotals(db, scope, range);
      const currencies = [...new Set([...payments, ...orders].map((r) => r.currency))].sort();
      expect(body.currencies.map((c) => c.currency)).toEqual(currencies);
      for (const c of body.currencies) {
        const p = payments.filter((r) => r.currency === c.currency);
        expect(c.methods.total).toEqual({
          count: p.reduce((s, r) => s + r.n, 0),
          amount_cents: p.reduce((s, r) => s + r.amount, 0),
        });
        const o = orders.find((r) => r.currency === c.currency);
        expect(c.total_orders).toEqual({ count: o?.n ?? 0, amount_cents: o?.amount ?? 0 });
        expect(c.orders_with_delivery).toEqual({
          count: o?.delivery_n ?? 0,
          amount_cents: o?.delivery_amount ?? 0,
        });
      }
    }
  });

  it("the orders headers (merchant, bank) answer the plain figures of their scope and mode", async () => {
    type Answer = {
      currencies: Array<{
        currency: string;
        orders: { count: number; amount_cents: number };
        paid: { count: number; amount_cents: number };
        processed_cents: number;
      }>;
    };
    const expected = async (scope: Scope, range: TotalsRange) =>
      sortOrders(await plainOrderTotals(db, scope, range)).map((r) => ({
        currency: r.currency,
        orders: { count: r.n, amount_cents: r.amount },
        paid: { count: r.paid_n, amount_cents: r.paid_amount },
        processed_cents: r.processed,
      }));
    const range = (isLive: boolean): TotalsRange => ({
      isLive,
      from: d("2025-03-01T00:00:00Z"),
      to: d("2026-03-01T00:00:00Z"),
    });
    const query = (isLive: boolean) => `is_live=${isLive}&date_from=2025-03-01&date_to=2026-02-28`;
    const get = async (url: string, session: TestSession) => {
      const response = await app.inject({ url, headers: session.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Answer;
    };
    let compared = 0;
    for (const isLive of [true, false]) {
      const mine = await get(`/api/orders/totals?${query(isLive)}`, cairoOwner);
      const cairoScope: Scope = { kind: "merchant", merchantId: cairo, terminalId: null };
      expect(mine.currencies).toEqual(await expected(cairoScope, range(isLive)));
      const bank = await get(`/api/bank/orders/totals?${query(isLive)}`, bankUser);
      const bankScope: Scope = { kind: "bank", bankId };
      expect(
        bank.currencies.map(({ currency, orders, paid, processed_cents }) => ({
          currency,
          orders,
          paid,
          processed_cents,
        })),
      ).toEqual(await expected(bankScope, range(isLive)));
      const oman = await get(`/api/bank/orders/totals?${query(isLive)}&merchant_id=${muscat}`, bankUser);
      const omanScope: Scope = { kind: "merchant", merchantId: muscat, terminalId: null };
      expect(
        oman.currencies.map(({ currency, orders, paid, processed_cents }) => ({
          currency,
          orders,
          paid,
          processed_cents,
        })),
      ).toEqual(await expected(omanScope, range(isLive)));
      compared += mine.currencies.length + bank.currencies.length + oman.currencies.length;
      // Another bank's merchant: nothing, not even its currencies.
      const foreign = await get(`/api/bank/orders/totals?${query(isLive)}&merchant_id=${stranger}`, bankUser);
      expect(foreign.currencies).toEqual([]);
    }
    expect(compared).toBeGreaterThan(8);
  });
});

/**
 * Migrations 0009 and 0010 on a database that already holds orders (their backfills): before 0009 the rollup had
 * the orders' counts but not their amounts, before 0010 not their PAID figures nor processed; after the
 * migrations (and before or after a fold) the header's orders part equals the plain scan. Orders of an Oman
 * merchant (PAID from payment_status) and of an Egyptian one, paid, partly paid, canceled, some soft-deleted.
 */
describe.each([
  ["pglite", "0009"],
  ["postgres", "0009"],
  ["pglite", "0010"],
  ["postgres", "0010"],
] as const)("totals migration backfill [%s, from before %s]", (kind, cutoff) => {
  let database: Database;
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (kind === "pglite") database = await openPglite(undefined);
    else {
      const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(TEST_PG_URL);
      url.pathname = `/${name}`;
      database = await openPostgres(url.toString(), 2);
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: TEST_PG_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    }
    // The schema as it was before the cutoff migration.
    const before: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(MIGRATIONS)) if (name < cutoff) before[name] = migration;
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => before } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await dropDatabase();
  });

  it("backfills the amounts and paid figures of existing orders, folded or not", async () => {
    const db = database.db;
    const fx = fixtures(db);
    const egypt = (await fx.merchant({ country: "EGY" })).id;
    const oman = (await fx.merchant({ country: "OMN" })).id;
    const rand = random(9);
    const orders = (n: number) =>
      db
        .insertInto("orders")
        .values(
          Array.from({ length: 2 * n }, (_, i) => {
            const amount = Math.floor(rand() * 300_000);
            return {
              merchant_id: i % 2 === 0 ? egypt : oman,
              is_live: rand() < 0.8,
              amount_cents: amount,
              ...paymentState(rand, amount),
              currency: rand() < 0.75 ? "EGP" : "USD",
              delivery_needed: rand() < 0.4,
              items: JSON.stringify([]),
              created_at: new Date(START + Math.floor(rand() * SPAN)),
            };
          }),
        )
        .execute();
    await orders(150);
    // The schema before the cutoff has the old fold only (the customers' fold came with migration 0022).
    await sql`select analytics_fold()`.execute(db);
    await orders(100); // left as deltas
    await sql`update orders set deleted_at = now() where id % 9 = 0`.execute(db);
    // Changed before the migration: the old triggers moved counts (and amounts) only.
    await sql`update orders set paid_amount_cents = amount_cents, payment_status = 'PAID' where id % 7 = 0`.execute(
      db,
    );
    await migrateToLatest(db);
    const check = async () => {
      for (const merchantId of [egypt, oman])
        for (const isLive of [true, false])
          for (const [, from, to] of [
            ["all time", undefined, undefined],
            ["a year", new Date("2025-11-26T00:00:00Z"), new Date("2026-11-27T00:00:00Z")],
            ["odd instants", new Date("2025-03-10T13:27:45.123Z"), new Date("2026-01-02T04:00:00.001Z")],
          ] as const) {
            const scope: Scope = { kind: "merchant", merchantId, terminalId: null };
            const range: TotalsRange = { isLive, from, to };
            const plain = sortOrders(await plainOrderTotals(db, scope, range));
            expect(plain.length).toBeGreaterThan(0);
            expect(plain.some((r) => r.amount > 0 && r.delivery_amount > 0)).toBe(true);
            expect(plain.some((r) => r.paid_n > 0 && r.paid_n < r.n && r.processed > 0)).toBe(true);
            expect(sortOrders(await rollupOrderTotals(db, scope, range))).toEqual(plain);
          }
    };
    await check();
    await foldAnalytics(db);
    await check();
    await orders(20);
    await sql`update orders set paid_amount_cents = paid_amount_cents / 2 where id % 5 = 0`.execute(db);
    await check();
  }, 60_000);
});
