import { type Kysely, sql } from "kysely";

/**
 * Local-day rows beside the hourly ones (docs/analytics.md): every dimension gets a "<dim>@day" twin whose
 * `hour` is the instant the merchant's local day starts (the zone of its country, analytics_zone()). A year at
 * daily granularity then reads 365 rows per method instead of 8,760. The trigger functions of 0005 are
 * replaced by ones that write both grains; day rows of existing data are filled here.
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

const KEYS = "merchant_id, is_live, dim, hour, currency, channel, dim_value";

/** Signed contributions of transaction rows `t` with sign `t.s` (payments only). */
const transactionSelect = (source: string) => `
select t.merchant_id, t.is_live, d.dim || g.suffix as dim, g.at, t.currency, t.channel, d.value,
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
join merchants m on m.id = t.merchant_id
cross join lateral (values ('', date_trunc('hour', t.created_at)),
  ('@day', date_trunc('day', t.created_at at time zone analytics_zone(m.country)) at time zone analytics_zone(m.country))) g(suffix, at)
cross join lateral (values ('method', t.gateway_type), ('scheme', t.card_scheme), ('terminal', t.terminal_id::text)) d(dim, value)
where t.parent_transaction_id is null and d.value is not null
group by 1, 2, 3, 4, 5, 6, 7
having sum(t.s) <> 0 or sum(t.s * t.amount_cents) <> 0 or sum(t.s * t.refunded_amount_cents) <> 0
  or sum(t.s * (t.status = 'success')::int) <> 0 or sum(t.s * (t.status = 'declined')::int) <> 0
  or sum(t.s * t.is_voided::int) <> 0`;

const orderSelect = (source: string) => `
select t.merchant_id, t.is_live, 'orders' || g.suffix as dim, g.at, t.currency, '', '',
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  sum(t.s), sum(t.s * t.delivery_needed::int)
from (${source}) t
join merchants m on m.id = t.merchant_id
cross join lateral (values ('', date_trunc('hour', t.created_at)),
  ('@day', date_trunc('day', t.created_at at time zone analytics_zone(m.country)) at time zone analytics_zone(m.country))) g(suffix, at)
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
  return `create or replace function ${name}() returns trigger language plpgsql as $fn$
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
  }
  return out;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create function analytics_zone(country text) returns text language sql immutable as $fn$
  select case country
    when 'EGY' then 'Africa/Cairo' when 'ARE' then 'Asia/Dubai' when 'SAU' then 'Asia/Riyadh'
    when 'PAK' then 'Asia/Karachi' when 'OMN' then 'Asia/Muscat' else 'UTC' end
$fn$`,
    ...triggers("transactions", transactionSelect),
    ...triggers("orders", orderSelect),
    // Day rows of the existing data (their hour rows are there since 0005).
    `insert into analytics_hourly (${columns}) select * from (${transactionSelect("select 1 as s, x.* from transactions x")}) r where r.dim like '%@day'`,
    `insert into analytics_hourly (${columns}) select * from (${orderSelect("select 1 as s, x.* from orders x")}) r where r.dim like '%@day'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
