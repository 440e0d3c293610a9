import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../db/database.ts";
import { createTestDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { settleCustomerActivity } from "./customers.repository.ts";

/**
 * The customers' queue (migration 0053) under concurrency on PostgreSQL (PGlite has one connection): payments of a
 * few payers arrive at once, from many connections, while folds run beside them (the analytics' own, which gives
 * up when another runs, and readers', which wait) and a transaction moves between customers. Once settled, every
 * customer's totals equal a recount of its transactions, and the customer rollup equals the one a rebuild makes.
 */
describe("customers' queue under concurrent payments and folds [postgres]", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase("postgres");
    database = await openPostgres(test.url!, 24);
    drop = async () => {
      await database.close();
      await test.drop();
    };
  }, 180_000);
  afterAll(async () => {
    await drop();
  });

  it("keeps totals and the rollup equal to a recount", async () => {
    const db = database.db;
    const merchant = await fixtures(db).merchant({ country: "EGY" });
    const payers = Array.from({ length: 5 }, (_, i) => `payer${i}@example.com`);
    const start = Date.now() - 3 * 86_400_000;
    const pay = (n: number) =>
      rows(db).payment(merchant.id, {
        customer_email: payers[n % payers.length]!,
        customer_phone: null,
        customer_name: `Payer ${n % payers.length}`,
        status: n % 7 === 0 ? "declined" : "success",
        card_last4: String(1000 + n),
        // Spread over three days and many hours, so the day chains move too.
        created_at: new Date(start + ((n * 37) % 72) * 3_600_000 + n * 1000),
      });
    let folding = true;
    const folds = (async () => {
      let n = 0;
      while (folding) {
        await sql`select customer_activity_fold(${n % 2 === 0})`.execute(db);
        n++;
      }
      return n;
    })();
    const paid = await Promise.all(Array.from({ length: 120 }, (_, n) => pay(n)));
    // A move between customers and a status change while payments are queued.
    const moved = paid[3]!;
    const target = await db
      .selectFrom("transactions")
      .select("customer_id")
      .where("id", "=", paid[4]!.id)
      .executeTakeFirstOrThrow();
    await Promise.all([
      db
        .updateTable("transactions")
        .set({ customer_id: target.customer_id })
        .where("id", "=", moved.id)
        .execute(),
      db.updateTable("transactions").set({ status: "declined" }).where("id", "=", paid[10]!.id).execute(),
      ...Array.from({ length: 20 }, (_, n) => pay(200 + n)),
    ]);
    folding = false;
    expect(await folds).toBeGreaterThan(0);
    await settleCustomerActivity(db);

    const customers = await db
      .selectFrom("customers")
      .select(["id", "total_transactions", "last_transaction_at", "card_last4"])
      .where("merchant_id", "=", merchant.id)
      .orderBy("id")
      .execute();
    expect(customers).toHaveLength(payers.length);
    for (const c of customers) {
      const list = await db
        .selectFrom("transactions")
        .select(["created_at", "card_last4"])
        .where("customer_id", "=", c.id)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      expect({
        total: c.total_transactions,
        last: c.last_transaction_at && new Date(c.last_transaction_at).toISOString(),
        card: c.card_last4,
      }).toEqual({
        total: list.length,
        last: list[0] ? new Date(list[0].created_at).toISOString() : null,
        card: list.find((t) => t.card_last4 !== null)?.card_last4 ?? null,
      });
    }
    expect(customers.reduce((n, c) => n + c.total_transactions, 0)).toBe(140);

    const rollup = async () =>
      (
        await sql<{ key: string }>`
          select 'hour ' || customer_id || ' ' || local_hour::text || ' ' || channel || ' ' || payments as key
          from analytics_customer_hours where merchant_id = ${merchant.id}
          union all
          select 'cell ' || day::text || ' ' || channel || ' ' || prev::text || ' ' || sum(customers)
          from (select day, channel, prev, customers from analytics_customer_cells where merchant_id = ${merchant.id}
                union all
                select day, channel, prev, customers from analytics_customer_cell_deltas
                where merchant_id = ${merchant.id}) x
          group by day, channel, prev having sum(customers) <> 0
          union all
          select 'customers ' || hour::text || ' ' || channel || ' ' || sum(payments)
          from (select hour, channel, payments from analytics_hourly
                where merchant_id = ${merchant.id} and dim = 'customers'
                union all
                select hour, channel, payments from analytics_deltas
                where merchant_id = ${merchant.id} and dim = 'customers') y
          group by hour, channel having sum(payments) <> 0
          order by 1`.execute(db)
      ).rows.map((r) => r.key);
    const kept = await rollup();
    expect(kept.length).toBeGreaterThan(20);
    await sql`select analytics_customers_rebuild(${merchant.id}::bigint)`.execute(db);
    expect(await rollup()).toEqual(kept);
  }, 180_000);
});
