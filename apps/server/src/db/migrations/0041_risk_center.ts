import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * The risk center (issue 14 item 4, docs/pos-risk.md "Risk"): a merchant's rules, its blacklist and whitelist,
 * the audit of every change, and the velocity counters the payment core takes under a row lock.
 *
 * - `risk_rules`: one row per rule; `kind` says which columns hold its terms.
 * - `risk_list_entries`: `value_key` is what a payment is matched by: a keyed hash of the card number under the
 *   data key (cards keep only first 6 and last 4 beside it), a lower-cased e-mail, a phone's digits, or an IP
 *   range as its canonical network text ("10.0.0.0/8"); a payment's IP is matched by the networks of its every
 *   prefix length, so one index serves every kind.
 * - `risk_counters`: one row per velocity rule, subject (card hash, e-mail, phone or IP) and fixed window; the
 *   payment's INSERT ... ON CONFLICT DO UPDATE ... WHERE under the row's lock lets exactly the limit through.
 *   The rule's limits are copied into the row so the conflict's WHERE can read them. UNLOGGED, as the rate limits
 *   (0014): a payment's check writes no WAL, so it does not wait for a disk flush; a crash empties the counters
 *   (every window starts again), which a fixed-window limit tolerates. No foreign key to the rule: its check
 *   would lock the rule's row (FOR KEY SHARE) from every concurrent payment; the repository deletes a rule's
 *   counters with it.
 * - `merchants.risk_active`: true while the merchant has an active rule or a list entry; the payment context
 *   already reads the merchant's row, so a merchant without any pays no statement at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `alter table merchants add column risk_active boolean not null default false;
create table risk_rules (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  kind text not null check (kind in ('max_amount', 'min_amount', 'velocity', 'countries', 'three_ds')),
  currency text,
  amount_cents bigint check (amount_cents is null or amount_cents >= 0),
  subject text check (subject is null or subject in ('card', 'email', 'phone', 'ip')),
  max_payments integer check (max_payments is null or max_payments > 0),
  window_seconds integer check (window_seconds is null or window_seconds > 0),
  countries text[],
  is_active boolean not null default true,
  note text,
  created_by integer references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index risk_rules_merchant on risk_rules (merchant_id, id);
create table risk_list_entries (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  list text not null check (list in ('black', 'white')),
  kind text not null check (kind in ('card', 'email', 'phone', 'ip')),
  value_key text not null,
  label text not null,
  card_first6 text,
  card_last4 text,
  note text,
  created_by integer references users(id),
  created_at timestamptz not null default now()
);
create unique index risk_list_entries_key on risk_list_entries (merchant_id, list, kind, value_key);
create index risk_list_entries_page on risk_list_entries (merchant_id, list, id desc);
create table risk_audit (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  user_id integer references users(id),
  user_email text,
  action text not null check (action in ('created', 'updated', 'deleted')),
  target text not null check (target in ('rule', 'black', 'white')),
  target_id integer not null,
  summary text not null,
  created_at timestamptz not null default now()
);
create index risk_audit_merchant on risk_audit (merchant_id, id desc);
create unlogged table risk_counters (
  rule_id integer not null,
  subject_key text not null,
  window_start bigint not null,
  payments integer not null,
  amount_cents bigint not null,
  max_payments integer,
  max_amount_cents bigint,
  primary key (rule_id, subject_key, window_start)
);
`,
  );
}
