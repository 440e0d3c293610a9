import { type Kysely, sql } from "kysely";

/**
 * Maintained aggregates for the home page and reports (docs/analytics.md). Statement-level triggers on
 * transactions and orders append grouped changes (+ new row, - old row) to analytics_deltas, which only ever
 * receives inserts, so concurrent payments of one merchant never wait on a shared counter row. A fold moves
 * the deltas into analytics_hourly (one row per merchant, mode, dimension, UTC hour, currency, channel, value).
 * Readers sum analytics_hourly and the not yet folded deltas, so a committed payment shows at once.
 */

const MEASURES = [
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
  "orders",
  "orders_delivery",
] as const;
export const ANALYTICS_MEASURES = MEASURES;

const KEYS = "merchant_id, is_live, dim, hour, currency, channel, dim_value";
const measureColumns = MEASURES.map((m) => `${m} bigint not null default 0`).join(",\n  ");

/** Signed contributions of transaction rows `t` with sign `t.s` (payments only). */
const transactionSelect = (source: string) => `
select t.merchant_id, t.is_live, d.dim, date_trunc('hour', t.created_at), t.currency, t.channel, d.value,
  sum(t.s),
  sum(t.s * t.amount_cents),
  sum(t.s * (t.status = 'success' and not t.is_voided)::int),
  sum(t.s * case when t.status = 'success' and not t.is_voided then t.amount_cents else 0 end),
  sum(t.s * (t.status = 'declined')::int),
  sum(t.s * case when t.status = 'declined' then t.amount_cents else 0 end),
  sum(t.s * (t.status = 'pending')::int),
  sum(t.s * case when t.status = 'pending' then t.amount_cents else 0 end),
  sum(t.s * (t.status = 'success' and t.is_voided)::int),
  sum(t.s * case when t.status = 'success' and t.is_voided then t.amount_cents else 0 end),
  sum(t.s * case when t.status = 'success' and not t.is_voided then t.refunded_amount_cents else 0 end),
  0, 0
from (${source}) t
cross join lateral (values ('method', t.gateway_type), ('scheme', t.card_scheme), ('terminal', t.terminal_id::text)) d(dim, value)
where t.parent_transaction_id is null and d.value is not null
group by 1, 2, 3, 4, 5, 6, 7
having sum(t.s) <> 0 or sum(t.s * t.amount_cents) <> 0 or sum(t.s * t.refunded_amount_cents) <> 0
  or sum(t.s * (t.status = 'success')::int) <> 0 or sum(t.s * (t.status = 'declined')::int) <> 0
  or sum(t.s * t.is_voided::int) <> 0`;

const orderSelect = (source: string) => `
select t.merchant_id, t.is_live, 'orders', date_trunc('hour', t.created_at), t.currency, '', '',
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  sum(t.s), sum(t.s * t.delivery_needed::int)
from (${source}) t
group by 1, 2, 3, 4, 5, 6, 7
having sum(t.s) <> 0 or sum(t.s * t.delivery_needed::int) <> 0`;

const columns = `${KEYS}, ${MEASURES.join(", ")}`;

function triggerFunction(
  name: string,
  select: (source: string) => string,
  kind: "insert" | "update" | "delete",
) {
  const source =
    kind === "insert"
      ? "select 1 as s, n.* from new_rows n"
      : kind === "delete"
        ? "select -1 as s, o.* from old_rows o"
        : "select -1 as s, o.* from old_rows o union all select 1 as s, n.* from new_rows n";
  return `create function ${name}() returns trigger language plpgsql as $fn$
begin
  insert into analytics_deltas (${columns})
  ${select(source)};
  return null;
end
$fn$`;
}

function triggers(table: string, select: (source: string) => string): string[] {
  const out: string[] = [];
  for (const kind of ["insert", "update", "delete"] as const) {
    const fn = `analytics_${table}_${kind}`;
    out.push(triggerFunction(fn, select, kind));
    const referencing =
      kind === "insert"
        ? "new table as new_rows"
        : kind === "delete"
          ? "old table as old_rows"
          : "old table as old_rows new table as new_rows";
    out.push(
      `create trigger ${fn} after ${kind} on ${table} referencing ${referencing} for each statement execute function ${fn}()`,
    );
  }
  return out;
}

const FOLD = `create function analytics_fold() returns bigint language plpgsql as $fn$
declare
  folded bigint;
begin
  if not pg_try_advisory_xact_lock(hashtext('analytics_fold')) then
    return 0;
  end if;
  with moved as (
    delete from analytics_deltas returning *
  ), grouped as (
    select ${KEYS}, ${MEASURES.map((m) => `sum(${m})::bigint as ${m}`).join(", ")}
    from moved group by ${KEYS} order by ${KEYS}
  ), upserted as (
    insert into analytics_hourly (${columns})
    select ${columns} from grouped
    on conflict (${KEYS}) do update set
      ${MEASURES.map((m) => `${m} = analytics_hourly.${m} + excluded.${m}`).join(",\n      ")}
    returning 1
  )
  select count(*) into folded from upserted;
  return folded;
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table analytics_hourly (
  merchant_id bigint not null,
  is_live boolean not null,
  dim text not null,
  hour timestamptz not null,
  currency text not null,
  channel text not null,
  dim_value text not null,
  ${measureColumns},
  primary key (${KEYS})
)`,
    `create table analytics_deltas (
  merchant_id bigint not null,
  is_live boolean not null,
  dim text not null,
  hour timestamptz not null,
  currency text not null,
  channel text not null,
  dim_value text not null,
  ${measureColumns}
)`,
    "create index analytics_deltas_lookup_idx on analytics_deltas (merchant_id, is_live, dim, hour)",
    ...triggers("transactions", transactionSelect),
    ...triggers("orders", orderSelect),
    FOLD,
    // Existing rows: straight into the hourly table.
    `insert into analytics_hourly (${columns}) ${transactionSelect("select 1 as s, x.* from transactions x")}`,
    `insert into analytics_hourly (${columns}) ${orderSelect("select 1 as s, x.* from orders x")}`,
    // Customers: new customers per period are an indexed count (customers_merchant_idx).
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
