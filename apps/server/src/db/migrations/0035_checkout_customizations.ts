import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Issue 18 item 5: checkout customization, one row per merchant (none: the checkout's own look). Colours as
 * #rrggbb (their contrast is checked before saving, packages/domain checkout-customization.ts); logo_image_id an
 * uploaded image of the merchant; methods the integrations in the checkout's order with their visibility
 * ([{integration_id, visible}]); post_payment_text shown on the success page; redirect_url (http or https)
 * where the customer goes after paying when the payment names none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table checkout_customizations (
  merchant_id bigint primary key references merchants(id),
  primary_color text not null check (primary_color ~ '^#[0-9a-f]{6}$'),
  background_color text not null check (background_color ~ '^#[0-9a-f]{6}$'),
  text_color text not null check (text_color ~ '^#[0-9a-f]{6}$'),
  button_text_color text not null check (button_text_color ~ '^#[0-9a-f]{6}$'),
  logo_image_id text references images(id),
  methods jsonb not null default '[]'::jsonb check (jsonb_typeof(methods) = 'array'),
  post_payment_text text check (char_length(post_payment_text) <= 500),
  redirect_url text check (redirect_url ~ '^https?://'),
  updated_by bigint references users(id),
  updated_at timestamptz not null default now()
);
`,
  );
}
