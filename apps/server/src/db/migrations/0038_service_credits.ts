import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Service-credit packs (issue 16 item 6, docs/onboarding.md "Service-credit packs"): a merchant buys one of the
 * four packs (merchant-dashboard.md section 9: 1000, 1500, 2000, 3000 pounds) through POST /api/acceptance/billspromo;
 * each purchase tops the balance up for 14 days. One row per purchase; the balance is the sum of the rows not yet
 * expired (a merchant has few rows: at most a handful a month).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table service_credits (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  user_id integer references users(id),
  amount_cents bigint not null check (amount_cents in (100000, 150000, 200000, 300000)),
  currency text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index service_credits_merchant_expires on service_credits (merchant_id, expires_at desc);
`,
  );
}
