import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * Fixed-window counters in the rate_limits table, shared by every server process. One atomic upsert counts a
 * hit and starts a new window when the old one has passed, so concurrent requests never lose a count.
 */
export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  resetAt: Date;
}

/**
 * The counting upsert, answering `hits` and `reset_at`; usable on its own or as a CTE of a larger statement.
 * Counters are not money: with `fastCommit` (only outside a caller's transaction) the statement's own
 * transaction commits without waiting for the disk flush (set locally, so nothing else is affected).
 */
export function rateLimitUpsert(key: string, rule: RateLimitRule, fastCommit: boolean): RawBuilder<unknown> {
  const window = `${rule.windowSeconds} seconds`;
  const fast = fastCommit
    ? sql`cross join (select set_config('synchronous_commit', 'off', true)) as fast_commit`
    : sql``;
  return sql`insert into rate_limits (key, hits, reset_at)
    select ${key}, 1, now() + ${window}::interval from (select 1) as one ${fast}
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning hits, reset_at`;
}

export async function hitRateLimit(
  db: Kysely<DB>,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const { rows } = await sql<{
    hits: number;
    reset_at: Date;
  }>`${rateLimitUpsert(key, rule, !db.isTransaction)}`.execute(db);
  const row = rows[0]!;
  return { allowed: row.hits <= rule.limit, hits: row.hits, resetAt: new Date(row.reset_at) };
}

/**
 * Checks several counters at once (for example per IP and per username), in order; every one is counted, or with
 * `stopAtRefusal` only up to the first that refuses, so tries already refused by a narrow counter (one address)
 * do not use up a wide one (one username from anywhere) that other people share.
 */
export async function hitRateLimits(
  db: Kysely<DB>,
  checks: { key: string; rule: RateLimitRule }[],
  opts: { stopAtRefusal?: boolean } = {},
): Promise<RateLimitResult & { retryAfterSeconds: number }> {
  const results = [];
  for (const c of checks) {
    const result = await hitRateLimit(db, c.key, c.rule);
    results.push(result);
    if (opts.stopAtRefusal && !result.allowed) break;
  }
  const blocked = results.filter((r) => !r.allowed);
  const resetAt = new Date(Math.max(...(blocked.length ? blocked : results).map((r) => r.resetAt.getTime())));
  return {
    allowed: blocked.length === 0,
    hits: Math.max(...results.map((r) => r.hits)),
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
  };
}

export async function clearRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/**
 * Takes back one hit of the current window, for limits meant to count failures only: every try is counted up
 * front (atomically, so a burst of parallel tries cannot slip through), and a try that succeeds is given back.
 */
export async function refundRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ hits: eb("hits", "-", 1) }))
    .where("key", "=", key)
    .where("hits", ">", 0)
    .execute();
}

/** Drops counters whose window has passed; they would restart at 1 anyway. */
export async function deleteExpiredRateLimits(db: Kysely<DB>): Promise<number> {
  const r = await db.deleteFrom("rate_limits").where("reset_at", "<", sql<Date>`now()`).executeTakeFirst();
  return Number(r.numDeletedRows);
}
