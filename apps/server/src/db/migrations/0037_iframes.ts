import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Iframes (issue 18 item 7, docs/settings.md "Iframes"): a merchant's own HTML, JavaScript and CSS, published at
 * an unguessable public id (GET /checkout/iframes/:public_id, sandboxed, strict CSP). At most 10 per merchant: the
 * server counts them under the merchant row's lock in the inserting transaction, so parallel creations cannot
 * pass the limit. The lengths are the documented bounds (packages/domain/src/api/iframes.ts IFRAME_LIMITS),
 * checked again here. Deleting an iframe deletes its row: its link answers 404 at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
create table iframes (
  id bigserial primary key,
  merchant_id bigint not null references merchants(id),
  public_id text not null unique check (public_id ~ '^[A-Za-z0-9_-]{32}$'),
  name text not null check (char_length(name) between 1 and 100),
  description text check (description is null or char_length(description) <= 1000),
  html text not null default '' check (char_length(html) <= 64000),
  javascript text not null default '' check (char_length(javascript) <= 64000),
  css text not null default '' check (char_length(css) <= 32000),
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index iframes_merchant_idx on iframes (merchant_id, id desc);
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, "drop table if exists iframes;");
}
