import { type Kysely, sql } from "kysely";
import { LINK_CUSTOMER, RECOUNT_TOTALS } from "./0033_customers.ts";

/**
 * The payment's INSERT no longer writes the customer's totals nor the customer rollup (issue 17 item 4, docs/payments.md
 * "The customers' work moved off the payment"): it links the customer as before (migration 0033: the lookup, and
 * the customer's creation on a first payment) and appends one row to `customer_activity`, a queue without index. The
 * queue is folded, in order, by customer_activity_fold():
 * - the customer's totals (migration 0033: total_transactions, last_transaction_at, the masked card), one UPDATE per
 *   customer per fold instead of one per payment: that UPDATE was never HOT (last_transaction_at is indexed) and
 *   made the payment's INSERT a quarter of a millisecond slower;
 * - the customer rollup of migration 0022 (analytics_customer_step, now taking a count): the payments of one
 *   customer, mode, currency, channel and hour are one step, and the per-customer advisory lock is gone (the fold is
 *   one process at a time).
 * Status changes and deletions queue their steps too (total 0), so every step is folded in the order its rows were
 * written: a step that takes a payment away always finds its own, earlier, step folded or in the same batch.
 *
 * Nothing reads stale figures: the readers of these figures (the customers list and page, the paying-customer
 * counts of home and reports) fold the queue first, waiting for a fold in progress (customer_activity_fold(true));
 * the analytics fold (foldAnalytics, every 5 seconds) folds it too, first and without waiting. A move or deletion of a
 * transaction recounts its customers (customers_recount) under the fold's lock, and takes the queued rows of those
 * customers out of the totals (their transactions are in the recount).
 */

const QUEUE = `create table customer_activity (
  transaction_id bigint not null,
  merchant_id bigint not null,
  customer_id bigint not null,
  is_live boolean not null,
  currency text not null,
  channel text not null,
  created_at timestamptz not null,
  card_last4 text,
  card_scheme text,
  -- 1: a transaction newly linked to the customer (its totals); 0: none.
  total smallint not null,
  -- The customer rollup: 1 a counted payment arrives, -1 one leaves, 0 none.
  step smallint not null
)`;

const FOLD_LOCK = "hashtext('customer_activity_fold')";

/** Counted by the customer rollup (migration 0022): a successful, not voided payment (not a child row). */
const counted = (r: string) =>
  `(${r}.customer_id is not null and ${r}.parent_transaction_id is null and ${r}.status = 'success' and not ${r}.is_voided)`;

const enqueue = (r: string, total: string, step: string) =>
  `insert into customer_activity (transaction_id, merchant_id, customer_id, is_live, currency, channel, created_at,
    card_last4, card_scheme, total, step)
  values (${r}.id, ${r}.merchant_id, ${r}.customer_id, ${r}.is_live, ${r}.currency, ${r}.channel, ${r}.created_at,
    ${r}.card_last4, ${r}.card_scheme, ${total}, ${step});`;

/** Migration 0033's link, the totals' UPDATE replaced by the queued row (which also carries the rollup's step). */
const LINK = `create or replace function customers_on_transaction_insert() returns trigger language plpgsql as $fn$
declare
  e text;
  p text;
  c bigint;
begin
${LINK_CUSTOMER}  ${enqueue("new", "1", `case when ${counted("new")} then 1 else 0 end`)}
  return new;
end
$fn$`;

/** The customer's totals recounted from its transactions (after a move or delete), its queued totals taken out. */
const RECOUNT = `create or replace function customers_recount(c bigint) returns void language plpgsql as $fn$
begin
  perform pg_advisory_xact_lock(${FOLD_LOCK});
  update customer_activity set total = 0 where customer_id = c and total <> 0;
${RECOUNT_TOTALS};
end
$fn$`;

/** Migration 0022's step for k payments of one customer, mode, currency, channel and hour (k < 0: taken away). */
const STEP = `create or replace function analytics_customer_step(m bigint, live boolean, cur text, ch text, cust bigint,
  at timestamptz, s integer) returns void language plpgsql as $fn$
declare
  zone text;
  lh timestamp;
  n integer;
begin
  select analytics_zone(country) into zone from merchants where id = m;
  lh := date_trunc('hour', at at time zone zone);
  if s > 0 then
    insert into analytics_customer_hours as h (merchant_id, customer_id, is_live, currency, local_hour, channel, payments)
    values (m, cust, live, cur, lh, ch, s)
    on conflict (merchant_id, customer_id, is_live, currency, local_hour, channel)
      do update set payments = h.payments + excluded.payments
    returning h.payments into n;
    if n > s then
      return;
    end if;
  else
    update analytics_customer_hours set payments = payments + s
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
  perform analytics_customer_moved(m, live, cur, ch, cust, zone, lh, sign(s)::integer);
  if not exists (select 1 from analytics_customer_hours where merchant_id = m and customer_id = cust
      and is_live = live and currency = cur and local_hour = lh and channel <> ch) then
    perform analytics_customer_moved(m, live, cur, '*', cust, zone, lh, sign(s)::integer);
  end if;
end
$fn$`;

/**
 * Folds the queue: one process at a time (wait: for a fold in progress to end; else give up at once). Answers how
 * many queued rows it folded.
 */
const FOLD = `create function customer_activity_fold(wait boolean) returns bigint language plpgsql as $fn$
declare
  batch customer_activity[];
  r record;
begin
  if wait then
    perform pg_advisory_xact_lock(${FOLD_LOCK});
  elsif not pg_try_advisory_xact_lock(${FOLD_LOCK}) then
    return 0;
  end if;
  with moved as (
    delete from customer_activity returning *
  )
  select array_agg(row(moved.*)::customer_activity) into batch from moved;
  if batch is null then
    return 0;
  end if;
  update customers u set total_transactions = u.total_transactions + x.n,
    card_last4 = case when x.card_at is not null
      and (u.last_transaction_at is null or x.card_at >= u.last_transaction_at) then x.last4 else u.card_last4 end,
    card_scheme = case when x.card_at is not null
      and (u.last_transaction_at is null or x.card_at >= u.last_transaction_at) then x.scheme else u.card_scheme end,
    last_transaction_at = greatest(u.last_transaction_at, x.last)
  from (select b.customer_id, sum(b.total)::integer as n, max(b.created_at) as last,
      max(b.created_at) filter (where b.card_last4 is not null) as card_at,
      (array_agg(b.card_last4 order by b.created_at desc, b.transaction_id desc)
        filter (where b.card_last4 is not null))[1] as last4,
      (array_agg(b.card_scheme order by b.created_at desc, b.transaction_id desc)
        filter (where b.card_last4 is not null))[1] as scheme
    from unnest(batch) b where b.total <> 0 group by b.customer_id) x
  where u.id = x.customer_id;
  for r in
    select b.merchant_id, b.is_live, b.currency, b.channel, b.customer_id, min(b.created_at) as at,
      sum(b.step)::integer as k
    from unnest(batch) b where b.step <> 0
    group by b.merchant_id, b.is_live, b.currency, b.channel, b.customer_id, date_trunc('hour', b.created_at)
    having sum(b.step) <> 0
    order by 5, 6
  loop
    perform analytics_customer_step(r.merchant_id, r.is_live, r.currency, r.channel, r.customer_id, r.at, r.k);
  end loop;
  return cardinality(batch);
end
$fn$`;

const fn = (
  name: string,
  body: string,
) => `create or replace function ${name}() returns trigger language plpgsql as $fn$
begin
${body}
  return null;
end
$fn$`;

const KEYS = ["merchant_id", "is_live", "currency", "channel", "customer_id", "created_at"];
const keysOf = (r: string) => `(${KEYS.map((k) => `${r}.${k}`).join(", ")})`;

/** Migration 0022's update and delete triggers, queuing their steps instead of taking them. */
const TRANSACTION_FUNCTIONS = [
  fn("analytics_customers_delete", `  ${enqueue("old", "0", "-1")}`),
  fn(
    "analytics_customers_update",
    `  if ${counted("old")} and ${counted("new")} and ${keysOf("new")} is not distinct from ${keysOf("old")} then
    return null;
  end if;
  if ${counted("old")} then
    ${enqueue("old", "0", "-1")}
  end if;
  if ${counted("new")} then
    ${enqueue("new", "0", "1")}
  end if;`,
  ),
];

/** The rebuilds of 0033 and 0022 recount from the rows: what is queued is in them already. */
const REBUILDS = [
  `create or replace function customers_rebuild_queue(m bigint) returns void language sql as $fn$
  update customer_activity set total = 0 where (m is null or merchant_id = m) and total <> 0
$fn$`,
  `create or replace function analytics_customers_rebuild_queue(m bigint) returns void language sql as $fn$
  update customer_activity set step = 0 where (m is null or merchant_id = m) and step <> 0
$fn$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    "lock table transactions, customers in share row exclusive mode",
    QUEUE,
    LINK,
    RECOUNT,
    STEP,
    FOLD,
    ...TRANSACTION_FUNCTIONS,
    ...REBUILDS,
    "drop trigger analytics_customers_insert on transactions",
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  await wrapRebuild(db, "customers_rebuild", "customers_rebuild_queue");
  await wrapRebuild(db, "analytics_customers_rebuild", "analytics_customers_rebuild_queue");
}

/**
 * The rebuild function `name` of an earlier migration, renamed `<name>_rows`, behind a function of the old name that
 * also clears its part of the queue (the rebuilds' bodies stay where they were written).
 */
async function wrapRebuild(db: Kysely<unknown>, name: string, queue: string): Promise<void> {
  await sql.raw(`alter function ${name}(bigint) rename to ${name}_rows`).execute(db);
  await sql
    .raw(`create function ${name}(m bigint) returns void language plpgsql as $fn$
begin
  perform ${name}_rows(m);
  perform ${queue}(m);
end
$fn$`)
    .execute(db);
}
