import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import {
  addClockOffset,
  allClockOffsets,
  clockRow,
  deleteClock,
  raiseClockOffset,
} from "./test-clock.repository.ts";

/**
 * The per-merchant test clock (issue 15 item 3; docs/payments.md "Test clock").
 *
 * Model: a merchant's test-mode time is the real time plus an offset (`test_clocks.offset_ms`, never negative).
 * - advance(d) adds d (> 0) to the offset;
 * - set(t) moves test time to t, which must not be before the merchant's current test time (the clock never runs
 *   backwards while set: whatever already expired, settled or fell due stays so);
 * - reset() deletes the offset: test time is real time again. It is the one move back in time and is explicit;
 *   nothing done meanwhile is undone (expired invoices and links, settled payments, sent callbacks stay).
 * Between moves test time runs on with real time, so it is monotone for an observer except at a reset.
 * Live mode never reads the clock: `merchantNow(db, m, true)` is the real time.
 *
 * Cost: only merchants that moved their clock have a row, and each database's rows are kept in memory (loaded at
 * start, `loadTestClocks`, refreshed in the background at most every REFRESH_MS so other server processes'
 * changes arrive; this process's own changes update it at once). The payment path's `merchantNow` is therefore a
 * Map lookup, no query. A Kysely transaction (another object than the database's root) is not cached: a
 * test-mode read through it reads the one row by primary key.
 */

/** Other processes' clock changes are seen within this time. */
export const REFRESH_MS = 1_000;

interface Cache {
  offsets: Map<number, number>;
  loadedAt: number;
  refreshing: Promise<void> | null;
}

const caches = new WeakMap<Kysely<DB>, Cache>();

/** Loads (or reloads) a database's clocks into memory; the server calls it at start. */
export async function loadTestClocks(db: Kysely<DB>): Promise<void> {
  const offsets = await allClockOffsets(db);
  const cache = caches.get(db);
  if (cache) {
    cache.offsets = offsets;
    cache.loadedAt = Date.now();
  } else caches.set(db, { offsets, loadedAt: Date.now(), refreshing: null });
}

function refreshInBackground(db: Kysely<DB>, cache: Cache): void {
  if (cache.refreshing || Date.now() - cache.loadedAt < REFRESH_MS) return;
  cache.refreshing = allClockOffsets(db)
    .then((offsets) => {
      cache.offsets = offsets;
      cache.loadedAt = Date.now();
    })
    .catch(() => {
      // A closed database (tests, shutdown) or a passing error: keep the last known offsets, try again later.
      cache.loadedAt = Date.now();
    })
    .finally(() => {
      cache.refreshing = null;
    });
}

/**
 * The merchant's test-clock offset in milliseconds when it is known without a query (0: no clock set), or
 * undefined when this database's clocks are not in memory (a transaction object, or before loadTestClocks).
 */
export function cachedTestClockOffset(db: Kysely<DB>, merchantId: number): number | undefined {
  const cache = caches.get(db);
  if (!cache) return undefined;
  refreshInBackground(db, cache);
  return cache.offsets.get(merchantId) ?? 0;
}

/** The merchant's offset in milliseconds (0: none), from memory when loaded, else its row. */
export async function testClockOffset(db: Kysely<DB>, merchantId: number): Promise<number> {
  const cached = cachedTestClockOffset(db, merchantId);
  if (cached !== undefined) return cached;
  return (await clockRow(db, merchantId))?.offset_ms ?? 0;
}

/**
 * The merchant's "now": the real time in live mode, the real time plus the merchant's offset in test mode.
 * `real` is the real time to start from (a runtime's now(), so tests that pin time keep working).
 */
export async function merchantNow(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  real: Date = new Date(),
): Promise<Date> {
  if (isLive) return real;
  const offset = await testClockOffset(db, merchantId);
  return offset === 0 ? real : new Date(real.getTime() + offset);
}

/**
 * The synchronous variant for hot paths that hold no database: the cached offset applied, or the real time when
 * the clocks are not in memory yet. Prefer merchantNow where a query is acceptable.
 */
export function merchantNowSync(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  real: Date = new Date(),
): Date {
  if (isLive) return real;
  const offset = cachedTestClockOffset(db, merchantId) ?? 0;
  return offset === 0 ? real : new Date(real.getTime() + offset);
}

/** A merchant's clock as the dashboard and the test helpers show it. */
export interface TestClockState {
  /** The merchant's test-mode time now. */
  now: Date;
  offset_ms: number;
  /** Whether the clock was moved (false: test time is real time). */
  moved: boolean;
  updated_at: Date | null;
}

export async function readTestClock(
  db: Kysely<DB>,
  merchantId: number,
  real: Date = new Date(),
): Promise<TestClockState> {
  const row = await clockRow(db, merchantId);
  const offset = row?.offset_ms ?? 0;
  remember(db, merchantId, offset);
  return {
    now: new Date(real.getTime() + offset),
    offset_ms: offset,
    moved: offset > 0,
    updated_at: row?.updated_at ?? null,
  };
}

function remember(db: Kysely<DB>, merchantId: number, offset: number): void {
  const cache = caches.get(db);
  if (!cache) return;
  if (offset > 0) cache.offsets.set(merchantId, offset);
  else cache.offsets.delete(merchantId);
}

/** Thrown for a move the model refuses (zero or negative advance, a set before the current test time). */
export class TestClockError extends Error {
  constructor(
    readonly code: "not_forward" | "out_of_range",
    message: string,
  ) {
    super(message);
  }
}

/** The longest the clock may be moved ahead of real time (10 years): keeps instants inside what dates hold. */
export const MAX_OFFSET_MS = 10 * 366 * 24 * 60 * 60 * 1000;

/** What a move did: the new state and how far the merchant's test time jumped (0 for a reset). */
export interface TestClockMove {
  state: TestClockState;
  advancedMs: number;
}

/** Listeners run after every move (callback retries pulled forward, due work of the merchant run). */
export type TestClockListener = (db: Kysely<DB>, merchantId: number, move: TestClockMove) => Promise<void>;
const listeners: TestClockListener[] = [];

/** Registers work to run for the merchant after its clock moved (once per process, at module load). */
export function onTestClockMove(listener: TestClockListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

async function moved(
  db: Kysely<DB>,
  merchantId: number,
  offset: number,
  advancedMs: number,
  real: Date,
): Promise<TestClockMove> {
  remember(db, merchantId, offset);
  const move: TestClockMove = {
    state: {
      now: new Date(real.getTime() + offset),
      offset_ms: offset,
      moved: offset > 0,
      updated_at: new Date(),
    },
    advancedMs,
  };
  for (const listener of listeners) await listener(db, merchantId, move);
  return move;
}

const TOO_FAR = "The test clock cannot move more than 10 years ahead of real time.";

/** Moves the merchant's test clock forward by `ms` (> 0). */
export async function advanceTestClock(
  db: Kysely<DB>,
  merchantId: number,
  ms: number,
  by: string | null = null,
  real: Date = new Date(),
): Promise<TestClockMove> {
  if (!Number.isFinite(ms) || ms < 1)
    throw new TestClockError("not_forward", "The test clock only moves forward: give a positive duration.");
  const step = Math.round(ms);
  if (step > MAX_OFFSET_MS) throw new TestClockError("out_of_range", TOO_FAR);
  const offset = await addClockOffset(db, merchantId, step, MAX_OFFSET_MS, by);
  if (offset === undefined) throw new TestClockError("out_of_range", TOO_FAR);
  return moved(db, merchantId, offset, step, real);
}

const BACKWARDS =
  "The test clock cannot move backwards: choose an instant after the current test time, or reset it.";

/** Moves the merchant's test clock to `instant`, which must not be before its current test time. */
export async function setTestClock(
  db: Kysely<DB>,
  merchantId: number,
  instant: Date,
  by: string | null = null,
  real: Date = new Date(),
): Promise<TestClockMove> {
  const offset = Math.round(instant.getTime() - real.getTime());
  if (!Number.isFinite(offset) || offset < 0) throw new TestClockError("not_forward", BACKWARDS);
  if (offset > MAX_OFFSET_MS) throw new TestClockError("out_of_range", TOO_FAR);
  const before = await raiseClockOffset(db, merchantId, offset, by);
  if (before === undefined) throw new TestClockError("not_forward", BACKWARDS);
  return moved(db, merchantId, offset, offset - before, real);
}

/** Back to real time (the one move back in time; nothing done meanwhile is undone). */
export async function resetTestClock(
  db: Kysely<DB>,
  merchantId: number,
  by: string | null = null,
  real: Date = new Date(),
): Promise<TestClockMove> {
  void by;
  await deleteClock(db, merchantId);
  return moved(db, merchantId, 0, 0, real);
}
