import { type Kysely, sql } from "kysely";

/**
 * The orders header (GET /api/orders/totals, /api/bank/orders/totals) from the analytics rollup, as the
 * transactions header since 0009 (docs/transactions.md, "Totals"). Beside the orders' count and amount it needs
 * the PAID ones (count and amount) and the processed amount (sum of paid_amount_cents). PAID is the orders list's
 * display status (statusSql of orders.repository.ts): canceled first, an Oman merchant follows the order's
 * payment_status, any other one compares amount and paid amount; so the triggers read the merchant's country.
 * An update of an order subtracts its old row's contribution and adds its new one, so a payment, a partial refund
 * (paid amount down), a cancellation or a status change moves the figures exactly. Soft-deleted orders stay in the
 * rollup (the header subtracts them, as before). Existing orders are backfilled as deltas; the fold merges them.
 * A merchant's country never changes (no code updates it; the day rows of 0006 assume the same).
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
] as const;
const NEW_MEASURES = ["orders_paid", "orders_paid_amount", "orders_processed"] as const;
const columns = `${KEYS}, ${MEASURES.join(", ")}`;

/** PAID as statusSql derives it (a copy: a migration must not change when the code does; tests prove them equal). */
const PAID = `case
    when t.is_canceled then false
    when m.country = 'OMN' then coalesce(upper(replace(trim(t.payment_status), 'CANCELLED', 'CANCELED')) = 'PAID', false)
    else coalesce(t.amount_cents <= t.paid_amount_cents, false) end`;

/** Signed contributions of order rows `t` with sign `t.s`, hour and local-day grains (as 0009, plus paid). */
const orderSelect = (source: string) => `
select t.merchant_id, t.is_live, 'orders' || g.suffix as dim, g.at, t.currency, '', '',
  sum(t.s), sum(t.s * t.delivery_needed::int),
  sum(t.s * t.amount_cents), sum(t.s * case when t.delivery_needed then t.amount_cents else 0 end),
  sum(t.s * p.paid::int), sum(t.s * case when p.paid then t.amount_cents else 0 end),
  sum(t.s * t.paid_amount_cents)
from (${source}) t
join merchants m on m.id = t.merchant_id
cross join lateral (select ${PAID} as paid) p
cross join lateral (values ('', date_trunc('hour', t.created_at)),
  ('@day', date_trunc('day', t.created_at at time zone analytics_zone(m.country)) at time zone analytics_zone(m.country))) g(suffix, at)
group by 1, 2, 3, 4, 5, 6, 7
having sum(t.s) <> 0 or sum(t.s * t.delivery_needed::int) <> 0 or sum(t.s * t.amount_cents) <> 0
  or sum(t.s * case when t.delivery_needed then t.amount_cents else 0 end) <> 0
  or sum(t.s * p.paid::int) <> 0 or sum(t.s * case when p.paid then t.amount_cents else 0 end) <> 0
  or sum(t.s * t.paid_amount_cents) <> 0`;

const orderColumns = `${KEYS}, orders, orders_delivery, orders_amount, orders_delivery_amount, ${NEW_MEASURES.join(", ")}`;

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
    ...NEW_MEASURES.flatMap((m) => [
      `alter table analytics_hourly add column ${m} bigint not null default 0`,
      `alter table analytics_deltas add column ${m} bigint not null default 0`,
    ]),
    FOLD,
    orderTrigger("insert"),
    orderTrigger("update"),
    orderTrigger("delete"),
    // Existing orders: their paid figures as deltas (counts and amounts are already in the rollup).
    `insert into analytics_deltas (${KEYS}, ${NEW_MEASURES.join(", ")})
select merchant_id, is_live, dim, at, currency, '', '', pn, pa, pr from (
  ${orderSelect("select 1 as s, x.* from orders x")}
) r(merchant_id, is_live, dim, at, currency, channel, dim_value, n, nd, a, d, pn, pa, pr)
where pn <> 0 or pa <> 0 or pr <> 0`,
    // Soft-deleted orders, which the header subtracts: now with what PAID and processed need.
    "drop index orders_deleted_totals_idx",
    `create index orders_deleted_totals_idx on orders (merchant_id, is_live, created_at)
  include (currency, delivery_needed, amount_cents, paid_amount_cents, is_canceled, payment_status)
  where deleted_at is not null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
