import { type Kysely, type SqlBool, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { type MerchantScope, ofScope } from "./analytics.repository.ts";

/**
 * The reports' recent transfers (docs/analytics.md "Recent transfers"): the net of the successful, not voided
 * payments of the last hours, summed in SQL so that no payment row crosses the wire. The caller
 * (analytics.service.ts `recentTransfers`) computes each quarter's threshold and label and which whole hours are
 * wholly Transferred or wholly Pending; SQL only sums.
 */

/** A quarter of an hour [start, start + 15 min) and the instant before which its payments are Transferred. */
export interface RecentQuarter {
  start: Date;
  /** A payment of the quarter is Transferred iff created_at < transferredBefore. */
  transferredBefore: Date;
}

export interface RecentParts {
  /** Quarters whose payments are split at their threshold (starts are multiples of 15 minutes since the epoch). */
  quarters: readonly RecentQuarter[];
  /** Whole UTC hours on one side of every threshold: summed from the hourly rollup (migration 0005). */
  hours: readonly Date[];
  /** Payments from this instant on (to `to`) come back one instant at a time, for the caller to decide. */
  restFrom: Date;
}

export type RecentSum =
  /** A quarter's net and the net of its Transferred payments (`index` into `quarters`). */
  | { kind: "quarter"; index: number; currency: string; net: number; transferred: number }
  /** An hour's net (`index` into `hours`). */
  | { kind: "hour"; index: number; currency: string; net: number }
  /** The net of the payments made at one instant from `restFrom` (milliseconds, truncated as a JS Date holds it). */
  | { kind: "rest"; at: number; currency: string; net: number };

/**
 * Net sums of the scope's successful, not voided payments made in [from, to), of one channel or all, by currency:
 * per quarter of `parts.quarters` (with the Transferred part), per hour of `parts.hours` (from the rollup, which
 * counts exactly these payments: success_amount - refunded_amount of the 'method' rows, analytics_hourly and the
 * not yet folded analytics_deltas), and per instant from `parts.restFrom`. The parts must not overlap.
 */
export async function recentTransferSums(
  db: Kysely<DB>,
  scope: MerchantScope,
  from: Date,
  to: Date,
  parts: RecentParts,
  channel: string,
): Promise<RecentSum[]> {
  if (from >= to) return [];
  const starts = parts.quarters.map((q) => q.start.toISOString());
  const befores = parts.quarters.map((q) => q.transferredBefore.toISOString());
  const hours = parts.hours.map((h) => h.toISOString());
  const payments = sql<SqlBool>`${ofScope(scope)} and is_live = ${scope.isLive}
    and created_at >= ${from} and created_at < ${to}
    and parent_transaction_id is null and status = 'success' and not is_voided
    ${channel === "all" ? sql`` : sql`and channel = ${channel}`}`;
  const rollupWhere = sql<SqlBool>`${ofScope(scope)} and is_live = ${scope.isLive} and dim = 'method'
    and hour = any(${hours}::timestamptz[])`;
  const result = await sql<{
    kind: "quarter" | "hour" | "rest";
    i: number | null;
    at: number | null;
    currency: string;
    transferred: number;
    net: number;
  }>`
    select 'quarter' as kind, q.i::int4 as i, null::int8 as at, t.currency,
      coalesce(sum(t.amount_cents - t.refunded_amount_cents) filter (where t.created_at < q.before), 0)::int8
        as transferred,
      sum(t.amount_cents - t.refunded_amount_cents)::int8 as net
    from unnest(${starts}::timestamptz[], ${befores}::timestamptz[]) with ordinality as q(start, before, i)
    join lateral (
      select currency, amount_cents, refunded_amount_cents, created_at from transactions
      where ${payments} and created_at >= q.start and created_at < q.start + interval '15 minutes'
      offset 0 -- kept apart, so each quarter is its own index range (not the whole window filtered)
    ) t on true
    group by q.i, t.currency
    union all
    select 'rest', null, floor(extract(epoch from created_at) * 1000)::int8, currency, 0,
      sum(amount_cents - refunded_amount_cents)::int8
    from transactions
    where ${payments} and created_at >= ${parts.restFrom}
    group by 3, 4
    union all
    select 'hour', h.i::int4, null, x.currency, 0, sum(x.success_amount - x.refunded_amount)::int8
    from unnest(${hours}::timestamptz[]) with ordinality as h(hour, i)
    join (
      select hour, currency, channel, success_amount, refunded_amount from analytics_hourly where ${rollupWhere}
      union all
      select hour, currency, channel, success_amount, refunded_amount from analytics_deltas where ${rollupWhere}
    ) x on x.hour = h.hour
    ${channel === "all" ? sql`` : sql`where x.channel = ${channel}`}
    group by h.i, x.currency`.execute(db);
  // int8 arrives as a number (db/database.ts); `with ordinality` counts from 1.
  return result.rows.map((r): RecentSum => {
    const net = Number(r.net);
    if (r.kind === "rest") return { kind: "rest", at: Number(r.at), currency: r.currency, net };
    const index = Number(r.i) - 1;
    if (r.kind === "hour") return { kind: "hour", index, currency: r.currency, net };
    return { kind: "quarter", index, currency: r.currency, net, transferred: Number(r.transferred) };
  });
}
