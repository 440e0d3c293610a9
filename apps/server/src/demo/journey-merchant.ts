import { MERCHANT_PERMISSIONS } from "@portal/domain";
import type { Insertable, Kysely } from "kysely";
import type { DB, MerchantsTable } from "../db/schema.ts";
import { issueMerchantKeys } from "../security/keys.ts";
import { hashPassword } from "../security/passwords.ts";
import type { DemoCredentials } from "./generate.ts";
import { DEMO_PASSWORD } from "./world.ts";

/** A merchant made for one journey (docs/e2e.md "Accounts"): its company, phone and owner's sign-in. */
export interface JourneyAccount {
  company: string;
  phone: string;
  username: string;
}

export interface JourneyIntegration {
  name: string;
  type: string;
  gateway_type: string;
  is_live: boolean;
}

/**
 * An Egyptian merchant with its owner (every merchant permission, the demo password), the given integrations in
 * EGP, its keys, and the owner's sign-in in the credentials' accounts. `merchant` sets what differs between the
 * journeys (statuses, live, bank, MCC).
 */
export async function seedJourneyMerchant(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  account: JourneyAccount,
  options: {
    created: Date;
    merchant?: Partial<Insertable<MerchantsTable>>;
    integrations: readonly JourneyIntegration[];
  },
): Promise<{
  id: number;
  ownerId: number;
  integrations: { id: number; gateway_type: string; is_live: boolean }[];
}> {
  const { created } = options;
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
      hmac_secret_enc: null,
      created_at: created,
      ...options.merchant,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(merchant.id);
  const owner = await trx
    .insertInto("users")
    .values({
      username: account.username,
      email: `${account.username}@example.com`,
      first_name: account.company.split(" ")[0]!,
      last_name: "Owner",
      password_hash: await hashPassword(DEMO_PASSWORD),
      profile_type: "Merchant",
      merchant_id: id,
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
      options.integrations.map((i) => ({ ...i, merchant_id: id, currency: "EGP", created_at: created })),
    )
    .returning(["id", "gateway_type", "is_live"])
    .execute();
  await issueMerchantKeys(trx, id, { country: "EGY", dataKey, now: created });
  credentials.accounts.push({
    username: account.username,
    password: DEMO_PASSWORD,
    profile_type: "Merchant",
    country: "EGY",
  });
  return {
    id,
    ownerId: Number(owner.id),
    integrations: integrations.map((i) => ({ ...i, id: Number(i.id) })),
  };
}

/** The test card integration every journey merchant has. */
export const TEST_CARD: JourneyIntegration = {
  name: "Card - Test",
  type: "online",
  gateway_type: "VPC",
  is_live: false,
};
/** The live card integration of a live journey merchant. */
export const LIVE_CARD: JourneyIntegration = {
  name: "Card - Live",
  type: "online",
  gateway_type: "VPC",
  is_live: true,
};
