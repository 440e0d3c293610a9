import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Issue 13 items 3, 7 and 8.
 *
 * images: the logos and product images merchants upload, in the database so every server process serves them.
 * Checked by content before they are stored (images/images.service.ts): PNG or JPEG only, by magic bytes, at
 * most 4 MB (a logo at most 1 MB). The id is random (128 bits) because GET /api/images/:id is public: the customer
 * pages show them.
 *
 * payment_links: what the dashboard's quick links add to a row. public_token is the unguessable part of the
 * customer page's address (/checkout/link?token=...), given to every row (invoices too) by its default;
 * one_click (one-click payment), logo_image_id and product_image_id (images above), use_limit (how many times
 * the quick link may be paid; null: unlimited), deactivated_at (when it was disabled: status 'deactivated').
 * The quick links' list indexes: newest first per merchant and mode, and the search's prefixes (reference,
 * client name, e-mail, phone), partial on kind 'link' (bench/selling.ts measures them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table images (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  merchant_id bigint not null references merchants(id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 4194304),
  sha256 text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index images_merchant_idx on images (merchant_id, created_at desc);
alter table payment_links add column public_token text not null default replace(gen_random_uuid()::text, '-', '');
create unique index payment_links_public_token_idx on payment_links (public_token);
alter table payment_links add column one_click boolean not null default false;
alter table payment_links add column logo_image_id text references images(id);
alter table payment_links add column product_image_id text references images(id);
alter table payment_links add column use_limit integer check (use_limit is null or use_limit > 0);
alter table payment_links add column deactivated_at timestamptz;
create index payment_links_links_list_idx on payment_links (merchant_id, is_live, created_at desc, id desc)
  where kind = 'link';
create index payment_links_links_reference_idx on payment_links (merchant_id, lower(merchant_invoice_id) text_pattern_ops)
  where kind = 'link';
create index payment_links_links_name_idx on payment_links (merchant_id, lower(client->>'full_name') text_pattern_ops)
  where kind = 'link';
create index payment_links_links_email_idx on payment_links (merchant_id, lower(client->>'email') text_pattern_ops)
  where kind = 'link';
create index payment_links_links_phone_idx on payment_links (merchant_id, (client->>'phone_number') text_pattern_ops)
  where kind = 'link';
`,
  );
}
