import { MERCHANT_PERMISSIONS } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { issueMerchantKeys } from "../security/keys.ts";
import { hashPassword } from "../security/passwords.ts";
import type { DemoCredentials } from "./generate.ts";
import { DEMO_PASSWORD } from "./world.ts";

/**
 * Checkout customization's demo (docs/settings.md "Checkout customization"): Luxor Leather (branding.en) and
 * Dahab Spices (branding.ar) each have a customized hosted checkout (their own colours, the kiosk listed before the
 * card, instalments hidden, a thank-you text after payment). They are the checkout customization journey's own
 * accounts (e2e/journeys/checkout-customization.test.ts, one per language), so no other journey's payments see
 * their colours, and the journey's changes touch no other account. Each has test card, kiosk and instalment
 * integrations in EGP, a live card integration and its own keys.
 */
const DAY = 86_400_000;

export const BRANDING_ACCOUNTS = [
  {
    username: "branding.en",
    company: "Luxor Leather",
    phone: "+201001234571",
    look: { primary: "#0f766e", background: "#f0fdfa", text: "#134e4a" },
    thanks: "Thank you for shopping with Luxor Leather. Your bag ships within two days.",
  },
  {
    username: "branding.ar",
    company: "Dahab Spices",
    phone: "+201001234572",
    look: { primary: "#9a3412", background: "#fff7ed", text: "#431407" },
    thanks: "شكرًا لتسوقك من توابل دهب. يصل طلبك خلال يومين.",
  },
] as const;

export async function seedDemoCheckoutCustomization(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
): Promise<void> {
  for (const account of BRANDING_ACCOUNTS) await brandedMerchant(trx, credentials, dataKey, now, account);
}

async function brandedMerchant(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
  account: (typeof BRANDING_ACCOUNTS)[number],
): Promise<void> {
  const created = new Date(now.getTime() - 40 * DAY);
  const slug = account.company.toLowerCase().replace(/\s+/g, "-");
  const merchant = await trx
    .insertInto("merchants")
    .values({
      company_name: account.company,
      country: "EGY",
      bank_id: null,
      partner_id: null,
      sector: "Retail",
      sales_owner: "Mariam Adel",
      phones: JSON.stringify([account.phone]),
      emails: JSON.stringify([`contact@${slug}.example.com`]),
      filled_business_data: true,
      payout_enabled: true,
      payout_terms: true,
      logo_url: null,
      bank_merchant_status: "approved",
      digital_status: "approved",
      is_live: true,
      live_date: new Date(created.getTime() + DAY),
      mcc: "5948",
      hmac_secret_enc: null,
      created_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const owner = await trx
    .insertInto("users")
    .values({
      username: account.username,
      email: `${account.username}@example.com`,
      first_name: account.company.split(" ")[0]!,
      last_name: "Owner",
      password_hash: await hashPassword(DEMO_PASSWORD),
      profile_type: "Merchant",
      merchant_id: merchant.id,
      bank_id: null,
      partner_id: null,
      terminal_id: null,
      country: "EGY",
      permissions: [...MERCHANT_PERMISSIONS],
      portal_config: null,
      is_temp_password: false,
      date_joined: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const integrations = await trx
    .insertInto("integrations")
    .values(
      [
        { name: "Card - Test", type: "online", gateway_type: "VPC", is_live: false },
        { name: "Kiosk - Test", type: "online", gateway_type: "CAGG", is_live: false },
        { name: "Installments - Test", type: "installments", gateway_type: "INSTALLMENT", is_live: false },
        { name: "Card - Live", type: "online", gateway_type: "VPC", is_live: true },
      ].map((i) => ({ ...i, merchant_id: merchant.id, currency: "EGP", created_at: created })),
    )
    .returning(["id", "gateway_type", "is_live"])
    .execute();
  await issueMerchantKeys(trx, merchant.id, { country: "EGY", dataKey, now: created });
  const id = (gateway: string, live = false) =>
    integrations.find((i) => i.gateway_type === gateway && i.is_live === live)!.id;
  await trx
    .insertInto("checkout_customizations")
    .values({
      merchant_id: merchant.id,
      primary_color: account.look.primary,
      background_color: account.look.background,
      text_color: account.look.text,
      button_text_color: "#ffffff",
      logo_image_id: null,
      methods: JSON.stringify([
        { integration_id: id("CAGG"), visible: true },
        { integration_id: id("VPC"), visible: true },
        { integration_id: id("INSTALLMENT"), visible: false },
        { integration_id: id("VPC", true), visible: true },
      ]),
      post_payment_text: account.thanks,
      redirect_url: null,
      updated_by: owner.id,
      updated_at: new Date(now.getTime() - 3 * DAY),
    })
    .execute();
  credentials.accounts.push({
    username: account.username,
    password: DEMO_PASSWORD,
    profile_type: "Merchant",
    country: "EGY",
  });
}
