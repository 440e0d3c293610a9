import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Terminal reports (issue 14 item 3; docs/pos-risk.md "Terminal reports"). terminal_reports holds one closed
 * report per terminal, business day (the local day of the merchant's country), mode and currency: the unique key
 * is what makes a rerun of the closing job, or two processes closing at once, write no second report.
 * terminal_report_runs records each (time zone, business day) the job has closed, so a run knows where the
 * previous ones left off and a closed day is not read again. The partial index lets the job read one day's
 * card-present payments (terminal_id set) without walking the online ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table terminal_reports (
  id bigserial primary key,
  terminal_id bigint not null references terminals(id),
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  currency text not null,
  business_day date not null,
  time_zone text not null,
  start_at timestamptz not null,
  end_at timestamptz not null check (end_at > start_at),
  total_cents bigint not null check (total_cents >= 0),
  transactions_count integer not null check (transactions_count >= 0),
  success_count integer not null check (success_count >= 0),
  pending_count integer not null check (pending_count >= 0),
  declined_count integer not null check (declined_count >= 0),
  created_at timestamptz not null default now(),
  unique (terminal_id, business_day, is_live, currency)
);
create index terminal_reports_merchant_idx on terminal_reports (merchant_id, is_live, business_day desc, id desc);
create index terminal_reports_terminal_idx on terminal_reports (terminal_id, is_live, business_day desc, id desc);
create table terminal_report_runs (
  time_zone text not null,
  business_day date not null,
  reports integer not null,
  transactions integer not null,
  finished_at timestamptz not null default now(),
  primary key (time_zone, business_day)
);
create index transactions_terminal_day_idx on transactions (created_at) where terminal_id is not null;
`,
  );
}
