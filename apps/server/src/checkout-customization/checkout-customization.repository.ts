import type { CheckoutMethodSetting } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The SQL of checkout customization (issue 18 item 5): one row per merchant, every statement scoped to the
 * merchant's id (a merchant can read or write only its own row, its own integrations, its own images).
 */

export interface CustomizationRow {
  primary_color: string;
  background_color: string;
  text_color: string;
  button_text_color: string;
  logo_image_id: string | null;
  methods: CheckoutMethodSetting[];
  post_payment_text: string | null;
  redirect_url: string | null;
  updated_at: Date;
}

export function findCustomization(db: Kysely<DB>, merchantId: number): Promise<CustomizationRow | undefined> {
  return db
    .selectFrom("checkout_customizations")
    .select([
      "primary_color",
      "background_color",
      "text_color",
      "button_text_color",
      "logo_image_id",
      "methods",
      "post_payment_text",
      "redirect_url",
      "updated_at",
    ])
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/** The merchant's name and company logo (what the checkout shows without a customized logo). */
export function merchantBrand(
  db: Kysely<DB>,
  merchantId: number,
): Promise<{ company_name: string; logo_url: string | null } | undefined> {
  return db
    .selectFrom("merchants")
    .select(["company_name", "logo_url"])
    .where("id", "=", merchantId)
    .executeTakeFirst();
}

/** The merchant's integrations (test and live), oldest first: the methods a checkout can offer. */
export function merchantIntegrations(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("integrations")
    .select(["id", "name", "gateway_type", "is_live"])
    .where("merchant_id", "=", merchantId)
    .orderBy("id")
    .execute();
}

/** True when the image exists and is this merchant's. */
export async function isOwnImage(db: Kysely<DB>, merchantId: number, imageId: string): Promise<boolean> {
  const row = await db
    .selectFrom("images")
    .select("id")
    .where("id", "=", imageId)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface CustomizationValues {
  primary_color: string;
  background_color: string;
  text_color: string;
  button_text_color: string;
  logo_image_id: string | null;
  methods: CheckoutMethodSetting[];
  post_payment_text: string | null;
  redirect_url: string | null;
}

/** Writes the merchant's one row (insert or replace), in one statement. */
export async function upsertCustomization(
  db: Kysely<DB>,
  merchantId: number,
  userId: number | null,
  values: CustomizationValues,
): Promise<void> {
  const row = {
    ...values,
    methods: JSON.stringify(values.methods),
    updated_by: userId,
    updated_at: new Date(),
  };
  await db
    .insertInto("checkout_customizations")
    .values({ merchant_id: merchantId, ...row })
    .onConflict((oc) => oc.column("merchant_id").doUpdateSet(row))
    .execute();
}
