import { type Kysely, type Selectable, sql } from "kysely";
import type { CheckoutWalkthroughsTable, DB } from "../db/schema.ts";

/**
 * The checkout integration walkthrough's queries (docs/settings.md). Every query takes the merchant it is for:
 * the state row is keyed by it, and the test payment, the summaries and the payment methods are read only among
 * that merchant's rows.
 */

export type WalkthroughRow = Selectable<CheckoutWalkthroughsTable>;
export type WalkthroughPatch = Partial<
  Pick<WalkthroughRow, "view" | "test_step" | "test_transaction_id" | "test_completed_at" | "completed_at">
>;

export async function findWalkthrough(
  db: Kysely<DB>,
  merchantId: number,
): Promise<WalkthroughRow | undefined> {
  return db
    .selectFrom("checkout_walkthroughs")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/**
 * Starts the walkthrough, or (already started) only moves it to the page asked: started_at and what was
 * reached are kept, so Walk me through on a second device does not lose the first one's progress.
 */
export async function startWalkthrough(
  db: Kysely<DB>,
  merchantId: number,
  userId: number,
  view: WalkthroughRow["view"],
  now: Date,
): Promise<void> {
  await db
    .insertInto("checkout_walkthroughs")
    .values({
      merchant_id: merchantId,
      view,
      test_step: 1,
      started_at: now,
      updated_by: userId,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("merchant_id").doUpdateSet({ view, updated_by: userId, updated_at: now }))
    .execute();
}

/** Changes a started walkthrough; answers whether there was one. */
export async function updateWalkthrough(
  db: Kysely<DB>,
  merchantId: number,
  userId: number | null,
  patch: WalkthroughPatch,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("checkout_walkthroughs")
    .set({ ...patch, updated_by: userId, updated_at: now })
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records the payment that completed the test integration, once: a second caller that noticed it at the same
 * moment changes nothing. The walkthrough moves on to the live page when it was on the test steps.
 */
export async function markTestCompleted(
  db: Kysely<DB>,
  merchantId: number,
  transactionId: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable("checkout_walkthroughs")
    .set({
      test_transaction_id: transactionId,
      test_completed_at: now,
      view: sql<WalkthroughRow["view"]>`case when view = 'test' then 'live' else view end`,
      updated_at: now,
    })
    .where("merchant_id", "=", merchantId)
    .where("test_completed_at", "is", null)
    .execute();
}

export async function deleteWalkthrough(db: Kysely<DB>, merchantId: number): Promise<void> {
  await db.deleteFrom("checkout_walkthroughs").where("merchant_id", "=", merchantId).execute();
}

export interface TestPayment {
  id: number;
  amount_cents: number;
  currency: string;
  created_at: Date;
}

/**
 * The first successful test-mode payment of the merchant made from one of its intentions (so through its own
 * test keys: an intention is created with the merchant's secret key and paid with its public key) since the
 * walkthrough started. Operations (refunds, captures, voids) are not payments.
 */
export async function firstTestPayment(
  db: Kysely<DB>,
  merchantId: number,
  since: Date,
): Promise<TestPayment | undefined> {
  return db
    .selectFrom("transactions as t")
    .innerJoin("payment_keys as k", "k.id", "t.payment_key_id")
    .innerJoin("payment_intentions as i", "i.id", "k.intention_id")
    .select(["t.id", "t.amount_cents", "t.currency", "t.created_at"])
    .where("t.merchant_id", "=", merchantId)
    .where("k.merchant_id", "=", merchantId)
    .where("i.merchant_id", "=", merchantId)
    .where("t.is_live", "=", false)
    .where("i.is_live", "=", false)
    .where("t.status", "=", "success")
    .where("t.parent_transaction_id", "is", null)
    .where("t.created_at", ">=", since)
    .orderBy("t.created_at")
    .orderBy("t.id")
    .limit(1)
    .executeTakeFirst();
}

export async function findTransactionOf(
  db: Kysely<DB>,
  merchantId: number,
  transactionId: number,
): Promise<TestPayment | undefined> {
  return db
    .selectFrom("transactions")
    .select(["id", "amount_cents", "currency", "created_at"])
    .where("merchant_id", "=", merchantId)
    .where("id", "=", transactionId)
    .executeTakeFirst();
}

/** The integration the server call's example pays with: the merchant's first active test card integration. */
export async function testCardIntegration(
  db: Kysely<DB>,
  merchantId: number,
): Promise<{ id: number; name: string; currency: string } | undefined> {
  return db
    .selectFrom("integrations")
    .select(["id", "name", "currency"])
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", false)
    .where("is_active", "=", true)
    .where("gateway_type", "=", "VPC")
    .where("type", "=", "online")
    .where("is_auth", "=", false)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

export interface IntentionFigures {
  created: number;
  paid: number;
  paidAmounts: { currency: string; amount_cents: number }[];
  customers: number;
  payingCustomers: number;
}

/** The merchant's intentions of one mode since a time: created, paid (confirmed), their customers. */
export async function intentionFigures(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  since: Date,
): Promise<IntentionFigures> {
  const base = db
    .selectFrom("payment_intentions")
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .where("created_at", ">=", since);
  const customerKey = sql<string>`nullif(lower(coalesce(nullif(billing_data->>'email', ''), billing_data->>'phone_number')), '')`;
  const totals = await base
    .select([
      sql<string>`count(*)`.as("created"),
      sql<string>`count(*) filter (where status = 'confirmed')`.as("paid"),
      sql<string>`count(distinct ${customerKey})`.as("customers"),
      sql<string>`count(distinct ${customerKey}) filter (where status = 'confirmed')`.as("paying"),
    ])
    .executeTakeFirstOrThrow();
  const amounts = await base
    .select(["currency", sql<string>`sum(amount_cents)`.as("amount")])
    .where("status", "=", "confirmed")
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  return {
    created: Number(totals.created),
    paid: Number(totals.paid),
    customers: Number(totals.customers),
    payingCustomers: Number(totals.paying),
    paidAmounts: amounts.map((a) => ({ currency: a.currency, amount_cents: Number(a.amount) })),
  };
}

/**
 * Processed callbacks of the payments of the merchant's intentions (their orders) of one mode since a time:
 * delivered (2xx) or not, counted per attempt.
 */
export async function confirmationFigures(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  since: Date,
): Promise<{ delivered: number; failed: number }> {
  const row = await db
    .selectFrom("callback_attempts as a")
    .innerJoin("transactions as t", "t.id", "a.transaction_id")
    .where("a.merchant_id", "=", merchantId)
    .where("t.merchant_id", "=", merchantId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("payment_intentions as i")
          .select("i.id")
          .whereRef("i.order_id", "=", "t.order_id")
          .where("i.merchant_id", "=", merchantId),
      ),
    )
    .where("a.kind", "=", "TRANSACTION")
    .where("t.is_live", "=", isLive)
    .where("a.attempted_at", ">=", since)
    .where("a.finished_at", "is not", null)
    .select([
      sql<string>`count(*) filter (where a.status_code between 200 and 299)`.as("delivered"),
      sql<string>`count(*) filter (where a.status_code is null or a.status_code not between 200 and 299)`.as(
        "failed",
      ),
    ])
    .executeTakeFirstOrThrow();
  return { delivered: Number(row.delivered), failed: Number(row.failed) };
}

/** The active integrations of one mode an intention may offer (its payment_methods). */
export async function activeIntegrations(db: Kysely<DB>, merchantId: number, isLive: boolean) {
  return db
    .selectFrom("integrations")
    .select(["id", "name", "type", "gateway_type", "currency", "is_live"])
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .where("is_active", "=", true)
    .orderBy("id")
    .execute();
}
