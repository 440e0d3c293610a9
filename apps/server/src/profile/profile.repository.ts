import { type Kysely, sql } from "kysely";
import type { DB, MerchantDocumentsTable } from "../db/schema.ts";

/** The SQL of the merchant's Profile and Settings (docs/settings.md); every query is scoped to its merchant. */

/** What the profile shows of the merchant, its integrations and its latest submitted contract. */
export async function readMerchantProfile(db: Kysely<DB>, merchantId: number) {
  const [merchant, integrations, contract] = await Promise.all([
    db
      .selectFrom("merchants")
      .select([
        "id",
        "company_name",
        "country",
        "phones",
        "emails",
        "logo_url",
        "created_at",
        "notification_emails",
        "business_information",
      ])
      .where("id", "=", merchantId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("integrations")
      .select([
        sql<number>`count(*)`.as("n"),
        sql<boolean>`coalesce(bool_or(is_live and is_active), false)`.as("live"),
      ])
      .where("merchant_id", "=", merchantId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("merchant_documents")
      .select(["id", "file_name", "content_type", "size_bytes", "created_at"])
      .where("merchant_id", "=", merchantId)
      .where("kind", "=", "provider_contract")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { merchant, integrations: Number(integrations.n), live: integrations.live, contract };
}

/** The signed-in user's name and address (the account info). */
export function readUserContact(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("users")
    .select(["username", "email"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

export async function updateCompany(
  db: Kysely<DB>,
  merchantId: number,
  value: { company_name: string; phones: string[]; emails: string[] },
): Promise<void> {
  await db
    .updateTable("merchants")
    .set({
      company_name: value.company_name,
      phones: JSON.stringify(value.phones),
      emails: JSON.stringify(value.emails),
    })
    .where("id", "=", merchantId)
    .execute();
}

/** Merges the branding into the business information the onboarding questionnaire also writes. */
export async function updateBranding(
  db: Kysely<DB>,
  merchantId: number,
  value: Record<string, string | number | null>,
): Promise<void> {
  await db
    .updateTable("merchants")
    .set({ business_information: sql`business_information || ${JSON.stringify(value)}::jsonb` })
    .where("id", "=", merchantId)
    .execute();
}

/** The size of one of the merchant's own uploaded images, or undefined when it is not the merchant's. */
export function findMerchantImage(db: Kysely<DB>, merchantId: number, imageId: string) {
  return db
    .selectFrom("images")
    .select(["id", "size_bytes"])
    .where("id", "=", imageId)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

export async function setLogo(db: Kysely<DB>, merchantId: number, logoUrl: string): Promise<void> {
  await db.updateTable("merchants").set({ logo_url: logoUrl }).where("id", "=", merchantId).execute();
}

export async function setNotificationEmails(
  db: Kysely<DB>,
  merchantId: number,
  enabled: boolean,
): Promise<void> {
  await db
    .updateTable("merchants")
    .set({ notification_emails: enabled })
    .where("id", "=", merchantId)
    .execute();
}

/** Stores a submitted contract as the merchant's provider contract document (its bank reviews it). */
export async function insertContract(
  db: Kysely<DB>,
  merchantId: number,
  userId: number,
  file: { name: string; contentType: MerchantDocumentsTable["content_type"]; bytes: Buffer },
): Promise<void> {
  await db
    .insertInto("merchant_documents")
    .values({
      merchant_id: merchantId,
      kind: "provider_contract",
      file_name: file.name,
      content_type: file.contentType,
      size_bytes: file.bytes.byteLength,
      content: file.bytes,
      uploaded_by: userId,
    })
    .execute();
}
