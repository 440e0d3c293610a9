import {
  type AnalyticsQuery,
  type AnalyticsRange,
  type Breakdown,
  bucketLabel,
  COUNTRY_INFO,
  type CurrencySeries,
  type CustomerSeries,
  compared,
  type HomeAnswer,
  isCountry,
  localDayOf,
  localWeekday,
  NO_BRANCH_KEY,
  pendingHours,
  type ReportCards,
  type ReportsAnswer,
  type ResolvedPeriod,
  resolvePeriod,
  type SummaryCards,
  startOfLocalDay,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { transferFigures } from "../transfers/transfers.repository.ts";
import {
  customersBefore,
  latestOrders,
  latestTransactions,
  liveIntegration,
  MEASURES,
  type Measure,
  type Measures,
  type MerchantScope,
  newCustomers,
  payingCustomerCounts,
  type RollupRow,
  rollup,
  terminalsOf,
} from "./analytics.repository.ts";
import { recentTransferSums } from "./recent.repository.ts";

/**
 * Home and reports figures from the maintained hourly rollup (migrations/0005_analytics.ts, docs/analytics.md):
 * the periods, comparisons, cards and series built from the reads of analytics.repository.ts.
 */

/**
 * Zero of every measure, written as a literal: one object shape, about three times cheaper to make and to sum into
 * than one made by Object.fromEntries (thousands per hourly view). The type keeps it in step with MEASURES.
 */
const zeroMeasures = (): Measures => ({
  payments: 0,
  amount: 0,
  success_count: 0,
  success_amount: 0,
  declined_count: 0,
  declined_amount: 0,
  pending_count: 0,
  pending_amount: 0,
  voided_count: 0,
  voided_amount: 0,
  refunded_amount: 0,
  orders: 0,
  orders_delivery: 0,
});
/** Zero measures for a bucket or key without rows: only ever read. */
const NO_MEASURES: Measures = Object.freeze(zeroMeasures());

function addInto(target: Measures, row: Measures): void {
  for (const m of MEASURES) target[m] += row[m];
}

/** The total rows (by channel and value) of a rollup answer. */
const totalRows = (rows: RollupRow[]) => rows.filter((r) => r.label === null);
/** The bucket rows of a rollup answer, summed by label. */
const byLabel = (rows: RollupRow[]) =>
  sumBy(
    rows.filter((r) => r.label !== null),
    (r) => r.label ?? "",
  );
/** Everything of a rollup answer, once. */
const grandTotal = (rows: RollupRow[]) => sumBy(totalRows(rows), () => "").get("") ?? NO_MEASURES;

function range(period: ResolvedPeriod, query: AnalyticsQuery): AnalyticsRange {
  return {
    time_zone: period.timeZone,
    granularity: period.granularity,
    channel: query.channel,
    is_live: query.is_live,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    comparison_from: period.comparison?.from.toISOString() ?? null,
    comparison_to: period.comparison?.to.toISOString() ?? null,
  };
}

const gross = (m: Measures) => m.success_amount;
const net = (m: Measures) => m.success_amount - m.refunded_amount;

/** Sums rows by a key. */
function sumBy(rows: RollupRow[], key: (r: RollupRow) => string): Map<string, Measures> {
  const out = new Map<string, Measures>();
  for (const row of rows) {
    const k = key(row);
    let target = out.get(k);
    if (!target) {
      target = zeroMeasures();
      out.set(k, target);
    }
    addInto(target, row);
  }
  return out;
}

function breakdown(
  current: RollupRow[],
  previous: RollupRow[] | null,
  key: (r: RollupRow) => string,
  names: (k: string) => string = (k) => k,
): Breakdown[] {
  const now = sumBy(totalRows(current), key);
  const before = previous ? sumBy(totalRows(previous), key) : null;
  return [...now.keys()].sort().map((k) => {
    const m = now.get(k)!;
    const p = before ? (before.get(k) ?? NO_MEASURES) : null;
    return {
      key: names(k),
      count: m.payments,
      success_count: m.success_count,
      gross_amount: compared(gross(m), p ? gross(p) : null),
    };
  });
}

function currenciesOf(...lists: (RollupRow[] | null)[]): string[] {
  const set = new Set<string>();
  for (const list of lists) for (const row of list ?? []) set.add(row.currency);
  return [...set].sort();
}

function only(rows: RollupRow[] | null, currency: string): RollupRow[] | null {
  return rows ? rows.filter((r) => r.currency === currency) : null;
}

/** Which recent lists of the home page the caller may see (they carry customer data). */
export interface RecentLists {
  recentOrders: boolean;
  recentTransactions: boolean;
}

export async function homeFigures(
  db: Kysely<DB>,
  scope: MerchantScope,
  query: AnalyticsQuery,
  now: Date,
  show: RecentLists,
): Promise<HomeAnswer> {
  const period = resolvePeriod(query, now, scope.timeZone);
  const g = period.granularity;
  const cmp = period.comparison;
  const [rows, prevRows, orderRows, prevOrderRows, recentOrders, recentTransactions, live] =
    await Promise.all([
      rollup(db, scope, "method", period.from, period.to, g, query.channel),
      cmp ? rollup(db, scope, "method", cmp.from, cmp.to, g, query.channel) : null,
      rollup(db, scope, "orders", period.from, period.to, null),
      cmp ? rollup(db, scope, "orders", cmp.from, cmp.to, null) : null,
      show.recentOrders ? latestOrders(db, scope) : null,
      show.recentTransactions ? latestTransactions(db, scope, query.channel) : null,
      liveIntegration(db, scope),
    ]);

  const currencies = currenciesOf(rows, prevRows, orderRows, prevOrderRows);
  const cards: SummaryCards[] = [];
  const series: CurrencySeries[] = [];
  for (const currency of currencies) {
    const cur = only(rows, currency)!;
    const prev = only(prevRows, currency);
    const t = grandTotal(cur);
    const p = prev ? grandTotal(prev) : null;
    const o = grandTotal(only(orderRows, currency)!);
    const po = prevOrderRows ? grandTotal(only(prevOrderRows, currency)!) : null;
    const volume = (amount: Measure, count: Measure) => ({
      amount: compared(t[amount], p ? p[amount] : null),
      count: compared(t[count], p ? p[count] : null),
    });
    cards.push({
      currency,
      total: volume("amount", "payments"),
      successful: volume("success_amount", "success_count"),
      declined: volume("declined_amount", "declined_count"),
      pending: volume("pending_amount", "pending_count"),
      total_orders: compared(o.orders, po ? po.orders : null),
      orders_with_delivery: compared(o.orders_delivery, po ? po.orders_delivery : null),
    });
    // Compact: one array per figure the charts draw (issue 17), following the buckets.
    const byBucket = byLabel(cur);
    const prevByBucket = prev ? byLabel(prev) : null;
    const at = period.buckets.map((b) => byBucket.get(b.bucket));
    const before = prevByBucket
      ? period.buckets.map((_, i) => {
          const cb = period.comparisonBuckets[i];
          return cb ? (prevByBucket.get(cb.bucket) ?? NO_MEASURES) : null;
        })
      : null;
    series.push({
      currency,
      count: at.map((m) => m?.payments ?? 0),
      success_count: at.map((m) => m?.success_count ?? 0),
      gross_amount: at.map((m) => (m ? gross(m) : 0)),
      net_amount: at.map((m) => (m ? net(m) : 0)),
      previous: before && {
        count: before.map((m) => m?.payments ?? null),
        gross_amount: before.map((m) => (m ? gross(m) : null)),
      },
      channels: breakdown(cur, prev, (r) => r.channel),
      methods: breakdown(cur, prev, (r) => r.dim_value),
    });
  }

  return {
    range: range(period, query),
    currencies,
    buckets: period.buckets.map((b) => b.bucket),
    cards,
    series,
    recent_orders:
      recentOrders?.map((r) => ({
        id: Number(r.id),
        merchant_order_id: r.merchant_order_id,
        amount_cents: Number(r.amount_cents),
        currency: r.currency,
        payment_status: r.payment_status,
        delivery_needed: r.delivery_needed,
        created_at: new Date(r.created_at).toISOString(),
      })) ?? null,
    recent_transactions:
      recentTransactions?.map((r) => ({
        id: Number(r.id),
        order_id: r.order_id === null ? null : Number(r.order_id),
        amount_cents: Number(r.amount_cents),
        currency: r.currency,
        status: r.status,
        trnx_type: r.trnx_type,
        gateway_type: r.gateway_type,
        channel: r.channel,
        card_last4: r.card_last4,
        created_at: new Date(r.created_at).toISOString(),
      })) ?? null,
    has_live_integration: live !== undefined,
  };
}

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;
/** The longest pending-hours threshold (transfer.ts): anything older is Transferred. */
const MAX_PENDING_HOURS = 72;

export async function reportFigures(
  db: Kysely<DB>,
  scope: MerchantScope,
  query: AnalyticsQuery,
  now: Date,
  /** When the pending hours are counted to: the merchant's test-clock time in test mode (docs/payments.md). */
  transferNow: Date = now,
): Promise<ReportsAnswer> {
  const period = resolvePeriod(query, now, scope.timeZone);
  const g = period.granularity;
  const cmp = period.comparison;
  // Payments made before the cutoff hour are Transferred whatever their weekday; later ones are read row by row.
  const cutoff = new Date(Math.floor((now.getTime() - MAX_PENDING_HOURS * HOUR_MS) / HOUR_MS) * HOUR_MS);
  const older = period.from < cutoff ? (period.to < cutoff ? period.to : cutoff) : null;
  // The older part: whole local days from the day rows, the rest of the cutoff's day from the hour rows.
  const cutoffDay = startOfLocalDay(localDayOf(cutoff, scope.timeZone), scope.timeZone);
  const olderDays =
    older && g !== "hourly" && cutoffDay > period.from
      ? new Date(Math.min(older.getTime(), cutoffDay.getTime()))
      : null;
  // At hourly grain the older part is made of whole buckets of the period's own rollup (buckets end on hours, the
  // cutoff is an hour): those are read from it instead of a second read of the same hours. Only a bucket cut by
  // the cutoff (a repeated local hour when summer time ends) needs the read.
  const olderFromPeriod = g === "hourly" && older !== null && !cutsBucket(period, older);
  const olderRollup = async (): Promise<RollupRow[]> => {
    if (!older || olderFromPeriod) return [];
    if (!olderDays) return rollup(db, scope, "method", period.from, older, g, channelRows, "hour");
    const [days, hours] = await Promise.all([
      rollup(db, scope, "method", period.from, olderDays, g, channelRows, "day"),
      olderDays < older ? rollup(db, scope, "method", olderDays, older, g, channelRows, "hour") : [],
    ]);
    return [...days, ...hours];
  };
  const channelRows = query.channel;
  const [rows, prevRows, schemeRows, terminalRows, olderRows, recent, customers, terminals, customerSeries] =
    await Promise.all([
      rollup(db, scope, "method", period.from, period.to, g, channelRows),
      cmp ? rollup(db, scope, "method", cmp.from, cmp.to, g, channelRows) : null,
      rollup(db, scope, "scheme", period.from, period.to, null, channelRows),
      rollup(db, scope, "terminal", period.from, period.to, null, channelRows),
      olderRollup(),
      recentTransfers(db, scope, period, query.channel, cutoff, now, transferNow),
      payingCustomerCounts(db, scope, g, period.from, period.to, query.channel),
      terminalsOf(db, scope),
      customerFigures(db, scope, period),
    ]);

  // The branch point-of-sale revenue: each terminal's payments under its branch (terminals.branch_id), those of
  // a terminal without one under NO_BRANCH_KEY (the key "", which the screen names "No branch").
  const branchOfTerminal = new Map(
    terminals.map((t) => [String(t.id), t.branch_id === null ? NO_BRANCH_KEY : String(t.branch_id)]),
  );
  const branchNames = new Map(
    terminals.flatMap((t) =>
      t.branch_id === null ? [] : [[String(t.branch_id), t.branch_name ?? ""] as const],
    ),
  );
  const payingCustomers = new Map(
    customers.map((r) => [r.label === null ? r.currency : `${r.currency} ${r.label}`, Number(r.customers)]),
  );

  const currencies = currenciesOf(rows, prevRows);
  // Total transfers and balance: the real transfers' figures (transfers/, docs/transfers.md).
  const settled = await transferFigures(db, scope.merchantIds, scope.isLive, period.from, period.to);
  const cards: ReportCards[] = [];
  const series: ReportsAnswer["series"] = [];
  for (const currency of currencies) {
    const cur = only(rows, currency)!;
    const prev = only(prevRows, currency);
    const t = grandTotal(cur);
    const p = prev ? grandTotal(prev) : null;
    const byBucket = byLabel(cur);
    const olderByBucket =
      olderFromPeriod && older ? bucketsBefore(byBucket, period, older) : byLabel(only(olderRows, currency)!);
    const recentTransferred = recent.transferred.get(currency);
    const pendingInPeriod = recent.pending.get(currency) ?? 0;
    const paying = payingCustomers.get(currency) ?? 0;
    cards.push({
      currency,
      net_sales: compared(net(t), p ? net(p) : null),
      gross_sales: compared(gross(t), p ? gross(p) : null),
      total_refunds: compared(t.refunded_amount, p ? p.refunded_amount : null),
      number_of_transactions: compared(t.payments, p ? p.payments : null),
      paying_customers: paying,
      average_spend_per_customer: paying === 0 ? 0 : Math.round(gross(t) / paying),
      transfers: { transferred: settled.get(currency)?.transferred ?? 0, pending: pendingInPeriod },
      balance: settled.get(currency)?.balance ?? 0,
      payment_methods: breakdown(cur, prev, (r) => r.dim_value),
      pos_branches: breakdown(
        only(terminalRows, currency)!,
        null,
        (r) => branchOfTerminal.get(r.dim_value) ?? NO_BRANCH_KEY,
        (k) => (k === NO_BRANCH_KEY ? NO_BRANCH_KEY : (branchNames.get(k) ?? k)),
      ),
      card_schemes: breakdown(only(schemeRows, currency)!, null, (r) => r.dim_value),
    });
    // Compact: one array per figure the charts draw (issue 17), following the buckets.
    const prevByBucket = prev ? byLabel(prev) : null;
    const at = period.buckets.map((b) => byBucket.get(b.bucket) ?? NO_MEASURES);
    const before = prevByBucket
      ? period.buckets.map((_, i) => {
          const cb = period.comparisonBuckets[i];
          return cb ? (prevByBucket.get(cb.bucket) ?? NO_MEASURES) : null;
        })
      : null;
    series.push({
      currency,
      net_amount: at.map(net),
      gross_amount: at.map(gross),
      refunded_amount: at.map((m) => m.refunded_amount),
      count: at.map((m) => m.payments),
      success_count: at.map((m) => m.success_count),
      transferred_amount: period.buckets.map((b) => {
        const older = olderByBucket.get(b.bucket);
        return (older ? net(older) : 0) + (recentTransferred?.get(b.bucket) ?? 0);
      }),
      paying_customers: period.buckets.map((b) => payingCustomers.get(`${currency} ${b.bucket}`) ?? 0),
      previous: before && {
        gross_amount: before.map((m) => (m ? gross(m) : null)),
        refunded_amount: before.map((m) => (m ? m.refunded_amount : null)),
        count: before.map((m) => (m ? m.payments : null)),
      },
    });
  }

  return {
    range: range(period, query),
    currencies,
    buckets: period.buckets.map((b) => b.bucket),
    cards,
    series,
    new_customers: customerSeries.total,
    customers: customerSeries.series,
  };
}

/** The recent payments' net by currency: Transferred by bucket label, Pending in all. */
interface RecentTransfers {
  transferred: Map<string, Map<string, number>>;
  pending: Map<string, number>;
}

/**
 * Pending hours and bucket label of a quarter of an hour, by country, zone, granularity and start: pure functions
 * of these, remembered because each one costs two Intl look-ups and the 72-hour window of one request is, but for
 * a quarter or two, the window of the previous one (about 290 quarters a request).
 */
const knownQuarters = new Map<string, { pendingMs: number; label: string }>();
/** Then forgotten all at once: a few days of quarters for a few dozen zone and granularity pairs. */
const QUARTERS_KEPT = 20_000;

/**
 * The period's payments made since `cutoff`, split into Transferred (by bucket) and Pending as transferStatus() of
 * transfer.ts decides at `transferNow`: Transferred once the pending hours of the payment's local weekday (in the
 * merchant country's zone) have passed. Every zone's offset is a multiple of 15 minutes, so a payment's weekday and
 * bucket are those of its quarter of an hour: each quarter's threshold and label are computed here once. A UTC
 * hour whose four quarters share a label and lie wholly on one side of their thresholds is summed from the hourly
 * rollup; the other quarters (a few around each threshold) are summed from their payments, split at the threshold
 * in SQL (recent.repository.ts). No payment row is sent.
 */
async function recentTransfers(
  db: Kysely<DB>,
  scope: MerchantScope,
  period: ResolvedPeriod,
  channel: string,
  cutoff: Date,
  now: Date,
  transferNow: Date,
): Promise<RecentTransfers> {
  const country = isCountry(scope.country) ? scope.country : "EGY";
  const countryZone = COUNTRY_INFO[country].timeZone;
  const quarterOf = (start: number) => {
    const key = `${country} ${scope.timeZone} ${period.granularity} ${start}`;
    let known = knownQuarters.get(key);
    if (!known) {
      known = {
        pendingMs: pendingHours(country, localWeekday(new Date(start), countryZone)) * HOUR_MS,
        label: bucketLabel(new Date(start), period.granularity, scope.timeZone),
      };
      if (knownQuarters.size >= QUARTERS_KEPT) knownQuarters.clear();
      knownQuarters.set(key, known);
    }
    return known;
  };
  // Payments before the period or the cutoff are not counted here (the older part is the rollup's).
  const from = period.from > cutoff ? period.from : cutoff;
  const to = period.to;
  // Quarters up to just after now: no payment is made later (created_at is the database's time, a little margin
  // for clocks). One that is comes back on its own and is decided below all the same.
  const end = Math.max(
    from.getTime(),
    Math.min(to.getTime(), (Math.floor(now.getTime() / QUARTER_MS) + 2) * QUARTER_MS),
  );
  const quarters: { start: number; label: string; before: number }[] = [];
  for (let start = Math.floor(from.getTime() / QUARTER_MS) * QUARTER_MS; start < end; start += QUARTER_MS) {
    const { pendingMs, label } = quarterOf(start);
    // Transferred iff transferNow >= createdAt + pendingMs on the millisecond of created_at (a JS Date's), that
    // is createdAt <= transferNow - pendingMs, that is created_at < transferNow - pendingMs + 1 ms.
    quarters.push({ start, label, before: transferNow.getTime() - pendingMs + 1 });
  }
  // A quarter is wholly Transferred when its last instant is before its threshold, wholly Pending when its first
  // is not; an hour inside [from, end) whose four quarters agree (and share a label) is read from the rollup.
  const sideOf = (q: { start: number; before: number }) =>
    q.start + QUARTER_MS <= q.before ? "transferred" : q.start >= q.before ? "pending" : null;
  const split: typeof quarters = [];
  const hours: { start: number; label: string; transferred: boolean }[] = [];
  for (let i = 0; i < quarters.length; ) {
    const q = quarters[i]!;
    const four = quarters.slice(i, i + 4);
    const side = sideOf(q);
    const whole =
      q.start % HOUR_MS === 0 &&
      q.start >= from.getTime() &&
      q.start + HOUR_MS <= end &&
      four.length === 4 &&
      side !== null &&
      four.every((x) => x.label === q.label && sideOf(x) === side);
    if (whole) {
      hours.push({ start: q.start, label: q.label, transferred: side === "transferred" });
      i += 4;
    } else {
      split.push(q);
      i += 1;
    }
  }
  const sums = await recentTransferSums(
    db,
    scope,
    from,
    to,
    {
      quarters: split.map((q) => ({ start: new Date(q.start), transferredBefore: new Date(q.before) })),
      hours: hours.map((h) => new Date(h.start)),
      restFrom: new Date(end),
    },
    channel,
  );
  const out: RecentTransfers = { transferred: new Map(), pending: new Map() };
  const addTransferred = (currency: string, label: string, amount: number) => {
    let byLabel = out.transferred.get(currency);
    if (!byLabel) {
      byLabel = new Map();
      out.transferred.set(currency, byLabel);
    }
    byLabel.set(label, (byLabel.get(label) ?? 0) + amount);
  };
  const addPending = (currency: string, amount: number) =>
    out.pending.set(currency, (out.pending.get(currency) ?? 0) + amount);
  for (const s of sums) {
    if (s.kind === "quarter") {
      const q = split[s.index]!;
      addTransferred(s.currency, q.label, s.transferred);
      addPending(s.currency, s.net - s.transferred);
    } else if (s.kind === "hour") {
      const h = hours[s.index]!;
      if (h.transferred) addTransferred(s.currency, h.label, s.net);
      else addPending(s.currency, s.net);
    } else {
      // A payment after the quarters listed (none in practice): decided as transferStatus() does.
      const { pendingMs, label } = quarterOf(Math.floor(s.at / QUARTER_MS) * QUARTER_MS);
      if (transferNow.getTime() >= s.at + pendingMs) addTransferred(s.currency, label, s.net);
      else addPending(s.currency, s.net);
    }
  }
  return out;
}

/** Where each bucket of the period ends: the next one's start, the period's end for the last. */
function bucketEnd(period: ResolvedPeriod, i: number): Date {
  return period.buckets[i + 1]?.start ?? period.to;
}

/** Whether the instant falls inside a bucket rather than on a boundary between two. */
function cutsBucket(period: ResolvedPeriod, at: Date): boolean {
  return period.buckets.some((b, i) => b.start < at && at < bucketEnd(period, i));
}

/** The buckets of a rollup that end at or before the instant (which falls on a boundary: cutsBucket). */
function bucketsBefore(
  byBucket: Map<string, Measures>,
  period: ResolvedPeriod,
  at: Date,
): Map<string, Measures> {
  const out = new Map<string, Measures>();
  period.buckets.forEach((b, i) => {
    const m = byBucket.get(b.bucket);
    if (m && bucketEnd(period, i) <= at) out.set(b.bucket, m);
  });
  return out;
}

/** New customers per bucket (customers.created_at, both modes: customers have no mode) and the running total. */
async function customerFigures(
  db: Kysely<DB>,
  scope: MerchantScope,
  period: ResolvedPeriod,
): Promise<{ total: ReturnType<typeof compared>; series: CustomerSeries }> {
  const counts = (from: Date, to: Date) => newCustomers(db, scope, period.granularity, from, to);
  const cmp = period.comparison;
  const [current, previous, before] = await Promise.all([
    counts(period.from, period.to),
    cmp ? counts(cmp.from, cmp.to) : null,
    customersBefore(db, scope, period.from),
  ]);
  let running = before;
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const fresh = period.buckets.map((b) => current.get(b.bucket) ?? 0);
  const total = fresh.map((n) => {
    running += n;
    return running;
  });
  return {
    total: compared(sum(current), previous ? sum(previous) : null),
    series: { new_customers: fresh, total_customers: total },
  };
}
