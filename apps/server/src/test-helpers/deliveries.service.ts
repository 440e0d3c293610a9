import type { PendingDelivery, TestDeliveries, TestDelivery } from "@portal/domain/api/test-helpers";
import { finishCallbackAttempts, recordCallbackAttempts } from "../callbacks/callbacks.repository.ts";
import { ATTEMPT_HEADER, EXCERPT_CHARS, INTERRUPTED } from "../callbacks/delivery.ts";
import { signToken, signTransaction } from "../callbacks/hmac.ts";
import { postJson } from "../callbacks/post.ts";
import { notFound } from "../payments/errors.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { decryptSecret, hmacSecretContext } from "../security/keys.ts";
import {
  deleteTestJob,
  pendingTestJobs,
  recentTestAttempts,
  testAttemptOf,
} from "./test-helpers.repository.ts";

/**
 * The test helpers' callback deliveries (docs/payments.md "Test helpers"): the merchant's recent test-mode
 * attempts with the body each sent and its signature, the outbox's pending ones, a replay (the same body, signed
 * now, one attempt recorded like any other, no retries) and a cancel (the outbox row removed, so neither it nor
 * its retries are sent). Test mode only: live attempts keep no body and live transactions' jobs are not listed.
 */

type AttemptRow = Awaited<ReturnType<typeof recentTestAttempts>>[number];

const USER_AGENT = "Portal-Callbacks/1.0";

function targetOf(url: string, signature: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}hmac=${signature}`;
}

function deliveryOf(row: AttemptRow, nextAttemptAt: Date | null): TestDelivery {
  const signature = row.signature ?? "";
  return {
    id: Number(row.id),
    transaction_id: Number(row.transaction_id),
    kind: row.kind,
    trigger: row.trigger,
    attempt: row.attempt,
    url: row.url,
    attempted_at: new Date(row.attempted_at).toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    status_code: row.status_code,
    success: row.status_code !== null && row.status_code >= 200 && row.status_code < 300,
    latency_ms: row.latency_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    request: {
      method: "POST",
      url: targetOf(row.url, signature),
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        [ATTEMPT_HEADER]: String(row.id),
      },
      body: row.request_body ?? "",
    },
    signature,
    next_attempt_at: nextAttemptAt?.toISOString() ?? null,
  };
}

function isParked(runAt: Date): boolean {
  return !Number.isFinite(runAt.getTime());
}

export async function listTestDeliveries(
  rt: PaymentsRuntime,
  merchantId: number,
  limit = 20,
): Promise<TestDeliveries> {
  const [attempts, jobs] = await Promise.all([
    recentTestAttempts(rt.db, merchantId, limit),
    pendingTestJobs(rt.db, merchantId, 50),
  ]);
  const pending: PendingDelivery[] = jobs.map((j) => {
    const runAt = new Date(j.run_at);
    return {
      id: Number(j.id),
      transaction_id: Number(j.transaction_id),
      kind: j.kind,
      trigger: j.trigger,
      attempt: j.attempt,
      next_attempt_at: isParked(runAt) ? null : runAt.toISOString(),
    };
  });
  // The newest attempt of a transaction's callback shows when its next one is due (a retry in the outbox).
  const seen = new Set<string>();
  const results = attempts.map((row) => {
    const key = `${row.transaction_id}:${row.kind}`;
    const newest = !seen.has(key);
    seen.add(key);
    const next = newest
      ? pending.find((p) => p.transaction_id === Number(row.transaction_id) && p.kind === row.kind)
      : undefined;
    return deliveryOf(row, next?.next_attempt_at ? new Date(next.next_attempt_at) : null);
  });
  return { results, pending };
}

/** Sends an attempt's body again, signed now with the merchant's current secret; answers the new attempt. */
export async function replayTestDelivery(
  rt: PaymentsRuntime,
  merchantId: number,
  attemptId: number,
): Promise<TestDelivery> {
  const row = await testAttemptOf(rt.db, merchantId, attemptId);
  if (!row?.request_body) throw notFound();
  const body = JSON.parse(row.request_body) as { obj?: Record<string, unknown> };
  const secret = row.hmac_secret_enc
    ? decryptSecret(row.hmac_secret_enc, rt.dataKey, hmacSecretContext(merchantId))
    : "";
  const obj = body.obj ?? {};
  const signature = row.kind === "TOKEN" ? signToken(obj, secret) : signTransaction(obj, secret);
  const [id] = await recordCallbackAttempts(
    rt.db,
    [],
    [
      {
        transaction_id: Number(row.transaction_id),
        merchant_id: merchantId,
        kind: row.kind,
        trigger: "manual",
        attempt: 1,
        job_id: null,
        url: row.url,
        request_body: row.request_body,
        signature,
      },
    ],
    INTERRUPTED,
  );
  const started = performance.now();
  const answer = await postJson(
    targetOf(row.url, signature),
    { "content-type": "application/json", "user-agent": USER_AGENT, [ATTEMPT_HEADER]: String(id) },
    row.request_body,
    rt.settings.callbackTimeoutMs,
    EXCERPT_CHARS,
    rt.settings.callbackAllowPrivateNetworks,
  );
  const latency = Math.round(performance.now() - started);
  const finished = new Date();
  await finishCallbackAttempts(rt.db, finished, [id!], [{ ...answer, latency }], [], []);
  return deliveryOf(
    {
      ...row,
      id: id!,
      trigger: "manual",
      attempt: 1,
      signature,
      attempted_at: new Date(finished.getTime() - latency),
      finished_at: finished,
      status_code: answer.statusCode,
      latency_ms: latency,
      response_excerpt: answer.excerpt,
      error: answer.error,
    },
    null,
  );
}

/** Removes a pending test delivery from the outbox. */
export async function cancelTestDelivery(rt: PaymentsRuntime, merchantId: number, jobId: number) {
  if (!(await deleteTestJob(rt.db, merchantId, jobId))) throw notFound();
  return { detail: "The pending delivery was cancelled." };
}
