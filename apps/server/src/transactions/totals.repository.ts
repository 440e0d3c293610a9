import type { TotalsQuery } from "@portal/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { orderStatusSql } from "../orders/status-sql.ts";
import { bankRollupPaymentTotals } from "./bank-totals.repository.ts";
import { merchantCondition, orderCondition, parseDateParam, type Scope } from "./scope.ts";

/**
 * The totals headers' sums: successful payments (rows without a parent, status success, voided or not) by
 * currency and gateway type, and orders created in the range by currency (count and amount, with delivery,
 * PAID as the orders list's status, processed = paid amounts), both without soft-deleted rows. The transactions
 * header reads both parts, the orders headers (merchant and bank) the orders part.
 *
 * The plain way scans the range (linear in its rows: more than 300 ms for a year of a 1M-row merchant). The fast
 * way reads the analytics rollup (docs/analytics.md; amounts of orders since migration 0009, PAID and processed
 * since 0010) and is exactly equal:
 * - whole local days of each merchant (its country's zone) from the `@day` rows,
 * - whole hours at either end of the range from the hour rows,
 * - the rest (a range that does not start or end on an hour) from the rows themselves,
 * each rollup part summed from `analytics_hourly` and the not yet folded `analytics_deltas`; then the soft-deleted
 * rows of the rollup parts are subtracted (the rollup counts every row; deleted ones are few, by a partial index).
 * Terminal users see only their terminal's payments, which the rollup does not split by method: they keep the
 * plain way (their rows are a terminal's, not a merchant's million).
 */

export interface PaymentTotal {
  currency: string;
  gateway_type: string;
  n: number;
  amount: number;
}

export interface OrderTotal {
  currency: string;
  n: number;
  amount: number;
  delivery_n: number;
  delivery_amount: number;
  /** Orders whose status is PAID (orderStatusSql), and their amount. */
  paid_n: number;
  paid_amount: number;
  /** Sum of paid_amount_cents. */
  processed: number;
}

export interface TotalsRange {
  isLive: boolean;
  /** Inclusive lower bound, or none. */
  from: Date | undefined;
  /** Exclusive upper bound, or none. */
  to: Date | undefined;
}

/** The header's range: the date filters as instants ([from, to)). */
export function totalsRange(query: TotalsQuery): TotalsRange {
  return {
    isLive: query.is_live,
    from: parseDateParam(query.date_from, "date_from", false),
    to: parseDateParam(query.date_to, "date_to", true),
  };
}

type Raw = Record<string, string | number | null>;
const num = (v: string | number | null | undefined) => Number(v ?? 0);

function rangeCondition(column: RawBuilder<unknown>, range: TotalsRange): RawBuilder<unknown> {
  const from = range.from ? sql`and ${column} >= ${range.from}` : sql``;
  const to = range.to ? sql`and ${column} < ${range.to}` : sql``;
  return sql`${from} ${to}`;
}

/** The plain recomputation of the payments part (also what terminal users get). */
export async function plainPaymentTotals(
  db: Kysely<DB>,
  scope: Scope,
  range: TotalsRange,
): Promise<PaymentTotal[]> {
  const result = await sql<Raw>`
    select t.currency, t.gateway_type, count(*) as n, sum(t.amount_cents) as amount
    from transactions t
    where ${merchantCondition(db, scope, sql.ref("t.merchant_id"), sql.ref("t.terminal_id"))}
      and t.is_live = ${range.isLive} and t.deleted_at is null
      and t.parent_transaction_id is null and t.status = 'success'
      ${rangeCondition(sql.ref("t.created_at"), range)}
    group by t.currency, t.gateway_type`.execute(db);
  return result.rows.map((r) => ({
    currency: String(r.currency),
    gateway_type: String(r.gateway_type),
    n: num(r.n),
    amount: num(r.amount),
  }));
}

/**
 * The plain recomputation of the orders part (also what terminal users get). Orders have no terminal: a terminal
 * user counts the orders its terminal's transactions belong to (`orderCondition`).
 */
export async function plainOrderTotals(
  db: Kysely<DB>,
  scope: Scope,
  range: TotalsRange,
): Promise<OrderTotal[]> {
  const result = await sql<Raw>`
    select o.currency, count(*) as n, sum(o.amount_cents) as amount,
      count(*) filter (where o.delivery_needed) as delivery_n,
      coalesce(sum(o.amount_cents) filter (where o.delivery_needed), 0) as delivery_amount,
      count(*) filter (where ${orderStatusSql} = 'PAID') as paid_n,
      coalesce(sum(o.amount_cents) filter (where ${orderStatusSql} = 'PAID'), 0) as paid_amount,
      coalesce(sum(o.paid_amount_cents), 0) as processed
    from orders o
    join merchants m on m.id = o.merchant_id
    where ${orderCondition(db, scope, sql.ref("o.merchant_id"), sql.ref("o.id"))}
      and o.is_live = ${range.isLive} and o.deleted_at is null
      ${rangeCondition(sql.ref("o.created_at"), range)}
    group by o.currency`.execute(db);
  return result.rows.map((r) => ({
    currency: String(r.currency),
    n: num(r.n),
    amount: num(r.amount),
    delivery_n: num(r.delivery_n),
    delivery_amount: num(r.delivery_amount),
    paid_n: num(r.paid_n),
    paid_amount: num(r.paid_amount),
    processed: num(r.processed),
  }));
}

/**
 * `bounds`: the range `f`..`t` (infinite when open) and its whole-hour part `hf`..`ht` (the hour rows' grain, as
 * the triggers truncate: date_trunc('hour')); an empty hour part when the range lies within one hour.
 * `pieces`: per merchant of the scope, the whole local days `df`..`dt` inside the hours (day rows) and the hours
 * before and after them (hour rows). A zone whose midnight is not on an hour, or comes twice (none of ours), reads
 * hour rows only.
 */
function piecesSql(db: Kysely<DB>, scope: Scope, range: TotalsRange, dim: "method" | "orders") {
  return sql`
    bounds as (
      select f, t,
        case when hf0 < ht0 then hf0 else t end as hf,
        case when hf0 < ht0 then ht0 else t end as ht
      from (
        select f, t,
          date_trunc('hour', f) + case when date_trunc('hour', f) < f then interval '1 hour' else interval '0' end as hf0,
          date_trunc('hour', t) as ht0
        from (select coalesce(${range.from ?? null}::timestamptz, '-infinity') as f,
                     coalesce(${range.to ?? null}::timestamptz, 'infinity') as t) a
      ) b
    ),
    days0 as (
      select m.id, b.hf, b.ht, z.zone,
        ((b.hf at time zone z.zone)::date)::timestamp at time zone z.zone as hf_day,
        ((b.ht at time zone z.zone)::date)::timestamp at time zone z.zone as dt
      from merchants m
      cross join bounds b
      cross join lateral (select analytics_zone(m.country) as zone) z
      where ${merchantCondition(db, scope, sql.ref("m.id"))}
    ),
    days1 as (
      select id, hf, ht, dt, zone,
        case when hf_day < hf then (((hf at time zone zone)::date + 1)::timestamp at time zone zone) else hf_day end as df
      from days0
    ),
    days2 as (
      select id, hf, ht, df, dt,
        df < dt and date_trunc('hour', df) = df and date_trunc('hour', dt) = dt
        -- a day row's instant must be where its day really starts (a midnight that came twice would not be)
        and (df = '-infinity' or ((df - interval '1 microsecond') at time zone zone)::date < (df at time zone zone)::date)
        and (dt = 'infinity' or ((dt - interval '1 microsecond') at time zone zone)::date < (dt at time zone zone)::date)
        as use_days
      from days1
    ),
    days as (
      select id, hf, ht,
        case when use_days then df else ht end as df,
        case when use_days then dt else ht end as dt
      from days2
    ),
    pieces as (
      select id, ${`${dim}@day`}::text as dim, df as lo, dt as hi from days where df < dt
      union all select id, ${dim}::text, hf, df from days where hf < df
      union all select id, ${dim}::text, dt, ht from days where dt < ht
    )`;
}

function rollupRows(isLive: boolean, columns: RawBuilder<unknown>): RawBuilder<unknown> {
  // One range scan of the primary key (merchant_id, is_live, dim, hour) per piece, whatever the estimates: the
  // lateral subquery is fenced with `offset 0`, or the planner flattens it into a hash join over the whole table.
  const from = (table: "analytics_hourly" | "analytics_deltas") => sql`
    select ${columns} from pieces p
    cross join lateral (
      select * from ${sql.table(table)} h
      where h.merchant_id = p.id and h.is_live = ${isLive} and h.dim = p.dim and h.hour >= p.lo and h.hour < p.hi
      offset 0
    ) r`;
  return sql`${from("analytics_hourly")} union all ${from("analytics_deltas")}`;
}

/** The payments part from the rollup (see the top of this file); equal to plainPaymentTotals. */
export async function rollupPaymentTotals(
  db: Kysely<DB>,
  scope: Scope,
  range: TotalsRange,
): Promise<PaymentTotal[]> {
  const inScope = merchantCondition(db, scope, sql.ref("t.merchant_id"));
  const raw = (sign: number, deleted: boolean, lo: string, hi: string) => sql`
    select t.currency, t.gateway_type as key, ${sign}::bigint as n, ${sign}::bigint * t.amount_cents as amount
    from transactions t, bounds b
    where ${inScope} and t.is_live = ${range.isLive} and t.parent_transaction_id is null and t.status = 'success'
      and t.deleted_at ${deleted ? sql`is not null` : sql`is null`}
      and t.created_at >= ${sql.ref(`b.${lo}`)} and t.created_at < ${sql.ref(`b.${hi}`)}`;
  const result = await sql<Raw>`
    with ${piecesSql(db, scope, range, "method")}
    select currency, key as gateway_type, sum(n) as n, sum(amount) as amount from (
      ${rollupRows(
        range.isLive,
        sql`r.currency, r.dim_value as key, r.success_count + r.voided_count as n,
          r.success_amount + r.voided_amount as amount`,
      )}
      union all ${raw(1, false, "f", "hf")}
      union all ${raw(1, false, "ht", "t")}
      union all ${raw(-1, true, "hf", "ht")}
    ) x
    group by currency, key
    having sum(n) <> 0`.execute(db);
  return result.rows.map((r) => ({
    currency: String(r.currency),
    gateway_type: String(r.gateway_type),
    n: num(r.n),
    amount: num(r.amount),
  }));
}

/** The orders part from the rollup (see the top of this file); equal to plainOrderTotals. */
export async function rollupOrderTotals(
  db: Kysely<DB>,
  scope: Scope,
  range: TotalsRange,
): Promise<OrderTotal[]> {
  const inScope = merchantCondition(db, scope, sql.ref("o.merchant_id"));
  const raw = (sign: number, deleted: boolean, lo: string, hi: string) => sql`
    select o.currency, ${sign}::bigint as n, ${sign}::bigint * o.amount_cents as amount,
      ${sign}::bigint * o.delivery_needed::int as delivery_n,
      case when o.delivery_needed then ${sign}::bigint * o.amount_cents else 0 end as delivery_amount,
      case when ${orderStatusSql} = 'PAID' then ${sign}::bigint else 0 end as paid_n,
      case when ${orderStatusSql} = 'PAID' then ${sign}::bigint * o.amount_cents else 0 end as paid_amount,
      ${sign}::bigint * o.paid_amount_cents as processed
    from orders o join merchants m on m.id = o.merchant_id, bounds b
    where ${inScope} and o.is_live = ${range.isLive}
      and o.deleted_at ${deleted ? sql`is not null` : sql`is null`}
      and o.created_at >= ${sql.ref(`b.${lo}`)} and o.created_at < ${sql.ref(`b.${hi}`)}`;
  const result = await sql<Raw>`
    with ${piecesSql(db, scope, range, "orders")}
    select currency, sum(n) as n, sum(amount) as amount, sum(delivery_n) as delivery_n,
      sum(delivery_amount) as delivery_amount, sum(paid_n) as paid_n, sum(paid_amount) as paid_amount,
      sum(processed) as processed
    from (
      ${rollupRows(
        range.isLive,
        sql`r.currency, r.orders as n, r.orders_amount as amount, r.orders_delivery as delivery_n,
          r.orders_delivery_amount as delivery_amount, r.orders_paid as paid_n, r.orders_paid_amount as paid_amount,
          r.orders_processed as processed`,
      )}
      union all ${raw(1, false, "f", "hf")}
      union all ${raw(1, false, "ht", "t")}
      union all ${raw(-1, true, "hf", "ht")}
    ) x
    group by currency
    having sum(n) <> 0`.execute(db);
  return result.rows.map((r) => ({
    currency: String(r.currency),
    n: num(r.n),
    amount: num(r.amount),
    delivery_n: num(r.delivery_n),
    delivery_amount: num(r.delivery_amount),
    paid_n: num(r.paid_n),
    paid_amount: num(r.paid_amount),
    processed: num(r.processed),
  }));
}

/**
 * The payments part as the header reads it: the rollup, but the plain scan for a terminal user, and a whole bank's
 * from the bank rollup (bank-totals.repository.ts).
 */
export function paymentTotals(db: Kysely<DB>, scope: Scope, range: TotalsRange): Promise<PaymentTotal[]> {
  if (scope.kind === "merchant" && scope.terminalId !== null) return plainPaymentTotals(db, scope, range);
  if (scope.kind === "bank" && scope.merchantId === undefined)
    return bankRollupPaymentTotals(db, scope.bankId, range);
  return rollupPaymentTotals(db, scope, range);
}

/** The orders part: the rollup (per merchant), but the plain scan for a terminal user. */
export function orderTotals(db: Kysely<DB>, scope: Scope, range: TotalsRange): Promise<OrderTotal[]> {
  if (scope.kind === "merchant" && scope.terminalId !== null) return plainOrderTotals(db, scope, range);
  return rollupOrderTotals(db, scope, range);
}
