import { type Kysely, sql } from "kysely";
import { usePasswordToken } from "../auth/auth.repository.ts";
import type { DB } from "../db/schema.ts";

/**
 * SQL of registration and growth (docs/onboarding.md "Registration and growth"). Every query names its merchant
 * or the registration's own e-mail, phone or link; the referring list is scoped to the caller's merchant.
 */

/** An account (any profile, deleted staff excepted) or a registration already uses this e-mail address. */
export async function emailTaken(db: Kysely<DB>, email: string): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb(sql`lower(email)`, "=", email), eb(sql`lower(username)`, "=", email)]))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (user) return true;
  const registration = await db
    .selectFrom("merchant_registrations")
    .select("merchant_id")
    .where(sql`lower(email)`, "=", email)
    .executeTakeFirst();
  return registration !== undefined;
}

/** A registration or a merchant's contact phones already use this phone number. */
export async function phoneTaken(db: Kysely<DB>, phone: string): Promise<boolean> {
  const registration = await db
    .selectFrom("merchant_registrations")
    .select("merchant_id")
    .where("phone", "=", phone)
    .executeTakeFirst();
  if (registration) return true;
  const merchant = await db
    .selectFrom("merchants")
    .select("id")
    .where(sql<boolean>`phones @> ${JSON.stringify([phone])}::jsonb`)
    .executeTakeFirst();
  return merchant !== undefined;
}

/** The merchant whose referral code this is. */
export function findReferrer(db: Kysely<DB>, code: string) {
  return db
    .selectFrom("merchants")
    .select(["id", "company_name"])
    .where("referral_code", "=", code)
    .where("deactivated", "=", false)
    .executeTakeFirst();
}

export async function insertRegisteredMerchant(
  trx: Kysely<DB>,
  m: { company: string; country: string; phone: string; email: string },
): Promise<number> {
  const row = await trx
    .insertInto("merchants")
    .values({
      company_name: m.company,
      country: m.country,
      phones: JSON.stringify([m.phone]),
      emails: JSON.stringify([m.email]),
      filled_business_data: false,
      is_live: false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertOwner(
  trx: Kysely<DB>,
  u: {
    merchantId: number;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    country: string;
    permissions: string[];
  },
): Promise<number> {
  const row = await trx
    .insertInto("users")
    .values({
      username: u.email,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      password_hash: u.passwordHash,
      profile_type: "Merchant",
      merchant_id: u.merchantId,
      country: u.country,
      permissions: u.permissions,
      // Signs in once the e-mail address is confirmed.
      is_active: false,
      pending_activation: true,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function storeEmirate(trx: Kysely<DB>, merchantId: number, name: string): Promise<void> {
  await trx
    .updateTable("merchants")
    .set({
      business_information: sql`business_information || ${JSON.stringify({ address_governorate: name })}::jsonb`,
    })
    .where("id", "=", merchantId)
    .execute();
}

/** The test-mode card integration of a new merchant, in its country's currency. */
export async function insertTestIntegration(
  trx: Kysely<DB>,
  merchantId: number,
  currency: string,
): Promise<void> {
  await trx
    .insertInto("integrations")
    .values({
      merchant_id: merchantId,
      name: `Online Card ${currency} - Test`,
      type: "online",
      gateway_type: "VPC",
      currency,
      is_live: false,
    })
    .execute();
}

export async function insertRegistration(
  trx: Kysely<DB>,
  r: {
    merchantId: number;
    userId: number;
    email: string;
    phone: string;
    lang: "en" | "ar";
    referredBy: number | null;
  },
): Promise<void> {
  await trx
    .insertInto("merchant_registrations")
    .values({
      merchant_id: r.merchantId,
      user_id: r.userId,
      email: r.email,
      phone: r.phone,
      lang: r.lang,
      referred_by: r.referredBy,
    })
    .execute();
}

/**
 * Uses a confirmation link and activates its owner, in the caller's transaction: one atomic update of the
 * token, so two concurrent uses cannot both succeed. Answers the username, or undefined.
 */
export async function useConfirmationToken(trx: Kysely<DB>, hash: string): Promise<string | undefined> {
  const userId = await usePasswordToken(trx, hash, "confirm_email");
  if (userId === undefined) return undefined;
  const user = await trx
    .updateTable("users")
    .set({ is_active: true, pending_activation: false })
    .where("id", "=", userId)
    .returning(["username", "merchant_id"])
    .executeTakeFirstOrThrow();
  if (user.merchant_id !== null)
    await trx
      .updateTable("merchant_registrations")
      .set({ confirmed_at: sql`now()` })
      .where("merchant_id", "=", user.merchant_id)
      .where("confirmed_at", "is", null)
      .execute();
  return user.username;
}

/** The owner of a registration still waiting for its e-mail confirmation, by e-mail. */
export function findUnconfirmed(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("merchant_registrations as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("merchants as m", "m.id", "r.merchant_id")
    .select(["u.id", "u.email", "u.first_name", "m.company_name"])
    .where(sql`lower(r.email)`, "=", email)
    .where("r.confirmed_at", "is", null)
    .executeTakeFirst();
}

export async function referralCodeOf(db: Kysely<DB>, merchantId: number): Promise<string | null> {
  const row = await db
    .selectFrom("merchants")
    .select("referral_code")
    .where("id", "=", merchantId)
    .executeTakeFirst();
  return row?.referral_code ?? null;
}

/** Gives the merchant this code unless it has one already; answers the merchant's code. */
export async function assignReferralCode(db: Kysely<DB>, merchantId: number, code: string): Promise<string> {
  await db
    .updateTable("merchants")
    .set({ referral_code: code })
    .where("id", "=", merchantId)
    .where("referral_code", "is", null)
    .execute();
  return (await referralCodeOf(db, merchantId)) ?? code;
}

export const REFERRALS_SHOWN = 50;

/** The sign-ups a merchant brought: totals and the newest 50. */
export async function referredSignups(db: Kysely<DB>, merchantId: number) {
  const totals = await db
    .selectFrom("merchant_registrations")
    .select([sql<string>`count(*)`.as("count"), sql<string>`count(confirmed_at)`.as("confirmed")])
    .where("referred_by", "=", merchantId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("merchant_registrations as r")
    .innerJoin("merchants as m", "m.id", "r.merchant_id")
    .select(["m.company_name", "r.created_at", "r.confirmed_at"])
    .where("r.referred_by", "=", merchantId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.merchant_id", "desc")
    .limit(REFERRALS_SHOWN)
    .execute();
  return { count: Number(totals.count), confirmed: Number(totals.confirmed), rows };
}
