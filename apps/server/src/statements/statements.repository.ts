import type { StatementCurrency } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The statements' queries (docs/settings.md "Monthly statements"). The figures follow the transfers' rules
 * (docs/transfers.md, settlement.repository.ts): successful live rows only; a payment (no parent, not voided, not
 * an authorisation) and a capture count as gross with their fees and VAT (a capture with its authorisation's), a
 * refund as refunded; lost chargebacks by the instant they were resolved; transfers by their settlement day.
 */

/** A month's rows of a batch of merchants, summed per merchant, currency and method (one pass, set-based). */
export interface ActivityRow {
  merchant_id: number;
  currency: string;
  method: string;
  payments: number;
  gross: number;
  refunds: number;
  refunded: number;
  fees: number;
  vat: number;
}

const SETTLEABLE = sql`t.status = 'success' and t.is_live
  and ((t.parent_transaction_id is null and not t.is_voided and t.trnx_type <> 'auth')
    or (t.parent_transaction_id is not null and t.trnx_type in ('capture', 'refund')))`;
const FEES = sql`case when t.trnx_type = 'capture' then coalesce(p.fees_cents, 0)
  when t.trnx_type = 'refund' then 0 else t.fees_cents end`;
const VAT = sql`case when t.trnx_type = 'capture' then coalesce(p.vat_cents, 0)
  when t.trnx_type = 'refund' then 0 else t.vat_cents end`;

const ids = (merchantIds: readonly number[]) => sql.join(merchantIds.map((id) => sql`${id}::bigint`));

export async function monthActivity(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  start: Date,
  end: Date,
): Promise<ActivityRow[]> {
  if (merchantIds.length === 0) return [];
  const { rows } = await sql<ActivityRow>`
    select t.merchant_id, t.currency, t.gateway_type as method,
      (count(*) filter (where t.trnx_type <> 'refund'))::int as payments,
      coalesce(sum(t.amount_cents) filter (where t.trnx_type <> 'refund'), 0)::bigint as gross,
      (count(*) filter (where t.trnx_type = 'refund'))::int as refunds,
      coalesce(sum(t.amount_cents) filter (where t.trnx_type = 'refund'), 0)::bigint as refunded,
      coalesce(sum(${FEES}), 0)::bigint as fees,
      coalesce(sum(${VAT}), 0)::bigint as vat
    from transactions t
    left join transactions p on t.trnx_type = 'capture' and p.id = t.parent_transaction_id
    where t.merchant_id in (${ids(merchantIds)}) and t.is_live
      and t.created_at >= ${start} and t.created_at < ${end} and ${SETTLEABLE}
    group by t.merchant_id, t.currency, t.gateway_type`.execute(db);
  return rows.map((r) => ({
    ...r,
    merchant_id: Number(r.merchant_id),
    payments: Number(r.payments),
    gross: Number(r.gross),
    refunds: Number(r.refunds),
    refunded: Number(r.refunded),
    fees: Number(r.fees),
    vat: Number(r.vat),
  }));
}

/** A sum per merchant and currency (chargebacks, transfers, balances). */
export interface CurrencySum {
  merchant_id: number;
  currency: string;
  count: number;
  cents: number;
}

const toSum = (r: CurrencySum): CurrencySum => ({
  merchant_id: Number(r.merchant_id),
  currency: r.currency,
  count: Number(r.count),
  cents: Number(r.cents),
});

/** Lost live chargebacks resolved in [from, to) (from null: since the beginning): amount, accept fees and VAT. */
export async function lostChargebacks(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  from: Date | null,
  to: Date,
): Promise<CurrencySum[]> {
  if (merchantIds.length === 0) return [];
  const { rows } = await sql<CurrencySum>`
    select c.merchant_id, c.currency, count(*)::int as count,
      coalesce(sum(c.amount_cents + c.accept_fees_cents + c.vat_cents), 0)::bigint as cents
    from chargebacks c
    where c.merchant_id in (${ids(merchantIds)}) and c.is_live and c.status = 'lost'
      and c.resolved_at < ${to} ${from ? sql`and c.resolved_at >= ${from}` : sql``}
    group by c.merchant_id, c.currency`.execute(db);
  return rows.map(toSum);
}

/** Live transfers whose settlement day is in [fromDay, toDay) (fromDay null: since the beginning), and their net. */
export async function transfersBetween(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  fromDay: string | null,
  toDay: string,
): Promise<CurrencySum[]> {
  if (merchantIds.length === 0) return [];
  const { rows } = await sql<CurrencySum>`
    select tr.merchant_id, tr.currency, count(*)::int as count, coalesce(sum(tr.net_cents), 0)::bigint as cents
    from transfers tr
    where tr.merchant_id in (${ids(merchantIds)}) and tr.is_live and tr.day < ${toDay}::date
      ${fromDay ? sql`and tr.day >= ${fromDay}::date` : sql``}
    group by tr.merchant_id, tr.currency`.execute(db);
  return rows.map(toSum);
}

/** The net of every settleable live row before `before` (gross - refunded - fees - VAT), per merchant and currency. */
export async function activityNetBefore(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  before: Date,
): Promise<CurrencySum[]> {
  if (merchantIds.length === 0) return [];
  const { rows } = await sql<CurrencySum>`
    select t.merchant_id, t.currency, count(*)::int as count,
      coalesce(sum(case when t.trnx_type = 'refund' then -t.amount_cents else t.amount_cents end
        - (${FEES}) - (${VAT})), 0)::bigint as cents
    from transactions t
    left join transactions p on t.trnx_type = 'capture' and p.id = t.parent_transaction_id
    where t.merchant_id in (${ids(merchantIds)}) and t.is_live and t.created_at < ${before} and ${SETTLEABLE}
    group by t.merchant_id, t.currency`.execute(db);
  return rows.map(toSum);
}

/** The statements of `month` (YYYY-MM-01) of these merchants: their figures (to carry the closing balances). */
export async function statementsOfMonth(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  month: string,
): Promise<{ merchant_id: number; figures: StatementCurrency[] }[]> {
  if (merchantIds.length === 0) return [];
  const rows = await db
    .selectFrom("statements")
    .select(["merchant_id", "figures"])
    .where("merchant_id", "in", merchantIds)
    .where("month", "=", month)
    .execute();
  return rows.map((r) => ({ merchant_id: Number(r.merchant_id), figures: r.figures }));
}

/**
 * The next batch of merchants of these countries that are subscribed and have no statement for `month` yet,
 * by id after `afterId`.
 */
export async function dueMerchants(
  db: Kysely<DB>,
  countries: readonly string[],
  month: string,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("statement_subscriptions as s")
    .innerJoin("merchants as m", "m.id", "s.merchant_id")
    .select("m.id")
    .where("s.active", "=", true)
    .where("m.country", "in", countries)
    .where("m.id", ">", afterId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("statements as st")
            .select(sql`1`.as("one"))
            .whereRef("st.merchant_id", "=", "m.id")
            .where("st.month", "=", month),
        ),
      ),
    )
    .orderBy("m.id")
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

export interface NewStatement {
  merchant_id: number;
  month: string;
  time_zone: string;
  period_start: Date;
  period_end: Date;
  figures: StatementCurrency[];
}

/** Inserts the statements; one that exists already (the unique merchant and month) is left as it is. */
export async function insertStatements(
  db: Kysely<DB>,
  statements: readonly NewStatement[],
): Promise<{ id: number; merchant_id: number; month: string }[]> {
  if (statements.length === 0) return [];
  const rows = await db
    .insertInto("statements")
    .values(statements.map((s) => ({ ...s, figures: JSON.stringify(s.figures) })))
    .onConflict((oc) => oc.columns(["merchant_id", "month"]).doNothing())
    .returning(["id", "merchant_id", sql<string>`to_char(month, 'YYYY-MM')`.as("month")])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), merchant_id: Number(r.merchant_id), month: r.month }));
}

/** Where each merchant's statement mail goes: its owner's e-mail (the first active owner), else its first e-mail. */
export async function statementRecipients(
  db: Kysely<DB>,
  merchantIds: readonly number[],
): Promise<Map<number, { email: string; name: string }>> {
  const out = new Map<number, { email: string; name: string }>();
  if (merchantIds.length === 0) return out;
  const merchants = await db
    .selectFrom("merchants")
    .select(["id", "company_name", "emails"])
    .where("id", "in", merchantIds)
    .execute();
  const owners = await db
    .selectFrom("users")
    .select(["merchant_id", "email"])
    .where("merchant_id", "in", merchantIds)
    .where("profile_type", "=", "Merchant")
    .where("is_active", "=", true)
    .orderBy("id")
    .execute();
  const ownerOf = new Map<number, string>();
  for (const o of owners)
    if (o.merchant_id !== null && !ownerOf.has(Number(o.merchant_id)))
      ownerOf.set(Number(o.merchant_id), o.email);
  for (const m of merchants) {
    const email = ownerOf.get(Number(m.id)) ?? m.emails[0];
    if (email) out.set(Number(m.id), { email, name: m.company_name });
  }
  return out;
}

/** Bulk insert of mails into the outbox (the transaction of the statements they announce). */
export async function enqueueEmails(
  db: Kysely<DB>,
  smtp: boolean,
  emails: readonly { to: string; subject: string; text: string }[],
): Promise<void> {
  if (emails.length === 0) return;
  await db
    .insertInto("email_outbox")
    .values(
      emails.map((e) => ({
        to_address: e.to,
        subject: e.subject,
        body_text: e.text,
        body_html: null,
        status: smtp ? ("queued" as const) : ("local" as const),
      })),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// The routes' queries: always the caller's merchant.

export async function listStatements(db: Kysely<DB>, merchantId: number, page: number, pageSize: number) {
  const base = db.selectFrom("statements").where("merchant_id", "=", merchantId);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      "id",
      sql<string>`to_char(month, 'YYYY-MM')`.as("month"),
      "time_zone",
      "period_end",
      "figures",
      "created_at",
      "downloaded_at",
    ])
    .orderBy("month", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(count), rows };
}

export async function findStatement(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom("statements as s")
    .innerJoin("merchants as m", "m.id", "s.merchant_id")
    .select([
      "s.id",
      sql<string>`to_char(s.month, 'YYYY-MM')`.as("month"),
      "s.time_zone",
      "s.period_start",
      "s.period_end",
      "s.figures",
      "s.created_at",
      "s.downloaded_at",
      "m.company_name",
      "m.id as merchant_id",
    ])
    .where("s.merchant_id", "=", merchantId)
    .where("s.id", "=", id)
    .executeTakeFirst();
}

export async function markDownloaded(db: Kysely<DB>, merchantId: number, id: number): Promise<void> {
  await db
    .updateTable("statements")
    .set({ downloaded_at: new Date() })
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .where("downloaded_at", "is", null)
    .execute();
}

export async function findSubscription(db: Kysely<DB>, merchantId: number): Promise<boolean> {
  const row = await db
    .selectFrom("statement_subscriptions")
    .select("active")
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return row?.active ?? false;
}

export async function saveSubscription(
  db: Kysely<DB>,
  merchantId: number,
  active: boolean,
  userId: number | null,
): Promise<void> {
  await db
    .insertInto("statement_subscriptions")
    .values({ merchant_id: merchantId, active, updated_by: userId })
    .onConflict((oc) =>
      oc.column("merchant_id").doUpdateSet({ active, updated_by: userId, updated_at: new Date() }),
    )
    .execute();
}

/** The instants a local month starts and ends in a time zone (the database's time zone rules). */
export async function monthBounds(
  db: Kysely<DB>,
  month: string,
  timeZone: string,
): Promise<{ start: Date; end: Date }> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    select (${month}::date::timestamp at time zone ${timeZone}) as start,
      ((${month}::date + interval '1 month')::timestamp at time zone ${timeZone}) as end`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no month bounds");
  return { start: new Date(row.start), end: new Date(row.end) };
}
