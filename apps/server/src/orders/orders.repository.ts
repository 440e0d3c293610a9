import {
  BANK_TOTAL_METHODS,
  type BankOrderTotalsAnswer,
  type BankTotalsAnswer,
  type OrderDetails,
  type OrderListItem,
  type OrderListQuery,
  type OrderTotalsAnswer,
  type TotalsQuery,
  type TransactionStatus,
} from "@portal/domain";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { payPageUrl } from "../payments/links.service.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { paymentToken } from "../payments/tokens.ts";
import { orderStatusOf } from "../transactions/details.ts";
import { orderCondition, parseDateParam, type Scope } from "../transactions/scope.ts";
import { orderTotals as rollupOrderTotals, totalsRange } from "../transactions/totals.repository.ts";
import { bankTotals, COUNT_CAP, type ListPage } from "../transactions/transactions.repository.ts";
import { orderStatusSql } from "./status-sql.ts";

/** Orders of the dashboard: list, totals and details, inside the caller's scope and mode; soft-deleted hidden. */

type ODB = DB & { o: DB["orders"]; m: DB["merchants"] };
type OQuery = SelectQueryBuilder<ODB, "o" | "m", object>;

const statusSql = orderStatusSql;

export function scopedOrders(db: Kysely<DB>, scope: Scope, isLive: boolean): OQuery {
  return db
    .selectFrom("orders as o")
    .innerJoin("merchants as m", "m.id", "o.merchant_id")
    .where(orderCondition(db, scope, sql.ref("o.merchant_id"), sql.ref("o.id")))
    .where("o.is_live", "=", isLive)
    .where("o.deleted_at", "is", null);
}

export function applyOrderFilters(q: OQuery, f: Omit<OrderListQuery, "page" | "page_size" | "sort">): OQuery {
  const from = parseDateParam(f.date_from, "date_from", false);
  const to = parseDateParam(f.date_to, "date_to", true);
  if (from) q = q.where("o.created_at", ">=", from);
  if (to) q = q.where("o.created_at", "<", to);
  if (f.id !== undefined) q = q.where("o.id", "=", f.id);
  if (f.merchant_order_id !== undefined) q = q.where("o.merchant_order_id", "=", f.merchant_order_id);
  if (f.created_by !== undefined) q = q.where("o.created_by", "=", f.created_by);
  if (f.currency !== undefined) q = q.where("o.currency", "=", f.currency.toUpperCase());
  if (f.status !== undefined) q = q.where(statusSql, "=", f.status);
  if (f.delivery_needed !== undefined) q = q.where("o.delivery_needed", "=", f.delivery_needed);
  if (f.source !== undefined) q = q.where("o.api_source", "=", f.source);
  if (f.amount_from !== undefined) q = q.where("o.amount_cents", ">=", f.amount_from);
  if (f.amount_to !== undefined) q = q.where("o.amount_cents", "<=", f.amount_to);
  return q;
}

const SORTS = { created_at: "o.created_at", amount_cents: "o.amount_cents", id: "o.id" } as const;

export async function listOrders(
  db: Kysely<DB>,
  scope: Scope,
  query: OrderListQuery,
): Promise<ListPage<OrderListItem>> {
  const filtered = applyOrderFilters(scopedOrders(db, scope, query.is_live), query);
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
  const direction = query.sort.startsWith("-") ? "desc" : "asc";
  const column = SORTS[query.sort.replace("-", "") as keyof typeof SORTS];
  const rows = await filtered
    .select([
      "o.id",
      "o.created_at",
      "o.merchant_order_id",
      "o.amount_cents",
      "o.paid_amount_cents",
      "o.currency",
      statusSql.as("status"),
      "o.created_by",
      "o.api_source",
      "o.delivery_needed",
      "o.collector",
      "o.is_live",
      "m.id as merchant_id",
      "m.company_name",
    ])
    .orderBy(column, direction)
    .orderBy("o.id", direction)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    count: Math.min(counted, COUNT_CAP),
    count_capped: counted > COUNT_CAP,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      merchant_order_id: r.merchant_order_id,
      amount_cents: r.amount_cents,
      paid_amount_cents: r.paid_amount_cents,
      currency: r.currency,
      status: r.status,
      created_by: r.created_by,
      source: r.api_source,
      delivery_needed: r.delivery_needed,
      collector: r.collector,
      is_live: r.is_live,
      merchant: scope.kind === "bank" ? { id: r.merchant_id, name: r.company_name } : null,
    })),
  };
}

/**
 * The orders header: per currency, orders created in the range (count, amount), the PAID ones (the list's
 * status) and processed (sum of paid amounts), soft-deleted orders left out. Read from the analytics rollup
 * (transactions/totals.repository.ts), so a year costs what 30 days do.
 */
export async function orderTotals(
  db: Kysely<DB>,
  scope: Scope,
  query: TotalsQuery,
): Promise<OrderTotalsAnswer> {
  const rows = await rollupOrderTotals(db, scope, totalsRange(query));
  rows.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  return {
    date_from: query.date_from ?? null,
    date_to: query.date_to ?? null,
    is_live: query.is_live,
    currencies: rows.map((r) => ({
      currency: r.currency,
      orders: { count: r.n, amount_cents: r.amount },
      paid: { count: r.paid_n, amount_cents: r.paid_amount },
      processed_cents: r.processed,
    })),
  };
}

/**
 * The bank's orders header: per currency, the orders figures of orderTotals and the bank header by payment method
 * of bankTotals (the same query as /api/bank/transactions/totals), both in the bank's scope and the asked mode.
 * A currency with orders but no payments gets zero methods, and one with payments but no orders zero orders.
 */
export async function bankOrderTotals(
  db: Kysely<DB>,
  scope: Scope,
  query: TotalsQuery,
): Promise<BankOrderTotalsAnswer> {
  const orders = await orderTotals(db, scope, query);
  const methods = await bankTotals(db, scope, query);
  type Methods = BankTotalsAnswer["currencies"][number]["methods"];
  const noMethods = (): Methods =>
    Object.fromEntries(BANK_TOTAL_METHODS.map((m) => [m, { count: 0, amount_cents: 0 }])) as Methods;
  const byCurrency = new Map<string, BankOrderTotalsAnswer["currencies"][number]>();
  for (const c of orders.currencies) byCurrency.set(c.currency, { ...c, methods: noMethods() });
  for (const c of methods.currencies) {
    const block = byCurrency.get(c.currency);
    if (block) block.methods = c.methods;
    else
      byCurrency.set(c.currency, {
        currency: c.currency,
        orders: { count: 0, amount_cents: 0 },
        paid: { count: 0, amount_cents: 0 },
        processed_cents: 0,
        methods: c.methods,
      });
  }
  return {
    ...orders,
    currencies: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

export async function findOrder(db: Kysely<DB>, scope: Scope, id: number) {
  return db
    .selectFrom("orders as o")
    .innerJoin("merchants as m", "m.id", "o.merchant_id")
    .selectAll("o")
    .select(["m.country", "m.company_name"])
    .where(orderCondition(db, scope, sql.ref("o.merchant_id"), sql.ref("o.id")))
    .where("o.id", "=", id)
    .where("o.deleted_at", "is", null)
    .executeTakeFirst();
}

type Json = Record<string, unknown>;
const s = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * The order's link: the hosted payment page of its newest payment key that has not expired, a page a customer or
 * the merchant can open (it says so when the order is paid meanwhile). Null when the order has none (orders made
 * outside the payment core, canceled ones, or whose keys all expired): no dead link is shown. `now` is the order's
 * mode's time (the merchant's test clock for a test order, as the keys' expiry).
 */
async function orderLink(
  db: Kysely<DB>,
  rt: Pick<PaymentsRuntime, "publicUrl" | "dataKey">,
  order: { id: number; merchant_id: number; is_canceled: boolean },
  now: Date,
): Promise<string | null> {
  if (order.is_canceled) return null;
  const key = await db
    .selectFrom("payment_keys")
    .select(["id", "salt"])
    .where("order_id", "=", order.id)
    .where("merchant_id", "=", order.merchant_id)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return key ? payPageUrl(rt.publicUrl, paymentToken(rt.dataKey, key.id, key.salt)) : null;
}

export async function orderDetails(
  db: Kysely<DB>,
  scope: Scope,
  order: NonNullable<Awaited<ReturnType<typeof findOrder>>>,
  rt: Pick<PaymentsRuntime, "publicUrl" | "dataKey">,
  /** The order's mode's now: the merchant's test time for a test order (its keys expire by it). */
  now: Date,
): Promise<OrderDetails> {
  const txs = await db
    .selectFrom("transactions")
    .select(["id", "status", "amount_cents", "trnx_type", "failure_reason", "data"])
    .where("order_id", "=", order.id)
    .where("merchant_id", "=", order.merchant_id)
    .where("deleted_at", "is", null)
    .orderBy("id", "desc")
    .execute();
  const customer = order.customer_id
    ? await db
        .selectFrom("customers")
        .select(["name", "email", "phone"])
        .where("id", "=", order.customer_id)
        .where("merchant_id", "=", order.merchant_id)
        .executeTakeFirst()
    : undefined;
  const shipping = (order.shipping_data as Json | null) ?? null;
  const items = Array.isArray(order.items) ? (order.items as unknown as Json[]) : [];
  const lastDeclined = txs.find((t) => t.status === "declined");
  const declinedMessage = lastDeclined
    ? (lastDeclined.failure_reason ?? s((lastDeclined.data as Json | null)?.message))
    : null;
  const clientName =
    customer?.name ??
    (shipping ? [s(shipping.first_name), s(shipping.last_name)].filter(Boolean).join(" ") || null : null);
  return {
    order: {
      id: order.id,
      created_at: order.created_at.toISOString(),
      merchant_order_id: order.merchant_order_id,
      amount_cents: order.amount_cents,
      paid_amount_cents: order.paid_amount_cents,
      currency: order.currency,
      status: orderStatusOf(order, order.country),
      created_by: order.created_by,
      source: order.api_source,
      delivery_needed: order.delivery_needed,
      collector: order.collector,
      is_live: order.is_live,
      merchant: scope.kind === "bank" ? { id: order.merchant_id, name: order.company_name } : null,
      product_description:
        items
          .map((i) => s(i.description) ?? s(i.name))
          .filter(Boolean)
          .join(", ") || null,
      order_link: await orderLink(db, rt, order, now),
    },
    cart: items.map((i) => ({
      name: s(i.name) ?? "",
      description: s(i.description),
      quantity: typeof i.quantity === "number" ? i.quantity : 1,
      amount_cents: typeof i.amount_cents === "number" ? i.amount_cents : null,
    })),
    shipping,
    client:
      customer || shipping
        ? {
            name: clientName,
            email: customer?.email ?? s(shipping?.email),
            phone: customer?.phone ?? s(shipping?.phone_number),
          }
        : null,
    error: { message: declinedMessage },
    transactions: txs.map((t) => ({
      id: t.id,
      status: t.status as TransactionStatus,
      amount_cents: t.amount_cents,
      trnx_type: t.trnx_type,
    })),
  };
}

export async function softDeleteOrder(db: Kysely<DB>, scope: Scope, id: number): Promise<boolean> {
  const result = await db
    .updateTable("orders as o")
    .set({ deleted_at: new Date() })
    .where(orderCondition(db, scope, sql.ref("o.merchant_id"), sql.ref("o.id")))
    .where("o.id", "=", id)
    .where("o.deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
