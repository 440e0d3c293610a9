import { type Kysely, sql } from "kysely";

/**
 * analytics_rebuild(m): every analytics row of merchant m (or of every merchant, null) recomputed from the rows,
 * set-based, as the triggers would have left them after a fold (issue 17). For bulk loads: the benchmark inserts
 * millions of rows with the analytics row triggers disabled, then rebuilds once, instead of running a trigger per
 * row (docs/analytics.md, "Benchmark"). The caller makes sure nobody writes the merchant's rows meanwhile.
 *
 * The grouped queries are those of 0006 (payments: method, scheme, terminal; hour and local-day grains) and 0010
 * (orders, with PAID as the orders list derives it), copied: a migration must not change when other code does.
 * `triggers.test.ts` and `customers.test.ts` prove a rebuild equal to what the triggers kept.
 */

const KEYS = "merchant_id, is_live, dim, hour, currency, channel, dim_value";
const PAYMENT_MEASURES = [
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
];
const ORDER_MEASURES = [
  "orders",
  "orders_delivery",
  "orders_amount",
  "orders_delivery_amount",
  "orders_paid",
  "orders_paid_amount",
  "orders_processed",
];

const grains = `(values ('', date_trunc('hour', t.created_at)),
    ('@day', date_trunc('day', t.created_at at time zone analytics_zone(z.country)) at time zone analytics_zone(z.country))) g(suffix, at)`;

const PAYMENTS = `insert into analytics_hourly (${KEYS}, ${PAYMENT_MEASURES.join(", ")})
  select t.merchant_id, t.is_live, d.dim || g.suffix, g.at, t.currency, t.channel, d.value,
    count(*),
    sum(t.amount_cents),
    sum((t.status = 'success' and not t.is_voided)::int),
    sum(case when t.status = 'success' and not t.is_voided then t.amount_cents else 0 end),
    sum((t.status = 'declined')::int),
    sum(case when t.status = 'declined' then t.amount_cents else 0 end),
    sum((t.status = 'pending')::int),
    sum(case when t.status = 'pending' then t.amount_cents else 0 end),
    sum((t.status = 'success' and t.is_voided)::int),
    sum(case when t.status = 'success' and t.is_voided then t.amount_cents else 0 end),
    sum(case when t.status = 'success' and not t.is_voided then t.refunded_amount_cents else 0 end)
  from transactions t
  join merchants z on z.id = t.merchant_id
  cross join lateral ${grains}
  cross join lateral (values ('method', t.gateway_type), ('scheme', t.card_scheme), ('terminal', t.terminal_id::text)) d(dim, value)
  where (m is null or t.merchant_id = m) and t.parent_transaction_id is null and d.value is not null
  group by 1, 2, 3, 4, 5, 6, 7`;

const PAID = `case
    when t.is_canceled then false
    when z.country = 'OMN' then coalesce(upper(replace(trim(t.payment_status), 'CANCELLED', 'CANCELED')) = 'PAID', false)
    else coalesce(t.amount_cents <= t.paid_amount_cents, false) end`;

const ORDERS = `insert into analytics_hourly (${KEYS}, ${ORDER_MEASURES.join(", ")})
  select t.merchant_id, t.is_live, 'orders' || g.suffix, g.at, t.currency, '', '',
    count(*),
    sum(t.delivery_needed::int),
    sum(t.amount_cents),
    sum(case when t.delivery_needed then t.amount_cents else 0 end),
    sum(p.paid::int),
    sum(case when p.paid then t.amount_cents else 0 end),
    sum(t.paid_amount_cents)
  from orders t
  join merchants z on z.id = t.merchant_id
  cross join lateral (select ${PAID} as paid) p
  cross join lateral ${grains}
  where m is null or t.merchant_id = m
  group by 1, 2, 3, 4, 5, 6, 7`;

const REBUILD = `create function analytics_rebuild(m bigint) returns void language plpgsql as $fn$
begin
  perform set_config('work_mem', '256MB', true);
  delete from analytics_hourly where (m is null or merchant_id = m)
    and dim in ('method', 'scheme', 'terminal', 'orders', 'method@day', 'scheme@day', 'terminal@day', 'orders@day');
  delete from analytics_deltas where (m is null or merchant_id = m)
    and dim in ('method', 'scheme', 'terminal', 'orders', 'method@day', 'scheme@day', 'terminal@day', 'orders@day');
  ${PAYMENTS};
  ${ORDERS};
  perform analytics_customers_rebuild(m);
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(REBUILD).execute(db);
}
