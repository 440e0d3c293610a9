import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { cardTokenContext } from "../payments/outcome.ts";
import { providerTime } from "../payments/provider-time.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { callbackFaultOf, wasDeferred } from "../payments/scenarios.ts";
import {
  type DeliveryView,
  loadTransactionViews,
  type TransactionView,
  timeZoneOf,
  transactionObject,
} from "../payments/transaction-object.ts";
import { decryptSecret, hmacSecretContext } from "../security/keys.ts";
import {
  cardTokenById,
  deleteCallbackJobs,
  enqueueCallbacks,
  finishCallbackAttempts,
  recordCallbackAttempts,
} from "./callbacks.repository.ts";
import { signToken, signTransaction } from "./hmac.ts";
import { type PostAnswer, postJson } from "./post.ts";
import type { CallbackJob } from "./queue.ts";

/**
 * One delivery attempt of a processed callback: POST {"type", "obj"} as JSON to the notification url with
 * ?hmac= appended. The attempt is recorded before the request goes out and completed after it, so a process
 * stopped mid-request leaves a visible, interrupted attempt; the job then runs again elsewhere (at least once).
 * A failed attempt with auto callback retrial on schedules the next one, up to the maximum, each waiting twice
 * as long as the one before.
 *
 * The worker delivers a batch of jobs at a time with a fixed number of queries whatever the batch's size: one
 * reads every view, one records the attempts, one completes them (docs/payments.md, "Benchmark").
 */

export const EXCERPT_CHARS = 500;
export const INTERRUPTED = "Interrupted: the server stopped during this delivery.";
export const ATTEMPT_HEADER = "x-callback-attempt";

export interface DeliveryResult {
  attemptId: number | undefined;
  ok: boolean;
  /** The next attempt's delay when one was scheduled. */
  retryInSeconds?: number;
}

export type Fetch = typeof fetch;

async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, EXCERPT_CHARS);
}

/** A POST through an injected fetch (tests), answering as postJson does. */
async function postWithFetch(
  fetchImpl: Fetch,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostAnswer> {
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { statusCode: response.status, excerpt: await readExcerpt(response), error: null };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const error =
      err.name === "TimeoutError"
        ? `Timed out after ${timeoutMs} ms`
        : (err.cause?.code ?? err.cause?.message ?? err.message);
    return { statusCode: null, excerpt: null, error: error.slice(0, EXCERPT_CHARS) };
  }
}

function hmacSecretFrom(rt: Pick<PaymentsRuntime, "dataKey">, view: TransactionView): string {
  const encrypted = view.merchant.hmac_secret_enc;
  return encrypted ? decryptSecret(encrypted, rt.dataKey, hmacSecretContext(view.merchant.id)) : "";
}

/** The body of a callback and its signature, built from the current rows. */
export async function callbackPayload(
  rt: Pick<PaymentsRuntime, "dataKey" | "publicUrl">,
  db: Kysely<DB>,
  job: Pick<CallbackJob, "transactionId" | "kind" | "cardTokenId">,
  view?: TransactionView,
): Promise<{ body: Record<string, unknown>; hmac: string; merchantId: number } | undefined> {
  view ??= (await loadTransactionViews(db, [job.transactionId])).get(job.transactionId);
  if (!view) return undefined;
  const secret = hmacSecretFrom(rt, view);
  if (job.kind === "TOKEN") {
    if (job.cardTokenId === undefined) return undefined;
    const row = await cardTokenById(db, job.cardTokenId);
    if (!row) return undefined;
    const obj = {
      id: row.id,
      token: decryptSecret(row.token_enc, rt.dataKey, cardTokenContext(row.merchant_id)),
      masked_pan: row.masked_pan,
      merchant_id: row.merchant_id,
      card_subtype: row.card_subtype,
      created_at: providerTime(row.created_at, timeZoneOf(view.merchant)),
      email: row.email ?? "",
      order_id: String(row.order_id ?? ""),
      user_added: false,
      next_payment_intention: view.intentionPublicId,
    };
    return { body: { type: "TOKEN", obj }, hmac: signToken(obj, secret), merchantId: row.merchant_id };
  }
  const obj = transactionObject(view, rt.publicUrl);
  return {
    body: { type: "TRANSACTION", obj },
    hmac: signTransaction(obj, secret),
    merchantId: view.tx.merchant_id,
  };
}

/**
 * The hmac of the bad-signature scenario: a valid-looking lowercase hex string of the right length that never
 * verifies (each digit of the real one shifted).
 */
export function badSignature(hmac: string): string {
  return hmac.replace(/[0-9a-f]/g, (c) => ((Number.parseInt(c, 16) + 1) % 16).toString(16));
}

/** Delay before attempt `next` (2, 3, ...): base, then doubling. */
export function retryDelaySeconds(baseSeconds: number, next: number): number {
  return baseSeconds * 2 ** Math.max(0, next - 2);
}

export interface DeliveryJob {
  job: CallbackJob;
  /** The outbox row (callback_jobs) this delivery finishes, or null for a delivery run outside the outbox. */
  jobId: number | null;
}

interface Prepared {
  index: number;
  job: CallbackJob;
  jobId: number | null;
  view: DeliveryView;
  url: string;
  payload: { body: Record<string, unknown>; hmac: string };
  /** The second sending of the callback-twice scenario (never retried on its own). */
  twin?: boolean;
}

export async function deliverCallback(
  rt: PaymentsRuntime,
  job: CallbackJob,
  jobId: number | null,
  fetchImpl?: Fetch,
): Promise<DeliveryResult> {
  return (await deliverCallbacks(rt, [{ job, jobId }], fetchImpl))[0]!;
}

/**
 * Delivers a batch of callback jobs side by side; answers one result per job, in order. The batch's outbox rows
 * are deleted (and its retries written) in the statement that records the answers, so a job is finished exactly
 * when its attempt is recorded.
 */
export async function deliverCallbacks(
  rt: PaymentsRuntime,
  batch: DeliveryJob[],
  fetchImpl?: Fetch,
): Promise<DeliveryResult[]> {
  const db = rt.db;
  const results: DeliveryResult[] = batch.map(() => ({ attemptId: undefined, ok: false }));
  const views = await loadTransactionViews(db, [...new Set(batch.map((b) => b.job.transactionId))]);
  const prepared: Prepared[] = [];
  // Test mode's scenario cards (payments/scenarios.ts): deliveries skipped, sent twice, badly signed or deferred.
  const deferred: { job: CallbackJob; seconds: number }[] = [];
  for (const [index, { job: taken, jobId }] of batch.entries()) {
    const view = views.get(taken.transactionId);
    if (!view) continue;
    const fault = callbackFaultOf(view.tx, taken);
    if (fault.kind === "skip") continue;
    if (fault.kind === "defer") {
      // Due again later as a first delivery already deferred once (trigger "retry", attempt 1).
      deferred.push({ job: { ...taken, trigger: "retry" }, seconds: fault.seconds });
      continue;
    }
    // A deferred first delivery is recorded as the event it is.
    const job: CallbackJob = wasDeferred(view.tx, taken) ? { ...taken, trigger: "event" } : taken;
    const url = view.paymentKey?.notification_url || view.integration?.processed_callback_url;
    if (!url) continue;
    const payload = await callbackPayload(rt, db, job, view);
    if (!payload) continue;
    if (fault.kind === "bad_signature") payload.hmac = badSignature(payload.hmac);
    prepared.push({ index, job, jobId, view, url, payload });
    if (fault.kind === "twice") prepared.push({ index, job, jobId, view, url, payload, twin: true });
  }
  for (const d of deferred) await enqueueCallbacks(db, [d.job], d.seconds);
  const outboxIds = batch.map((b) => b.jobId).filter((id): id is number => id !== null);
  if (prepared.length === 0) {
    // Nothing to send (no view, no url): the jobs are done.
    if (outboxIds.length > 0) await deleteCallbackJobs(db, outboxIds);
    return results;
  }

  // Record every attempt before its request goes out; a job that ran before in a process that stopped
  // mid-request first closes that attempt's record.
  const jobIds = prepared
    .map((p) => p.jobId)
    .filter((id): id is number => id !== null)
    .map(String);
  const values = prepared.map((p) => ({
    transaction_id: p.view.tx.id,
    merchant_id: p.view.tx.merchant_id,
    kind: p.job.kind,
    trigger: p.job.trigger,
    attempt: p.job.attempt,
    job_id: p.jobId === null ? null : String(p.jobId),
    url: p.url,
    // Test mode keeps what it sent, for the Developers page and the test helpers' replay (docs/payments.md).
    ...(p.view.tx.is_live ? {} : { request_body: JSON.stringify(p.payload.body), signature: p.payload.hmac }),
  }));
  // One statement (atomic on its own): close the interrupted attempts of these jobs, record the new ones.
  const attemptIds = await recordCallbackAttempts(db, jobIds, values, INTERRUPTED);

  const answers = await Promise.all(
    prepared.map(async (p, i) => {
      const target = `${p.url}${p.url.includes("?") ? "&" : "?"}hmac=${p.payload.hmac}`;
      const headers = {
        "content-type": "application/json",
        "user-agent": "Portal-Callbacks/1.0",
        [ATTEMPT_HEADER]: String(attemptIds[i]),
      };
      const body = values[i]!.request_body ?? JSON.stringify(p.payload.body);
      const started = performance.now();
      const answer = fetchImpl
        ? await postWithFetch(fetchImpl, target, headers, body, rt.settings.callbackTimeoutMs)
        : await postJson(
            target,
            headers,
            body,
            rt.settings.callbackTimeoutMs,
            EXCERPT_CHARS,
            rt.settings.callbackAllowPrivateNetworks,
          );
      return { ...answer, latency: Math.round(performance.now() - started) };
    }),
  );

  const finished = new Date();
  const retries: { job: CallbackJob; delay: number }[] = [];
  for (const [i, p] of prepared.entries()) {
    const answer = answers[i]!;
    const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const retry =
      !ok &&
      !p.twin &&
      p.job.attempt < rt.settings.callbackMaxAttempts &&
      p.view.integration?.auto_callback_retrial === true;
    results[p.index] = { attemptId: attemptIds[i], ok };
    if (retry) {
      const next = p.job.attempt + 1;
      const delay = retryDelaySeconds(rt.settings.callbackRetryBaseSeconds, next);
      results[p.index]!.retryInSeconds = delay;
      retries.push({ job: { ...p.job, attempt: next, trigger: "retry" }, delay });
    }
  }
  // One statement (atomic on its own): the answers, the batch's outbox rows deleted, the retries written.
  await finishCallbackAttempts(db, finished, attemptIds, answers, outboxIds, retries);
  return results;
}
