import { type Kysely, sql } from "kysely";

/**
 * The bank totals rollup (issue 12 item 8, docs/backoffice.md "Performance"): the merchants summary's totals header
 * by payment method summed the per-merchant analytics rollup of every merchant of the bank (20,000 merchants:
 * 20,000 index range scans and about two million rows, 27 s all time). `bank_method_totals` keeps the same
 * figures per bank: successful payments (success, voided or not; count and amount) per UTC hour ('method') and per
 * local day of the merchant's country ('method@day'), by zone, currency and gateway type, so the header reads a
 * few hundred rows per range piece whatever the number of merchants.
 *
 * It is kept from `analytics_hourly` itself by statement triggers with transition tables: whatever writes the
 * per-merchant rollup (the fold, analytics_rebuild, a backfill) moves the bank rows by the same difference, in the
 * same transaction. Nothing on the payment path changes: payments write `analytics_deltas`, which the header
 * reads per merchant of the bank as before (few rows: the fold empties it). A merchant moved to another bank
 * takes its rows along (a row trigger on merchants.bank_id). Existing rows are backfilled here. The same triggers
 * keep `merchant_success_counts` (below).
 */

const MEASURE_N = "(r.success_count + r.voided_count)";
const MEASURE_AMOUNT = "(r.success_amount + r.voided_amount)";

/** Signed contributions of analytics_hourly rows `r` (sign r.s) to the bank rows, grouped and upserted. */
const upsert = (source: string) => `
  insert into bank_method_totals (bank_id, is_live, dim, zone, hour, currency, gateway_type, n, amount)
  select m.bank_id, r.is_live, r.dim, analytics_zone(m.country), r.hour, r.currency, r.dim_value,
    sum(r.s * ${MEASURE_N}), sum(r.s * ${MEASURE_AMOUNT})
  from (${source}) r
  join merchants m on m.id = r.merchant_id
  where r.dim in ('method', 'method@day') and m.bank_id is not null
  group by 1, 2, 3, 4, 5, 6, 7
  having sum(r.s * ${MEASURE_N}) <> 0 or sum(r.s * ${MEASURE_AMOUNT}) <> 0
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (bank_id, is_live, dim, zone, hour, currency, gateway_type) do update set
    n = bank_method_totals.n + excluded.n,
    amount = bank_method_totals.amount + excluded.amount`;

/**
 * The merchants summary's "successful transactions" (live payments in success, not refunds or voided) per merchant
 * and mode, all time, from the day rows (each payment is in exactly one): the page reads 20 rows instead of every
 * successful payment of its 20 merchants scattered over the table (a heap page each: 100 ms and more cold).
 */
const countUpsert = (source: string) => `
  insert into merchant_success_counts (merchant_id, is_live, n)
  select r.merchant_id, r.is_live, sum(r.s * r.success_count)
  from (${source}) r
  where r.dim = 'method@day'
  group by 1, 2
  having sum(r.s * r.success_count) <> 0
  order by 1, 2
  on conflict (merchant_id, is_live) do update set n = merchant_success_counts.n + excluded.n`;

function hourlyTrigger(kind: "insert" | "update" | "delete"): string[] {
  const source =
    kind === "insert"
      ? "select 1 as s, n.* from new_rows n"
      : kind === "delete"
        ? "select -1 as s, o.* from old_rows o"
        : "select -1 as s, o.* from old_rows o union all select 1 as s, n.* from new_rows n";
  const referencing =
    kind === "insert"
      ? "new table as new_rows"
      : kind === "delete"
        ? "old table as old_rows"
        : "old table as old_rows new table as new_rows";
  return [
    `create function bank_method_totals_${kind}() returns trigger language plpgsql as $fn$
begin
  ${upsert(source)};
  ${countUpsert(source)};
  return null;
end
$fn$`,
    `create trigger analytics_hourly_bank_${kind} after ${kind} on analytics_hourly
  referencing ${referencing} for each statement execute function bank_method_totals_${kind}()`,
  ];
}

/** A merchant moved between banks (or given one) takes its rollup rows along. */
const MOVE = `create function bank_method_totals_move() returns trigger language plpgsql as $fn$
begin
  ${upsert(`select -1 as s, h.merchant_id, h.is_live, h.dim, h.hour, h.currency, h.dim_value,
      h.success_count, h.voided_count, h.success_amount, h.voided_amount
    from analytics_hourly h where h.merchant_id = old.id and h.dim in ('method', 'method@day')`).replace(
    "join merchants m on m.id = r.merchant_id",
    "cross join (select old.bank_id, old.country) m",
  )};
  ${upsert(`select 1 as s, h.merchant_id, h.is_live, h.dim, h.hour, h.currency, h.dim_value,
      h.success_count, h.voided_count, h.success_amount, h.voided_amount
    from analytics_hourly h where h.merchant_id = new.id and h.dim in ('method', 'method@day')`).replace(
    "join merchants m on m.id = r.merchant_id",
    "cross join (select new.bank_id, new.country) m",
  )};
  return null;
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // No fold or rebuild may write the per-merchant rollup between the triggers and the backfill.
    "lock table analytics_hourly in share row exclusive mode",
    `create table bank_method_totals (
  bank_id bigint not null,
  is_live boolean not null,
  dim text not null,
  zone text not null,
  hour timestamptz not null,
  currency text not null,
  gateway_type text not null,
  n bigint not null default 0,
  amount bigint not null default 0,
  primary key (bank_id, is_live, dim, zone, hour, currency, gateway_type)
)`,
    `create table merchant_success_counts (
  merchant_id bigint not null,
  is_live boolean not null,
  n bigint not null default 0,
  primary key (merchant_id, is_live)
)`,
    ...hourlyTrigger("insert"),
    ...hourlyTrigger("update"),
    ...hourlyTrigger("delete"),
    MOVE,
    `create trigger merchants_bank_method_totals after update of bank_id on merchants
  for each row when (old.bank_id is distinct from new.bank_id) execute function bank_method_totals_move()`,
    upsert("select 1 as s, x.* from analytics_hourly x where x.dim in ('method', 'method@day')"),
    countUpsert("select 1 as s, x.* from analytics_hourly x where x.dim = 'method@day'"),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    "drop trigger merchants_bank_method_totals on merchants",
    "drop function bank_method_totals_move()",
    ...(["insert", "update", "delete"] as const).flatMap((k) => [
      `drop trigger analytics_hourly_bank_${k} on analytics_hourly`,
      `drop function bank_method_totals_${k}()`,
    ]),
    "drop table bank_method_totals",
    "drop table merchant_success_counts",
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
