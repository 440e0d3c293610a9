import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Branches and terminals of the merchant dashboard and the terminal API (issue 14 items 1 and 2, docs/pos-risk.md
 * "Branches, terminals and card-present payments"). One branches table serves the bank's add-merchant form (0027)
 * and the merchant's Branches screen: it gains the city and address every branch must have. A terminal belongs to
 * a branch (branch_id); its branch_name, city and address (0001) stay as the branch's copy for older readers and
 * follow it. Terminals that named a branch without a row get one (code BR-<first terminal id>). A terminal pays
 * with its own keys, one per mode, stored only as a keyed hash of the key (terminal_keys).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table merchant_branches
  add column city text,
  add column address text,
  add column updated_at timestamptz;

alter table terminals
  add column branch_id bigint references merchant_branches(id),
  add column updated_at timestamptz;

insert into merchant_branches (merchant_id, branch_name, branch_code, city, address)
select t.merchant_id, t.branch_name, 'BR-' || min(t.id), min(t.city), min(t.address)
from terminals t
where t.branch_name is not null
  and not exists (select 1 from merchant_branches b where b.merchant_id = t.merchant_id and b.branch_name = t.branch_name)
group by t.merchant_id, t.branch_name
on conflict (merchant_id, branch_code) do nothing;

update terminals t set branch_id = b.id
from merchant_branches b
where b.merchant_id = t.merchant_id and b.branch_name = t.branch_name and t.branch_id is null;

create index merchant_branches_merchant_idx on merchant_branches (merchant_id, created_at desc, id desc);
create index terminals_merchant_idx on terminals (merchant_id, created_at desc, id desc);
create index terminals_branch_idx on terminals (branch_id);
create index transactions_terminal_idx on transactions (terminal_id, is_live) where terminal_id is not null;

create table terminal_keys (
  id bigserial primary key,
  terminal_id bigint not null references terminals(id),
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  key_hash text not null,
  key_prefix text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create unique index terminal_keys_hash_idx on terminal_keys (key_hash);
create index terminal_keys_terminal_idx on terminal_keys (terminal_id, is_live) where revoked_at is null;
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
drop table terminal_keys;
drop index transactions_terminal_idx;
drop index terminals_branch_idx;
drop index terminals_merchant_idx;
drop index merchant_branches_merchant_idx;
alter table terminals drop column branch_id, drop column updated_at;
alter table merchant_branches drop column city, drop column address, drop column updated_at;
`,
  );
}
