import { type Kysely, sql } from "kysely";

/**
 * Distinct paying customers and new customers from maintained structures (issue 17, docs/analytics.md
 * "Customers"), so the reports overview no longer counts distinct customers over the period's transactions.
 *
 * - `analytics_customer_hours`: per merchant, customer, mode, currency, local hour (the merchant's zone) and channel,
 *   how many successful, not voided payments (parent rows with a customer) the customer made. Kept by row triggers
 *   on transactions (`analytics_customers_*`), under a per-customer advisory lock so that two payments of one
 *   customer never read each other's half-written state.
 * - From it, counts of customers (delta rows, folded like the rollup, so a payment shows at once and concurrent
 *   payments never wait on a shared counter row):
 *   - dim `customers` of `analytics_deltas`/`analytics_hourly`: `hour` the instant of a local hour, `payments` the
 *     customers who paid in that hour (hourly buckets);
 *   - `analytics_customer_cells` (deltas in `analytics_customer_cell_deltas`, folded by analytics_customer_fold()):
 *     per local `day`, the customers whose previous paying day is `prev` ('-infinity' for none, or more than 731
 *     days before). The distinct customers of any range of days [a, b) are the cells with a <= day < b and
 *     prev < a: each customer counts once, on its first paying day in the range. A year reads the cells of 365
 *     days (about a hundred each in the benchmark) instead of the year's payments. A paying day the customer gains
 *     between its days p and n moves n's cell from (n, p) to (n, d) and adds (d, p); losing it does the reverse.
 *   Channel `*` is the chain of all channels together (a customer paying by Ecommerce and POS counts once).
 *   - dims `new_customers` and `new_customers@day` (is_live false, currency and channel ''): customers by
 *     `customers.created_at`, kept by row triggers on customers.
 * Existing rows are filled set-based by analytics_customers_rebuild(null), which the benchmark also uses after a
 * bulk seed made without the customer triggers.
 */

/** The row's merchant zone, hour and day, its lock, and the per-hour count of one customer (sign s). */
const STEP = `create function analytics_customer_step(m bigint, live boolean, cur text, ch text, cust bigint,
  at timestamptz, s integer) returns void language plpgsql as $fn$
declare
  zone text;
  lh timestamp;
  n integer;
begin
  select analytics_zone(country) into zone from merchants where id = m;
  lh := date_trunc('hour', at at time zone zone);
  perform pg_advisory_xact_lock((m % 2147483647)::integer, (cust % 2147483647)::integer);
  if s > 0 then
    insert into analytics_customer_hours as h (merchant_id, customer_id, is_live, currency, local_hour, channel, payments)
    values (m, cust, live, cur, lh, ch, 1)
    on conflict (merchant_id, customer_id, is_live, currency, local_hour, channel)
      do update set payments = h.payments + 1
    returning h.payments into n;
    if n > 1 then
      return;
    end if;
  else
    update analytics_customer_hours set payments = payments - 1
    where merchant_id = m and customer_id = cust and is_live = live and currency = cur and local_hour = lh
      and channel = ch
    returning payments into n;
    if n is null or n > 0 then
      return;
    end if;
    delete from analytics_customer_hours
    where merchant_id = m and customer_id = cust and is_live = live and currency = cur and local_hour = lh
      and channel = ch;
  end if;
  perform analytics_customer_moved(m, live, cur, ch, cust, zone, lh, s);
  if not exists (select 1 from analytics_customer_hours where merchant_id = m and customer_id = cust
      and is_live = live and currency = cur and local_hour = lh and channel <> ch) then
    perform analytics_customer_moved(m, live, cur, '*', cust, zone, lh, s);
  end if;
end
$fn$`;

/** A cell of the day chain: day d after previous day p (null: none), sign s; more than 731 days back is none. */
const CELL = `create function analytics_customer_cell(m bigint, live boolean, cur text, ch text, d date, p date,
  s integer) returns void language sql as $fn$
  insert into analytics_customer_cell_deltas (merchant_id, is_live, channel, day, currency, prev, customers)
  values (m, live, ch, d, cur, case when p is null or p < d - 731 then '-infinity'::date else p end, s)
$fn$`;

/**
 * Moves the pending cell deltas into analytics_customer_cells (one process at a time), as analytics_fold() does
 * for the rollup; foldAnalytics() runs both. Answers how many cells it touched.
 */
const FOLD = `create function analytics_customer_fold() returns bigint language plpgsql as $fn$
declare
  folded bigint;
begin
  if not pg_try_advisory_xact_lock(hashtext('analytics_customer_fold')) then
    return 0;
  end if;
  with moved as (
    delete from analytics_customer_cell_deltas returning *
  ), grouped as (
    select merchant_id, is_live, channel, day, currency, prev, sum(customers)::bigint as customers
    from moved group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  ), upserted as (
    insert into analytics_customer_cells (merchant_id, is_live, channel, day, currency, prev, customers)
    select * from grouped
    on conflict (merchant_id, is_live, channel, day, currency, prev)
      do update set customers = analytics_customer_cells.customers + excluded.customers
    returning 1
  )
  select count(*) into folded from upserted;
  return folded;
end
$fn$`;

/**
 * Customer `cust` gained (s = 1) or lost (s = -1) local hour lh in chain ch ('*': all channels): the hour's
 * count moves; when lh was (or becomes) its only hour of the day, the day chain moves.
 */
const MOVED = `create function analytics_customer_moved(m bigint, live boolean, cur text, ch text, cust bigint,
  zone text, lh timestamp, s integer) returns void language plpgsql as $fn$
declare
  d date := lh::date;
  p date;
  nx date;
begin
  insert into analytics_deltas (merchant_id, is_live, dim, hour, currency, channel, dim_value, payments)
  values (m, live, 'customers', lh at time zone zone, cur, ch, '', s);
  if exists (select 1 from analytics_customer_hours where merchant_id = m and customer_id = cust
      and is_live = live and currency = cur and local_hour >= d::timestamp and local_hour < (d + 1)::timestamp
      and local_hour <> lh and (ch = '*' or channel = ch)) then
    return;
  end if;
  select local_hour::date into p from analytics_customer_hours where merchant_id = m and customer_id = cust
    and is_live = live and currency = cur and local_hour < d::timestamp and (ch = '*' or channel = ch)
    order by local_hour desc limit 1;
  select local_hour::date into nx from analytics_customer_hours where merchant_id = m and customer_id = cust
    and is_live = live and currency = cur and local_hour >= (d + 1)::timestamp and (ch = '*' or channel = ch)
    order by local_hour limit 1;
  perform analytics_customer_cell(m, live, cur, ch, d, p, s);
  if nx is not null then
    perform analytics_customer_cell(m, live, cur, ch, nx, p, -s);
    perform analytics_customer_cell(m, live, cur, ch, nx, d, s);
  end if;
end
$fn$`;

/** Counted: a successful, not voided payment (not a child row) with a customer. */
const counted = (r: string) =>
  `${r}.customer_id is not null and ${r}.parent_transaction_id is null and ${r}.status = 'success' and not ${r}.is_voided`;
const stepOf = (r: string, s: number) =>
  `perform analytics_customer_step(${r}.merchant_id, ${r}.is_live, ${r}.currency, ${r}.channel, ${r}.customer_id, ${r}.created_at, ${s});`;
const KEYS = ["merchant_id", "is_live", "currency", "channel", "customer_id", "created_at"];
const keysOf = (r: string) => `(${KEYS.map((k) => `${r}.${k}`).join(", ")})`;

const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $fn$
begin
${body}
  return null;
end
$fn$`;

const TRANSACTION_FUNCTIONS = [
  fn("analytics_customers_insert", stepOf("new", 1)),
  fn("analytics_customers_delete", stepOf("old", -1)),
  fn(
    "analytics_customers_update",
    `  if (${counted("old")}) and (${counted("new")}) and ${keysOf("new")} is not distinct from ${keysOf("old")} then
    return null;
  end if;
  if ${counted("old")} then
    ${stepOf("old", -1)}
  end if;
  if ${counted("new")} then
    ${stepOf("new", 1)}
  end if;`,
  ),
];

/** A customer row's contribution to new customers (hour and local-day grains), sign s. */
const newCustomer = (
  r: string,
  s: number,
) => `  insert into analytics_deltas (merchant_id, is_live, dim, hour, currency, channel, dim_value, payments)
  select ${r}.merchant_id, false, g.dim, g.at, '', '', '', ${s}
  from merchants m
  cross join lateral (values ('new_customers', date_trunc('hour', ${r}.created_at)),
    ('new_customers@day', date_trunc('day', ${r}.created_at at time zone analytics_zone(m.country)) at time zone analytics_zone(m.country))) g(dim, at)
  where m.id = ${r}.merchant_id;`;

const CUSTOMER_FUNCTIONS = [
  fn("analytics_new_customers_insert", newCustomer("new", 1)),
  fn("analytics_new_customers_delete", newCustomer("old", -1)),
  fn(
    "analytics_new_customers_update",
    `  if (new.merchant_id, new.created_at) is not distinct from (old.merchant_id, old.created_at) then
    return null;
  end if;
${newCustomer("old", -1)}
${newCustomer("new", 1)}`,
  ),
];

/**
 * Every structure of this migration rebuilt from the rows, set-based: for merchant m, or every merchant (null).
 * The caller makes sure nobody writes meanwhile (the migration locks the tables; the benchmark is alone).
 */
const REBUILD = `create function analytics_customers_rebuild(m bigint) returns void language plpgsql as $fn$
begin
  delete from analytics_customer_hours where m is null or merchant_id = m;
  delete from analytics_customer_cells where m is null or merchant_id = m;
  delete from analytics_customer_cell_deltas where m is null or merchant_id = m;
  delete from analytics_hourly where (m is null or merchant_id = m)
    and dim in ('customers', 'new_customers', 'new_customers@day');
  delete from analytics_deltas where (m is null or merchant_id = m)
    and dim in ('customers', 'new_customers', 'new_customers@day');
  -- Per UTC hour first, then its local hour (every zone is a whole number of hours from UTC; two UTC hours make
  -- one local hour when summer time ends, hence the second grouping).
  insert into analytics_customer_hours (merchant_id, customer_id, is_live, currency, local_hour, channel, payments)
  select h.merchant_id, h.customer_id, h.is_live, h.currency, h.hour at time zone analytics_zone(z.country),
    h.channel, sum(h.payments)
  from (
    select t.merchant_id, t.customer_id, t.is_live, t.currency, date_trunc('hour', t.created_at) as hour,
      t.channel, count(*) as payments
    from transactions t
    where (m is null or t.merchant_id = m) and t.customer_id is not null and t.parent_transaction_id is null
      and t.status = 'success' and not t.is_voided
    group by 1, 2, 3, 4, 5, 6
  ) h join merchants z on z.id = h.merchant_id
  group by 1, 2, 3, 4, 5, 6;
  -- Customers per local hour: per channel, and all channels together.
  insert into analytics_hourly (merchant_id, is_live, dim, hour, currency, channel, dim_value, payments)
  select h.merchant_id, h.is_live, 'customers', h.local_hour at time zone analytics_zone(z.country), h.currency,
    h.channel, '', count(*)
  from analytics_customer_hours h join merchants z on z.id = h.merchant_id
  where m is null or h.merchant_id = m
  group by h.merchant_id, h.is_live, h.local_hour, z.country, h.currency, h.channel;
  insert into analytics_hourly (merchant_id, is_live, dim, hour, currency, channel, dim_value, payments)
  select h.merchant_id, h.is_live, 'customers', h.local_hour at time zone analytics_zone(z.country), h.currency,
    '*', '', count(distinct h.customer_id)
  from analytics_customer_hours h join merchants z on z.id = h.merchant_id
  where m is null or h.merchant_id = m
  group by h.merchant_id, h.is_live, h.local_hour, z.country, h.currency;
  -- The day chains: each paying day with the customer's previous one, per channel and all channels.
  insert into analytics_customer_cells (merchant_id, is_live, channel, day, currency, prev, customers)
  select c.merchant_id, c.is_live, c.channel, c.day, c.currency,
    case when c.prev is null or c.prev < c.day - 731 then '-infinity'::date else c.prev end, count(*)
  from (
    select d.*, lag(d.day) over (partition by d.merchant_id, d.is_live, d.currency, d.channel, d.customer_id
      order by d.day) as prev
    from (
      select distinct merchant_id, is_live, currency, channel, customer_id, local_hour::date as day
      from analytics_customer_hours where m is null or merchant_id = m
      union all
      select distinct merchant_id, is_live, currency, '*', customer_id, local_hour::date
      from analytics_customer_hours where m is null or merchant_id = m
    ) d
  ) c
  group by 1, 2, 3, 4, 5, 6;
  -- New customers by created_at, hour and local-day grains (customers have no mode: is_live false).
  insert into analytics_hourly (merchant_id, is_live, dim, hour, currency, channel, dim_value, payments)
  select c.merchant_id, false, g.dim, g.at, '', '', '', count(*)
  from customers c join merchants z on z.id = c.merchant_id
  cross join lateral (values ('new_customers', date_trunc('hour', c.created_at)),
    ('new_customers@day', date_trunc('day', c.created_at at time zone analytics_zone(z.country)) at time zone analytics_zone(z.country))) g(dim, at)
  where m is null or c.merchant_id = m
  group by c.merchant_id, g.dim, g.at;
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // Writers wait until the triggers and the filled rows are in place (the migration runs in one transaction).
    "lock table transactions, customers in share row exclusive mode",
    `create table analytics_customer_hours (
  merchant_id bigint not null,
  customer_id bigint not null,
  is_live boolean not null,
  currency text not null,
  local_hour timestamp not null,
  channel text not null,
  payments integer not null,
  primary key (merchant_id, customer_id, is_live, currency, local_hour, channel)
)`,
    `create table analytics_customer_cells (
  merchant_id bigint not null,
  is_live boolean not null,
  channel text not null,
  day date not null,
  currency text not null,
  prev date not null,
  customers bigint not null,
  primary key (merchant_id, is_live, channel, day, currency, prev) include (customers)
)`,
    `create table analytics_customer_cell_deltas (
  merchant_id bigint not null,
  is_live boolean not null,
  channel text not null,
  day date not null,
  currency text not null,
  prev date not null,
  customers bigint not null
)`,
    "create index analytics_customer_cell_deltas_idx on analytics_customer_cell_deltas (merchant_id, is_live, channel, day)",
    CELL,
    FOLD,
    MOVED,
    STEP,
    ...TRANSACTION_FUNCTIONS,
    ...CUSTOMER_FUNCTIONS,
    REBUILD,
    `create trigger analytics_customers_insert after insert on transactions for each row
  when (${counted("new")}) execute function analytics_customers_insert()`,
    `create trigger analytics_customers_delete after delete on transactions for each row
  when (${counted("old")}) execute function analytics_customers_delete()`,
    `create trigger analytics_customers_update after update on transactions for each row
  when (new.customer_id is not null or old.customer_id is not null) execute function analytics_customers_update()`,
    "create trigger analytics_new_customers_insert after insert on customers for each row execute function analytics_new_customers_insert()",
    "create trigger analytics_new_customers_delete after delete on customers for each row execute function analytics_new_customers_delete()",
    "create trigger analytics_new_customers_update after update on customers for each row execute function analytics_new_customers_update()",
    "select analytics_customers_rebuild(null)",
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
