import { MERCHANT_PERMISSIONS } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { hashPassword } from "../security/passwords.ts";
import type { DemoCredentials } from "./generate.ts";
import { DEMO_PASSWORD } from "./world.ts";

/**
 * Registration and growth's demo (docs/onboarding.md "Registration and growth"): Nile Electronics (merchant.egypt)
 * has the referral code NILE2026, and three businesses registered through its link: two confirmed their e-mail
 * (they sign in with the demo password), one is still waiting. /growth/referring shows them.
 */
export const DEMO_REFERRAL_CODE = "NILE2026";

const DAY = 86_400_000;

export const DEMO_REFERRED = [
  {
    company: "Luxor Leather",
    name: ["Karim", "Fawzy"],
    email: "luxor.leather@example.com",
    phone: "+201001112201",
    days: 12,
    confirmed: true,
  },
  {
    company: "Dahab Dive Shop",
    name: ["Salma", "Nour"],
    email: "dahab.dive@example.com",
    phone: "+201001112202",
    days: 5,
    confirmed: true,
  },
  {
    company: "Fayoum Pottery",
    name: ["Hany", "Saad"],
    email: "fayoum.pottery@example.com",
    phone: "+201001112203",
    days: 1,
    confirmed: false,
  },
] as const;

export async function seedDemoRegistration(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<void> {
  const referrer = credentials.merchants.find((m) => m.company_name === "Nile Electronics");
  if (!referrer) return;
  await trx
    .updateTable("merchants")
    .set({ referral_code: DEMO_REFERRAL_CODE })
    .where("id", "=", referrer.merchant_id)
    .execute();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const r of DEMO_REFERRED) {
    const created = new Date(now.getTime() - r.days * DAY);
    const merchant = await trx
      .insertInto("merchants")
      .values({
        company_name: r.company,
        country: "EGY",
        phones: JSON.stringify([r.phone]),
        emails: JSON.stringify([r.email]),
        filled_business_data: false,
        is_live: false,
        created_at: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto("users")
      .values({
        username: r.email,
        email: r.email,
        first_name: r.name[0],
        last_name: r.name[1],
        password_hash: passwordHash,
        profile_type: "Merchant",
        merchant_id: merchant.id,
        country: "EGY",
        permissions: [...MERCHANT_PERMISSIONS],
        is_active: r.confirmed,
        pending_activation: !r.confirmed,
        date_joined: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    credentials.accounts.push({
      username: r.email,
      password: DEMO_PASSWORD,
      profile_type: "Merchant",
      country: "EGY",
    });
    await trx
      .insertInto("integrations")
      .values({
        merchant_id: merchant.id,
        name: "Online Card EGP - Test",
        type: "online",
        gateway_type: "VPC",
        currency: "EGP",
        is_live: false,
        created_at: created,
      })
      .execute();
    await trx
      .insertInto("merchant_registrations")
      .values({
        merchant_id: merchant.id,
        user_id: user.id,
        email: r.email,
        phone: r.phone,
        lang: "en",
        referred_by: referrer.merchant_id,
        confirmed_at: r.confirmed ? new Date(created.getTime() + 3_600_000) : null,
        created_at: created,
      })
      .execute();
  }
}
