import type { LinkDisplayState, LinkListQuery } from "@portal/domain";
import { type Insertable, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { IntegrationRow, IntentionRow, PaymentLinkRow } from "../db/rows.ts";
import type { DB, PaymentIntentionsTable, PaymentKeysTable } from "../db/schema.ts";
import { likePrefix } from "../transactions/scope.ts";

/**
 * The SQL of the dashboard's payment links and of the customer page (issue 13 items 3 and 7). Every dashboard
 * query is scoped to the caller's merchant; the customer page reads one row by its unguessable public token.
 */

/** A link row with what the list shows beside it: the attempts its customer has left (3 at most). */
export type LinkListRow = PaymentLinkRow & { attempts_left: number };

const MAX_ATTEMPTS = 3;
/** The list stops counting here (as the orders and transactions lists): count_capped says "or more". */
export const COUNT_CAP = 10_000;

/** Attempts left: what the best of the link's current payment keys has left (3 before any payment key). */
const remainingAttempts = sql<number>`coalesce((select greatest(0, ${MAX_ATTEMPTS} - coalesce(min(k.attempts), 0))::int
  from payment_keys k join payment_intentions i on i.id = k.intention_id where i.payment_link_id = l.id), ${MAX_ATTEMPTS})`;

/**
 * "expr starts with text" as a byte-wise range the prefix indexes of 0025 (text_pattern_ops) serve even in a
 * generic plan (a LIKE with a parameter cannot use them), and the LIKE itself for the exact meaning.
 */
function startsWith(expr: RawBuilder<unknown>, text: string, like: string) {
  const last = text.codePointAt(text.length - 1) ?? 0;
  const head = text.slice(0, text.length - (last > 0xffff ? 2 : 1));
  const upper = head + String.fromCodePoint(last + 1);
  return sql<SqlBool>`(${expr} ~>=~ ${text} and ${expr} ~<~ ${upper} and ${expr} like ${like})`;
}

function stateCondition(state: LinkDisplayState, now: Date) {
  switch (state) {
    case "expired":
      return sql<SqlBool>`(l.status in ('unpaid', 'created') and l.expires_at <= ${now})`;
    case "unpaid":
      return sql<SqlBool>`(l.status in ('unpaid', 'created') and (l.expires_at is null or l.expires_at > ${now}))`;
    case "canceled":
      return sql<SqlBool>`l.status in ('canceled', 'cancelled')`;
    case "deactivated":
      return sql<SqlBool>`l.status in ('deactivated', 'disabled')`;
    default:
      return sql<SqlBool>`l.status = ${state}`;
  }
}

export async function listLinks(
  db: Kysely<DB>,
  merchantId: number,
  query: LinkListQuery,
  now: Date,
): Promise<{ count: number; rows: LinkListRow[] }> {
  let base = db
    .selectFrom("payment_links as l")
    .where("l.merchant_id", "=", merchantId)
    // A literal, not a parameter: the partial indexes of 0025 (kind 'link') then serve a generic plan too.
    .where(sql<SqlBool>`l.kind = 'link'`)
    .where("l.is_live", "=", query.is_live);
  if (query.status) base = base.where(stateCondition(query.status, now));
  if (query.search) {
    const text = query.search.trim();
    const prefix = likePrefix(text);
    const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
    const lower = text.toLowerCase();
    base = base.where((eb) =>
      eb.or([
        ...(id !== null ? [eb("l.id", "=", id)] : []),
        startsWith(sql`lower(l.merchant_invoice_id)`, lower, prefix),
        startsWith(sql`lower(l.client->>'full_name')`, lower, prefix),
        startsWith(sql`lower(l.client->>'email')`, lower, prefix),
        startsWith(sql`(l.client->>'phone_number')`, lower, prefix),
      ]),
    );
  }
  const [counted, rows] = await Promise.all([
    db
      .selectFrom(
        base
          .select(sql`1`.as("one"))
          .limit(COUNT_CAP + 1)
          .as("c"),
      )
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    base
      .selectAll("l")
      .select(remainingAttempts.as("attempts_left"))
      .orderBy("l.created_at", "desc")
      .orderBy("l.id", "desc")
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return { count: Number(counted.n), rows: rows as LinkListRow[] };
}

/** One of the merchant's links (kind link) with its attempts left. */
export async function findLink(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
): Promise<LinkListRow | undefined> {
  const row = await db
    .selectFrom("payment_links as l")
    .selectAll("l")
    .select(remainingAttempts.as("attempts_left"))
    .where("l.id", "=", id)
    .where("l.merchant_id", "=", merchantId)
    .where("l.kind", "=", "link")
    .executeTakeFirst();
  return row as LinkListRow | undefined;
}

/** Disables the merchant's unpaid link; undefined when it is not unpaid (or not the merchant's). */
export function disableOpenLink(db: Kysely<DB>, merchantId: number, id: number, now: Date) {
  return db
    .updateTable("payment_links")
    .set({ status: "deactivated", deactivated_at: now })
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("kind", "=", "link")
    .where("status", "in", ["unpaid", "created"])
    .returning("id")
    .executeTakeFirst();
}

/** Sets what the dashboard form adds to a link the shared service has just made. */
export async function setLinkExtras(
  db: Kysely<DB>,
  id: number,
  extras: {
    one_click: boolean;
    logo_image_id: string | null;
    product_image_id: string | null;
    use_limit: number | null;
  },
): Promise<void> {
  await db.updateTable("payment_links").set(extras).where("id", "=", id).execute();
}

/** The merchant's active integrations of one mode (what the create form may offer). */
export function activeIntegrations(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
): Promise<IntegrationRow[]> {
  return db
    .selectFrom("integrations")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .where("is_active", "=", true)
    .orderBy("id")
    .execute();
}

export async function merchantProfile(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchants")
    .select(["company_name", "logo_url", "country"])
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------- the customer page

/** A row (invoice or link) by its public token, with its merchant and attempts left. */
export async function findByPublicToken(db: Kysely<DB>, token: string) {
  const row = await db
    .selectFrom("payment_links as l")
    .innerJoin("merchants as m", "m.id", "l.merchant_id")
    .selectAll("l")
    .select(["m.company_name", "m.logo_url as merchant_logo_url", "m.country"])
    .select(remainingAttempts.as("attempts_left"))
    .where("l.public_token", "=", token)
    .executeTakeFirst();
  return row as
    | (LinkListRow & { company_name: string; merchant_logo_url: string | null; country: string })
    | undefined;
}

/** The row's newest intention (the one its customer pays). */
export function linkIntention(db: Kysely<DB>, linkId: number): Promise<IntentionRow | undefined> {
  return db
    .selectFrom("payment_intentions")
    .selectAll()
    .where("payment_link_id", "=", linkId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function orderItemsOf(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom("orders")
    .select(["items", "is_canceled"])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

/** Locks the row while an intention is made for it (two first visits at once make one). */
export async function lockLink(trx: Kysely<DB>, id: number): Promise<void> {
  await sql`select id from payment_links where id = ${id} for update`.execute(trx);
}

/** An intention for an existing order (an invoice made without one), with its payment keys. */
export async function insertIntentionForOrder(
  trx: Kysely<DB>,
  intention: Insertable<PaymentIntentionsTable>,
  keys: readonly Insertable<PaymentKeysTable>[],
): Promise<IntentionRow> {
  const row = await trx
    .insertInto("payment_intentions")
    .values(intention)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (keys.length > 0)
    await trx
      .insertInto("payment_keys")
      .values(keys.map((k) => ({ ...k, intention_id: row.id })))
      .execute();
  return row;
}

/** A link's status and how many of its orders are paid (its uses so far). */
export async function paidUses(trx: Kysely<DB>, linkId: number) {
  const row = await trx
    .selectFrom("payment_links as l")
    .select("l.status")
    .select(
      sql<number>`(select count(distinct o.id)::int from payment_intentions i join orders o on o.id = i.order_id
        where i.payment_link_id = l.id and o.amount_cents > 0 and o.paid_amount_cents >= o.amount_cents)`.as(
        "paid",
      ),
    )
    .where("l.id", "=", linkId)
    .executeTakeFirst();
  return row ? { status: row.status, paid: Number(row.paid) } : undefined;
}

/** The next customer's order of a reusable quick link: the link's amount, currency and items. */
export async function insertLinkOrder(
  trx: Kysely<DB>,
  link: PaymentLinkRow,
  items: unknown,
): Promise<number> {
  const row = await trx
    .insertInto("orders")
    .values({
      merchant_id: link.merchant_id,
      is_live: link.is_live,
      amount_cents: Number(link.amount_cents),
      currency: link.currency,
      items: JSON.stringify(items ?? []),
      created_by: link.created_by,
      api_source: "INVOICE",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The link is open again, on its new order. */
export async function reopenLink(trx: Kysely<DB>, linkId: number, orderId: number): Promise<void> {
  await trx
    .updateTable("payment_links")
    .set({ status: "unpaid", order_id: orderId })
    .where("id", "=", linkId)
    .where("status", "=", "paid")
    .execute();
}

/** The merchant's integrations (id and gateway type), to name the methods of its links. */
export async function integrationsOf(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("integrations")
    .select(["id", "gateway_type"])
    .where("merchant_id", "=", merchantId)
    .execute();
}
