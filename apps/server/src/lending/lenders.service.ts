import {
  LENDER_MESSAGES,
  LENDER_PUBLIC_ID_PATTERN,
  type Lender,
  type LenderAddBody,
  type LenderEditBody,
  type LenderListAnswer,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { takesCards } from "../payments/methods.ts";
import { isUniqueViolation } from "../payments/orders.service.ts";
import {
  findBankLender,
  findBankMerchantId,
  findMerchantIntegration,
  insertBankLender,
  type LenderListRow,
  lenderCandidates,
  lenderOfMerchant,
  lenderOfPublicId,
  listLenders,
  updateBankLender,
} from "./lenders.repository.ts";

/**
 * Lender management by the merchant's bank (docs/pos-risk.md "Lenders"): list, add, edit, disable. Field
 * refusals answer 400 `validation` with the field's message (LENDER_MESSAGES); another bank's lender is 404.
 */

const refuse = (field: string, message: string) =>
  new HttpError(400, "validation", "Invalid request.", { [field]: [message] });

function lenderOf(r: LenderListRow): Lender {
  return {
    id: Number(r.id),
    public_id: r.public_id,
    merchant_id: Number(r.merchant_id),
    merchant_name: r.merchant_name,
    integration_id: Number(r.integration_id),
    integration_name: r.integration_name,
    is_live: r.is_live,
    currency: r.currency,
    is_active: r.disabled_at === null,
    customers: Number(r.customers),
    open_loans: Number(r.open_loans),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null,
  };
}

export async function bankLenders(db: Kysely<DB>, bankId: number): Promise<LenderListAnswer> {
  const [rows, { merchants, integrations }] = await Promise.all([
    listLenders(db, bankId),
    lenderCandidates(db, bankId),
  ]);
  return {
    results: rows.map(lenderOf),
    merchants: merchants.map((m) => ({
      id: Number(m.id),
      name: m.company_name,
      is_lender: m.lender_id !== null,
      integrations: integrations
        .filter((i) => Number(i.merchant_id) === Number(m.id) && takesCards(i))
        .map((i) => ({ id: Number(i.id), name: i.name, is_live: i.is_live, currency: i.currency })),
    })),
  };
}

async function checkedIntegration(db: Kysely<DB>, merchantId: number, integrationId: number) {
  const integration = await findMerchantIntegration(db, merchantId, integrationId);
  if (!integration || !takesCards(integration)) throw refuse("integration_id", LENDER_MESSAGES.integration);
}

async function checkedPublicId(db: Kysely<DB>, value: string, lenderId?: number): Promise<string> {
  const publicId = value.trim();
  if (!LENDER_PUBLIC_ID_PATTERN.test(publicId)) throw refuse("public_id", LENDER_MESSAGES.publicId);
  const other = await lenderOfPublicId(db, publicId);
  if (other && Number(other.id) !== lenderId) throw refuse("public_id", LENDER_MESSAGES.publicIdTaken);
  return publicId;
}

/** A unique index refused the write (a concurrent add): the same answers as the checks before it. */
function uniqueRefusal(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text = String((error as { message?: string }).message ?? "");
    if (text.includes("merchant_id")) throw refuse("merchant_id", LENDER_MESSAGES.alreadyLender);
    throw refuse("public_id", LENDER_MESSAGES.publicIdTaken);
  }
  throw error;
}

export async function addBankLender(db: Kysely<DB>, bankId: number, body: LenderAddBody): Promise<Lender> {
  if (!(await findBankMerchantId(db, bankId, body.merchant_id)))
    throw refuse("merchant_id", LENDER_MESSAGES.merchant);
  if (await lenderOfMerchant(db, body.merchant_id))
    throw refuse("merchant_id", LENDER_MESSAGES.alreadyLender);
  await checkedIntegration(db, body.merchant_id, body.integration_id);
  const publicId = await checkedPublicId(db, body.public_id);
  const id = await insertBankLender(db, {
    merchant_id: body.merchant_id,
    integration_id: body.integration_id,
    public_id: publicId,
  }).catch(uniqueRefusal);
  return lenderOf((await findBankLender(db, bankId, id))!);
}

export async function editBankLender(
  db: Kysely<DB>,
  bankId: number,
  id: number,
  body: LenderEditBody,
  now: Date,
): Promise<Lender> {
  const lender = await findBankLender(db, bankId, id);
  if (!lender) throw new HttpError(404, "not_found", "Not found.");
  await checkedIntegration(db, Number(lender.merchant_id), body.integration_id);
  const publicId = await checkedPublicId(db, body.public_id, id);
  // Disabling keeps the moment it was first disabled; enabling clears it.
  const disabledAt = body.is_active ? null : (lender.disabled_at ?? now);
  await updateBankLender(db, bankId, id, {
    integration_id: body.integration_id,
    public_id: publicId,
    disabled_at: disabledAt,
    updated_at: now,
  }).catch(uniqueRefusal);
  return lenderOf((await findBankLender(db, bankId, id))!);
}
