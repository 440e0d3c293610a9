import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  isNationalId,
  LENDING_CODES,
  LENDING_MESSAGES,
  LENDING_PIN_PATTERN,
  type LendingBalanceAnswer,
  type LendingLoan,
  type LendingLookupAnswer,
  normalizeDigits,
  normalizeNationalId,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { exponentOf } from "../payments/intentions.service.ts";
import { createOrder, createPaymentKey } from "../payments/orders.service.ts";
import { MAX_PAYMENT_ATTEMPTS } from "../payments/payment-context.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { paymentToken } from "../payments/tokens.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import { merchantNowSync } from "../test-clock/clock.ts";
import {
  cancelLendingPayment,
  closeCardKey,
  countPinFailure,
  creditLoan,
  findAccount,
  findAccountLoan,
  findLender,
  insertLendingPayment,
  type LenderRow,
  type LendingAccountRow,
  type LoanRow,
  lockOpenLoan,
  openLoans,
  orderHasPendingPayment,
  pendingCardPayment,
  takeFromBalance,
} from "./lending.repository.ts";

/**
 * Lending collection (docs/pos-risk.md "Lending"): the customer's loans by national ID, an instalment paid by
 * card through the payment core or from the balance. An attempt to pay instalment N is a lending_payments row;
 * at most one is pending or paid per instalment (a unique index), and every payment of a loan runs under the
 * loan's row lock, so a double click, a replay or two tabs never pay one instalment twice. A card attempt is
 * credited in the card payment's own statement (writePayment), a balance payment in its transaction.
 */

/** How long a card attempt's payment key lives; an attempt with less than REUSE_MARGIN left is replaced. */
export const CARD_KEY_SECONDS = 15 * 60;
const REUSE_MARGIN_MS = 2 * 60 * 1000;
/** Wrong balance PINs in a row before the balance is locked for PIN_LOCK_MINUTES. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;

const fail = (status: number, key: keyof typeof LENDING_MESSAGES, fields?: Record<string, string[]>) =>
  new HttpError(status, LENDING_CODES[key], LENDING_MESSAGES[key], fields);

/** The keyed hash a national ID is found by (never stored in clear). */
export function nationalIdHash(dataKey: Buffer, nationalId: string): string {
  return keyedHash(dataKey, "lending:national_id", normalizeNationalId(nationalId));
}

/** What is shown back of a national ID: its first digit and last three, the rest hidden. */
export function maskNationalId(nationalId: string): string {
  const digits = normalizeNationalId(nationalId);
  return `${digits.slice(0, 1)}${"•".repeat(Math.max(0, digits.length - 4))}${digits.slice(-3)}`;
}

/** The keyed hash of an account's balance PIN, bound to the account's national ID hash. */
export function pinHash(dataKey: Buffer, idHash: string, pin: string): string {
  return keyedHash(dataKey, "lending:pin", `${idHash}:${pin}`);
}

/** The instalment due now: the loan's instalment, or what is left when that is less. */
export function dueCents(loan: Pick<LoanRow, "instalment_cents" | "outstanding_cents">): number {
  return Math.min(Number(loan.instalment_cents), Number(loan.outstanding_cents));
}

export function loanAnswer(loan: LoanRow): LendingLoan {
  const due = dueCents(loan);
  const fee = Number(loan.fee_cents);
  return {
    reference: loan.reference,
    service_name: loan.service_name,
    currency: loan.currency,
    exponent: exponentOf(loan.currency),
    amount_cents: Number(loan.amount_cents),
    outstanding_cents: Number(loan.outstanding_cents),
    instalment_cents: due,
    fee_cents: fee,
    total_cents: due + fee,
    instalment_no: loan.instalments_paid + 1,
    instalments_paid: loan.instalments_paid,
    instalments_total: loan.instalments_total,
  };
}

async function lenderOf(rt: PaymentsRuntime, publicId: string): Promise<LenderRow> {
  const lender = await findLender(rt.db, publicId.trim());
  if (!lender) throw fail(404, "unknownLender");
  return lender;
}

function checkedNationalId(value: string): string {
  if (!isNationalId(value))
    throw fail(400, "invalidNationalId", { national_id: [LENDING_MESSAGES.invalidNationalId] });
  return normalizeNationalId(value);
}

/** The customer with open loans; 'User does not have Loan' for an unknown ID or one with none open. */
async function customerOf(
  rt: PaymentsRuntime,
  lender: LenderRow,
  nationalId: string,
): Promise<{ account: LendingAccountRow; idHash: string; loans: LoanRow[] }> {
  const digits = checkedNationalId(nationalId);
  const idHash = nationalIdHash(rt.dataKey, digits);
  const account = await findAccount(rt.db, lender.id, idHash);
  const loans = account ? await openLoans(rt.db, account.id) : [];
  if (!account || loans.length === 0) throw fail(400, "noLoan");
  return { account, idHash, loans };
}

export async function lookupLoans(
  rt: PaymentsRuntime,
  input: { lender: string; national_id: string },
): Promise<LendingLookupAnswer> {
  const lender = await lenderOf(rt, input.lender);
  const { loans } = await customerOf(rt, lender, input.national_id);
  return {
    lender: { name: lender.company_name, logo_url: lender.logo_url },
    is_live: lender.is_live,
    national_id_masked: maskNationalId(input.national_id),
    loans: loans.map(loanAnswer),
  };
}

interface PayInput {
  lender: string;
  national_id: string;
  reference: string;
  instalment_no: number;
}

/** The loan, locked, at the instalment the customer confirmed; 409 when that one is already paid. */
async function loanAtInstalment(
  trx: Kysely<DB>,
  account: LendingAccountRow,
  input: PayInput,
): Promise<LoanRow> {
  const loan = await lockOpenLoan(trx, account.id, input.reference.trim());
  if (!loan) {
    // Paid off meanwhile (by its last instalment): the confirmed instalment is paid. Otherwise not this
    // customer's open loan, the lookup's answer.
    const closed = await findAccountLoan(trx, account.id, input.reference.trim());
    if (closed && input.instalment_no <= closed.instalments_paid) throw fail(409, "alreadyPaid");
    throw fail(400, "noLoan");
  }
  if (input.instalment_no <= loan.instalments_paid) throw fail(409, "alreadyPaid");
  if (input.instalment_no !== loan.instalments_paid + 1) throw fail(409, "alreadyPaid");
  return loan;
}

/**
 * Ends the loan's pending card attempt so another payment of the instalment can go on: refused (409) while a
 * card payment of it is at the acquirer or waiting for 3-D Secure, since it may still succeed.
 */
async function endPendingCard(
  rt: PaymentsRuntime,
  trx: Kysely<DB>,
  pending: NonNullable<Awaited<ReturnType<typeof pendingCardPayment>>>,
): Promise<void> {
  if (!(await closeCardKey(trx, pending.payment_key_id!, MAX_PAYMENT_ATTEMPTS, rt.now())))
    throw fail(409, "inProgress");
  if (await orderHasPendingPayment(trx, pending.order_id!)) throw fail(409, "inProgress");
  await cancelLendingPayment(trx, pending.id);
}

/**
 * The card attempt of the instalment: the pending one while its payment key can still take payments (a double
 * click or Try again gets the same token), else a new order and payment key on the lender's collection
 * integration, for the instalment and its fees.
 */
export async function startCardPayment(
  rt: PaymentsRuntime,
  input: PayInput,
): Promise<{ payment_token: string; instalment_no: number; total_cents: number }> {
  const lender = await lenderOf(rt, input.lender);
  const { account } = await customerOf(rt, lender, input.national_id);
  if (!lender.is_active) throw fail(400, "paymentFailed");
  return rt.db.transaction().execute(async (trx) => {
    const loan = await loanAtInstalment(trx, account, input);
    const due = dueCents(loan);
    const fee = Number(loan.fee_cents);
    const pending = await pendingCardPayment(trx, loan.id);
    if (pending) {
      const usable =
        pending.instalment_no === input.instalment_no &&
        pending.attempts < MAX_PAYMENT_ATTEMPTS &&
        !pending.is_payment_locked &&
        // A test lender's key expires on the merchant's test clock (docs/payments.md "Test clock").
        pending.expires_at.getTime() -
          merchantNowSync(rt.db, lender.merchant_id, lender.is_live, rt.now()).getTime() >
          REUSE_MARGIN_MS;
      if (usable)
        return {
          payment_token: paymentToken(rt.dataKey, pending.payment_key_id!, pending.salt),
          instalment_no: input.instalment_no,
          total_cents: due + fee,
        };
      await endPendingCard(rt, trx, pending);
    }
    const caller = { merchantId: lender.merchant_id, isLive: lender.is_live };
    const order = await createOrder(
      rt,
      caller,
      {
        amount_cents: due + fee,
        currency: loan.currency,
        merchant_order_id: `${loan.reference}-${input.instalment_no}-${randomBytes(3).toString("hex")}`,
        items: [
          { name: loan.service_name, amount_cents: due, quantity: 1 },
          ...(fee > 0 ? [{ name: "Payment fees", amount_cents: fee, quantity: 1 }] : []),
        ],
        api_source: "OTHER",
      },
      trx,
    );
    const key = await createPaymentKey(
      rt,
      caller,
      {
        order_id: order.id,
        integration_id: lender.integration_id,
        amount_cents: due + fee,
        currency: loan.currency,
        expiration: CARD_KEY_SECONDS,
        lock_order_when_paid: true,
        billing_data: { first_name: "NA", last_name: "NA", email: "NA", phone_number: "NA" },
      },
      trx,
    );
    await insertLendingPayment(trx, {
      loan_id: loan.id,
      account_id: account.id,
      merchant_id: lender.merchant_id,
      instalment_no: input.instalment_no,
      source: "card",
      instalment_cents: due,
      fee_cents: fee,
      total_cents: due + fee,
      currency: loan.currency,
      status: "pending",
      order_id: order.id,
      payment_key_id: key.id,
      created_at: rt.now(),
    });
    return { payment_token: key.token, instalment_no: input.instalment_no, total_cents: due + fee };
  });
}

function samePin(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Pays the instalment and its fees from the balance: the PIN first (so a balance is never disclosed without it),
 * then, under the loan's lock, the instalment is checked, a pending card attempt ended, the balance taken and the
 * loan credited in one transaction.
 */
export async function payFromBalance(
  rt: PaymentsRuntime,
  input: PayInput & { pin: string },
): Promise<LendingBalanceAnswer> {
  const lender = await lenderOf(rt, input.lender);
  const { account, idHash } = await customerOf(rt, lender, input.national_id);
  if (account.status !== "active") throw fail(400, "paymentFailed");
  const now = rt.now();
  if (account.pin_locked_until && account.pin_locked_until.getTime() > now.getTime())
    throw fail(429, "pinLocked");
  const pin = normalizeDigits(input.pin.trim());
  if (!LENDING_PIN_PATTERN.test(pin) || !samePin(pinHash(rt.dataKey, idHash, pin), account.pin_hash)) {
    await countPinFailure(
      rt.db,
      account.id,
      PIN_MAX_FAILURES,
      new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000),
    );
    throw fail(401, "incorrectCredentials", { pin: [LENDING_MESSAGES.incorrectCredentials] });
  }
  return rt.db.transaction().execute(async (trx) => {
    const loan = await loanAtInstalment(trx, account, input);
    const due = dueCents(loan);
    const fee = Number(loan.fee_cents);
    if (loan.currency !== account.currency) throw fail(400, "paymentFailed");
    const pending = await pendingCardPayment(trx, loan.id);
    if (pending) await endPendingCard(rt, trx, pending);
    if ((await takeFromBalance(trx, account.id, due + fee)) === undefined)
      throw fail(404, "notEnoughBalance");
    const paid = await insertLendingPayment(trx, {
      loan_id: loan.id,
      account_id: account.id,
      merchant_id: lender.merchant_id,
      instalment_no: input.instalment_no,
      source: "balance",
      instalment_cents: due,
      fee_cents: fee,
      total_cents: due + fee,
      currency: loan.currency,
      status: "paid",
      created_at: now,
      paid_at: now,
    });
    const after = await creditLoan(trx, loan.id, input.instalment_no, due, now);
    if (!after) throw new Error("the locked loan changed under its lock");
    return {
      loan: after.status === "open" ? loanAnswer(after) : null,
      paid: {
        reference: loan.reference,
        instalment_no: input.instalment_no,
        instalment_cents: due,
        fee_cents: fee,
        total_cents: due + fee,
        currency: loan.currency,
        exponent: exponentOf(loan.currency),
        outstanding_cents: Number(after.outstanding_cents),
        paid_at: (paid.paid_at ?? now).toISOString(),
      },
    };
  });
}
