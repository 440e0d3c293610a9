import { callbackJobsCommitted } from "../callbacks/queue.ts";
import { onTestClockMove } from "./clock.ts";
import { pullCallbacksForward } from "./test-clock.repository.ts";

/**
 * What falls due when a merchant's test clock jumps (docs/payments.md "Test clock"). Most of the portal decides by
 * time when it reads (an invoice or link is expired when its expiry is before the merchant's now), so it needs no
 * work here. Scheduled work waits in real time and is pulled forward by the jump: the merchant's test-mode
 * callback deliveries (retries, delayed callbacks), then this process's callback workers are woken.
 */
onTestClockMove(async (db, merchantId, move) => {
  if (move.advancedMs <= 0) return;
  const moved = await pullCallbacksForward(db, merchantId, move.advancedMs);
  if (moved > 0) callbackJobsCommitted();
});
