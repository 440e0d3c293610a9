import {
  type AmountCount,
  BANK_TOTAL_METHODS,
  type BankTotalsAnswer,
  MERCHANT_METHOD_GATEWAYS,
  MERCHANT_TOTAL_METHODS,
  type MerchantTotalsAnswer,
  type TotalsQuery,
  type TransactionListItem,
  type TransactionListQuery,
  type TransactionStatus,
} from "@portal/domain";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { likePrefix, merchantCondition, parseDateParam, type Scope } from "./scope.ts";
import { orderTotals, paymentTotals, totalsRange } from "./totals.repository.ts";

/**
 * Reading transactions for the dashboard: the filtered, paged and sorted list, the totals header and single
 * rows, always inside the caller's scope and mode, never soft-deleted rows.
 */

/** Counting stops here: beyond it the list answers count_capped true (a count of a million rows is slow). */
export const COUNT_CAP = 10_000;
/** Up to this many matches the page is sorted from the matches themselves (see listTransactions). */
const FEW_MATCHES = 2_000;

type TxDB = DB & { t: DB["transactions"] };
type TxQuery = SelectQueryBuilder<TxDB, "t", object>;

export function scopedTransactions(db: Kysely<DB>, scope: Scope, isLive: boolean): TxQuery {
  return db
    .selectFrom("transactions as t")
    .where(merchantCondition(db, scope, sql.ref("t.merchant_id"), sql.ref("t.terminal_id")))
    .where("t.is_live", "=", isLive)
    .where("t.deleted_at", "is", null);
}

export function maskedCard(first6: string | null, last4: string | null): string | null {
  if (!first6 && !last4) return null;
  return `${first6 ?? "******"}******${last4 ?? "****"}`;
}

/** Applies every filter of the list (merchant-dashboard.md section 3, "Transaction filters"). */
export function applyTransactionFilters(
  db: Kysely<DB>,
  scope: Scope,
  q: TxQuery,
  f: Omit<TransactionListQuery, "page" | "page_size" | "sort">,
): TxQuery {
  const from = parseDateParam(f.date_from, "date_from", false);
  const to = parseDateParam(f.date_to, "date_to", true);
  if (from) q = q.where("t.created_at", ">=", from);
  if (to) q = q.where("t.created_at", "<", to);
  if (f.id !== undefined) q = q.where("t.id", "=", f.id);
  if (f.order_id !== undefined) q = q.where("t.order_id", "=", f.order_id);
  if (f.merchant_order_id !== undefined) {
    const orderIds = db
      .selectFrom("orders as o")
      .select("o.id")
      .where(merchantCondition(db, scope, sql.ref("o.merchant_id")))
      .where("o.merchant_order_id", "=", f.merchant_order_id);
    q = q.where("t.order_id", "in", orderIds);
  }
  if (f.created_by !== undefined) q = q.where("t.created_by", "=", f.created_by);
  if (f.currency !== undefined) q = q.where("t.currency", "=", f.currency.toUpperCase());
  if (f.other_references !== undefined) {
    const ref = f.other_references;
    // Two indexed lookups united, so the planner never walks the whole date index hunting for a rare match.
    const byRef = db
      .selectFrom("transactions as r")
      .select("r.id")
      .where(merchantCondition(db, scope, sql.ref("r.merchant_id")))
      .where("r.merchant_txn_ref", "=", ref)
      .unionAll(
        db
          .selectFrom("transactions as b")
          .select("b.id")
          .where(merchantCondition(db, scope, sql.ref("b.merchant_id")))
          .where(sql`b.data->>'bill_reference'`, "=", ref),
      );
    q = q.where("t.id", "in", byRef);
  }
  if (f.integration_id !== undefined) q = q.where("t.integration_id", "=", f.integration_id);
  if (f.status !== undefined) q = q.where("t.status", "=", f.status);
  if (f.amount_from !== undefined) q = q.where("t.amount_cents", ">=", f.amount_from);
  if (f.amount_to !== undefined) q = q.where("t.amount_cents", "<=", f.amount_to);
  if (f.wallet_msisdn !== undefined) q = q.where("t.wallet_msisdn", "=", f.wallet_msisdn);
  if (f.phone_number !== undefined) q = q.where("t.customer_phone", "=", f.phone_number);
  if (f.is_installment !== undefined) q = q.where("t.is_installment", "=", f.is_installment);
  if (f.is_discounted !== undefined) q = q.where("t.is_discounted", "=", f.is_discounted);
  if (f.is_split_paid !== undefined) q = q.where("t.is_split_paid", "=", f.is_split_paid);
  if (f.type !== undefined) q = q.where("t.gateway_type", "=", f.type);
  if (f.trnx_type !== undefined) q = q.where("t.trnx_type", "=", f.trnx_type);
  if (f.origin !== undefined) q = q.where("t.origin", "=", f.origin);
  if (f.customer_name !== undefined)
    q = q.where(sql`lower(t.customer_name)`, "like", likePrefix(f.customer_name));
  if (f.customer_email !== undefined)
    q = q.where(sql`lower(t.customer_email)`, "=", f.customer_email.toLowerCase());
  if (f.card_last4 !== undefined) q = q.where("t.card_last4", "=", f.card_last4);
  return q;
}

const SORTS = {
  created_at: "t.created_at",
  amount_cents: "t.amount_cents",
  id: "t.id",
} as const;

function otherReferences(ref: string | null, data: unknown): string | null {
  const bill = (data as { bill_reference?: unknown } | null)?.bill_reference;
  return ref ?? (typeof bill === "string" ? bill : null);
}

export interface ListPage<T> {
  count: number;
  count_capped: boolean;
  page: number;
  page_size: number;
  results: T[];
}

export async function listTransactions(
  db: Kysely<DB>,
  scope: Scope,
  query: TransactionListQuery,
): Promise<ListPage<TransactionListItem>> {
  const filtered = applyTransactionFilters(db, scope, scopedTransactions(db, scope, query.is_live), query);
  const desc = query.sort.startsWith("-");
  const column = SORTS[query.sort.replace("-", "") as keyof typeof SORTS];
  const direction = desc ? "desc" : "asc";
  const offset = (query.page - 1) * query.page_size;

  const countRow = await db
    .selectFrom(
      filtered
        .select(sql`1`.as("one"))
        .limit(COUNT_CAP + 1)
        .as("c"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const counted = Number(countRow.n);

  const rows = filtered
    .leftJoin("orders as o", "o.id", "t.order_id")
    .select([
      "t.id",
      "t.created_at",
      "t.amount_cents",
      "t.currency",
      "t.status",
      "t.gateway_type",
      "t.trnx_type",
      "t.origin",
      "t.order_id",
      "o.merchant_order_id",
      "t.created_by",
      "t.integration_id",
      "t.is_live",
      "t.is_installment",
      "t.is_discounted",
      "t.is_split_paid",
      "t.is_voided",
      "t.is_refunded",
      "t.is_captured",
      "t.is_auth",
      "t.refunded_amount_cents",
      "t.captured_amount_cents",
      "t.parent_transaction_id",
      "t.card_first6",
      "t.card_last4",
      "t.wallet_msisdn",
      "t.customer_phone",
      "t.customer_name",
      "t.customer_email",
      "t.merchant_txn_ref",
      sql<unknown>`t.data->'bill_reference'`.as("bill_reference"),
      "t.merchant_id",
    ]);
  // Few matches: read them all through the filter's own index (the "offset 0" fence keeps the planner from walking
  // the date index in list order hoping to meet 10 rare rows soon), then sort. Many matches: walk in list order.
  const sortColumn = column.replace("t.", "") as "created_at" | "amount_cents" | "id";
  const page =
    counted <= FEW_MATCHES
      ? await db
          .selectFrom(rows.offset(0).as("s"))
          .selectAll("s")
          .orderBy(`s.${sortColumn}`, direction)
          .orderBy("s.id", direction)
          .limit(query.page_size)
          .offset(offset)
          .execute()
      : await rows
          .orderBy(column, direction)
          .orderBy("t.id", direction)
          .limit(query.page_size)
          .offset(offset)
          .execute();

  const merchants = new Map<
    number,
    { id: number; name: string; username: string | null; mcc: string | null }
  >();
  if (scope.kind === "bank" && page.length > 0) {
    const ids = [...new Set(page.map((r) => r.merchant_id))];
    const ms = await db
      .selectFrom("merchants as m")
      .select([
        "m.id",
        "m.company_name",
        "m.mcc",
        (eb) =>
          eb
            .selectFrom("users as u")
            .select("u.username")
            .whereRef("u.merchant_id", "=", "m.id")
            .where("u.profile_type", "=", "Merchant")
            .orderBy("u.id")
            .limit(1)
            .as("username"),
      ])
      .where("m.id", "in", ids)
      .where("m.bank_id", "=", scope.bankId)
      .execute();
    for (const m of ms)
      merchants.set(m.id, { id: m.id, name: m.company_name, username: m.username, mcc: m.mcc });
  }

  return {
    count: Math.min(counted, COUNT_CAP),
    count_capped: counted > COUNT_CAP,
    page: query.page,
    page_size: query.page_size,
    results: page.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      amount_cents: r.amount_cents,
      currency: r.currency,
      status: r.status as TransactionStatus,
      type: r.gateway_type,
      trnx_type: r.trnx_type,
      origin: r.origin,
      order_id: r.order_id,
      merchant_order_id: r.merchant_order_id ?? null,
      created_by: r.created_by,
      integration_id: r.integration_id,
      is_live: r.is_live,
      is_installment: r.is_installment,
      is_discounted: r.is_discounted,
      is_split_paid: r.is_split_paid,
      is_voided: r.is_voided,
      is_refunded: r.is_refunded,
      is_captured: r.is_captured,
      is_auth: r.is_auth,
      refunded_amount_cents: r.refunded_amount_cents,
      captured_amount_cents: r.captured_amount_cents,
      parent_transaction_id: r.parent_transaction_id,
      card_number: maskedCard(r.card_first6, r.card_last4),
      card_last4: r.card_last4,
      wallet_msisdn: r.wallet_msisdn,
      phone_number: r.customer_phone,
      customer_name: r.customer_name,
      customer_email: r.customer_email,
      other_references: otherReferences(r.merchant_txn_ref, { bill_reference: r.bill_reference }),
      merchant: scope.kind === "bank" ? (merchants.get(r.merchant_id) ?? null) : null,
    })),
  };
}

const zero = (): AmountCount => ({ count: 0, amount_cents: 0 });

function add(target: AmountCount, n: number, amount: number) {
  target.count += n;
  target.amount_cents += amount;
}

export async function merchantTotals(
  db: Kysely<DB>,
  scope: Scope,
  query: TotalsQuery,
): Promise<MerchantTotalsAnswer> {
  const range = totalsRange(query);
  const [rows, orderRows] = await Promise.all([
    paymentTotals(db, scope, range),
    orderTotals(db, scope, range),
  ]);
  type Block = MerchantTotalsAnswer["currencies"][number];
  const byCurrency = new Map<string, Block>();
  const block = (currency: string): Block => {
    let b = byCurrency.get(currency);
    if (!b) {
      b = {
        currency,
        methods: Object.fromEntries(MERCHANT_TOTAL_METHODS.map((m) => [m, zero()])) as Block["methods"],
        total_orders: zero(),
        orders_with_delivery: zero(),
      };
      byCurrency.set(currency, b);
    }
    return b;
  };
  for (const r of rows) {
    const b = block(r.currency);
    const { n, amount } = r;
    add(b.methods.total, n, amount);
    for (const [method, gateways] of Object.entries(MERCHANT_METHOD_GATEWAYS))
      if (gateways.includes(r.gateway_type)) add(b.methods[method as keyof Block["methods"]], n, amount);
  }
  for (const r of orderRows) {
    const b = block(r.currency);
    add(b.total_orders, r.n, r.amount);
    add(b.orders_with_delivery, r.delivery_n, r.delivery_amount);
  }
  return {
    date_from: query.date_from ?? null,
    date_to: query.date_to ?? null,
    is_live: query.is_live,
    currencies: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

export async function bankTotals(
  db: Kysely<DB>,
  scope: Scope,
  query: TotalsQuery,
): Promise<BankTotalsAnswer> {
  const rows = await paymentTotals(db, scope, totalsRange(query));
  type Block = BankTotalsAnswer["currencies"][number];
  const byCurrency = new Map<string, Block>();
  for (const r of rows) {
    let b = byCurrency.get(r.currency);
    if (!b) {
      b = {
        currency: r.currency,
        methods: Object.fromEntries(BANK_TOTAL_METHODS.map((m) => [m, zero()])) as Block["methods"],
      };
      byCurrency.set(r.currency, b);
    }
    const { n, amount } = r;
    add(b.methods.TOTAL, n, amount);
    const key = r.gateway_type.toUpperCase() as Block["methods"] extends Record<infer K, unknown> ? K : never;
    if (key !== "TOTAL" && key in b.methods) add(b.methods[key], n, amount);
  }
  return {
    date_from: query.date_from ?? null,
    date_to: query.date_to ?? null,
    is_live: query.is_live,
    currencies: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/** One transaction of the scope (any mode), or undefined. */
export async function findTransaction(db: Kysely<DB>, scope: Scope, id: number) {
  return db
    .selectFrom("transactions as t")
    .selectAll("t")
    .where(merchantCondition(db, scope, sql.ref("t.merchant_id"), sql.ref("t.terminal_id")))
    .where("t.id", "=", id)
    .where("t.deleted_at", "is", null)
    .executeTakeFirst();
}

/** Soft delete: the row stays (money history) but leaves every list. True when it was there. */
export async function softDeleteTransaction(db: Kysely<DB>, scope: Scope, id: number): Promise<boolean> {
  const result = await db
    .updateTable("transactions as t")
    .set({ deleted_at: new Date() })
    .where(merchantCondition(db, scope, sql.ref("t.merchant_id"), sql.ref("t.terminal_id")))
    .where("t.id", "=", id)
    .where("t.deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ids of the scope's payments created in [from, to), oldest first, at most `limit` (resend by range). */
export async function transactionIdsCreatedBetween(
  db: Kysely<DB>,
  scope: Scope,
  isLive: boolean,
  range: { from: Date; to: Date; limit: number },
): Promise<number[]> {
  const rows = await scopedTransactions(db, scope, isLive)
    .select("t.id")
    .where("t.created_at", ">=", range.from)
    .where("t.created_at", "<", range.to)
    .orderBy("t.id")
    .limit(range.limit)
    .execute();
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------ a transaction's relatives (details, receipt)
// Each takes a row already found in the caller's scope (findTransaction), so they read by its ids.

/** The merchant a transaction belongs to: its country and name. */
export function merchantOfTransaction(db: Kysely<DB>, tx: { merchant_id: number }) {
  return db
    .selectFrom("merchants")
    .select(["country", "company_name"])
    .where("id", "=", tx.merchant_id)
    .executeTakeFirstOrThrow();
}

/** The transaction's order, if it has one. */
export async function orderOfTransaction(db: Kysely<DB>, tx: { order_id: number | null }) {
  if (!tx.order_id) return undefined;
  return db.selectFrom("orders").selectAll().where("id", "=", tx.order_id).executeTakeFirst();
}

/** The payment a void, refund or capture was made on (same merchant), if any. */
export async function parentOfTransaction(
  db: Kysely<DB>,
  tx: { parent_transaction_id: number | null; merchant_id: number },
) {
  if (!tx.parent_transaction_id) return undefined;
  return db
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", tx.parent_transaction_id)
    .where("merchant_id", "=", tx.merchant_id)
    .executeTakeFirst();
}

/** The delivery attempts of the transaction's callbacks, newest first (at most `limit` when given). */
export function callbackAttemptsOf(db: Kysely<DB>, tx: { id: number; merchant_id: number }, limit?: number) {
  let query = db
    .selectFrom("callback_attempts")
    .selectAll()
    .where("transaction_id", "=", tx.id)
    .where("merchant_id", "=", tx.merchant_id)
    .orderBy("id", "desc");
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}
