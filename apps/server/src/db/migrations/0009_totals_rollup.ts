import { type Kysely, sql } from "kysely";

/**
 * The transactions totals header from the analytics rollup (docs/transactions.md, "Totals"). Its payments part
 * is already there (success_count + voided_count of the method rows); its orders part needs the orders' amounts,
 * which 0005/0006 did not keep. This adds `orders_amount` and `orders_delivery_amount` to the rollup and its
 * deltas, teaches the orders triggers and the fold about them, and backfills existing orders as deltas.
 * Partial indexes of soft-deleted rows let the header subtract them (the rollup counts every row, deleted or not).
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
] as const;
const columns = `${KEYS}, ${MEASURES.join(", ")}`;

/** Signed contributions of order rows `t` with sign `t.s`, hour and local-day grains (as 0006, plus amounts). */
const orderSelect = (source: string) => `
select t.merchant_id, t.is_live, 'orders' || g.suffix as dim, g.at, t.currency, '', '',
  sum(t.s), sum(t.s * t.delivery_needed::int),
  sum(t.s * t.amount_cents), sum(t.s * case when t.delivery_needed then t.amount_cents else 0 end)
from (${source}) t
join merchants m on m.id = t.merchant_id
cross join lateral (values ('', date_trunc('hour', t.created_at)),
  ('@day', date_trunc('day', t.created_at at time zone analytics_zone(m.country)) at time zone analytics_zone(m.country))) g(suffix, at)
group by 1, 2, 3, 4, 5, 6, 7
having sum(t.s) <> 0 or sum(t.s * t.delivery_needed::int) <> 0 or sum(t.s * t.amount_cents) <> 0
  or sum(t.s * case when t.delivery_needed then t.amount_cents else 0 end) <> 0`;

const orderColumns = `${KEYS}, orders, orders_delivery, orders_amount, orders_delivery_amount`;

function orderTrigger(kind: "insert" | "update" | "delete"): string {
  const source =
    kind === "insert"
      ? "select 1 as s, n.* from new_rows n"
      : kind === "delete"
        ? "select -1 as s, o.* from old_rows o"
        : "select -1 as s, o.* from old_rows o union all select 1 as s, n.* from new_rows n";
  return `create or replace function analytics_orders_${kind}() returns trigger language plpgsql as $fn$
begin
  insert into analytics_deltas (${orderColumns})
  ${orderSelect(source)};
  return null;
end
$fn$`;
}

const FOLD = `create or replace function analytics_fold() returns bigint language plpgsql as $fn$
declare
  folded bigint;
begin
  if not pg_try_advisory_xact_lock(hashtext('analytics_fold')) then
    return 0;
  end if;
  with moved as (
    delete from analytics_deltas returning *
  ), grouped as (
    select ${KEYS}, ${MEASURES.map((m) => `sum(${m})::bigint as ${m}`).join(", ")}
    from moved group by ${KEYS} order by ${KEYS}
  ), upserted as (
    insert into analytics_hourly (${columns})
    select ${columns} from grouped
    on conflict (${KEYS}) do update set
      ${MEASURES.map((m) => `${m} = analytics_hourly.${m} + excluded.${m}`).join(",\n      ")}
    returning 1
  )
  select count(*) into folded from upserted;
  return folded;
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // No order may change between the new triggers and the backfill (writers wait for this migration).
    "lock table orders in share row exclusive mode",
    "alter table analytics_hourly add column orders_amount bigint not null default 0",
    "alter table analytics_hourly add column orders_delivery_amount bigint not null default 0",
    "alter table analytics_deltas add column orders_amount bigint not null default 0",
    "alter table analytics_deltas add column orders_delivery_amount bigint not null default 0",
    FOLD,
    orderTrigger("insert"),
    orderTrigger("update"),
    orderTrigger("delete"),
    // Existing orders: their amounts as deltas (counts are already in the rollup); the fold merges them.
    `insert into analytics_deltas (${KEYS}, orders_amount, orders_delivery_amount)
select merchant_id, is_live, dim, at, currency, '', '', a, d from (
  ${orderSelect("select 1 as s, x.* from orders x")}
) r(merchant_id, is_live, dim, at, currency, channel, dim_value, n, nd, a, d)
where a <> 0 or d <> 0`,
    // Soft-deleted rows, which the header subtracts from the rollup's figures (few rows: a partial index).
    `create index transactions_deleted_totals_idx on transactions (merchant_id, is_live, created_at)
  include (currency, gateway_type, status, amount_cents, parent_transaction_id) where deleted_at is not null`,
    `create index orders_deleted_totals_idx on orders (merchant_id, is_live, created_at)
  include (currency, delivery_needed, amount_cents) where deleted_at is not null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
