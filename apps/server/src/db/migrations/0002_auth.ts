import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Sign-in support: e-mail delivery retries with a next-attempt time (also the claim lease of a sender), and
 * indexes the clean-up of expired sessions, tokens and rate-limit counters needs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table email_outbox add column next_attempt_at timestamptz not null default now();
create index email_outbox_queued_idx on email_outbox (next_attempt_at) where status = 'queued';
create index sessions_last_seen_idx on sessions (last_seen_at);
create index password_tokens_user_idx on password_tokens (user_id, purpose);
create index password_tokens_expires_idx on password_tokens (expires_at);
create index rate_limits_reset_idx on rate_limits (reset_at);
`,
  );
}
