import { callbackJobsCommitted } from "../callbacks/queue.ts";
import { settleMerchantTestDay } from "../transfers/settlement.repository.ts";
import { dayToSettle } from "../transfers/transfers.job.ts";
import { onTestClockMove } from "./clock.ts";
import { pullCallbacksForward } from "./test-clock.repository.ts";

/**
 * What falls due when a merchant's test clock jumps forward (docs/payments.md "Test clock"). Most of the portal
 * decides by time when it reads (an invoice or link is expired when its expiry is before the merchant's now), so
 * it needs no work here. Work that waits:
 * - scheduled test-mode callback deliveries (retries, delayed callbacks) wait in real time: pulled forward by the
 *   jump, then this process's callback workers are woken;
 * - test-mode transfers: the day that has ended on the merchant's test clock is settled for that merchant's test
 *   mode (the pending-hours rule read at its test time), as the daily job does for everyone in real time;
 * - delayed settlement of pending scenario payments: payments/scenario-effects.ts registers its own listener.
 */
onTestClockMove(async (db, merchantId, move) => {
  if (move.advancedMs <= 0) return;
  const moved = await pullCallbacksForward(db, merchantId, move.advancedMs);
  if (moved > 0) callbackJobsCommitted();
  await settleMerchantTestDay(db, merchantId, dayToSettle(move.state.now), move.state.now);
});
