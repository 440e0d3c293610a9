import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Monthly statements (issue 18 item 4; docs/settings.md "Monthly statements"). statement_subscriptions holds a
 * merchant's MONTHLY STATEMENT service switch (no row: off). statements holds one statement per merchant and
 * month: the unique key (merchant_id, month) is what makes a second run of the job, or two processes running it
 * at once, build no second statement. The figures (per currency) are frozen as JSON when the job builds the
 * statement; the PDF and XLSX are drawn from them on download, in the reader's language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table statement_subscriptions (
  merchant_id bigint primary key references merchants(id),
  active boolean not null,
  updated_at timestamptz not null default now(),
  updated_by bigint references users(id)
);
create table statements (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  month date not null check (extract(day from month) = 1),
  time_zone text not null,
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end > period_start),
  figures jsonb not null,
  created_at timestamptz not null default now(),
  downloaded_at timestamptz,
  unique (merchant_id, month)
);
create index statements_merchant_month_idx on statements (merchant_id, month desc, id desc);
`,
  );
}
