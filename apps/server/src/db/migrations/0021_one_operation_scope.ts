import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Refund, void and capture keys go back under one scope per operation (payments/operations.service.ts
 * operationScope): 0015 put them under the caller's mode ("refund:test", "refund:live", "refund:any"), so one key
 * refunded once with the test secret key and again with an auth token or the dashboard. Each (merchant, operation,
 * key) keeps one row: its first use, a mode's row before an "any" copy of it made by 0015. Replays then answer the
 * stored request (or 404 to a caller of another mode), and a different request with the key 422.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `insert into idempotency_keys (merchant_id, scope, key, request_hash, status_code, response, created_at)
  select distinct on (merchant_id, split_part(scope, ':', 1), key)
    merchant_id, split_part(scope, ':', 1), key, request_hash, status_code, response, created_at
  from idempotency_keys
  where split_part(scope, ':', 1) in ('refund', 'void', 'capture') and split_part(scope, ':', 2) in ('test', 'live', 'any')
  order by merchant_id, split_part(scope, ':', 1), key, created_at, split_part(scope, ':', 2) = 'any'
  on conflict do nothing;
delete from idempotency_keys
  where split_part(scope, ':', 1) in ('refund', 'void', 'capture') and split_part(scope, ':', 2) in ('test', 'live', 'any');
`,
  );
}
