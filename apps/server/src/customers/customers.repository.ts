import type { CustomerListQuery } from "@portal/domain";
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { likePrefix } from "../transactions/scope.ts";

/**
 * The customers' queries (docs/settings.md "Customers"). Every one takes the merchant: a customer of another
 * merchant is never found. The rows are made by the payments' own INSERT (migration 0033) and their totals kept from
 * the queue of migration 0053, which every read of totals folds first (settleCustomerActivity); nothing here writes
 * a total.
 */

/**
 * Folds what the payments queued for the customers' totals and the customer rollup (migration 0053), waiting for a
 * fold in progress, so what is read next is exact. Cheap when nothing is queued.
 */
export async function settleCustomerActivity(db: Kysely<DB>): Promise<void> {
  await sql`select customer_activity_fold(true)`.execute(db);
}

/** The list stops counting here (as the other lists): count_capped says "or more". */
export const CUSTOMER_COUNT_CAP = 10_000;
/**
 * A search stops counting sooner: a common start ("mo") matches a sixth of 200,000 customers, and counting 10,000
 * of them cost more than the page itself (bench/customers.ts). A search is for finding someone; past 1,000 the
 * screen asks to narrow it.
 */
export const CUSTOMER_SEARCH_COUNT_CAP = 1_000;

const ITEM = [
  "c.id",
  "c.name",
  "c.email",
  "c.phone",
  "c.points",
  "c.card_last4",
  "c.card_scheme",
  "c.total_transactions",
  "c.last_transaction_at",
  "c.created_at",
  "c.updated_at",
] as const;

/**
 * "expr starts with text" as a byte-wise range the prefix indexes of 0033 (text_pattern_ops) serve even in a
 * generic plan (a LIKE with a parameter cannot use them), and the LIKE itself for the exact meaning.
 */
function startsWith(expr: RawBuilder<unknown>, text: string) {
  const last = text.codePointAt(text.length - 1) ?? 0;
  const head = text.slice(0, text.length - (last > 0xffff ? 2 : 1));
  const upper = head + String.fromCodePoint(last + 1);
  return sql<SqlBool>`(${expr} ~>=~ ${text} and ${expr} ~<~ ${upper} and ${expr} like ${likePrefix(text)})`;
}

/** A page of the merchant's customers, the latest to pay first (then the newest), and how many match. */
export async function listCustomers(db: Kysely<DB>, merchantId: number, f: CustomerListQuery) {
  await settleCustomerActivity(db);
  let base = db.selectFrom("customers as c").where("c.merchant_id", "=", merchantId);
  if (f.search) {
    const text = f.search.trim().toLowerCase();
    const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
    // Phones are stored as digits with an optional +: "+20 100" finds "+20100...".
    const phone = text.replace(/[\s-]/g, "");
    base = base.where((eb) =>
      eb.or([
        ...(id !== null ? [eb("c.id", "=", id)] : []),
        startsWith(sql`lower(c.name)`, text),
        sql<SqlBool>`(c.email is not null and ${startsWith(sql`lower(c.email)`, text)})`,
        ...(/^\+?\d+$/.test(phone)
          ? [sql<SqlBool>`(c.phone is not null and ${startsWith(sql`c.phone`, phone)})`]
          : []),
      ]),
    );
  }
  const cap = f.search ? CUSTOMER_SEARCH_COUNT_CAP : CUSTOMER_COUNT_CAP;
  const [counted, rows] = await Promise.all([
    db
      .selectFrom(
        base
          .select(sql`1`.as("one"))
          .limit(cap + 1)
          .as("x"),
      )
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    base
      .select(ITEM)
      .orderBy(sql`c.last_transaction_at desc nulls last`)
      .orderBy("c.id", "desc")
      .limit(f.page_size)
      .offset((f.page - 1) * f.page_size)
      .execute(),
  ]);
  const n = Number(counted.n);
  return { count: Math.min(n, cap), capped: n > cap, rows };
}

export type CustomerListRow = Awaited<ReturnType<typeof listCustomers>>["rows"][number];

/** One of the merchant's customers, or undefined; its totals as last folded (settleCustomerActivity first). */
export function findCustomer(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom("customers as c")
    .select(ITEM)
    .where("c.merchant_id", "=", merchantId)
    .where("c.id", "=", id)
    .executeTakeFirst();
}

/** The cards the customer saved at checkout (the merchant's tokens of the customer's e-mail): masked only. */
export function savedCards(db: Kysely<DB>, merchantId: number, email: string | null) {
  if (email === null) return Promise.resolve([]);
  return db
    .selectFrom("card_tokens")
    .select(["id", "masked_pan", "card_subtype", "is_live", "created_at"])
    .where("merchant_id", "=", merchantId)
    .where(sql<SqlBool>`lower(email) = ${email.toLowerCase()}`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(20)
    .execute();
}

/** A page of the customer's transactions (both modes), newest first, and how many there are. */
export async function customerTransactions(
  db: Kysely<DB>,
  merchantId: number,
  customerId: number,
  page: { page: number; page_size: number },
) {
  const base = db
    .selectFrom("transactions as t")
    .where("t.customer_id", "=", customerId)
    .where("t.merchant_id", "=", merchantId);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([
        "t.id",
        "t.created_at",
        "t.amount_cents",
        "t.currency",
        "t.status",
        "t.trnx_type",
        "t.gateway_type",
        "t.is_live",
        "t.is_refunded",
        "t.is_voided",
        "t.parent_transaction_id",
        "t.card_last4",
        "t.order_id",
      ])
      .orderBy("t.created_at", "desc")
      .orderBy("t.id", "desc")
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      .execute(),
  ]);
  return { count: Number(counted.n), rows };
}

/** Another customer of the merchant with this e-mail (case-insensitive) or phone: its id, or undefined. */
export async function otherCustomerWith(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  field: "email" | "phone",
  value: string,
): Promise<number | undefined> {
  const expr = field === "email" ? sql`lower(c.email)` : sql`c.phone`;
  const row = await db
    .selectFrom("customers as c")
    .select("c.id")
    .where("c.merchant_id", "=", merchantId)
    .where("c.id", "<>", id)
    .where(sql.ref(`c.${field}`), "is not", null)
    .where(sql<SqlBool>`${expr} = ${field === "email" ? value.toLowerCase() : value}`)
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The edit, in the caller's transaction; answers whether the merchant's customer was there. */
export async function updateCustomer(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  values: { name: string; email: string | null; phone: string | null },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("customers")
    .set({ ...values, updated_at: now })
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the locks a payment takes before making a customer of this e-mail or phone (migration 0033), so an edit
 * and a first payment, or two edits, cannot give two customers one e-mail or phone.
 */
export async function lockCustomerIdentities(
  db: Kysely<DB>,
  merchantId: number,
  keys: readonly string[],
): Promise<void> {
  for (const key of [...keys].sort())
    await sql`select pg_advisory_xact_lock(hashtextextended(${`customer:${merchantId}:${key}`}, 0))`.execute(
      db,
    );
}
