import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The checkout integration walkthrough (issue 18 item 6, docs/settings.md): one row per merchant that started it,
 * so another device resumes where the merchant stopped. `view` is the page shown (test steps, live keys or the
 * Integrate-with page) and `test_step` the test step (1 keys, 2 mount, 3 pay). The test is complete once a
 * successful test payment made from one of the merchant's intentions arrived after `started_at`
 * (`test_transaction_id`, `test_completed_at`); `completed_at` is the end of the Checkout V2 onboarding (live keys
 * copied, Done). Start Over deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table checkout_walkthroughs (
  merchant_id integer primary key references merchants(id),
  view text not null default 'test' check (view in ('test', 'live', 'integrate')),
  test_step smallint not null default 1 check (test_step between 1 and 3),
  started_at timestamptz not null default now(),
  test_transaction_id integer,
  test_completed_at timestamptz,
  completed_at timestamptz,
  updated_by integer references users(id),
  updated_at timestamptz not null default now(),
  check ((test_transaction_id is null) = (test_completed_at is null)),
  check (completed_at is null or test_completed_at is not null)
);
`,
  );
}
