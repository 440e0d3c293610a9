import { type Kysely, sql } from "kysely";

/**
 * Cheaper analytics triggers (docs/analytics.md, docs/adr/0006-row-level-analytics-triggers.md). The statement-level
 * triggers of 0005/0006/0009/0010 ran, for every statement, an aggregating INSERT ... SELECT over the transition
 * tables (join to merchants, lateral grains and dimensions, GROUP BY, HAVING); on the payment path, where each
 * statement writes one row, starting that plan was most of their cost. They are replaced by row-level triggers of
 * the same names that write the same delta rows with plain inserts:
 * - insert and delete: the row's contribution (+1 or -1) for each grain and dimension, as the grouped query gave
 *   for a one-row statement (its HAVING always held: the count moves);
 * - update: when the row keeps its keys (merchant, mode, instant, currency, channel, dimension values, parent), one
 *   combined row (new minus old) per grain and dimension, written only when the grouped query's HAVING would hold
 *   (an update that changes no counted column returns before any query); otherwise (a key changed, rare) the
 *   grouped query of before, run over the old and the new row.
 * Transactions' child rows (refunds, captures, voids) skip the insert and delete triggers by a WHEN clause.
 * A statement of many rows now writes one delta row per source row, grain and dimension instead of one per group:
 * every key's sum is the same, so no reader (and not the fold) sees a difference; bulk writers make more delta
 * rows, which the fold groups. The delta rows' meaning, analytics_deltas, analytics_hourly, the fold and the
 * readers are unchanged.
 */

const KEYS = "merchant_id, is_live, dim, hour, currency, channel, dim_value";

const PAYMENT_MEASURES = [
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
] as const;
const ORDER_MEASURES = [
  "orders",
  "orders_delivery",
  "orders_amount",
  "orders_delivery_amount",
  "orders_paid",
  "orders_paid_amount",
  "orders_processed",
] as const;

/** Hour and local-day grains of row `r` (merchant `m`), as 0006. */
const grains = (r: string) => `(values ('', date_trunc('hour', ${r}.created_at)),
    ('@day', date_trunc('day', ${r}.created_at at time zone analytics_zone(m.country)) at time zone analytics_zone(m.country))) g(suffix, at)`;
const dimensions = (r: string) =>
  `(values ('method', ${r}.gateway_type), ('scheme', ${r}.card_scheme), ('terminal', ${r}.terminal_id::text)) d(dim, value)`;

// Transactions ---------------------------------------------------------------------------------------------------

/** `s` times `v` ("1": `v` itself). */
const signed = (s: string, v: string) => (s === "1" ? v : `${s} * ${v}`);

/** The payment measures of row `r`, signed by `s` (as the sums of 0005, one row). */
const paymentMeasures = (r: string, s: string) => {
  const ok = `(${r}.status = 'success' and not ${r}.is_voided)`;
  const voided = `(${r}.status = 'success' and ${r}.is_voided)`;
  const when = (c: string, v: string) => `case when ${c} then ${v} else 0 end`;
  return [
    s,
    signed(s, `${r}.amount_cents`),
    signed(s, `${ok}::int`),
    signed(s, when(ok, `${r}.amount_cents`)),
    signed(s, `(${r}.status = 'declined')::int`),
    signed(s, when(`${r}.status = 'declined'`, `${r}.amount_cents`)),
    signed(s, `(${r}.status = 'pending')::int`),
    signed(s, when(`${r}.status = 'pending'`, `${r}.amount_cents`)),
    signed(s, `${voided}::int`),
    signed(s, when(voided, `${r}.amount_cents`)),
    signed(s, when(ok, `${r}.refunded_amount_cents`)),
  ];
};

/** new minus old of each measure; the count (first) does not move when the keys stay. */
const differences = (newer: string[], older: string[]) =>
  newer.map((m, i) => (i === 0 ? "0" : `${m} - (${older[i]})`));

/** One payment row's contribution (`r` = new or old, sign `s`): a delta row per grain and non-null dimension. */
const paymentRow = (r: string, s: string, measures = paymentMeasures(r, s)) => `
  insert into analytics_deltas (${KEYS}, ${PAYMENT_MEASURES.join(", ")})
  select ${r}.merchant_id, ${r}.is_live, d.dim || g.suffix, g.at, ${r}.currency, ${r}.channel, d.value,
    ${measures.join(",\n    ")}
  from merchants m
  cross join lateral ${grains(r)}
  cross join lateral ${dimensions(r)}
  where m.id = ${r}.merchant_id and d.value is not null;`;

/** The grouped query of 0006 over a source of signed rows `t` (the fallback of an update that moves keys). */
const paymentGrouped = (source: string) => `
  insert into analytics_deltas (${KEYS}, ${PAYMENT_MEASURES.join(", ")})
  select t.merchant_id, t.is_live, d.dim || g.suffix as dim, g.at, t.currency, t.channel, d.value,
    ${paymentMeasures("t", "t.s")
      .map((m) => `sum(${m})`)
      .join(",\n    ")}
  from (${source}) t
  join merchants m on m.id = t.merchant_id
  cross join lateral ${grains("t")}
  cross join lateral ${dimensions("t")}
  where t.parent_transaction_id is null and d.value is not null
  group by 1, 2, 3, 4, 5, 6, 7
  having sum(t.s) <> 0 or sum(t.s * t.amount_cents) <> 0 or sum(t.s * t.refunded_amount_cents) <> 0
    or sum(t.s * (t.status = 'success')::int) <> 0 or sum(t.s * (t.status = 'declined')::int) <> 0
    or sum(t.s * t.is_voided::int) <> 0;`;

/** Columns that place a payment row in the rollup (its keys, and whether it is a payment at all). */
const PAYMENT_KEYS = [
  "merchant_id",
  "is_live",
  "created_at",
  "currency",
  "channel",
  "gateway_type",
  "card_scheme",
  "terminal_id",
  "parent_transaction_id",
];

const row = (r: string, columns: readonly string[]) => `(${columns.map((c) => `${r}.${c}`).join(", ")})`;

/** The payment measures' own columns (the keys aside). */
const PAYMENT_COUNTED = ["status", "is_voided", "amount_cents", "refunded_amount_cents"];

/**
 * An update. Same keys: the grouped query's one group per grain and dimension held the old and the new row, so its
 * sums are the differences, and its HAVING held exactly when a counted column (status, void flag, amount, refunded
 * amount) changed; a child row (same parent, not null) counted nothing. Other keys (rare): the grouped query itself.
 */
const paymentUpdate = `
  if ${row("new", PAYMENT_KEYS)} is not distinct from ${row("old", PAYMENT_KEYS)} then
    if new.parent_transaction_id is not null or ${row("new", PAYMENT_COUNTED)} is not distinct from ${row("old", PAYMENT_COUNTED)} then
      return null;
    end if;
    ${paymentRow("new", "1", differences(paymentMeasures("new", "1"), paymentMeasures("old", "1")))}
  else
    ${paymentGrouped("select -1 as s, old.* union all select 1 as s, new.*")}
  end if;`;

// Orders ---------------------------------------------------------------------------------------------------------

/** PAID of order row `r` as 0010 derives it (merchant `m`). */
const paid = (r: string) => `case
    when ${r}.is_canceled then false
    when m.country = 'OMN' then coalesce(upper(replace(trim(${r}.payment_status), 'CANCELLED', 'CANCELED')) = 'PAID', false)
    else coalesce(${r}.amount_cents <= ${r}.paid_amount_cents, false) end`;

/** The order measures of row `r` signed by `s`; `p` is its PAID. */
const orderMeasures = (r: string, s: string, p: string) => [
  s,
  signed(s, `${r}.delivery_needed::int`),
  signed(s, `${r}.amount_cents`),
  signed(s, `case when ${r}.delivery_needed then ${r}.amount_cents else 0 end`),
  signed(s, `${p}::int`),
  signed(s, `case when ${p} then ${r}.amount_cents else 0 end`),
  signed(s, `${r}.paid_amount_cents`),
];

/** The combined row of an order update that keeps its keys (`measures` over old and new, `p` both PAIDs). */
const orderDifferenceRow = (r: string, measures: string[], where: string) => `
  insert into analytics_deltas (${KEYS}, ${ORDER_MEASURES.join(", ")})
  select ${r}.merchant_id, ${r}.is_live, 'orders' || g.suffix, g.at, ${r}.currency, '', '',
    ${measures.join(",\n    ")}
  from merchants m
  cross join lateral (select ${paid("old")} as old_paid, ${paid("new")} as new_paid) p
  cross join lateral ${grains(r)}
  where m.id = ${r}.merchant_id${where};`;

/** One order row's contribution (`r` = new or old, sign `s`): a delta row per grain. */
const orderRow = (r: "new" | "old", s: string) => `
  insert into analytics_deltas (${KEYS}, ${ORDER_MEASURES.join(", ")})
  select ${r}.merchant_id, ${r}.is_live, 'orders' || g.suffix, g.at, ${r}.currency, '', '',
    ${orderMeasures(r, s, "p.paid").join(",\n    ")}
  from merchants m
  cross join lateral (select ${paid(r)} as paid) p
  cross join lateral ${grains(r)}
  where m.id = ${r}.merchant_id;`;

/** The grouped query of 0010 over a source of signed rows `t` (the fallback of an update that moves keys). */
const orderGrouped = (source: string) => `
  insert into analytics_deltas (${KEYS}, ${ORDER_MEASURES.join(", ")})
  select t.merchant_id, t.is_live, 'orders' || g.suffix as dim, g.at, t.currency, '', '',
    ${orderMeasures("t", "t.s", "p.paid")
      .map((m) => `sum(${m})`)
      .join(",\n    ")}
  from (${source}) t
  join merchants m on m.id = t.merchant_id
  cross join lateral (select ${paid("t")} as paid) p
  cross join lateral ${grains("t")}
  group by 1, 2, 3, 4, 5, 6, 7
  having ${orderMeasures("t", "t.s", "p.paid")
    .map((m) => `sum(${m}) <> 0`)
    .join(" or ")};`;

const ORDER_KEYS = ["merchant_id", "is_live", "created_at", "currency"];
/** The order measures' own columns (the keys aside). */
const ORDER_COUNTED = [
  "delivery_needed",
  "amount_cents",
  "is_canceled",
  "payment_status",
  "paid_amount_cents",
];

/**
 * An update. Same keys (hence the same merchant and zone): one combined row per grain, written when a difference
 * is not zero (the grouped HAVING; the count does not move). The differences are all zero exactly when the
 * delivery flag, the amount, the paid amount and PAID are unchanged, which is the cheaper test; so a payment status
 * that does not change PAID writes nothing. Other keys (rare): the grouped query itself.
 */
const orderUpdate = `
  if ${row("new", ORDER_KEYS)} is not distinct from ${row("old", ORDER_KEYS)} then
    if ${row("new", ORDER_COUNTED)} is not distinct from ${row("old", ORDER_COUNTED)} then
      return null;
    end if;
    ${orderDifferenceRow(
      "new",
      differences(orderMeasures("new", "1", "p.new_paid"), orderMeasures("old", "1", "p.old_paid")),
      ` and (p.new_paid <> p.old_paid or new.delivery_needed <> old.delivery_needed
      or new.amount_cents <> old.amount_cents or new.paid_amount_cents <> old.paid_amount_cents)`,
    )}
  else
    ${orderGrouped("select -1 as s, old.* union all select 1 as s, new.*")}
  end if;`;

// Triggers -------------------------------------------------------------------------------------------------------

function fn(name: string, body: string): string {
  return `create or replace function ${name}() returns trigger language plpgsql as $fn$
begin
${body}
  return null;
end
$fn$`;
}

function trigger(table: string, kind: "insert" | "update" | "delete", when: string | null): string {
  const name = `analytics_${table}_${kind}`;
  const condition = when === null ? "" : ` when (${when})`;
  return `create trigger ${name} after ${kind} on ${table} for each row${condition} execute function ${name}()`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // Writers wait until the new triggers are in place (the migration runs in one transaction).
    "lock table orders, transactions in share row exclusive mode",
    // Statement-level triggers first: the functions are about to use NEW and OLD.
    "drop trigger analytics_transactions_insert on transactions",
    "drop trigger analytics_transactions_update on transactions",
    "drop trigger analytics_transactions_delete on transactions",
    "drop trigger analytics_orders_insert on orders",
    "drop trigger analytics_orders_update on orders",
    "drop trigger analytics_orders_delete on orders",
    fn("analytics_transactions_insert", paymentRow("new", "1")),
    fn("analytics_transactions_delete", paymentRow("old", "-1")),
    fn("analytics_transactions_update", paymentUpdate),
    fn("analytics_orders_insert", orderRow("new", "1")),
    fn("analytics_orders_delete", orderRow("old", "-1")),
    fn("analytics_orders_update", orderUpdate),
    // Child rows (refunds, captures, voids) count nothing. Updates have no WHEN clause: PostgreSQL reads and
    // plans a trigger's WHEN at every statement, which for the one-row updates of the payment path cost more
    // than the function's own test of the same columns.
    trigger("transactions", "insert", "new.parent_transaction_id is null"),
    trigger("transactions", "update", null),
    trigger("transactions", "delete", "old.parent_transaction_id is null"),
    trigger("orders", "insert", null),
    trigger("orders", "update", null),
    trigger("orders", "delete", null),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
