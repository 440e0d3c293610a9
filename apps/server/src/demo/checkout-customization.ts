import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { DemoCredentials } from "./generate.ts";
import { LIVE_CARD, seedJourneyMerchant, TEST_CARD } from "./journey-merchant.ts";

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
  const merchant = await seedJourneyMerchant(trx, credentials, dataKey, account, {
    created,
    merchant: {
      payout_enabled: true,
      payout_terms: true,
      logo_url: null,
      bank_merchant_status: "approved",
      digital_status: "approved",
      is_live: true,
      live_date: new Date(created.getTime() + DAY),
      mcc: "5948",
    },
    integrations: [
      TEST_CARD,
      { name: "Kiosk - Test", type: "online", gateway_type: "CAGG", is_live: false },
      { name: "Installments - Test", type: "installments", gateway_type: "INSTALLMENT", is_live: false },
      LIVE_CARD,
    ],
  });
  const integrations = merchant.integrations;
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
      updated_by: merchant.ownerId,
      updated_at: new Date(now.getTime() - 3 * DAY),
    })
    .execute();
}
