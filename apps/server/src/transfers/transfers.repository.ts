import {
  type BalanceAnswer,
  type BalanceFigures,
  COUNTRIES,
  TRANSFER_NEXT_STATUS,
  type TransferDetails,
  type TransferItem,
  type TransferListQuery,
  type TransferStatus,
  type TransferTransaction,
} from "@portal/domain";
import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import type { DB, TransfersTable } from "../db/schema.ts";
import { merchantCondition, parseDateParam, type Scope } from "../transactions/scope.ts";
import { hasChargebacks, lowerBound, unsettledSql } from "./settlement.repository.ts";

/**
 * Transfers as the dashboard reads them (docs/transfers.md), always inside the caller's scope: a merchant's own,
 * or the live transfers of a bank's merchants. SQL only here and in transfers.job.ts.
 */

type TransferRow = Omit<Selectable<TransfersTable>, "day"> & { day: string; company_name: string };

/** A bank account shown but for its last four characters. */
export function maskAccount(account: string | null): string | null {
  if (account === null || account === "") return null;
  const tail = account.slice(-4);
  return `${"•".repeat(Math.max(0, Math.min(account.length - 4, 8)))}${tail}`;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function item(r: TransferRow, withMerchant: boolean): TransferItem {
  return {
    id: r.id,
    date: r.day,
    currency: r.currency,
    status: r.status,
    amount_cents: Number(r.net_cents),
    gross_amount_cents: Number(r.gross_cents),
    refunded_amount_cents: Number(r.refunded_cents),
    chargeback_amount_cents: Number(r.chargeback_cents),
    fees_cents: Number(r.fees_cents),
    vat_cents: Number(r.vat_cents),
    number_of_transactions: r.transactions_count,
    bank_name: r.bank_name,
    bank_account: maskAccount(r.bank_account),
    date_paid: iso(r.date_paid),
    is_live: r.is_live,
    created_at: iso(r.created_at)!,
    merchant: withMerchant ? { id: r.merchant_id, name: r.company_name } : null,
  };
}

function scoped(db: Kysely<DB>, scope: Scope) {
  let q = db
    .selectFrom("transfers as tr")
    .innerJoin("merchants as m", "m.id", "tr.merchant_id")
    .where(merchantCondition(db, scope, sql.ref("tr.merchant_id")));
  // A bank pays out real money only: its users see live transfers.
  if (scope.kind === "bank") q = q.where("tr.is_live", "=", true);
  return q.selectAll("tr").select([sql<string>`to_char(tr.day, 'YYYY-MM-DD')`.as("day"), "m.company_name"]);
}

const SORTS = { day: "tr.day", net_cents: "tr.net_cents", id: "tr.id" } as const;

export async function listTransfers(
  db: Kysely<DB>,
  scope: Scope,
  query: TransferListQuery,
): Promise<{ count: number; page: number; page_size: number; results: TransferItem[] }> {
  let q = scoped(db, scope);
  if (scope.kind === "merchant") q = q.where("tr.is_live", "=", query.is_live);
  const from = parseDateParam(query.date_from, "date_from", false);
  const to = parseDateParam(query.date_to, "date_to", true);
  if (from) q = q.where("tr.day", ">=", sql<string>`${from.toISOString().slice(0, 10)}::date`);
  if (to) q = q.where("tr.day", "<", sql<string>`${to.toISOString().slice(0, 10)}::date`);
  if (query.status) q = q.where("tr.status", "=", query.status);
  if (query.currency) q = q.where("tr.currency", "=", query.currency.toUpperCase());
  if (query.id !== undefined) q = q.where("tr.id", "=", query.id);
  if (query.merchant_id !== undefined && scope.kind === "bank")
    q = q.where("tr.merchant_id", "=", query.merchant_id);
  const countRow = await db
    .selectFrom(q.as("c"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const direction = query.sort.startsWith("-") ? "desc" : "asc";
  const column = SORTS[query.sort.replace("-", "") as keyof typeof SORTS];
  const rows = await q
    .orderBy(column, direction)
    .orderBy("tr.id", direction)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    count: Number(countRow.n),
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => item(r as TransferRow, scope.kind === "bank")),
  };
}

export async function findTransfer(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
): Promise<TransferRow | undefined> {
  return (await scoped(db, scope).where("tr.id", "=", id).executeTakeFirst()) as TransferRow | undefined;
}

export function transferDetails(r: TransferRow, scope: Scope): TransferDetails {
  return {
    ...item(r, scope.kind === "bank"),
    approved_at: iso(r.approved_at),
    transferred_at: iso(r.transferred_at),
    next_status: scope.kind === "bank" ? TRANSFER_NEXT_STATUS[r.status] : null,
  };
}

interface LinkedRow {
  id: number;
  created_at: Date;
  amount_cents: number;
  currency: string;
  order_id: number | null;
  customer_email: string | null;
  kind: TransferTransaction["type"];
}

function linked(db: Kysely<DB>, transferId: number) {
  return db
    .selectFrom("transfer_transactions as x")
    .innerJoin("transactions as t", "t.id", "x.transaction_id")
    .where("x.transfer_id", "=", transferId)
    .select([
      "t.id",
      "t.created_at",
      "t.amount_cents",
      "t.currency",
      "t.order_id",
      "t.customer_email",
      "x.kind",
    ]);
}

export function transferTransaction(r: LinkedRow): TransferTransaction {
  return {
    id: r.id,
    created_at: new Date(r.created_at).toISOString(),
    gross_amount_cents: Number(r.amount_cents),
    currency: r.currency,
    order_id: r.order_id,
    email: r.customer_email,
    type: r.kind,
  };
}

/** A page of a transfer's transactions (the transfer already found in the caller's scope), oldest first. */
export async function transferTransactions(
  db: Kysely<DB>,
  transfer: TransferRow,
  page: number,
  pageSize: number,
): Promise<{ count: number; page: number; page_size: number; results: TransferTransaction[] }> {
  const rows = await linked(db, transfer.id)
    .orderBy("t.id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    count: transfer.transactions_count,
    page,
    page_size: pageSize,
    results: rows.map(transferTransaction),
  };
}

/** The export's batches: a transfer's transactions after the given id, in id order. */
export async function transferTransactionBatch(
  db: Kysely<DB>,
  transferId: number,
  afterId: number,
  limit: number,
): Promise<LinkedRow[]> {
  return linked(db, transferId).where("t.id", ">", afterId).orderBy("t.id").limit(limit).execute();
}

const OPEN_STATUSES = ["Pending", "Approved"] as const;

/**
 * What the provider holds for a merchant in one mode and has not sent yet, per currency: its transfers still
 * Pending or Approved, its settleable transactions that no transfer holds yet, and its lost chargebacks not yet
 * carried by a transfer. The transactions' part is the maintained figure of migration 0044 (transfer_balance_days
 * and its unfolded deltas: a few rows per currency and day with unsettled transactions, whatever the volume);
 * `balanceRecount` computes the same from the rows (tests compare the two).
 */
export async function balanceFigures(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  isLive: boolean,
): Promise<BalanceFigures[]> {
  const lower = await lowerBound(db, null);
  // The lower bound is a UTC midnight (a cutoff less 72 hours), so whole UTC days fit it.
  const from = lower ? sql`and day >= ${lower.toISOString().slice(0, 10)}::date` : sql``;
  const ids = sql`any(${[...merchantIds]}::bigint[])`;
  const part = (table: string) =>
    sql`select merchant_id, currency, transactions, gross, refunded, fees, vat from ${sql.table(table)}
      where merchant_id = ${ids} and is_live = ${isLive} ${from}`;
  const unsettled = sql`select u.currency, sum(u.gross) as gross, sum(u.refunded) as refunded, 0 as charged,
      sum(u.fees) as fees, sum(u.vat) as vat
    from (${part("transfer_balance_days")} union all ${part("transfer_balance_deltas")}) u
    join merchants m on m.id = u.merchant_id
    where m.country in (${sql.join(COUNTRIES.map((c) => sql`${c}`))})
    group by u.currency having sum(u.transactions) <> 0`;
  return balanceQuery(db, merchantIds, isLive, unsettled);
}

/** balanceFigures computed from the transactions themselves (the plain recount; slow at volume). */
export async function balanceRecount(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  isLive: boolean,
): Promise<BalanceFigures[]> {
  const lower = await lowerBound(db, null);
  const unsettled = sql`select u.currency, u.gross, u.refunded, 0 as charged, u.fees, u.vat
    from (${unsettledSql({ lower, merchants: { ids: merchantIds, isLive } })}) u`;
  return balanceQuery(db, merchantIds, isLive, unsettled);
}

async function balanceQuery(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  isLive: boolean,
  unsettled: RawBuilder<unknown>,
): Promise<BalanceFigures[]> {
  const ids = sql`any(${[...merchantIds]}::bigint[])`;
  const chargebacks = (await hasChargebacks(db))
    ? sql`union all select c.currency, 0, 0, c.amount_cents + c.accept_fees_cents + c.vat_cents, 0, 0
        from chargebacks c where c.merchant_id = ${ids} and c.is_live = ${isLive}
          and c.status = 'lost' and c.transfer_id is null`
    : sql``;
  const rows = await sql<{
    currency: string;
    gross: string;
    refunded: string;
    charged: string;
    fees: string;
    vat: string;
  }>`select currency, sum(gross) as gross, sum(refunded) as refunded, sum(charged) as charged,
      sum(fees) as fees, sum(vat) as vat
    from (
      select tr.currency, tr.gross_cents as gross, tr.refunded_cents as refunded, tr.chargeback_cents as charged,
        tr.fees_cents as fees, tr.vat_cents as vat
      from transfers tr where tr.merchant_id = ${ids} and tr.is_live = ${isLive}
        and tr.status in (${sql.join(OPEN_STATUSES.map((s) => sql`${s}`))})
      union all
      ${unsettled}
      ${chargebacks}
    ) b group by currency order by currency`.execute(db);
  return rows.rows.map((r) => {
    const f = {
      gross: Number(r.gross),
      refunded: Number(r.refunded),
      charged: Number(r.charged),
      fees: Number(r.fees),
      vat: Number(r.vat),
    };
    return {
      currency: r.currency,
      net_cents: f.gross - f.refunded - f.charged - f.fees - f.vat,
      gross_cents: f.gross,
      refunded_cents: f.refunded,
      chargeback_cents: f.charged,
      fees_cents: f.fees,
      vat_cents: f.vat,
      subscriptions_cents: 0,
    };
  });
}

export async function merchantBalance(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  now: Date = new Date(),
): Promise<BalanceAnswer> {
  const merchant = await db
    .selectFrom("merchants")
    .select(["bank_name", "bank_account"])
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
  const account = merchant.bank_account?.trim() ? merchant.bank_account : null;
  return {
    is_live: isLive,
    has_bank_account: account !== null,
    bank_name: account === null ? null : merchant.bank_name,
    bank_account: maskAccount(account),
    currencies: await balanceFigures(db, [merchantId], isLive),
    updated_at: now.toISOString(),
  };
}

/**
 * Moves a bank's merchant's transfer to `target` when that is its next status (TRANSFER_NEXT_STATUS), recording
 * who and when; the condition on the current status makes two racing moves change it once. Answers the row's
 * status before the move, or undefined when it is not the bank's.
 */
export async function advanceTransfer(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
  target: TransferStatus,
  userId: number,
  now: Date = new Date(),
): Promise<{ found: false } | { found: true; moved: boolean; status: TransferStatus }> {
  const row = await findTransfer(db, scope, id);
  if (!row) return { found: false };
  if (TRANSFER_NEXT_STATUS[row.status] !== target) return { found: true, moved: false, status: row.status };
  const stamp =
    target === "Approved"
      ? { approved_at: now, approved_by: userId }
      : target === "Transferred"
        ? { transferred_at: now, transferred_by: userId }
        : { date_paid: now, paid_by: userId };
  const result = await db
    .updateTable("transfers")
    .set({ status: target, updated_at: now, ...stamp })
    .where("id", "=", id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  return { found: true, moved: Number(result.numUpdatedRows) === 1, status: row.status };
}

/**
 * Home's transfer figures (analytics' reports overview): per currency, the net of the merchants' transfers whose
 * day falls in [from, to) and the balance (balanceFigures' net). Exported for apps/server/src/analytics.
 */
export async function transferFigures(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  isLive: boolean,
  from: Date,
  to: Date,
): Promise<Map<string, { transferred: number; balance: number }>> {
  if (merchantIds.length === 0) return new Map();
  const [sums, balances] = await Promise.all([
    db
      .selectFrom("transfers")
      .select(["currency", sql<string>`sum(net_cents)`.as("net")])
      .where("merchant_id", "in", [...merchantIds])
      .where("is_live", "=", isLive)
      .where("day", ">=", sql<string>`${from.toISOString().slice(0, 10)}::date`)
      .where("day", "<", sql<string>`${to.toISOString().slice(0, 10)}::date`)
      .groupBy("currency")
      .execute(),
    balanceFigures(db, merchantIds, isLive),
  ]);
  const out = new Map<string, { transferred: number; balance: number }>();
  for (const s of sums) out.set(s.currency, { transferred: Number(s.net), balance: 0 });
  for (const b of balances)
    out.set(b.currency, { transferred: out.get(b.currency)?.transferred ?? 0, balance: b.net_cents });
  return out;
}
