import { type Kysely, sql } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The callback outbox (docs/payments.md, "Callbacks"; ADR 0005): pending callback deliveries are rows of
 * `callback_jobs`, written by the statement (or in the database transaction) of the change that causes them,
 * instead of pg-boss jobs. A worker takes due rows under a lease (`run_at` moves to the lease's end, so the row of a
 * process that stopped mid-delivery is due again when the lease ends) and deletes them once the attempt is
 * recorded. `run_at = 'infinity'` parks a row that kept failing in our own code (never in the merchant's answer).
 * Deliveries still waiting in pg-boss's queue from before are moved here, so none is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
create table callback_jobs (
  id bigserial primary key,
  transaction_id bigint not null,
  kind text not null check (kind in ('TRANSACTION','TOKEN')),
  card_token_id bigint,
  attempt integer not null,
  trigger text not null check (trigger in ('event','retry','manual')),
  run_at timestamptz not null default now(),
  taken integer not null default 0,
  created_at timestamptz not null default now()
);
create index callback_jobs_due_idx on callback_jobs (run_at);
`,
  );
  // pg-boss creates its schema when it first starts, so an install that never ran has none.
  const { rows } = await sql<{
    exists: boolean;
  }>`select to_regclass('pgboss.job') is not null as exists`.execute(db);
  if (!rows[0]?.exists) return;
  await runStatements(
    db,
    `
insert into callback_jobs (transaction_id, kind, card_token_id, attempt, trigger, run_at)
select (data->>'transactionId')::bigint, coalesce(data->>'kind', 'TRANSACTION'), (data->>'cardTokenId')::bigint,
  coalesce((data->>'attempt')::int, 1), coalesce(data->>'trigger', 'event'), start_after
from pgboss.job
where name = 'payments-callback' and state in ('created', 'retry', 'active');
delete from pgboss.job where name = 'payments-callback' and state in ('created', 'retry', 'active');
`,
  );
}
