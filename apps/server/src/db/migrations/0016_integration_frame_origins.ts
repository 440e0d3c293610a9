import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The origins (https://host[:port]) whose pages may frame the hosted checkout of an integration's payments: the
 * checkout's index.html answers `frame-ancestors 'self' <origins>` (security/headers.ts, docs/payments.md).
 * Empty means only the portal itself. Validated as at most a few https origins by the integrations API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    "alter table integrations add column frame_origins text[] not null default '{}';\n",
  );
}
