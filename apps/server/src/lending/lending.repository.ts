import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import type { DB, LendingAccountsTable, LendingPaymentsTable, LoansTable } from "../db/schema.ts";

/**
 * Lending collection's queries (docs/pos-risk.md "Lending"). Every query is scoped to one lender (a merchant):
 * its customers by the keyed hash of their national ID, their loans, the attempts to pay an instalment.
 */

export type LoanRow = Selectable<LoansTable>;
export type LendingAccountRow = Selectable<LendingAccountsTable>;
export type LendingPaymentRow = Selectable<LendingPaymentsTable>;

/** The lender of a public page id, with its merchant's name and logo and its collection integration. */
export function findLender(db: Kysely<DB>, publicId: string) {
  return (
    db
      .selectFrom("lending_lenders as l")
      .innerJoin("merchants as m", "m.id", "l.merchant_id")
      .innerJoin("integrations as i", "i.id", "l.integration_id")
      .select([
        "l.id",
        "l.merchant_id",
        "l.integration_id",
        "m.company_name",
        "m.logo_url",
        "i.is_live",
        "i.currency",
        "i.is_active",
      ])
      .where("l.public_id", "=", publicId)
      // A lender its bank disabled (lenders.service.ts) has no page: answered as for no lender.
      .where("l.disabled_at", "is", null)
      .executeTakeFirst()
  );
}
export type LenderRow = NonNullable<Awaited<ReturnType<typeof findLender>>>;

export function findAccount(
  db: Kysely<DB>,
  lenderId: number,
  nationalIdHash: string,
): Promise<LendingAccountRow | undefined> {
  return db
    .selectFrom("lending_accounts")
    .selectAll()
    .where("lender_id", "=", lenderId)
    .where("national_id_hash", "=", nationalIdHash)
    .executeTakeFirst();
}

/** The account's open loans, oldest first. */
export function openLoans(db: Kysely<DB>, accountId: number): Promise<LoanRow[]> {
  return db
    .selectFrom("loans")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("status", "=", "open")
    .orderBy("id")
    .execute();
}

/** One open loan of the account by its reference, locked: payments of one loan wait for each other. */
export function lockOpenLoan(
  trx: Kysely<DB>,
  accountId: number,
  reference: string,
): Promise<LoanRow | undefined> {
  return trx
    .selectFrom("loans")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("reference", "=", reference)
    .where("status", "=", "open")
    .forUpdate()
    .executeTakeFirst();
}

/** The loan's pending card attempt (at most one), with its payment key's state. */
export function pendingCardPayment(trx: Kysely<DB>, loanId: number) {
  return trx
    .selectFrom("lending_payments as p")
    .innerJoin("payment_keys as k", "k.id", "p.payment_key_id")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select([
      "p.id",
      "p.instalment_no",
      "p.order_id",
      "p.payment_key_id",
      "k.salt",
      "k.expires_at",
      "k.attempts",
      "o.is_payment_locked",
    ])
    .where("p.loan_id", "=", loanId)
    .where("p.status", "=", "pending")
    .executeTakeFirst();
}

/**
 * Closes a card attempt's payment key so it can take no new payment: its attempts are used up and it expires
 * now, unless a card payment holds its lease (is at the acquirer). Changing the row also changes its version, so
 * a payment that read the key before cannot lease it. Answers false when a payment holds the lease.
 */
export async function closeCardKey(
  trx: Kysely<DB>,
  keyId: number,
  maxAttempts: number,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable("payment_keys")
    .set({
      attempts: sql<number>`greatest(attempts, ${maxAttempts})`,
      expires_at: sql<Date>`least(expires_at, ${now})`,
    })
    .where("id", "=", keyId)
    .where((eb) => eb.or([eb("lease_ends_at", "is", null), eb("lease_ends_at", "<=", sql<Date>`now()`)]))
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the order has a payment still waiting for its result (a 3-D Secure challenge). */
export async function orderHasPendingPayment(trx: Kysely<DB>, orderId: number): Promise<boolean> {
  const row = await trx
    .selectFrom("transactions")
    .select("id")
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .where("parent_transaction_id", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function cancelLendingPayment(trx: Kysely<DB>, id: number): Promise<void> {
  await trx
    .updateTable("lending_payments")
    .set({ status: "cancelled" })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

export function insertLendingPayment(
  trx: Kysely<DB>,
  values: Insertable<LendingPaymentsTable>,
): Promise<LendingPaymentRow> {
  return trx.insertInto("lending_payments").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Takes `amount` from the account's balance if it holds that much; answers the balance left, or undefined. */
export async function takeFromBalance(
  trx: Kysely<DB>,
  accountId: number,
  amount: number,
): Promise<number | undefined> {
  const row = await trx
    .updateTable("lending_accounts")
    .set({ balance_cents: sql<number>`balance_cents - ${amount}`, pin_failures: 0 })
    .where("id", "=", accountId)
    .where("balance_cents", ">=", amount)
    .returning("balance_cents")
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.balance_cents);
}

/**
 * One instalment of the loan paid: what is owed goes down by it, the count of paid instalments up by one, and
 * the loan closes when nothing is owed. Only when the loan is still at the instalment before `instalmentNo`.
 */
export function creditLoan(
  trx: Kysely<DB>,
  loanId: number,
  instalmentNo: number,
  instalmentCents: number,
  now: Date,
): Promise<LoanRow | undefined> {
  return trx
    .updateTable("loans")
    .set({
      outstanding_cents: sql<number>`outstanding_cents - ${instalmentCents}`,
      instalments_paid: sql<number>`instalments_paid + 1`,
      status: sql<"open" | "closed">`case when outstanding_cents - ${instalmentCents} <= 0
        or instalments_paid + 1 >= instalments_total then 'closed' else 'open' end`,
      updated_at: now,
    })
    .where("id", "=", loanId)
    .where("instalments_paid", "=", instalmentNo - 1)
    .where("outstanding_cents", ">=", instalmentCents)
    .returningAll()
    .executeTakeFirst();
}

/** A wrong PIN counted (in its own statement, so the refusal keeps it); locked for a while after `max`. */
export async function countPinFailure(
  db: Kysely<DB>,
  accountId: number,
  max: number,
  lockUntil: Date,
): Promise<void> {
  await db
    .updateTable("lending_accounts")
    .set({
      pin_failures: sql<number>`case when pin_failures + 1 >= ${max} then 0 else pin_failures + 1 end`,
      pin_locked_until: sql<Date | null>`case when pin_failures + 1 >= ${max} then ${lockUntil}::timestamptz
        else pin_locked_until end`,
    })
    .where("id", "=", accountId)
    .execute();
}

/** A loan of the account by its reference, open or closed. */
export function findAccountLoan(
  db: Kysely<DB>,
  accountId: number,
  reference: string,
): Promise<LoanRow | undefined> {
  return db
    .selectFrom("loans")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("reference", "=", reference)
    .executeTakeFirst();
}

/** A loan by id (after a payment, to answer what is owed now). */
export function findLoan(db: Kysely<DB>, loanId: number): Promise<LoanRow | undefined> {
  return db.selectFrom("loans").selectAll().where("id", "=", loanId).executeTakeFirst();
}

/** The lender's card payments in the payment's own statement (payments/payment.repository.ts writePayment). */
export const LENDING_CREDIT_SQL = {
  /** Marks the order's pending card attempt paid; no row for other orders (the attempt's key is the order id). */
  payment: (order: string, transaction: string, now: string) =>
    `lp as (update lending_payments set status = 'paid', paid_at = ${now}, transaction_id = ${transaction}
        where order_id = ${order} and status = 'pending' returning loan_id, instalment_no, instalment_cents)`,
  /** Credits the loan of the attempt just marked paid (nothing when there was none). */
  loan: (now: string) =>
    `ll as (update loans l set outstanding_cents = l.outstanding_cents - lp.instalment_cents,
        instalments_paid = l.instalments_paid + 1,
        status = case when l.outstanding_cents - lp.instalment_cents <= 0
          or l.instalments_paid + 1 >= l.instalments_total then 'closed' else 'open' end,
        updated_at = ${now}
        from lp where l.id = lp.loan_id and l.instalments_paid = lp.instalment_no - 1 returning 1)`,
} as const;

// ---- Demo and tests ----

export function insertLender(db: Kysely<DB>, values: Insertable<DB["lending_lenders"]>) {
  return db.insertInto("lending_lenders").values(values).returningAll().executeTakeFirstOrThrow();
}
export function insertAccount(db: Kysely<DB>, values: Insertable<LendingAccountsTable>) {
  return db.insertInto("lending_accounts").values(values).returningAll().executeTakeFirstOrThrow();
}
export function insertLoan(db: Kysely<DB>, values: Insertable<LoansTable>) {
  return db.insertInto("loans").values(values).returningAll().executeTakeFirstOrThrow();
}
