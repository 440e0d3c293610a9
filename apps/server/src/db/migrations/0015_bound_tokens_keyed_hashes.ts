import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Credentials and request hashes (issue 10, docs/payments.md "Idempotency" and "Auth tokens"):
 * - an auth token made from a username and password is bound to that user (`api_auth_tokens.user_id`) and has
 *   no more power than the user; tokens issued before cannot tell whether they came from a password, so they
 *   are all dropped (clients ask for a new one, as they do every hour);
 * - request hashes become HMACs under the data key, which a migration cannot compute. The rows of card payments
 *   hashed sha256(card number) beside the stored first 6 and last 4 digits, so they are deleted; the other rows
 *   keep their old hash, which no new request matches: a replay of such a key answers 422 and runs nothing;
 * - refund, void and capture keys are scoped by the caller's modes ("refund:test", "refund:live", "refund:any"):
 *   an old row goes under its answer's mode and under "any", so no replay after the upgrade runs twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `delete from api_auth_tokens;
alter table api_auth_tokens add column user_id bigint references users(id) on delete cascade;
create index api_auth_tokens_user_idx on api_auth_tokens (user_id) where user_id is not null;
delete from idempotency_keys where scope like 'checkout.card:%';
insert into idempotency_keys (merchant_id, scope, key, request_hash, status_code, response, created_at)
  select merchant_id, scope || case response->>'is_live' when 'true' then ':live' else ':test' end, key,
    request_hash, status_code, response, created_at
  from idempotency_keys where scope in ('refund', 'void', 'capture');
insert into idempotency_keys (merchant_id, scope, key, request_hash, status_code, response, created_at)
  select merchant_id, scope || ':any', key, request_hash, status_code, response, created_at
  from idempotency_keys where scope in ('refund', 'void', 'capture');
delete from idempotency_keys where scope in ('refund', 'void', 'capture');
`,
  );
}
