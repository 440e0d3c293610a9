import { MERCHANT_PERMISSIONS } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { storeImage } from "../images/images.service.ts";
import { type Rgb, solidPng } from "../images/png.ts";
import { hashPassword } from "../security/passwords.ts";
import type { DemoCredentials } from "./generate.ts";
import { DEMO_PASSWORD, STAFF_PERMISSIONS } from "./world.ts";

/**
 * Profile and settings demo (docs/settings.md "Profile and settings", docs/demo-data.md): every demo merchant
 * with sign-ins gets its business branding (brand, description, account type, sector and industry, links,
 * WhatsApp) and a logo; and one merchant of its own, Alexandria Crafts (merchant.profile), is kept for the
 * profile journey, which edits its branding and tries a wrong old password (docs/e2e.md "Accounts").
 */

interface DemoBranding {
  company: string;
  brand: string;
  description: string;
  business: 0 | 1;
  sector: number;
  industry: number;
  site: string;
  whatsapp: string;
  colour: Rgb;
  stripe: Rgb;
}

const BRANDINGS: DemoBranding[] = [
  {
    company: "Nile Electronics",
    brand: "Nile Electronics",
    description: "Phones, laptops and home electronics with delivery across Egypt.",
    business: 1,
    sector: 1,
    industry: 101,
    site: "nile-electronics",
    whatsapp: "+201001234567",
    colour: [20, 90, 160],
    stripe: [250, 200, 40],
  },
  {
    company: "Delta Pharmacy",
    brand: "صيدلية الدلتا",
    description: "Medicines and personal care, open day and night in Tanta.",
    business: 1,
    sector: 3,
    industry: 301,
    site: "delta-pharmacy",
    whatsapp: "+201112345678",
    colour: [20, 130, 90],
    stripe: [255, 255, 255],
  },
  {
    company: "Gulf Fashion House",
    brand: "Gulf Fashion House",
    description: "Abayas, kandoras and seasonal collections from Dubai.",
    business: 1,
    sector: 1,
    industry: 102,
    site: "gulf-fashion",
    whatsapp: "+971501234567",
    colour: [120, 40, 90],
    stripe: [230, 190, 120],
  },
  {
    company: "Riyadh Home Furnishings",
    brand: "مفروشات الرياض",
    description: "Sofas, carpets and home furniture with installation in Riyadh.",
    business: 1,
    sector: 1,
    industry: 104,
    site: "riyadh-home",
    whatsapp: "+966501234567",
    colour: [140, 90, 40],
    stripe: [240, 230, 210],
  },
  {
    company: "Lahore Books & Learning",
    brand: "کتاب گھر لاہور",
    description: "Books, stationery and school supplies in Urdu and English.",
    business: 0,
    sector: 4,
    industry: 403,
    site: "lahore-books",
    whatsapp: "+923001234567",
    colour: [30, 110, 60],
    stripe: [250, 250, 250],
  },
  {
    company: "Muscat Travel & Tours",
    brand: "Muscat Travel and Tours",
    description: "Desert, mountain and sea trips across Oman.",
    business: 1,
    sector: 5,
    industry: 501,
    site: "muscat-travel",
    whatsapp: "+96891234567",
    colour: [0, 120, 140],
    stripe: [250, 220, 150],
  },
];

/** The journey's own merchant (Egypt): nobody else signs in as merchant.profile. */
export const PROFILE_MERCHANT = {
  username: "merchant.profile",
  company: "Alexandria Crafts",
} as const;

const PROFILE_BRANDING: DemoBranding = {
  company: PROFILE_MERCHANT.company,
  brand: "Alexandria Crafts",
  description: "Hand made pottery, lamps and rugs from Alexandria workshops.",
  business: 0,
  sector: 1,
  industry: 104,
  site: "alexandria-crafts",
  whatsapp: "+201234567890",
  colour: [180, 80, 40],
  stripe: [250, 240, 220],
};

function businessInformation(b: DemoBranding) {
  return {
    business: b.business,
    brand_name: b.brand,
    business_description: b.description,
    sector: b.sector,
    industry: b.industry,
    website_url: `https://www.${b.site}.example.com`,
    facebook_url: `https://www.facebook.com/${b.site.replace(/-/g, "")}`,
    instagram_url: `https://www.instagram.com/${b.site.replace(/-/g, ".")}`,
    whatsapp_number: b.whatsapp,
  };
}

async function brand(trx: Kysely<DB>, merchantId: number, b: DemoBranding): Promise<void> {
  const logo = await storeImage(trx, merchantId, {
    bytes: solidPng(96, 96, b.colour, b.stripe),
    name: "logo.png",
    contentType: "image/png",
  });
  await trx
    .updateTable("merchants")
    .set({
      business_information: sql`business_information || ${JSON.stringify(businessInformation(b))}::jsonb`,
      logo_url: logo.url,
    })
    .where("id", "=", merchantId)
    .execute();
}

export async function seedDemoProfiles(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<{ branded: number }> {
  let branded = 0;
  for (const b of BRANDINGS) {
    const merchant = await trx
      .selectFrom("merchants")
      .select("id")
      .where("company_name", "=", b.company)
      .orderBy("id")
      .executeTakeFirst();
    if (!merchant) continue;
    await brand(trx, merchant.id, b);
    branded++;
  }

  const created = new Date(now.getTime() - 200 * 86_400_000);
  const merchant = await trx
    .insertInto("merchants")
    .values({
      company_name: PROFILE_MERCHANT.company,
      country: "EGY",
      sector: "Retail",
      sales_owner: "Mariam Adel",
      phones: JSON.stringify(["+201234567890", "+20341234567"]),
      emails: JSON.stringify(["hello@alexandria-crafts.example.com", "orders@alexandria-crafts.example.com"]),
      filled_business_data: true,
      created_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await brand(trx, merchant.id, PROFILE_BRANDING);
  await trx
    .insertInto("users")
    .values({
      username: PROFILE_MERCHANT.username,
      email: `${PROFILE_MERCHANT.username}@example.com`,
      first_name: "Nadia",
      last_name: "Fawzy",
      password_hash: await hashPassword(DEMO_PASSWORD),
      profile_type: "Merchant",
      merchant_id: merchant.id,
      country: "EGY",
      permissions: [...MERCHANT_PERMISSIONS],
      date_joined: new Date(created.getTime() + 86_400_000),
    })
    .execute();
  credentials.accounts.push({
    username: PROFILE_MERCHANT.username,
    password: DEMO_PASSWORD,
    profile_type: "Merchant",
    country: "EGY",
  });
  // Its staff read the profile and settings but do not change them (docs/settings.md).
  for (const [staff, first, last] of [
    ["staff1", "Omar", "Said"],
    ["staff2", "Laila", "Hassan"],
  ] as const) {
    const username = `${staff}.profile`;
    await trx
      .insertInto("users")
      .values({
        username,
        email: `${username}@example.com`,
        first_name: first,
        last_name: last,
        password_hash: await hashPassword(DEMO_PASSWORD),
        profile_type: "MerchantStaff",
        merchant_id: merchant.id,
        country: "EGY",
        permissions: [...STAFF_PERMISSIONS[staff]],
        date_joined: new Date(created.getTime() + 30 * 86_400_000),
      })
      .execute();
    credentials.accounts.push({
      username,
      password: DEMO_PASSWORD,
      profile_type: "MerchantStaff",
      country: "EGY",
    });
  }
  return { branded: branded + 1 };
}
