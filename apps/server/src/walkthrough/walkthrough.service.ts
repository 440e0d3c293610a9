import {
  WALKTHROUGH_MESSAGES,
  WALKTHROUGH_SUMMARY_DAYS,
  type WalkthroughState,
  type WalkthroughSummary,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { currentKeys } from "../integrations/keys.service.ts";
import {
  activeIntegrations,
  confirmationFigures,
  deleteWalkthrough,
  findTransactionOf,
  findWalkthrough,
  firstTestPayment,
  intentionFigures,
  markTestCompleted,
  startWalkthrough,
  testCardIntegration,
  updateWalkthrough,
  type WalkthroughRow,
} from "./walkthrough.repository.ts";

/**
 * The walkthrough's state machine (docs/settings.md "Checkout integration walkthrough"):
 *
 *   welcome --start(guided)--> test step 1 <-> 2 <-> 3 --(test payment arrives)--> live --Done--> integrate
 *   welcome --start(not guided)--> integrate (the Test and Live cards lead to the steps)
 *   any --Start Over--> welcome
 *
 * The live page and the onboarding's Done are refused (409) until the test is complete; the test completes only
 * when the merchant's own test payment is found (`noticeTestPayment`), never by a request that says so.
 */

export interface Caller {
  merchantId: number;
  userId: number;
  /** "can view public secret keys": the keys are shown as the API keys screen shows them. */
  mayViewKeys: boolean;
}

const DAY_MS = 86_400_000;

/** Looks for the test payment that completes the test integration, and records it once found. */
export async function noticeTestPayment(
  db: Kysely<DB>,
  merchantId: number,
  row: WalkthroughRow | undefined,
  now: Date,
): Promise<WalkthroughRow | undefined> {
  if (!row || row.test_completed_at !== null) return row;
  const payment = await firstTestPayment(db, merchantId, row.started_at);
  if (!payment) return row;
  await markTestCompleted(db, merchantId, payment.id, now);
  return findWalkthrough(db, merchantId);
}

export async function walkthroughState(
  db: Kysely<DB>,
  caller: Caller,
  now = new Date(),
): Promise<WalkthroughState> {
  const row = await noticeTestPayment(
    db,
    caller.merchantId,
    await findWalkthrough(db, caller.merchantId),
    now,
  );
  const testCompleted = row?.test_completed_at != null;
  const payment =
    row?.test_transaction_id != null
      ? await findTransactionOf(db, caller.merchantId, row.test_transaction_id)
      : undefined;
  const integration = await testCardIntegration(db, caller.merchantId);
  let testKeys: WalkthroughState["test_keys"] = null;
  let liveKeys: WalkthroughState["live_keys"] = null;
  if (caller.mayViewKeys) {
    const keys = await currentKeys(db, caller.merchantId);
    const pick = (isLive: boolean) => ({
      public_key: keys.find((k) => k.kind === "public" && k.is_live === isLive)?.value ?? null,
      secret_prefix: keys.find((k) => k.kind === "secret" && k.is_live === isLive)?.prefix ?? null,
    });
    testKeys = pick(false);
    liveKeys = testCompleted ? pick(true) : null;
  }
  return {
    view: row ? row.view : "welcome",
    test_step: row?.test_step ?? 1,
    started_at: row ? row.started_at.toISOString() : null,
    test_completed: testCompleted,
    test_completed_at: row?.test_completed_at ? row.test_completed_at.toISOString() : null,
    test_payment: payment
      ? {
          transaction_id: payment.id,
          amount_cents: payment.amount_cents,
          currency: payment.currency,
          created_at: payment.created_at.toISOString(),
        }
      : null,
    live_unlocked: testCompleted,
    onboarding_completed: row?.completed_at != null,
    completed_at: row?.completed_at ? row.completed_at.toISOString() : null,
    may_view_keys: caller.mayViewKeys,
    test_keys: testKeys,
    live_keys: liveKeys,
    test_integration: integration ?? null,
  };
}

export async function start(
  db: Kysely<DB>,
  caller: Caller,
  guided: boolean,
  now = new Date(),
): Promise<void> {
  const row = await findWalkthrough(db, caller.merchantId);
  // Walk me through on a walkthrough already past the test goes to where it is (live or integrate).
  const view: WalkthroughRow["view"] = !guided
    ? "integrate"
    : row?.test_completed_at
      ? row.completed_at
        ? "integrate"
        : "live"
      : "test";
  await startWalkthrough(db, caller.merchantId, caller.userId, view, now);
}

function notStarted(): HttpError {
  return new HttpError(409, "walkthrough_not_started", WALKTHROUGH_MESSAGES.notStarted);
}
function liveLocked(): HttpError {
  return new HttpError(409, "walkthrough_live_locked", WALKTHROUGH_MESSAGES.liveLocked);
}

export async function move(
  db: Kysely<DB>,
  caller: Caller,
  to: { view: "test" | "live" | "integrate"; test_step?: number | undefined },
  now = new Date(),
): Promise<void> {
  const row = await noticeTestPayment(
    db,
    caller.merchantId,
    await findWalkthrough(db, caller.merchantId),
    now,
  );
  if (!row) throw notStarted();
  if (to.view === "live" && row.test_completed_at === null) throw liveLocked();
  await updateWalkthrough(
    db,
    caller.merchantId,
    caller.userId,
    to.view === "test" ? { view: "test", test_step: to.test_step ?? row.test_step } : { view: to.view },
    now,
  );
}

export async function complete(db: Kysely<DB>, caller: Caller, now = new Date()): Promise<void> {
  const row = await noticeTestPayment(
    db,
    caller.merchantId,
    await findWalkthrough(db, caller.merchantId),
    now,
  );
  if (!row) throw notStarted();
  if (row.test_completed_at === null) throw liveLocked();
  await updateWalkthrough(
    db,
    caller.merchantId,
    caller.userId,
    { view: "integrate", completed_at: row.completed_at ?? now },
    now,
  );
}

export async function startOver(db: Kysely<DB>, caller: Caller): Promise<void> {
  await deleteWalkthrough(db, caller.merchantId);
}

export async function walkthroughSummary(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  now = new Date(),
): Promise<WalkthroughSummary> {
  const row = await findWalkthrough(db, merchantId);
  if (!row?.completed_at)
    throw new HttpError(409, "walkthrough_onboarding_incomplete", WALKTHROUGH_MESSAGES.onboardingIncomplete);
  const since = new Date(now.getTime() - WALKTHROUGH_SUMMARY_DAYS * DAY_MS);
  const [intentions, confirmations, methods] = await Promise.all([
    intentionFigures(db, merchantId, isLive, since),
    confirmationFigures(db, merchantId, isLive, since),
    activeIntegrations(db, merchantId, isLive),
  ]);
  return {
    is_live: isLive,
    since: since.toISOString(),
    days: WALKTHROUGH_SUMMARY_DAYS,
    intentions: { created: intentions.created, paid: intentions.paid, paid_amounts: intentions.paidAmounts },
    customers: { count: intentions.customers, paying: intentions.payingCustomers },
    confirmations,
    payment_methods: methods,
  };
}
