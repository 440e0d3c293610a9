import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { cardTokenContext, hmacSecretOf } from "../payments/outcome.ts";
import { providerTime } from "../payments/provider-time.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import {
  loadTransactionView,
  type TransactionView,
  timeZoneOf,
  transactionObject,
} from "../payments/transaction-object.ts";
import { decryptSecret } from "../security/keys.ts";
import { signToken, signTransaction } from "./hmac.ts";
import type { CallbackJob } from "./queue.ts";

/**
 * One delivery attempt of a processed callback: POST {"type", "obj"} as JSON to the notification url with
 * ?hmac= appended. The attempt is recorded before the request goes out and completed after it, so a process
 * stopped mid-request leaves a visible, interrupted attempt; the job then runs again elsewhere (at least once).
 * A failed attempt with auto callback retrial on schedules the next one, up to the maximum, each waiting twice
 * as long as the one before.
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

/** The body of a callback and its signature, built from the current rows. */
export async function callbackPayload(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  job: Pick<CallbackJob, "transactionId" | "kind" | "cardTokenId">,
  view?: TransactionView,
): Promise<{ body: Record<string, unknown>; hmac: string; merchantId: number } | undefined> {
  view ??= await loadTransactionView(db, job.transactionId);
  if (!view) return undefined;
  const secret = await hmacSecretOf(rt, db, view.tx.merchant_id);
  if (job.kind === "TOKEN") {
    if (job.cardTokenId === undefined) return undefined;
    const row = await db
      .selectFrom("card_tokens")
      .selectAll()
      .where("id", "=", job.cardTokenId)
      .executeTakeFirst();
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
 * The delivery log is not money: its writes skip waiting for the disk flush (a database crash could lose the
 * last moments of the log, never a payment or a pending delivery job).
 */
async function logWrite(trx: Kysely<DB>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx);
}

/** Delay before attempt `next` (2, 3, ...): base, then doubling. */
export function retryDelaySeconds(baseSeconds: number, next: number): number {
  return baseSeconds * 2 ** Math.max(0, next - 2);
}

export async function deliverCallback(
  rt: PaymentsRuntime,
  job: CallbackJob,
  jobId: string | null,
  fetchImpl: Fetch = fetch,
): Promise<DeliveryResult> {
  const db = rt.db;
  const view = await loadTransactionView(db, job.transactionId);
  if (!view) return { attemptId: undefined, ok: false };
  const integration =
    view.tx.integration_id === null
      ? undefined
      : await db
          .selectFrom("integrations")
          .select(["processed_callback_url", "auto_callback_retrial"])
          .where("id", "=", view.tx.integration_id)
          .executeTakeFirst();
  const url = view.paymentKey?.notification_url || integration?.processed_callback_url;
  if (!url) return { attemptId: undefined, ok: false };
  const payload = await callbackPayload(rt, db, job, view);
  if (!payload) return { attemptId: undefined, ok: false };

  const attempt = await db.transaction().execute(async (trx) => {
    await logWrite(trx);
    if (jobId !== null) {
      // This job ran before in a process that stopped mid-request: close that attempt's record.
      await trx
        .updateTable("callback_attempts")
        .set({ finished_at: new Date(), error: INTERRUPTED })
        .where("job_id", "=", jobId)
        .where("finished_at", "is", null)
        .execute();
    }
    return trx
      .insertInto("callback_attempts")
      .values({
        transaction_id: view.tx.id,
        merchant_id: view.tx.merchant_id,
        kind: job.kind,
        trigger: job.trigger,
        attempt: job.attempt,
        job_id: jobId,
        url,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });

  const target = `${url}${url.includes("?") ? "&" : "?"}hmac=${payload.hmac}`;
  const started = performance.now();
  let statusCode: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    const response = await fetchImpl(target, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Portal-Callbacks/1.0",
        [ATTEMPT_HEADER]: String(attempt.id),
      },
      body: JSON.stringify(payload.body),
      redirect: "manual",
      signal: AbortSignal.timeout(rt.settings.callbackTimeoutMs),
    });
    statusCode = response.status;
    excerpt = await readExcerpt(response);
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    error = (
      err.name === "TimeoutError"
        ? `Timed out after ${rt.settings.callbackTimeoutMs} ms`
        : (err.cause?.code ?? err.cause?.message ?? err.message)
    ).slice(0, EXCERPT_CHARS);
  }
  const latency = Math.round(performance.now() - started);
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const retry =
    !ok && job.attempt < rt.settings.callbackMaxAttempts && integration?.auto_callback_retrial === true;

  let retryInSeconds: number | undefined;
  await db.transaction().execute(async (trx) => {
    // A scheduled retry is a job that must survive anything, so only a final answer takes the fast commit.
    if (!retry) await logWrite(trx);
    await trx
      .updateTable("callback_attempts")
      .set({
        finished_at: new Date(),
        status_code: statusCode,
        latency_ms: latency,
        response_excerpt: excerpt,
        error,
      })
      .where("id", "=", attempt.id)
      .execute();
    if (!retry) return;
    const next = job.attempt + 1;
    retryInSeconds = retryDelaySeconds(rt.settings.callbackRetryBaseSeconds, next);
    await rt.callbacks.enqueue(trx, { ...job, attempt: next, trigger: "retry" }, retryInSeconds);
  });
  return { attemptId: attempt.id, ok, ...(retryInSeconds !== undefined ? { retryInSeconds } : {}) };
}
