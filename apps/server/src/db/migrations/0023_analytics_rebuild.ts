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

/**
 * Rows are first summed per UTC hour and every key (a few hundred thousand groups for ten million payments), then
 * each hour group gives its dimensions and its local day (every zone of analytics_zone() is a whole number of
 * hours from UTC, so an hour lies in one local day): far less hashing than six rows per payment.
 */
const dayOf = `date_trunc('day', h.hour at time zone analytics_zone(z.country)) at time zone analytics_zone(z.country)`;

const PAYMENTS = `insert into analytics_hourly (${KEYS}, ${PAYMENT_MEASURES.join(", ")})
  select h.merchant_id, h.is_live, d.dim || g.suffix, g.at, h.currency, h.channel, d.value,
    ${PAYMENT_MEASURES.map((m) => `sum(h.${m})`).join(", ")}
  from (
    select t.merchant_id, t.is_live, date_trunc('hour', t.created_at) as hour, t.currency, t.channel,
      t.gateway_type, t.card_scheme, t.terminal_id,
      count(*) as payments,
      sum(t.amount_cents) as amount,
      sum((t.status = 'success' and not t.is_voided)::int) as success_count,
      sum(case when t.status = 'success' and not t.is_voided then t.amount_cents else 0 end) as success_amount,
      sum((t.status = 'declined')::int) as declined_count,
      sum(case when t.status = 'declined' then t.amount_cents else 0 end) as declined_amount,
      sum((t.status = 'pending')::int) as pending_count,
      sum(case when t.status = 'pending' then t.amount_cents else 0 end) as pending_amount,
      sum((t.status = 'success' and t.is_voided)::int) as voided_count,
      sum(case when t.status = 'success' and t.is_voided then t.amount_cents else 0 end) as voided_amount,
      sum(case when t.status = 'success' and not t.is_voided then t.refunded_amount_cents else 0 end) as refunded_amount
    from transactions t
    where (m is null or t.merchant_id = m) and t.parent_transaction_id is null
    group by 1, 2, 3, 4, 5, 6, 7, 8
  ) h
  join merchants z on z.id = h.merchant_id
  cross join lateral (values ('', h.hour), ('@day', ${dayOf})) g(suffix, at)
  cross join lateral (values ('method', h.gateway_type), ('scheme', h.card_scheme), ('terminal', h.terminal_id::text)) d(dim, value)
  where d.value is not null
  group by 1, 2, 3, 4, 5, 6, 7`;

const PAID = `case
    when t.is_canceled then false
    when z.country = 'OMN' then coalesce(upper(replace(trim(t.payment_status), 'CANCELLED', 'CANCELED')) = 'PAID', false)
    else coalesce(t.amount_cents <= t.paid_amount_cents, false) end`;

const ORDERS = `insert into analytics_hourly (${KEYS}, ${ORDER_MEASURES.join(", ")})
  select h.merchant_id, h.is_live, 'orders' || g.suffix, g.at, h.currency, '', '',
    ${ORDER_MEASURES.map((m) => `sum(h.${m})`).join(", ")}
  from (
    select t.merchant_id, t.is_live, date_trunc('hour', t.created_at) as hour, t.currency,
      count(*) as orders,
      sum(t.delivery_needed::int) as orders_delivery,
      sum(t.amount_cents) as orders_amount,
      sum(case when t.delivery_needed then t.amount_cents else 0 end) as orders_delivery_amount,
      sum(p.paid::int) as orders_paid,
      sum(case when p.paid then t.amount_cents else 0 end) as orders_paid_amount,
      sum(t.paid_amount_cents) as orders_processed
    from orders t
    join merchants z on z.id = t.merchant_id
    cross join lateral (select ${PAID} as paid) p
    where m is null or t.merchant_id = m
    group by 1, 2, 3, 4
  ) h
  join merchants z on z.id = h.merchant_id
  cross join lateral (values ('', h.hour), ('@day', ${dayOf})) g(suffix, at)
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
