import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Request to pay (issue 14 item 5; docs/pos-risk.md "Request to pay"): one row per payment request a merchant
 * makes for a customer's mobile number. The customer page's token is never stored: it is an HMAC of the row's
 * salt with the data key (the dashboard can show the link again), and `token_hash` (its sha256) finds the row.
 * `order_id` is the order the customer is paying (made when they start paying, with amount plus tip); paid is read
 * from that order, so a payment needs no hook in the payment core. `tip_value` is the whole units of a fixed tip
 * or the basis points of a percentage tip.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table request_to_pay (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  is_live boolean not null,
  salt text not null,
  token_hash text not null unique,
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null,
  mob_num text not null,
  bill_num text,
  store_id text,
  loyal_num text,
  ref_num text,
  cons_id text,
  term_id text,
  purpose text,
  tip_type text not null check (tip_type in ('none', 'fixed', 'percentage', 'consumer')),
  tip_value bigint check (
    (tip_type in ('none', 'consumer') and tip_value is null)
    or (tip_type = 'fixed' and tip_value > 0)
    or (tip_type = 'percentage' and tip_value > 0 and tip_value < 10000)),
  merchant_order_id text,
  status text not null default 'created' check (status in ('created', 'sent', 'cancelled')),
  order_id integer references orders(id),
  tip_cents bigint,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  expires_at timestamptz not null
);
create index request_to_pay_merchant_created on request_to_pay (merchant_id, is_live, created_at desc, id desc);
create unique index request_to_pay_order_ref on request_to_pay (merchant_id, merchant_order_id)
  where merchant_order_id is not null;
create index request_to_pay_order on request_to_pay (order_id) where order_id is not null;
`,
  );
}
