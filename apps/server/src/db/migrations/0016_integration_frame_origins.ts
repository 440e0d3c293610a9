import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Two bindings of issue 10.
 *
 * Integrations: the origins (https://host[:port]) whose pages may frame the hosted checkout of an integration's
 * payments: the checkout's index.html answers `frame-ancestors 'self' <origins>` (security/headers.ts,
 * docs/payments.md). Empty means only the portal itself. Validated as at most a few https origins by the
 * integrations API.
 *
 * Sessions: the country of the host a dashboard session was made on, refused on another country's host
 * (auth/auth.hook.ts). Null for sessions made before; they stay unbound until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    "alter table integrations add column frame_origins text[] not null default '{}';\n" +
      "alter table sessions add column if not exists country text;\n",
  );
}
