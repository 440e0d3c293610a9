import { ACTIVATION_DOCUMENT_KINDS, type ActivationDocumentKind } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The SQL of the account activation wizard (activation.service.ts decides; docs/onboarding.md "Account
 * activation"). Every query names its merchant; the bank's reads also name the bank.
 */

export type ActivationRow = NonNullable<Awaited<ReturnType<typeof findActivation>>>;

export function findActivation(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchant_activations")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/** The merchant's country and its bank (the application's rules depend on the country). */
export function findMerchantForActivation(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchants")
    .select(["id", "country", "bank_id", "bank_merchant_status"])
    .where("id", "=", merchantId)
    .executeTakeFirst();
}

/** The bank's own merchant (undefined for another bank's). */
export function findBankMerchantForActivation(db: Kysely<DB>, bankId: number, merchantId: number) {
  return db
    .selectFrom("merchants")
    .select(["id", "country", "bank_id", "bank_merchant_status"])
    .where("id", "=", merchantId)
    .where("bank_id", "=", bankId)
    .executeTakeFirst();
}

export interface ActivationValues {
  business_info?: string | null;
  payment_solutions?: string | null;
  documents?: string | null;
  settlements_encrypted?: string | null;
  terms_accepted?: boolean | null;
  terms_version?: string | null;
}

/** Saves some of a draft's steps (creates the draft on first save); never touches a submitted one. */
export async function saveDraft(
  db: Kysely<DB>,
  merchantId: number,
  values: ActivationValues,
  now: Date,
): Promise<boolean> {
  await db
    .insertInto("merchant_activations")
    .values({ merchant_id: merchantId, updated_at: now })
    .onConflict((oc) => oc.column("merchant_id").doNothing())
    .execute();
  const result = await db
    .updateTable("merchant_activations")
    .set({ ...values, updated_at: now })
    .where("merchant_id", "=", merchantId)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the draft submitted (false when it was not a draft any more: a concurrent submit). */
export async function markSubmitted(
  db: Kysely<DB>,
  merchantId: number,
  userId: number,
  termsVersion: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("merchant_activations")
    .set({
      status: "submitted",
      terms_accepted: true,
      terms_version: termsVersion,
      submitted_at: now,
      submitted_by: userId,
      updated_at: now,
    })
    .where("merchant_id", "=", merchantId)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The merchant awaits its bank's review: business data filled, status pending (from pending or rejected: an
 * approved or deactivated merchant keeps its status). With its submitted application (markSubmitted, which
 * migration 0052's trigger copies to merchants.application_submitted) the back-office shows it as Pending
 * Verification.
 */
export async function markPendingVerification(db: Kysely<DB>, merchantId: number): Promise<void> {
  await db
    .updateTable("merchants")
    .set({ filled_business_data: true })
    .where("id", "=", merchantId)
    .execute();
  await db
    .updateTable("merchants")
    .set({ bank_merchant_status: "pending" })
    .where("id", "=", merchantId)
    .where("bank_merchant_status", "in", ["pending", "rejected"])
    .execute();
}

const KINDS = ACTIVATION_DOCUMENT_KINDS as readonly ActivationDocumentKind[];

/** The wizard's uploads of the merchant (they carry a content hash), metadata only. */
export function listActivationFiles(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchant_documents")
    .select(["id", "kind", "file_name", "content_type", "size_bytes", "content_hash", "created_at"])
    .where("merchant_id", "=", merchantId)
    .where("content_hash", "is not", null)
    .where("kind", "in", KINDS)
    .orderBy("id")
    .execute();
}

export interface NewActivationFile {
  merchant_id: number;
  kind: ActivationDocumentKind;
  file_name: string;
  content_type: "image/png" | "image/jpeg";
  size_bytes: number;
  content: Buffer;
  content_hash: string;
  uploaded_by: number;
}

/**
 * Stores an upload in place of the kind's previous wizard upload, in one transaction. Answers undefined when the
 * merchant already has a document with the same content hash (the unique index decides under a race).
 */
export async function replaceActivationFile(
  db: Kysely<DB>,
  file: NewActivationFile,
): Promise<{ id: number; created_at: Date } | undefined> {
  return db.transaction().execute(async (trx) => {
    const duplicate = await trx
      .selectFrom("merchant_documents")
      .select("id")
      .where("merchant_id", "=", file.merchant_id)
      .where("content_hash", "=", file.content_hash)
      .executeTakeFirst();
    if (duplicate) return undefined;
    await trx
      .deleteFrom("merchant_documents")
      .where("merchant_id", "=", file.merchant_id)
      .where("kind", "=", file.kind)
      .where("content_hash", "is not", null)
      .execute();
    const row = await trx
      .insertInto("merchant_documents")
      .values({ ...file, encryption: "v1" })
      .onConflict((oc) =>
        oc.columns(["merchant_id", "content_hash"]).where("content_hash", "is not", null).doNothing(),
      )
      .returning(["id", "created_at"])
      .executeTakeFirst();
    return row ? { id: Number(row.id), created_at: row.created_at } : undefined;
  });
}

/** Removes one of the merchant's wizard uploads; false when it is not one. */
export async function deleteActivationFile(db: Kysely<DB>, merchantId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("merchant_documents")
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .where("content_hash", "is not", null)
    .where("kind", "in", KINDS)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many wizard uploads a merchant has, or all merchants (tests: nothing stored after a refusal). */
export async function countActivationFiles(db: Kysely<DB>, merchantId?: number): Promise<number> {
  let query = db
    .selectFrom("merchant_documents")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("content_hash", "is not", null);
  if (merchantId !== undefined) query = query.where("merchant_id", "=", merchantId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
