import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Products (issue 13, item 4; docs/selling.md "Products"). A product is sold on its public page: a purchase
 * makes an order (api_source PRODUCT) and holds its quantity in product_reservations until its payment key
 * expires; the payment's own statement (payments/payment.repository.ts writePayment) marks the reservation paid
 * and takes the quantity off the inventory. Inventory never goes below zero (check constraint), and what a
 * purchase may hold is the inventory less the live reservations, counted under the product's row lock, so
 * concurrent purchases never hold more than is left.
 *
 * image_id names an image of the image store (0025, images/): checked to be the merchant's own when a product is
 * saved.
 *
 * The merchant product id is unique per merchant and mode among products not deleted (a unique index: two concurrent
 * creations with one id cannot both succeed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table products (
  id bigserial primary key,
  public_id text not null unique,
  merchant_id bigint not null references merchants(id),
  is_live boolean not null,
  name text not null,
  description text,
  price_cents bigint not null check (price_cents > 0),
  currency text not null check (currency in ('EGP','USD')),
  inventory integer not null check (inventory >= 0),
  delivery_needed boolean not null default false,
  allow_quantity_edit boolean not null default false,
  merchant_product_id text,
  integration_ids bigint[] not null default '{}',
  image_id text,
  created_by text,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index products_merchant_idx on products (merchant_id, is_live, created_at desc, id desc) where deleted_at is null;
create unique index products_merchant_product_id_key on products (merchant_id, is_live, merchant_product_id)
  where merchant_product_id is not null and deleted_at is null;
create table product_reservations (
  order_id bigint primary key references orders(id),
  product_id bigint not null references products(id),
  quantity integer not null check (quantity > 0),
  expires_at timestamptz not null,
  paid_at timestamptz,
  created_at timestamptz not null default now()
);
create index product_reservations_live_idx on product_reservations (product_id, expires_at) where paid_at is null;
`,
  );
}
