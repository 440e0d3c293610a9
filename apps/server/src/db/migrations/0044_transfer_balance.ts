import { type Kysely, sql } from "kysely";

/**
 * The balance as a maintained figure (issue 17; docs/transfers.md "The balance", docs/analytics.md). The balance's
 * unsettled part (transfers/settlement.repository.ts unsettledSql: successful payments not voided and not
 * authorisations, successful captures with their authorisation's fees and VAT, successful refunds, that no
 * transfer_transactions row holds) was summed from transactions at every request: 4.5 s at 1,000,000 transactions
 * before any transfer run. It is now kept per merchant, mode, currency and UTC day of `created_at`:
 *
 * - `transfer_balance_deltas` receives signed changes only (inserts: concurrent payments never wait on a shared
 *   row), written by row triggers on transactions (`transfer_balance_insert/update/delete`: a row's contribution
 *   leaves with its old values and comes back with its new ones, unless a transfer holds it) and statement
 *   triggers on transfer_transactions (`transfer_balance_linked/unlinked/relinked`: a link takes the linked
 *   transactions' contributions away, an unlink gives them back), set-based over the transition tables;
 * - `transfer_balance_fold()` moves them into `transfer_balance_days` (one process at a time), dropping days whose
 *   figures all came back to zero, so the table holds only days with unsettled transactions; foldAnalytics() runs
 *   it with the analytics folds. Readers sum both tables.
 * - The UTC day is the key because the balance reads only transactions created at or after the transfers' lower
 *   bound (the latest run's cutoff less 72 hours: a UTC midnight), so whole days fit it exactly.
 *
 * Races with the transfers job: a row's contribution depends on whether a link holds it. The job links under
 * pg_advisory_xact_lock(7312028) (settlement.repository.ts); a trigger that changes a row which may be one of the
 * job's candidates (successful before, and old enough: the job takes rows at least 24 hours old; an hour of margin
 * for the clocks) takes the same lock shared before it looks for the link, so it waits for a running job and then
 * sees its links, and a job that starts later sees the row as changed. Fresh payments (the payment path) never
 * wait. transfer_balance_rebuild(m) recomputes merchant m (null: all) from the rows, set-based (bulk loads with
 * the triggers disabled, and this migration's fill).
 *
 * Known limit: a capture's fees and VAT are its authorisation's; one statement that changes both an
 * authorisation's fees or VAT and whether one of its captures counts would leave the capture's share off by the
 * fee change (no code changes fees after insert).
 */

const LOCK_KEY = 7_312_028;
const COLUMNS = "merchant_id, is_live, currency, day, transactions, gross, refunded, fees, vat";

/** A row of transactions `r` is settleable (status success, and a payment or a capture or refund child). */
const settleable = (r: string) => `(${r}.status = 'success'
    and ((${r}.parent_transaction_id is null and not ${r}.is_voided and ${r}.trnx_type <> 'auth')
      or (${r}.parent_transaction_id is not null and ${r}.trnx_type in ('capture', 'refund'))))`;

/**
 * Set-based contributions of source rows `t` (joined to their parent `p` for captures) signed by `s`, into
 * `target` (the deltas, or the days for a rebuild), with `extra` conditions.
 */
const grouped = (source: string, s: string, target = "transfer_balance_deltas", extra = "") => `
  insert into ${target} (${COLUMNS})
  select t.merchant_id, t.is_live, t.currency, (t.created_at at time zone 'UTC')::date, ${s} * count(*),
    ${s} * sum(case when t.trnx_type = 'refund' then 0 else t.amount_cents end),
    ${s} * sum(case when t.trnx_type = 'refund' then t.amount_cents else 0 end),
    ${s} * sum(case when t.trnx_type = 'capture' then coalesce(p.fees_cents, 0)
      when t.trnx_type = 'refund' then 0 else t.fees_cents end),
    ${s} * sum(case when t.trnx_type = 'capture' then coalesce(p.vat_cents, 0)
      when t.trnx_type = 'refund' then 0 else t.vat_cents end)
  from ${source}
  left join transactions p on t.trnx_type = 'capture' and p.id = t.parent_transaction_id
  where ${settleable("t")}${extra}
  group by 1, 2, 3, 4`;

const TABLES = [
  `create table transfer_balance_days (
  merchant_id bigint not null,
  is_live boolean not null,
  currency text not null,
  day date not null,
  transactions bigint not null default 0,
  gross bigint not null default 0,
  refunded bigint not null default 0,
  fees bigint not null default 0,
  vat bigint not null default 0,
  primary key (merchant_id, is_live, currency, day)
)`,
  `create table transfer_balance_deltas (
  merchant_id bigint not null,
  is_live boolean not null,
  currency text not null,
  day date not null,
  transactions bigint not null,
  gross bigint not null,
  refunded bigint not null,
  fees bigint not null,
  vat bigint not null
)`,
  "create index transfer_balance_deltas_idx on transfer_balance_deltas (merchant_id, is_live)",
];

/**
 * Row r's contribution signed by s, unless a transfer holds it. `lock`: r may be a candidate of a running
 * transfers job (see above), so wait for it before looking for the link.
 */
const ADD = `create function transfer_balance_add(r transactions, s integer, lock boolean) returns void
language plpgsql as $fn$
declare
  f bigint := 0;
  v bigint := 0;
begin
  if r.status <> 'success' then
    return;
  end if;
  if r.parent_transaction_id is null then
    if r.is_voided or r.trnx_type = 'auth' then
      return;
    end if;
    f := r.fees_cents;
    v := r.vat_cents;
  elsif r.trnx_type = 'capture' then
    select p.fees_cents, p.vat_cents into f, v from transactions p where p.id = r.parent_transaction_id;
    f := coalesce(f, 0);
    v := coalesce(v, 0);
  elsif r.trnx_type <> 'refund' then
    return;
  end if;
  if lock and r.created_at <= clock_timestamp() - interval '23 hours' then
    perform pg_advisory_xact_lock_shared(${LOCK_KEY});
  end if;
  if exists (select 1 from transfer_transactions where transaction_id = r.id) then
    return;
  end if;
  insert into transfer_balance_deltas (${COLUMNS})
  values (r.merchant_id, r.is_live, r.currency, (r.created_at at time zone 'UTC')::date, s,
    s * case when r.trnx_type = 'refund' then 0 else r.amount_cents end,
    s * case when r.trnx_type = 'refund' then r.amount_cents else 0 end, s * f, s * v);
end
$fn$`;

/**
 * The payment path's trigger: the same as transfer_balance_add(new, 1, false), inline and in one statement (the
 * link test inside the insert). No WHEN clause: a WHEN is prepared at every statement, and on the payment path the
 * inserted row is a successful payment, so the function's own first test is cheaper.
 */
const INSERT = `create function transfer_balance_insert() returns trigger language plpgsql as $fn$
declare
  f bigint := 0;
  v bigint := 0;
begin
  if new.status <> 'success' then
    return null;
  end if;
  if new.parent_transaction_id is null then
    if new.is_voided or new.trnx_type = 'auth' then
      return null;
    end if;
    f := new.fees_cents;
    v := new.vat_cents;
  elsif new.trnx_type = 'capture' then
    select p.fees_cents, p.vat_cents into f, v from transactions p where p.id = new.parent_transaction_id;
    f := coalesce(f, 0);
    v := coalesce(v, 0);
  elsif new.trnx_type <> 'refund' then
    return null;
  end if;
  insert into transfer_balance_deltas (${COLUMNS})
  select new.merchant_id, new.is_live, new.currency, (new.created_at at time zone 'UTC')::date, 1,
    case when new.trnx_type = 'refund' then 0 else new.amount_cents end,
    case when new.trnx_type = 'refund' then new.amount_cents else 0 end, f, v
  where not exists (select 1 from transfer_transactions where transaction_id = new.id);
  return null;
end
$fn$`;

/** Columns a row's contribution depends on (its parent's fees aside). */
const COUNTED = [
  "id",
  "status",
  "is_voided",
  "trnx_type",
  "parent_transaction_id",
  "amount_cents",
  "fees_cents",
  "vat_cents",
  "merchant_id",
  "is_live",
  "currency",
  "created_at",
];
const row = (r: string, columns: readonly string[]) => `(${columns.map((c) => `${r}.${c}`).join(", ")})`;

/**
 * An update: an authorisation whose fees or VAT change moves its counted captures' share; a row whose counted
 * columns change leaves with its old values and comes back with its new ones. Most updates of the payment path
 * (a refund's or a capture's mark on the parent, callbacks' data) change none of them and return at once.
 */
const UPDATE = `create function transfer_balance_update() returns trigger language plpgsql as $fn$
begin
  if (new.fees_cents, new.vat_cents) is distinct from (old.fees_cents, old.vat_cents) then
    if exists (select 1 from transactions c where c.parent_transaction_id = new.id and c.trnx_type = 'capture'
        and c.status = 'success') then
      perform pg_advisory_xact_lock_shared(${LOCK_KEY});
      insert into transfer_balance_deltas (${COLUMNS})
      select c.merchant_id, c.is_live, c.currency, (c.created_at at time zone 'UTC')::date, 0, 0, 0,
        count(*) * (new.fees_cents - old.fees_cents), count(*) * (new.vat_cents - old.vat_cents)
      from transactions c
      where c.parent_transaction_id = new.id and c.trnx_type = 'capture' and c.status = 'success'
        and not exists (select 1 from transfer_transactions x where x.transaction_id = c.id)
      group by 1, 2, 3, 4;
    end if;
  end if;
  if old.status <> 'success' and new.status <> 'success' then
    return null;
  end if;
  if ${row("new", COUNTED)} is not distinct from ${row("old", COUNTED)} then
    return null;
  end if;
  perform transfer_balance_add(old, -1, true);
  perform transfer_balance_add(new, 1, false);
  return null;
end
$fn$`;

const DELETE = `create function transfer_balance_delete() returns trigger language plpgsql as $fn$
begin
  perform transfer_balance_add(old, -1, true);
  return null;
end
$fn$`;

/** Links: a linked transaction's contribution leaves the balance; an unlinked one's comes back. */
const LINKED = `create function transfer_balance_linked() returns trigger language plpgsql as $fn$
begin
  ${grouped("new_links l join transactions t on t.id = l.transaction_id", "-1")};
  return null;
end
$fn$`;
const UNLINKED = `create function transfer_balance_unlinked() returns trigger language plpgsql as $fn$
begin
  ${grouped("old_links l join transactions t on t.id = l.transaction_id", "1")};
  return null;
end
$fn$`;
const RELINKED = `create function transfer_balance_relinked() returns trigger language plpgsql as $fn$
begin
  ${grouped("old_links l join transactions t on t.id = l.transaction_id", "1")};
  ${grouped("new_links l join transactions t on t.id = l.transaction_id", "-1")};
  return null;
end
$fn$`;

const FOLD = `create function transfer_balance_fold() returns bigint language plpgsql as $fn$
declare
  folded bigint;
begin
  if not pg_try_advisory_xact_lock(hashtext('transfer_balance_fold')) then
    return 0;
  end if;
  with moved as (
    delete from transfer_balance_deltas returning *
  ), summed as (
    select merchant_id, is_live, currency, day, sum(transactions)::bigint, sum(gross)::bigint,
      sum(refunded)::bigint, sum(fees)::bigint, sum(vat)::bigint
    from moved group by 1, 2, 3, 4 order by 1, 2, 3, 4
  ), upserted as (
    insert into transfer_balance_days as d (${COLUMNS})
    select * from summed
    on conflict (merchant_id, is_live, currency, day) do update set
      transactions = d.transactions + excluded.transactions, gross = d.gross + excluded.gross,
      refunded = d.refunded + excluded.refunded, fees = d.fees + excluded.fees, vat = d.vat + excluded.vat
    returning 1
  )
  select count(*) into folded from upserted;
  if folded > 0 then
    delete from transfer_balance_days
    where transactions = 0 and gross = 0 and refunded = 0 and fees = 0 and vat = 0;
  end if;
  return folded;
end
$fn$`;

const REBUILD = `create function transfer_balance_rebuild(m bigint) returns void language plpgsql as $fn$
begin
  delete from transfer_balance_days where m is null or merchant_id = m;
  delete from transfer_balance_deltas where m is null or merchant_id = m;
  ${grouped(
    "transactions t",
    "1",
    "transfer_balance_days",
    ` and (m is null or t.merchant_id = m)
    and not exists (select 1 from transfer_transactions x where x.transaction_id = t.id)`,
  )};
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // Writers wait until the triggers are in place and the figures filled (the migration is one transaction).
    "lock table transactions, transfer_transactions in share row exclusive mode",
    ...TABLES,
    ADD,
    INSERT,
    UPDATE,
    DELETE,
    LINKED,
    UNLINKED,
    RELINKED,
    FOLD,
    REBUILD,
    // No WHEN on inserts and updates (as 0012 for updates): the functions' own first tests cost less than a WHEN
    // prepared at every statement.
    "create trigger transfer_balance_insert after insert on transactions for each row execute function transfer_balance_insert()",
    "create trigger transfer_balance_update after update on transactions for each row execute function transfer_balance_update()",
    `create trigger transfer_balance_delete after delete on transactions for each row
      when (old.status = 'success') execute function transfer_balance_delete()`,
    `create trigger transfer_balance_linked after insert on transfer_transactions referencing new table as new_links
      for each statement execute function transfer_balance_linked()`,
    `create trigger transfer_balance_unlinked after delete on transfer_transactions referencing old table as old_links
      for each statement execute function transfer_balance_unlinked()`,
    `create trigger transfer_balance_relinked after update on transfer_transactions
      referencing old table as old_links new table as new_links
      for each statement execute function transfer_balance_relinked()`,
    "select transfer_balance_rebuild(null)",
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
