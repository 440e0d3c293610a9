import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Rate-limit counters are not money (ratelimit/rate-limit.repository.ts): the table becomes UNLOGGED, so counting
 * a hit (every card submission and checkout read counts one) writes nothing to the write-ahead log. After a
 * database crash the counters start again from zero and replicas have none, which for one-minute windows and
 * sign-in throttles is an acceptable loss (docs/auth.md, docs/payments.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, "alter table rate_limits set unlogged;\n");
}
