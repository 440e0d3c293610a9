import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { merchantCondition, type Scope } from "./scope.ts";
import type { PaymentTotal, TotalsRange } from "./totals.repository.ts";

/**
 * A whole bank's payments totals (the merchants summary's and the bank transactions' header) from the bank rollup
 * `bank_method_totals` (migration 0045b, docs/backoffice.md "Performance"), exactly equal to plainPaymentTotals:
 * the same pieces as rollupPaymentTotals (whole local days from the day rows, whole hours at the ends from the
 * hour rows, the rest from the rows), but per zone of the bank's merchants instead of per merchant, so a bank of
 * 20,000 merchants reads a few range scans of its own rows. The not yet folded deltas are read per merchant of
 * the bank (the fold keeps them few); soft-deleted rows are subtracted as there.
 */

type Raw = Record<string, string | number | null>;
const num = (v: string | number | null | undefined) => Number(v ?? 0);
const onHour = (d: Date | undefined) => d === undefined || d.getTime() % 3_600_000 === 0;

export async function bankRollupPaymentTotals(
  db: Kysely<DB>,
  bankId: number,
  range: TotalsRange,
): Promise<PaymentTotal[]> {
  const scope: Scope = { kind: "bank", bankId };
  const inScope = merchantCondition(db, scope, sql.ref("t.merchant_id"));
  const raw = (sign: number, deleted: boolean, lo: string, hi: string) => sql`
    union all
    select t.currency, t.gateway_type as key, ${sign}::bigint as n, ${sign}::bigint * t.amount_cents as amount
    from transactions t, bounds b
    where ${inScope} and t.is_live = ${range.isLive} and t.parent_transaction_id is null and t.status = 'success'
      and t.deleted_at ${deleted ? sql`is not null` : sql`is null`}
      and t.created_at >= ${sql.ref(`b.${lo}`)} and t.created_at < ${sql.ref(`b.${hi}`)}`;
  // A range from hour to hour has no piece outside the hour rows: the rows themselves are not read.
  const wholeHours =
    onHour(range.from) && onHour(range.to) && (!range.from || !range.to || range.from < range.to);
  const ends: RawBuilder<unknown> = wholeHours
    ? sql``
    : sql`${raw(1, false, "f", "hf")} ${raw(1, false, "ht", "t")}`;
  const live = range.isLive;
  const result = await sql<Raw>`
    with recursive bounds as (
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
    -- The zones of the bank's rows: a skip scan of the primary key, and those of the unfolded deltas.
    zs(zone) as (
      select min(zone) from bank_method_totals where bank_id = ${bankId} and is_live = ${live} and dim = 'method'
      union all
      select (select min(h.zone) from bank_method_totals h
              where h.bank_id = ${bankId} and h.is_live = ${live} and h.dim = 'method' and h.zone > zs.zone)
      from zs where zs.zone is not null
    ),
    zones as (
      select zone from zs where zone is not null
      union
      select analytics_zone(m.country) from analytics_deltas d join merchants m on m.id = d.merchant_id
      where m.bank_id = ${bankId} and d.is_live = ${live} and d.dim = 'method'
    ),
    days0 as (
      select z.zone, b.hf, b.ht,
        ((b.hf at time zone z.zone)::date)::timestamp at time zone z.zone as hf_day,
        ((b.ht at time zone z.zone)::date)::timestamp at time zone z.zone as dt
      from zones z cross join bounds b
    ),
    days1 as (
      select zone, hf, ht, dt,
        case when hf_day < hf then (((hf at time zone zone)::date + 1)::timestamp at time zone zone) else hf_day end as df
      from days0
    ),
    days2 as (
      select zone, hf, ht, df, dt,
        df < dt and date_trunc('hour', df) = df and date_trunc('hour', dt) = dt
        and (df = '-infinity' or ((df - interval '1 microsecond') at time zone zone)::date < (df at time zone zone)::date)
        and (dt = 'infinity' or ((dt - interval '1 microsecond') at time zone zone)::date < (dt at time zone zone)::date)
        as use_days
      from days1
    ),
    days as (
      select zone, hf, ht,
        case when use_days then df else ht end as df,
        case when use_days then dt else ht end as dt
      from days2
    ),
    pieces as (
      select zone, 'method@day'::text as dim, df as lo, dt as hi from days where df < dt
      union all select zone, 'method'::text, hf, df from days where hf < df
      union all select zone, 'method'::text, dt, ht from days where dt < ht
    )
    select currency, key as gateway_type, sum(n) as n, sum(amount) as amount from (
      select r.currency, r.gateway_type as key, r.n, r.amount
      from pieces p
      cross join lateral (
        select * from bank_method_totals h
        where h.bank_id = ${bankId} and h.is_live = ${live} and h.dim = p.dim and h.zone = p.zone
          and h.hour >= p.lo and h.hour < p.hi
        offset 0
      ) r
      union all
      select d.currency, d.dim_value, d.success_count + d.voided_count, d.success_amount + d.voided_amount
      from analytics_deltas d
      join merchants m on m.id = d.merchant_id
      join pieces p on p.zone = analytics_zone(m.country) and p.dim = d.dim and d.hour >= p.lo and d.hour < p.hi
      where m.bank_id = ${bankId} and d.is_live = ${live} and d.dim in ('method', 'method@day')
      ${ends}
      ${raw(-1, true, "hf", "ht")}
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
