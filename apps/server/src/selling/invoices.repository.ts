import type { InvoiceListQuery } from "@portal/domain";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DB, OrderItem } from "../db/schema.ts";
import { likePrefix } from "../transactions/scope.ts";

/**
 * Invoices' queries: an invoice is a payment_links row of kind 'invoice' and its order (0024_invoices_sms). Every
 * query takes the merchant (and the mode where it lists), so nothing outside the caller's merchant is reachable.
 */

export const INVOICE_KIND = "invoice" as const;

/** The merchant's active payment integrations of one mode (the form's choices), by id. */
export function invoiceIntegrations(db: Kysely<DB>, merchantId: number, isLive: boolean) {
  return db
    .selectFrom("integrations")
    .select(["id", "name", "gateway_type", "currency", "is_live"])
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .where("is_active", "=", true)
    .orderBy("id")
    .execute();
}

/**
 * Which of `ids` the merchant already uses: "invoice" when an invoice holds it, else "order" when another order
 * does. One statement, so one snapshot: an invoice committed meanwhile shows as an invoice, never as its order.
 */
export async function takenIds(
  db: Kysely<DB>,
  merchantId: number,
  ids: string[],
): Promise<Map<string, "invoice" | "order">> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; kind: "invoice" | "order" }>`
    select l.merchant_invoice_id as id, 'invoice' as kind from payment_links l
      where l.merchant_id = ${merchantId} and l.kind = 'invoice' and l.merchant_invoice_id = any(${sql.val(ids)}::text[])
    union all
    select o.merchant_order_id as id, 'order' as kind from orders o
      where o.merchant_id = ${merchantId} and o.merchant_order_id = any(${sql.val(ids)}::text[])`.execute(db);
  const taken = new Map<string, "invoice" | "order">();
  for (const r of rows) if (taken.get(r.id) !== "invoice") taken.set(r.id, r.kind);
  return taken;
}

/** `n` new ids of a table's sequence, in order (so rows inserted together can refer to each other). */
export async function nextIds(
  db: Kysely<DB>,
  table: "orders" | "payment_links",
  n: number,
): Promise<number[]> {
  if (n === 0) return [];
  const seq = `${table}_id_seq`;
  const { rows } = await sql<{ id: string | number }>`select nextval(${seq}::regclass) as id
    from generate_series(1, ${n}::int)`.execute(db);
  return rows.map((r) => Number(r.id));
}

export interface NewInvoiceRow {
  linkId: number;
  orderId: number;
  merchantId: number;
  isLive: boolean;
  merchantInvoiceId: string | null;
  amountCents: number;
  currency: string;
  client: { full_name: string; email: string; phone_number: string };
  description: string | null;
  integrationIds: number[];
  expiresAt: Date;
  remainingAttempts: number;
  createdBy: string | null;
  createdAt: Date;
  deliveryNeeded: boolean;
  items: OrderItem[];
}

/**
 * The invoices' payment links, without their orders yet: a merchant invoice id used before fails here with
 * the unique violation of payment_links_invoice_id_idx (the race-safe check).
 */
export async function insertInvoiceLinks(db: Kysely<DB>, rows: readonly NewInvoiceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("payment_links")
    .values(
      rows.map((r) => ({
        id: r.linkId,
        merchant_id: r.merchantId,
        kind: INVOICE_KIND,
        is_live: r.isLive,
        order_id: null,
        merchant_invoice_id: r.merchantInvoiceId,
        amount_cents: r.amountCents,
        currency: r.currency,
        status: "unpaid",
        client: JSON.stringify(r.client),
        description: r.description,
        integration_ids: r.integrationIds,
        expires_at: r.expiresAt,
        remaining_attempts: r.remainingAttempts,
        created_by: r.createdBy,
        created_at: r.createdAt,
      })),
    )
    .execute();
}

/** The invoices' orders (a merchant order id used by another order fails with orders' unique violation). */
export async function insertInvoiceOrders(db: Kysely<DB>, rows: readonly NewInvoiceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("orders")
    .values(
      rows.map((r) => ({
        id: r.orderId,
        merchant_id: r.merchantId,
        is_live: r.isLive,
        merchant_order_id: r.merchantInvoiceId,
        amount_cents: r.amountCents,
        currency: r.currency,
        delivery_needed: r.deliveryNeeded,
        items: JSON.stringify(r.items),
        shipping_data: null,
        created_by: r.createdBy,
        api_source: "INVOICE",
        created_at: r.createdAt,
      })),
    )
    .execute();
}

/** Ties each new invoice to its order (one statement). */
export async function linkInvoiceOrders(db: Kysely<DB>, rows: readonly NewInvoiceRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((r) => sql`(${r.linkId}::bigint, ${r.orderId}::bigint)`));
  await sql`update payment_links l set order_id = v.order_id from (values ${values}) as v(id, order_id)
    where l.id = v.id`.execute(db);
}

type IDB = DB & { l: DB["payment_links"] };

/** The merchant's invoices of one mode. */
function scopedInvoices(db: Kysely<DB>, merchantId: number, isLive: boolean) {
  return db
    .selectFrom("payment_links as l")
    .where("l.merchant_id", "=", merchantId)
    .where("l.kind", "=", INVOICE_KIND)
    .where("l.is_live", "=", isLive);
}

/** SQL: the moment an invoice expires (its expiry, or one hour after creation). */
const expirySql = sql<Date>`coalesce(l.expires_at, l.created_at + interval '1 hour')`;

export const INVOICE_COLUMNS = [
  "l.id",
  "l.created_at",
  "l.merchant_invoice_id",
  "l.client",
  "l.amount_cents",
  "l.currency",
  "l.status",
  "l.expires_at",
  "l.created_by",
  "l.is_live",
] as const;

function applyInvoiceFilters(
  q: SelectQueryBuilder<IDB, "l", object>,
  scope: { merchantId: number; isLive: boolean },
  f: Pick<InvoiceListQuery, "status" | "search">,
): SelectQueryBuilder<IDB, "l", object> {
  if (f.status === "paid") q = q.where("l.status", "=", "paid");
  if (f.status === "unpaid") q = q.where("l.status", "<>", "paid");
  if (f.search !== undefined) {
    // Each field a prefix LIKE on its own index (0024_invoices_sms), the matches gathered once (an init plan):
    // the planner cannot then scan every invoice in date order hoping to meet ten matches soon.
    const prefix = likePrefix(f.search);
    const arm = (field: ReturnType<typeof sql>) => sql`select s.id from payment_links s
      where s.merchant_id = ${scope.merchantId} and s.kind = 'invoice' and s.is_live = ${scope.isLive}
        and ${field} like ${prefix}`;
    const arms = [
      sql`lower(s.merchant_invoice_id)`,
      sql`lower(s.client->>'full_name')`,
      sql`(s.client->>'phone_number')`,
      sql`lower(s.client->>'email')`,
    ].map(arm);
    q = q.where(sql<boolean>`l.id = any(array(${sql.join(arms, sql` union `)}))`);
  }
  return q;
}

/** Lists stop counting here (as the orders list). */
export const INVOICE_COUNT_CAP = 10_000;

export async function listInvoices(db: Kysely<DB>, merchantId: number, query: InvoiceListQuery) {
  const filtered = applyInvoiceFilters(
    scopedInvoices(db, merchantId, query.is_live),
    { merchantId, isLive: query.is_live },
    query,
  );
  const countRow = await db
    .selectFrom(filtered.select(sql`1`.as("one")).limit(INVOICE_COUNT_CAP).as("c"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const rows = await filtered
    .select([...INVOICE_COLUMNS, expirySql.as("expires")])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { count: Number(countRow.n), rows };
}

/** One invoice of the merchant (either mode) with what its details show of its order. */
export function findInvoice(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom("payment_links as l")
    .leftJoin("orders as o", "o.id", "l.order_id")
    .where("l.id", "=", id)
    .where("l.merchant_id", "=", merchantId)
    .where("l.kind", "=", INVOICE_KIND)
    .select([
      ...INVOICE_COLUMNS,
      expirySql.as("expires"),
      "l.order_id",
      "l.description",
      "l.remaining_attempts",
      "l.paid_at",
      "l.is_sms",
      "l.is_email",
      "l.sms_sent_at",
      "l.email_sent_at",
      "l.integration_ids",
      // 0025 (the payment links' customer page) gives every row its public token.
      sql<string>`l.public_token`.as("public_token"),
      "o.items",
      "o.shipping_data",
      "o.delivery_needed",
      "o.api_source",
    ])
    .executeTakeFirst();
}
export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** Names of the merchant's integrations among `ids`. */
export function integrationNames(db: Kysely<DB>, merchantId: number, ids: readonly number[]) {
  return db
    .selectFrom("integrations")
    .select(["id", "name", "gateway_type"])
    .where("merchant_id", "=", merchantId)
    .where("id", "in", ids.length ? ids : [-1])
    .orderBy("id")
    .execute();
}

/**
 * Marks an invoice sent by SMS or e-mail unless it was sent less than `waitSeconds` ago: one conditional update,
 * so two requests at once send once. Undefined: sent too recently (or not the merchant's invoice).
 */
export function markInvoiceSent(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  channel: "sms" | "email",
  now: Date,
  waitSeconds: number,
) {
  const column = channel === "sms" ? "sms_sent_at" : "email_sent_at";
  const flag = channel === "sms" ? "is_sms" : "is_email";
  const earliest = new Date(now.getTime() - waitSeconds * 1000);
  return db
    .updateTable("payment_links")
    .set({ [column]: now, [flag]: true })
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("kind", "=", INVOICE_KIND)
    .where((eb) => eb.or([eb(column, "is", null), eb(column, "<=", earliest)]))
    .returning("id")
    .executeTakeFirst();
}

/** Locks one invoice of the merchant (for delete). */
export function lockInvoice(trx: Kysely<DB>, merchantId: number, id: number) {
  return trx
    .selectFrom("payment_links")
    .select(["id", "status", "order_id"])
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("kind", "=", INVOICE_KIND)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Deletes an invoice: its intentions forget it, the row goes, its order is soft-deleted (it leaves the lists but
 * keeps its merchant order id, and any payment attempt stays traceable).
 */
export async function deleteInvoiceRows(
  trx: Kysely<DB>,
  invoice: { id: number; order_id: number | null },
  now: Date,
): Promise<void> {
  await trx
    .updateTable("payment_intentions")
    .set({ payment_link_id: null })
    .where("payment_link_id", "=", invoice.id)
    .execute();
  await trx.deleteFrom("payment_links").where("id", "=", invoice.id).execute();
  if (invoice.order_id !== null)
    await trx.updateTable("orders").set({ deleted_at: now }).where("id", "=", invoice.order_id).execute();
}

/** The merchant's company name (the sender of an invoice). */
export async function merchantName(db: Kysely<DB>, merchantId: number): Promise<string> {
  const row = await db
    .selectFrom("merchants")
    .select("company_name")
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
  return row.company_name;
}
