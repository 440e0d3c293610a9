import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { MerchantScope } from "./analytics.repository.ts";

/**
 * The reports' recent transfers (docs/analytics.md "Recent transfers"): the successful, not voided payments of the
 * last hours summed in SQL by quarter of an hour, split into Transferred and Pending at each quarter's threshold.
 * The caller (analytics.service.ts) computes the quarters' thresholds and labels; SQL only sums.
 */

/** A quarter of an hour [start, start + 15 min) and the instant before which its payments are Transferred. */
export interface RecentQuarter {
  start: Date;
  /** A payment of the quarter is Transferred iff created_at < transferredBefore. */
  transferredBefore: Date;
}

export interface RecentSum {
  /** Index of the quarter in the list given, or null for payments in none of them (then `at` is set). */
  quarter: number | null;
  /** For a payment in none of the quarters: its created_at in milliseconds (truncated, as a JS Date holds it). */
  at: number | null;
  currency: string;
  /** Net (amount less refunds) of the quarter's Transferred payments (0 when `quarter` is null). */
  transferred: number;
  /** Net of every payment of the row, Transferred or not. */
  net: number;
}

/** The condition "this row's merchant_id is one of the scope's merchants" (as analytics.repository.ts writes it). */
function ofScope(scope: MerchantScope): RawBuilder<SqlBool> {
  const [only] = scope.merchantIds;
  if (scope.merchantIds.length === 1 && only !== undefined) return sql<SqlBool>`t.merchant_id = ${only}`;
  return sql<SqlBool>`t.merchant_id = any(${[...scope.merchantIds]}::bigint[])`;
}

/**
 * Net sums of the scope's successful, not voided payments made in [from, to), of one channel or all: one row per
 * quarter of `quarters` (their starts must be multiples of 15 minutes since the epoch) and currency, with the
 * Transferred part. A payment in no quarter of the list comes back on its own row (by instant and currency), so
 * the caller decides it: the list may stop where payments can no longer be, without a wrong figure if one is.
 */
export async function recentTransferSums(
  db: Kysely<DB>,
  scope: MerchantScope,
  from: Date,
  to: Date,
  quarters: readonly RecentQuarter[],
  channel: string,
): Promise<RecentSum[]> {
  if (from >= to) return [];
  const starts = quarters.map((q) => q.start.toISOString());
  const befores = quarters.map((q) => q.transferredBefore.toISOString());
  const channelFilter = channel === "all" ? sql`` : sql`and t.channel = ${channel}`;
  const result = await sql<{
    quarter: number | null;
    at: number | null;
    currency: string;
    transferred: number;
    net: number;
  }>`
    select q.i::int4 as quarter,
      case when q.i is null then floor(extract(epoch from t.created_at) * 1000)::int8 end as at,
      t.currency,
      coalesce(sum(t.amount_cents - t.refunded_amount_cents) filter (where t.created_at < q.before), 0)::int8
        as transferred,
      sum(t.amount_cents - t.refunded_amount_cents)::int8 as net
    from transactions t
    left join unnest(${starts}::timestamptz[], ${befores}::timestamptz[]) with ordinality as q(start, before, i)
      on q.start = date_bin('15 minutes', t.created_at, timestamptz '1970-01-01 00:00:00+00')
    where ${ofScope(scope)} and t.is_live = ${scope.isLive}
      and t.created_at >= ${from} and t.created_at < ${to}
      and t.parent_transaction_id is null and t.status = 'success' and not t.is_voided ${channelFilter}
    group by 1, 2, 3`.execute(db);
  // int8 arrives as a number (db/database.ts); `with ordinality` counts from 1.
  return result.rows.map((r) => ({
    quarter: r.quarter === null ? null : Number(r.quarter) - 1,
    at: r.at === null ? null : Number(r.at),
    currency: r.currency,
    transferred: Number(r.transferred),
    net: Number(r.net),
  }));
}
