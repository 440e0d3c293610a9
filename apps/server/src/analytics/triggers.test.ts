import { type Kysely, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { DB } from "../db/schema.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { foldAnalytics } from "./analytics.repository.ts";

/**
 * The analytics triggers (row-level since migration 0012, docs/analytics.md): after every kind of write, single
 * and multi-row, the rollup (analytics_hourly plus the unfolded analytics_deltas) summed per key equals a
 * recount of the tables with the grouped queries the statement-level triggers of 0006 and 0010 ran. Every reader
 * sums per key, so equal sums per key mean equal figures everywhere. Covers what the reader tests do not: updates
 * that move a row's keys (instant, merchant and zone, mode, currency, method, card scheme, terminal, parent),
 * updates that change nothing counted (which must not write a delta row), and deletes; and that the set-based
 * rebuild (migration 0023) gives the same rows.
 */

const KEYS = "merchant_id, is_live, dim, hour, currency, channel, dim_value";
const MEASURES = [
  "payments",
  "amount",
  "success_count",
  "success_amount",
  "declined_count",
  "declined_amount",
  "pending_count",
  "pending_amount",
  "voided_count",
  "voided_amount",
  "refunded_amount",
  "orders",
  "orders_delivery",
  "orders_amount",
  "orders_delivery_amount",
  "orders_paid",
  "orders_paid_amount",
  "orders_processed",
];

const sums = MEASURES.map((m) => `sum(${m})::text as ${m}`).join(", ");
const nonZero = MEASURES.map((m) => `sum(${m}) <> 0`).join(" or ");

/**
 * The rollup per key, as readers see it; keys whose sums are all zero are left out. The customers dimensions of
 * migration 0022 have their own tests (customers.test.ts).
 */
const ROLLUP = `select ${KEYS}, ${sums} from (
  select ${KEYS}, ${MEASURES.join(", ")} from analytics_hourly
  union all select ${KEYS}, ${MEASURES.join(", ")} from analytics_deltas
) x where dim not like '%customers%' group by ${KEYS} having ${nonZero}`;

/** The recount: every row with sign +1 through the grouped queries of 0006 (payments) and 0010 (orders). */
const zone = "analytics_zone(m.country)";
const grains = `cross join lateral (values ('', date_trunc('hour', t.created_at)),
  ('@day', date_trunc('day', t.created_at at time zone ${zone}) at time zone ${zone})) g(suffix, at)`;
const RECOUNT = `select ${KEYS}, ${sums} from (
  select t.merchant_id, t.is_live, d.dim || g.suffix as dim, g.at as hour, t.currency, t.channel, d.value as dim_value,
    1 as payments, t.amount_cents as amount,
    (t.status = 'success' and not t.is_voided)::int as success_count,
    case when t.status = 'success' and not t.is_voided then t.amount_cents else 0 end as success_amount,
    (t.status = 'declined')::int as declined_count,
    case when t.status = 'declined' then t.amount_cents else 0 end as declined_amount,
    (t.status = 'pending')::int as pending_count,
    case when t.status = 'pending' then t.amount_cents else 0 end as pending_amount,
    (t.status = 'success' and t.is_voided)::int as voided_count,
    case when t.status = 'success' and t.is_voided then t.amount_cents else 0 end as voided_amount,
    case when t.status = 'success' and not t.is_voided then t.refunded_amount_cents else 0 end as refunded_amount,
    0 as orders, 0 as orders_delivery, 0 as orders_amount, 0 as orders_delivery_amount, 0 as orders_paid,
    0 as orders_paid_amount, 0 as orders_processed
  from transactions t
  join merchants m on m.id = t.merchant_id
  ${grains}
  cross join lateral (values ('method', t.gateway_type), ('scheme', t.card_scheme), ('terminal', t.terminal_id::text)) d(dim, value)
  where t.parent_transaction_id is null and d.value is not null
  union all
  select t.merchant_id, t.is_live, 'orders' || g.suffix, g.at, t.currency, '', '',
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, t.delivery_needed::int, t.amount_cents, case when t.delivery_needed then t.amount_cents else 0 end,
    p.paid::int, case when p.paid then t.amount_cents else 0 end, t.paid_amount_cents
  from orders t
  join merchants m on m.id = t.merchant_id
  cross join lateral (select case
    when t.is_canceled then false
    when m.country = 'OMN' then coalesce(upper(replace(trim(t.payment_status), 'CANCELLED', 'CANCELED')) = 'PAID', false)
    else coalesce(t.amount_cents <= t.paid_amount_cents, false) end as paid) p
  ${grains}
) x group by ${KEYS} having ${nonZero}`;

type KeyRow = Record<string, unknown>;
const keyOf = (r: KeyRow) =>
  `${r.merchant_id}/${r.is_live}/${r.dim}/${new Date(String(r.hour)).toISOString()}/${r.currency}/${r.channel}/${r.dim_value}`;
const byKey = (rows: KeyRow[]) =>
  Object.fromEntries(
    rows
      .map((r) => [keyOf(r), MEASURES.map((m) => Number(r[m])).join(",")] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

describeEachDatabase("analytics triggers", (get) => {
  let db: Kysely<DB>;
  let cairo: number; // Egypt: PAID from amounts
  let muscat: number; // Oman: PAID from payment_status
  let terminal: number;

  const expectRollupEqualsRecount = async (label: string) => {
    const rollup = (await sql.raw<KeyRow>(ROLLUP).execute(db)).rows;
    const recount = (await sql.raw<KeyRow>(RECOUNT).execute(db)).rows;
    expect(recount.length, label).toBeGreaterThan(0);
    expect(byKey(rollup), label).toEqual(byKey(recount));
  };
  const deltaRows = async () =>
    Number(
      (await sql<{ n: string }>`select count(*)::text as n from analytics_deltas`.execute(db)).rows[0]!.n,
    );

  const payment = (merchantId: number, o: Record<string, unknown> = {}) => ({
    merchant_id: merchantId,
    is_live: true,
    amount_cents: 10_000,
    currency: "EGP",
    status: "success",
    gateway_type: "VPC",
    trnx_type: "standalone",
    origin: "IFRAME",
    card_scheme: "Visa",
    created_at: new Date("2026-03-10T21:30:00Z"),
    ...o,
  });
  const insertPayments = async (rows: Record<string, unknown>[]) =>
    (
      await db
        .insertInto("transactions")
        .values(rows as never)
        .returning("id")
        .execute()
    ).map((r) => Number(r.id));
  const order = (merchantId: number, o: Record<string, unknown> = {}) => ({
    merchant_id: merchantId,
    is_live: true,
    amount_cents: 25_000,
    currency: "EGP",
    created_at: new Date("2026-03-10T20:45:00Z"),
    ...o,
  });
  const insertOrders = async (rows: Record<string, unknown>[]) =>
    (
      await db
        .insertInto("orders")
        .values(rows as never)
        .returning("id")
        .execute()
    ).map((r) => Number(r.id));

  beforeAll(async () => {
    db = get().database.db;
    const f = fixtures(db);
    cairo = (await f.merchant({ country: "EGY" })).id;
    muscat = (await f.merchant({ country: "OMN" })).id;
    terminal = (await f.terminal(cairo)).id;
  });

  it("follows single-row and multi-row inserts, updates that move keys, and deletes", async () => {
    // Inserts: one row at a time, then many in one statement (one group holds several rows).
    const [p1] = await insertPayments([payment(cairo)]);
    const [p2] = await insertPayments([payment(cairo, { status: "pending", card_scheme: null })]);
    const [p3] = await insertPayments([
      payment(cairo, { gateway_type: "CAGG", card_scheme: null, terminal_id: terminal, channel: "POS" }),
    ]);
    const many = await insertPayments(
      Array.from({ length: 12 }, (_, i) =>
        payment(i % 2 === 0 ? cairo : muscat, {
          amount_cents: 1_000 + i * 37,
          status: ["success", "declined", "pending"][i % 3],
          currency: i % 4 === 0 ? "USD" : "EGP",
          card_scheme: i % 5 === 0 ? null : "MasterCard",
          created_at: new Date(Date.parse("2026-03-10T20:00:00Z") + i * 17 * 60_000),
        }),
      ),
    );
    const [o1] = await insertOrders([order(cairo)]);
    const [o2] = await insertOrders([order(muscat, { payment_status: "PAID", delivery_needed: true })]);
    const orders = await insertOrders(
      Array.from({ length: 10 }, (_, i) =>
        order(i % 2 === 0 ? cairo : muscat, {
          amount_cents: 5_000 + i * 101,
          paid_amount_cents: i % 3 === 0 ? 5_000 + i * 101 : 0,
          payment_status: i % 3 === 0 ? "PAID" : "UNPAID",
          delivery_needed: i % 2 === 1,
          created_at: new Date(Date.parse("2026-03-10T19:00:00Z") + i * 23 * 60_000),
        }),
      ),
    );
    await expectRollupEqualsRecount("inserts");

    // A refund: its child row counts nothing, the parent's refunded amount moves; then a void, a status change.
    await insertPayments([
      payment(cairo, { parent_transaction_id: p1, amount_cents: 3_000, trnx_type: "refund" }),
    ]);
    await sql`update transactions set refunded_amount_cents = 3000 where id = ${p1}`.execute(db);
    await sql`update transactions set status = 'success' where id = ${p2}`.execute(db);
    await sql`update transactions set is_voided = true where id = ${many[0]}`.execute(db);
    await expectRollupEqualsRecount("refund, status, void");
    await foldAnalytics(db);
    await expectRollupEqualsRecount("folded");

    // Updates that move keys, one row at a time and many at once.
    const moves = [
      sql`update transactions set created_at = created_at + interval '20 minutes' where id = ${p1}`,
      sql`update transactions set created_at = created_at + interval '3 hours' where id = ${p2}`, // next Cairo day
      sql`update transactions set merchant_id = ${muscat}, terminal_id = null where id = ${p3}`,
      sql`update transactions set is_live = not is_live, currency = 'USD' where id = ${many[1]}`,
      sql`update transactions set gateway_type = 'UIG', card_scheme = null where id = ${many[2]}`,
      sql`update transactions set card_scheme = 'Meeza', amount_cents = amount_cents + 5 where id = ${many[3]}`,
      sql`update transactions set terminal_id = ${terminal}, channel = 'POS' where id = ${many[4]}`,
      sql`update transactions set parent_transaction_id = ${many[6]} where id = ${many[5]}`, // becomes a child
      sql`update transactions set parent_transaction_id = null where trnx_type = 'refund'`, // a child becomes a payment
      sql`update transactions set created_at = created_at + interval '1 day', status = 'declined'
        where id = any(${many.slice(6)})`,
      sql`update orders set created_at = created_at + interval '2 hours', paid_amount_cents = 100 where id = ${o1}`,
      sql`update orders set merchant_id = ${cairo} where id = ${o2}`, // PAID by amounts from now on
      sql`update orders set is_live = false, currency = 'USD', amount_cents = amount_cents + 1 where id = ${orders[0]}`,
      sql`update orders set merchant_id = ${muscat}, created_at = created_at - interval '5 hours'
        where id = any(${orders.slice(1, 5)})`,
    ];
    for (const [i, statement] of moves.entries()) {
      await statement.execute(db);
      await expectRollupEqualsRecount(`move ${i}`);
    }

    // Many rows keeping their keys in one statement: payments, refunds, cancellations, Oman statuses.
    await sql`update transactions set status = 'success', refunded_amount_cents = amount_cents / 4
      where merchant_id = ${cairo} and parent_transaction_id is null`.execute(db);
    await sql`update orders set paid_amount_cents = amount_cents, is_canceled = id % 2 = 0`.execute(db);
    await sql`update orders set payment_status = 'paid' where merchant_id = ${muscat}`.execute(db);
    await expectRollupEqualsRecount("many rows keeping their keys");

    // Deletes: one row, then many (children first).
    await sql`delete from transactions where id = ${p3}`.execute(db);
    await sql`delete from orders where id = ${orders[9]}`.execute(db);
    await sql`delete from transactions where parent_transaction_id is not null`.execute(db);
    await sql`delete from transactions where id = any(${many.slice(0, 6)})`.execute(db);
    await sql`delete from orders where id = any(${orders.slice(5, 9)})`.execute(db);
    await expectRollupEqualsRecount("deletes");
    await foldAnalytics(db);
    await expectRollupEqualsRecount("deletes, folded");

    // The set-based rebuild of 0023 (bulk loads) leaves what the triggers kept, folded or not.
    await insertPayments([payment(cairo, { amount_cents: 777 })]);
    await sql`select analytics_rebuild(${cairo}::bigint)`.execute(db);
    await expectRollupEqualsRecount("rebuilt one merchant");
    await sql`select analytics_rebuild(null)`.execute(db);
    expect(await deltaRows()).toBe(0);
    await expectRollupEqualsRecount("rebuilt every merchant");
  });

  it("writes no delta row for an update that changes nothing counted", async () => {
    const [p] = await insertPayments([payment(cairo, { status: "pending" })]);
    const [child] = await insertPayments([payment(cairo, { parent_transaction_id: p, trnx_type: "refund" })]);
    const [egypt] = await insertOrders([order(cairo)]);
    const [oman] = await insertOrders([order(muscat, { payment_status: "UNPAID" })]);
    await foldAnalytics(db);
    expect(await deltaRows()).toBe(0);
    const none = [
      sql`update transactions set updated_at = now(), data = '{"message": "Pending"}' where id = ${p}`,
      sql`update transactions set amount_cents = amount_cents + 1, status = 'declined' where id = ${child}`,
      sql`update orders set items = '[{"name": "x"}]', is_payment_locked = true where id = any(${[egypt, oman]})`,
      // Egypt's PAID follows the amounts, so its payment_status is not counted; Oman's "pending" is not PAID.
      sql`update orders set payment_status = 'PAID' where id = ${egypt}`,
      sql`update orders set payment_status = 'PENDING' where id = ${oman}`,
      sql`update orders set paid_amount_cents = paid_amount_cents where id = any(${[egypt, oman]})`,
    ];
    for (const [i, statement] of none.entries()) {
      await statement.execute(db);
      expect(await deltaRows(), `statement ${i}`).toBe(0);
    }
    await sql`update orders set payment_status = ' paid ' where id = ${oman}`.execute(db);
    expect(await deltaRows()).toBe(2); // Oman's order is PAID now: its hour and day rows
    await expectRollupEqualsRecount("after no-op updates");
  });
});
