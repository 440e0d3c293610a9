import { COUNTRIES, COUNTRY_INFO, pendingHours, type Weekday } from "@portal/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The transfers job's queries (docs/transfers.md; the queue and schedule are in transfers.job.ts): for a settlement day D (UTC), every transaction that the pending-hours
 * rule (packages/domain/src/transfer.ts) marks Transferred by the end of D and that no transfer holds yet goes into
 * its merchant's transfer of D for its mode and currency, in one set-based statement: candidates, their sums per
 * (merchant, mode, currency), the transfers (inserted, or added to while still Pending) and the links
 * (transfer_transactions, whose primary key is transaction_id: at most one transfer per transaction). Lost
 * chargebacks resolved by the end of D ride along in the chargebacks column.
 *
 * Reruns and concurrent runs: the statement runs in a transaction that first takes an advisory lock, so two
 * processes settle one after the other; the second finds every transaction linked and changes nothing. Were the
 * lock ever missing, the link's primary key would make the second statement fail whole, never count twice.
 */

/** The advisory lock key of the job (any constant no other feature uses). */
const LOCK_KEY = 7_312_028;
const DAY_MS = 86_400_000;
/** The longest pending-hours threshold: a transaction older than this at a cutoff is due at it. */
export const MAX_PENDING_HOURS = 72;
const MIN_PENDING_HOURS = 24;

export interface TransferRunResult {
  day: string;
  cutoff: Date;
  /** Transfers created or added to by this run. */
  transfers: number;
  /** Transactions linked by this run (0 on a rerun). */
  transactions: number;
  chargebacks: number;
}

/** The UTC day (YYYY-MM-DD) an instant falls on. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The instant a settlement day ends: the start of the next UTC day. */
export function dayCutoff(day: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`Invalid day: ${day}`);
  const start = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(start.getTime())) throw new RangeError(`Invalid day: ${day}`);
  return new Date(start.getTime() + DAY_MS);
}

/**
 * The pending-hours rule as a table for SQL: each country's time zone and its threshold by weekday (0 = Sunday,
 * the index of extract(dow)), read from the domain's pendingHours so that the rule lives in one place.
 */
function rulesTable(): RawBuilder<unknown> {
  const rows = COUNTRIES.map((c) => {
    const hours = [0, 1, 2, 3, 4, 5, 6].map((d) => pendingHours(c, d as Weekday));
    return sql`(${c}::text, ${COUNTRY_INFO[c].timeZone}::text, ${sql.raw(`array[${hours.join(",")}]`)}::int[])`;
  });
  return sql`(values ${sql.join(rows)}) as r(country, tz, hours)`;
}

/** Whether the chargebacks feature's table exists (migration 0030): lost chargebacks settle with transfers. */
export async function hasChargebacks(db: Kysely<DB>): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`select to_regclass('chargebacks') is not null as ok`.execute(db);
  return row.rows[0]?.ok === true;
}

/**
 * The transactions a transfer settles and that none holds yet, with their columns of the transfer: payments (not
 * voided; an authorisation settles through its capture), captures (with the fees and VAT of their authorisation)
 * and refunds. With `cutoff`, only those the pending-hours rule marks Transferred by then; with `merchants`, those
 * merchants' in one mode (the balance).
 */
export function unsettledSql(o: {
  cutoff?: Date;
  lower: Date | null;
  merchants?: { ids: readonly number[]; isLive: boolean };
}): RawBuilder<unknown> {
  const due = o.cutoff
    ? sql`and t.created_at <= ${new Date(o.cutoff.getTime() - MIN_PENDING_HOURS * 3_600_000)}
      and t.created_at + make_interval(hours => r.hours[extract(dow from t.created_at at time zone r.tz)::int + 1])
        <= ${o.cutoff}`
    : sql``;
  return sql`select t.id, t.merchant_id, t.is_live, t.currency,
      case t.trnx_type when 'refund' then 'refund' when 'capture' then 'capture' else 'payment' end as kind,
      case when t.trnx_type = 'refund' then 0 else t.amount_cents end as gross,
      case when t.trnx_type = 'refund' then t.amount_cents else 0 end as refunded,
      case when t.trnx_type = 'capture' then coalesce(p.fees_cents, 0)
           when t.trnx_type = 'refund' then 0 else t.fees_cents end as fees,
      case when t.trnx_type = 'capture' then coalesce(p.vat_cents, 0)
           when t.trnx_type = 'refund' then 0 else t.vat_cents end as vat
    from transactions t
    join merchants m on m.id = t.merchant_id
    join ${rulesTable()} on r.country = m.country
    left join transactions p on t.trnx_type = 'capture' and p.id = t.parent_transaction_id
    where t.status = 'success'
      and ((t.parent_transaction_id is null and not t.is_voided and t.trnx_type <> 'auth')
        or (t.parent_transaction_id is not null and t.trnx_type in ('capture', 'refund')))
      ${o.merchants ? sql`and t.merchant_id = any(${[...o.merchants.ids]}::bigint[]) and t.is_live = ${o.merchants.isLive}` : sql``}
      ${o.lower ? sql`and t.created_at >= ${o.lower}` : sql``}
      ${due}
      and not exists (select 1 from transfer_transactions x where x.transaction_id = t.id)`;
}

/**
 * Where the previous runs leave off: everything created before the latest earlier cutoff less the longest
 * threshold was due at that cutoff, so that run settled it. Null before any run (all rows are read).
 */
export async function lowerBound(db: Kysely<DB>, cutoff: Date | null): Promise<Date | null> {
  let q = db.selectFrom("transfer_runs").select((eb) => eb.fn.max("cutoff").as("cutoff"));
  if (cutoff) q = q.where("cutoff", "<=", cutoff);
  const row = await q.executeTakeFirst();
  if (!row?.cutoff) return null;
  return new Date(new Date(row.cutoff).getTime() - MAX_PENDING_HOURS * 3_600_000);
}

/**
 * Settles day D. Refuses a day that has not ended (its transactions could still become due). Idempotent: a rerun
 * links nothing new and changes no transfer; concurrent runs wait for each other on the advisory lock.
 */
export async function runTransfers(
  db: Kysely<DB>,
  day: string,
  now: Date = new Date(),
): Promise<TransferRunResult> {
  const cutoff = dayCutoff(day);
  if (cutoff.getTime() > now.getTime()) throw new RangeError(`The day ${day} has not ended yet.`);
  const withChargebacks = await hasChargebacks(db);
  return db.transaction().execute((trx) => settleDay(trx, day, now, withChargebacks));
}

/**
 * Settles day D for one merchant's test mode only, at the merchant's test-clock time `testNow` (docs/payments.md
 * "Test clock"): what the daily job would settle for it once real time reaches that day. No run is recorded, so
 * the daily job's lower bound is unchanged, and when it reaches the day it adds to the same Pending transfer.
 */
export async function settleMerchantTestDay(
  db: Kysely<DB>,
  merchantId: number,
  day: string,
  testNow: Date,
): Promise<TransferRunResult> {
  const cutoff = dayCutoff(day);
  if (cutoff.getTime() > testNow.getTime()) throw new RangeError(`The day ${day} has not ended yet.`);
  const withChargebacks = await hasChargebacks(db);
  return db
    .transaction()
    .execute((trx) => settleDay(trx, day, testNow, withChargebacks, { ids: [merchantId], isLive: false }));
}

/**
 * runTransfers' work inside a transaction the caller opened (the demo data's): the lock, the statement and the
 * run's record. The lock is held until that transaction ends.
 */
export async function settleDay(
  trx: Kysely<DB>,
  day: string,
  now: Date,
  withChargebacks: boolean,
  /** Only these merchants in one mode, and no run recorded (a merchant's test clock: settleMerchantTestDay). */
  only?: { ids: readonly number[]; isLive: boolean },
): Promise<TransferRunResult> {
  const cutoff = dayCutoff(day);
  await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
  const lower = await lowerBound(trx, cutoff);
  // The candidates go to temporary tables (dropped at commit): the sums and the links then read the same rows,
  // and the links join the transfers by their unique key (a join on a data-modifying CTE's rows cannot be
  // planned: it took 37 s for 200,000 rows).
  await sql`create temp table transfer_cand (id bigint, merchant_id bigint, is_live boolean, currency text,
      kind text, gross bigint, refunded bigint, fees bigint, vat bigint) on commit drop`.execute(trx);
  await sql`create temp table transfer_cb (id bigint, merchant_id bigint, is_live boolean, currency text,
      amount bigint) on commit drop`.execute(trx);
  const candidates =
    await sql`insert into transfer_cand ${unsettledSql({ cutoff, lower, ...(only ? { merchants: only } : {}) })}`.execute(
      trx,
    );
  if (withChargebacks)
    await sql`insert into transfer_cb select c.id, c.merchant_id, c.is_live, c.currency,
        c.amount_cents + c.accept_fees_cents + c.vat_cents
      from chargebacks c
      where c.status = 'lost' and c.transfer_id is null and c.resolved_at < ${cutoff}
        ${only ? sql`and c.merchant_id = any(${[...only.ids]}::bigint[]) and c.is_live = ${only.isLive}` : sql``}`.execute(
      trx,
    );
  // Statistics for the joins below when the day is big (a small one plans well without, and quicker).
  if (Number(candidates.numAffectedRows ?? 0n) > 10_000) await sql`analyze transfer_cand`.execute(trx);
  // Upserted rows stay locked until commit, so none of them can leave Pending before its links are written; a
  // transfer of the day no longer Pending takes nothing (its rows wait for the next day).
  const upserted = await sql`
      insert into transfers as tr (merchant_id, is_live, currency, day, gross_cents, refunded_cents, fees_cents,
        vat_cents, chargeback_cents, transactions_count, bank_name, bank_account)
      select a.merchant_id, a.is_live, a.currency, ${day}::date, a.gross, a.refunded, a.fees, a.vat, a.charged, a.n,
        m.bank_name, m.bank_account
      from (
        select merchant_id, is_live, currency, sum(gross)::bigint as gross, sum(refunded)::bigint as refunded,
          sum(fees)::bigint as fees, sum(vat)::bigint as vat, sum(charged)::bigint as charged, sum(n)::int as n
        from (
          select merchant_id, is_live, currency, gross, refunded, fees, vat, 0::bigint as charged, 1 as n
          from transfer_cand
          union all
          select merchant_id, is_live, currency, 0, 0, 0, 0, amount, 0 from transfer_cb
        ) moves group by merchant_id, is_live, currency
      ) a join merchants m on m.id = a.merchant_id
      on conflict (merchant_id, is_live, currency, day) do update set
        gross_cents = tr.gross_cents + excluded.gross_cents,
        refunded_cents = tr.refunded_cents + excluded.refunded_cents,
        fees_cents = tr.fees_cents + excluded.fees_cents,
        vat_cents = tr.vat_cents + excluded.vat_cents,
        chargeback_cents = tr.chargeback_cents + excluded.chargeback_cents,
        transactions_count = tr.transactions_count + excluded.transactions_count,
        updated_at = now()
      where tr.status = 'Pending'`.execute(trx);
  const linked = await sql`insert into transfer_transactions (transaction_id, transfer_id, kind)
      select c.id, tr.id, c.kind from transfer_cand c
      join transfers tr on tr.merchant_id = c.merchant_id and tr.is_live = c.is_live and tr.currency = c.currency
        and tr.day = ${day}::date
      where tr.status = 'Pending'`.execute(trx);
  const marked = withChargebacks
    ? await sql`update chargebacks c set transfer_id = tr.id from transfer_cb cb, transfers tr
        where c.id = cb.id and tr.merchant_id = cb.merchant_id and tr.is_live = cb.is_live
          and tr.currency = cb.currency and tr.day = ${day}::date and tr.status = 'Pending'`.execute(trx)
    : { numAffectedRows: 0n };
  await sql`drop table transfer_cand`.execute(trx);
  await sql`drop table transfer_cb`.execute(trx);
  const out: TransferRunResult = {
    day,
    cutoff,
    transfers: Number(upserted.numAffectedRows ?? 0n),
    transactions: Number(linked.numAffectedRows ?? 0n),
    chargebacks: Number(marked.numAffectedRows ?? 0n),
  };
  if (only) return out;
  await trx
    .insertInto("transfer_runs")
    .values({ day, cutoff, transfers: out.transfers, transactions: out.transactions, finished_at: now })
    .onConflict((oc) =>
      oc.column("day").doUpdateSet({
        transfers: sql`transfer_runs.transfers + ${out.transfers}`,
        transactions: sql`transfer_runs.transactions + ${out.transactions}`,
        finished_at: now,
      }),
    )
    .execute();
  return out;
}

/** Demo data: a bank account for every merchant without one, except the one named (docs/demo-data.md). */
export async function setDemoBankAccounts(trx: Kysely<DB>, exceptCompany: string): Promise<void> {
  await sql`update merchants set
      bank_name = coalesce(bank_name, case country when 'ARE' then 'Emirates NBD' when 'SAU' then 'Al Rajhi Bank'
        when 'PAK' then 'Habib Bank' when 'OMN' then 'Bank Muscat' else 'CIB' end),
      bank_account = coalesce(bank_account, case country when 'ARE' then 'AE07033123456789' when 'SAU' then 'SA44200000'
        when 'PAK' then 'PK36SCBL0000001123' when 'OMN' then 'OM8101800000' else 'EG38001900050000000026318' end
        || lpad(id::text, 6, '0'))
    where company_name <> ${exceptCompany}`.execute(trx);
}

/**
 * Demo data: the demo's transfers in every status, by age: Successful (paid two days after their day) up to 8
 * days back, Transferred 6 to 8 days back... as in demo/transfers.ts.
 */
export async function demoTransferStatuses(trx: Kysely<DB>, now: Date): Promise<void> {
  const ago = (days: number) => utcDay(new Date(now.getTime() - days * 86_400_000));
  await sql`update transfers set status = 'Successful', approved_at = day + interval '1 day',
      transferred_at = day + interval '1 day 6 hours', date_paid = day + interval '2 days'
    where day < ${ago(8)}::date`.execute(trx);
  await sql`update transfers set status = 'Transferred', approved_at = day + interval '1 day',
      transferred_at = day + interval '1 day 6 hours'
    where day >= ${ago(8)}::date and day < ${ago(5)}::date`.execute(trx);
  await sql`update transfers set status = 'Approved', approved_at = day + interval '1 day'
    where day >= ${ago(5)}::date and day < ${ago(3)}::date`.execute(trx);
}
