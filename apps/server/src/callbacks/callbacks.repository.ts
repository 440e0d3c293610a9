import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { CallbackJob, TakenJob } from "./queue.ts";

/**
 * The callbacks feature's SQL: the outbox's statements (enqueue, take under a lease, release or park; queue.ts
 * says how the outbox works) and the delivery's (the card token a TOKEN callback carries, recording the attempts
 * of a batch, finishing them with the batch's outbox rows and retries). Each runs as one statement on the handle
 * it is given (the caller's transaction, or the database).
 */

/** Enqueues deliveries in the caller's database transaction (or as one statement of their own). */
export async function enqueueCallbacks(
  db: Kysely<DB>,
  jobs: readonly CallbackJob[],
  delaySeconds = 0,
): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto("callback_jobs")
    .values(
      jobs.map((job) => ({
        transaction_id: job.transactionId,
        kind: job.kind,
        card_token_id: job.cardTokenId ?? null,
        attempt: job.attempt,
        trigger: job.trigger,
        ...(delaySeconds > 0 ? { run_at: new Date(Date.now() + delaySeconds * 1000) } : {}),
      })),
    )
    .execute();
}

/**
 * Takes up to `limit` due jobs (row-locked while taken, so any number of workers and processes share the outbox)
 * and leases them for `leaseSeconds`: until then no other worker takes them.
 */
export function takeCallbackJobs(db: Kysely<DB>, limit: number, leaseSeconds: number): Promise<TakenJob[]> {
  return takeJobs(
    db,
    sql`select id from callback_jobs where run_at <= now() order by run_at limit ${limit} for update skip locked`,
    leaseSeconds,
  );
}

/**
 * Takes the due, never-taken jobs of one transaction under the same lease (the sandbox's "callback before the
 * redirect" delivers them in the payment's own request); a worker that took them first keeps them.
 */
export function takeTransactionCallbackJobs(
  db: Kysely<DB>,
  transactionId: number,
  leaseSeconds: number,
): Promise<TakenJob[]> {
  return takeJobs(
    db,
    sql`select id from callback_jobs where transaction_id = ${transactionId} and taken = 0 and run_at <= now()
      order by id for update skip locked`,
    leaseSeconds,
  );
}

/** Leases the jobs that `pick` selects (and locks) for `leaseSeconds`, counting the take. */
async function takeJobs(
  db: Kysely<DB>,
  pick: RawBuilder<unknown>,
  leaseSeconds: number,
): Promise<TakenJob[]> {
  const { rows } = await sql<{
    id: number;
    transaction_id: number;
    kind: CallbackJob["kind"];
    card_token_id: number | null;
    attempt: number;
    trigger: CallbackJob["trigger"];
    taken: number;
  }>`update callback_jobs as j set run_at = now() + make_interval(secs => ${leaseSeconds}), taken = j.taken + 1
    where j.id = any(array(${pick}))
    returning j.id, j.transaction_id, j.kind, j.card_token_id, j.attempt, j.trigger, j.taken`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    taken: r.taken,
    job: {
      transactionId: Number(r.transaction_id),
      kind: r.kind,
      ...(r.card_token_id === null ? {} : { cardTokenId: Number(r.card_token_id) }),
      attempt: r.attempt,
      trigger: r.trigger,
    },
  }));
}

/** Makes taken jobs due again after `delaySeconds` (our own failure), or parks them for good (`park`). */
export async function releaseCallbackJobs(
  db: Kysely<DB>,
  ids: readonly number[],
  delaySeconds: number,
  park = false,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("callback_jobs")
    .set({
      run_at: park
        ? sql<Date>`'infinity'::timestamptz`
        : sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where("id", "in", [...ids])
    .execute();
}

/** Deletes finished outbox rows (jobs with nothing to send). */
export async function deleteCallbackJobs(db: Kysely<DB>, ids: number[]): Promise<void> {
  await db.deleteFrom("callback_jobs").where("id", "in", ids).execute();
}

/** The saved card token a TOKEN callback carries. */
export function cardTokenById(db: Kysely<DB>, cardTokenId: number) {
  return db.selectFrom("card_tokens").selectAll().where("id", "=", cardTokenId).executeTakeFirst();
}

/** One attempt about to be made, as callback_attempts records it. */
export interface AttemptStart {
  transaction_id: number;
  merchant_id: number;
  kind: CallbackJob["kind"];
  trigger: CallbackJob["trigger"];
  attempt: number;
  job_id: string | null;
  url: string;
  /** Test mode only: the body sent and its hmac (the test helpers' list and replay, 0050_test_helpers). */
  request_body?: string | null;
  signature?: string | null;
}

/**
 * Records a batch's attempts before their requests go out, answering their ids in the order of `values` (a
 * multi-row insert answers its rows in the order of its values). When outbox jobs ran before in a process that
 * stopped mid-request (`jobIds`), the same statement (atomic on its own) first closes those attempts as
 * `interrupted`.
 */
export async function recordCallbackAttempts(
  db: Kysely<DB>,
  jobIds: string[],
  values: AttemptStart[],
  interrupted: string,
): Promise<number[]> {
  const rows =
    jobIds.length > 0
      ? await db
          .with("closed", (q) =>
            q
              .updateTable("callback_attempts")
              .set({ finished_at: new Date(), error: interrupted })
              .where("job_id", "in", jobIds)
              .where("finished_at", "is", null)
              .returning("id"),
          )
          .insertInto("callback_attempts")
          .values(values)
          .returning("id")
          .execute()
      : await db.insertInto("callback_attempts").values(values).returning("id").execute();
  return rows.map((r) => r.id);
}

/** A finished attempt's answer. */
export interface AttemptAnswer {
  statusCode: number | null;
  latency: number;
  excerpt: string | null;
  error: string | null;
}

/**
 * One statement (atomic on its own): the attempts' answers recorded (`answers[i]` is attempt `attemptIds[i]`'s),
 * the batch's outbox rows deleted, the retries written (each due after its delay).
 */
export async function finishCallbackAttempts(
  db: Kysely<DB>,
  finished: Date,
  attemptIds: readonly number[],
  answers: readonly AttemptAnswer[],
  outboxIds: readonly number[],
  retries: readonly { job: CallbackJob; delay: number }[],
): Promise<void> {
  await sql`with finished as (
      update callback_attempts as a set finished_at = ${finished}, status_code = v.status_code,
        latency_ms = v.latency_ms, response_excerpt = v.response_excerpt, error = v.error
      from (select unnest(${sql.val(attemptIds)}::bigint[]) as id,
          unnest(${sql.val(answers.map((a) => a.statusCode))}::int[]) as status_code,
          unnest(${sql.val(answers.map((a) => a.latency))}::int[]) as latency_ms,
          unnest(${sql.val(answers.map((a) => a.excerpt))}::text[]) as response_excerpt,
          unnest(${sql.val(answers.map((a) => a.error))}::text[]) as error) as v
      where a.id = v.id returning 1
    ), done as (
      delete from callback_jobs where id = any(${sql.val(outboxIds)}::bigint[]) returning 1
    ), retried as (
      insert into callback_jobs (transaction_id, kind, card_token_id, attempt, trigger, run_at)
      select r.transaction_id, r.kind, r.card_token_id, r.attempt, r.trigger,
        now() + make_interval(secs => r.delay)
      from unnest(${sql.val(retries.map((r) => r.job.transactionId))}::bigint[],
          ${sql.val(retries.map((r) => r.job.kind))}::text[],
          ${sql.val(retries.map((r) => r.job.cardTokenId ?? null))}::bigint[],
          ${sql.val(retries.map((r) => r.job.attempt))}::int[],
          ${sql.val(retries.map((r) => r.job.trigger))}::text[],
          ${sql.val(retries.map((r) => r.delay))}::float8[])
        as r(transaction_id, kind, card_token_id, attempt, trigger, delay)
      returning 1
    )
    select 1`.execute(db);
}
