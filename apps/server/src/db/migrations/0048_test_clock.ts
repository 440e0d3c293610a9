import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The per-merchant test clock (issue 15 item 3; docs/payments.md "Test clock"): a merchant's test-mode time is the
 * real time plus `offset_ms` (never negative: advance and set only move forward, reset deletes the row). Only
 * merchants whose clock was moved have a row, so the server keeps the whole table in memory
 * (test-clock/clock.ts) and the payment path reads no row when no clock is set. Live mode never reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table test_clocks (
  merchant_id integer primary key references merchants(id) on delete cascade,
  offset_ms bigint not null check (offset_ms >= 0),
  updated_at timestamptz not null default now(),
  updated_by text
);
`,
  );
}
