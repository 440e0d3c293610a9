import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * Lender management's SQL (docs/pos-risk.md "Lenders"): every statement is scoped to the caller's bank through the
 * lender's merchant (merchants.bank_id).
 */

function lenders(db: Kysely<DB>, bankId: number) {
  return db
    .selectFrom("lending_lenders as l")
    .innerJoin("merchants as m", "m.id", "l.merchant_id")
    .innerJoin("integrations as i", "i.id", "l.integration_id")
    .select([
      "l.id",
      "l.public_id",
      "l.merchant_id",
      "m.company_name as merchant_name",
      "l.integration_id",
      "i.name as integration_name",
      "i.is_live",
      "i.currency",
      "l.disabled_at",
      "l.created_at",
      "l.updated_at",
      sql<string>`(select count(*) from lending_accounts a where a.lender_id = l.id)`.as("customers"),
      sql<string>`(select count(*) from loans o where o.lender_id = l.id and o.status = 'open')`.as(
        "open_loans",
      ),
    ])
    .where("m.bank_id", "=", bankId);
}

export function listLenders(db: Kysely<DB>, bankId: number) {
  return lenders(db, bankId).orderBy("l.id", "desc").limit(500).execute();
}
export type LenderListRow = Awaited<ReturnType<typeof listLenders>>[number];

export function findBankLender(db: Kysely<DB>, bankId: number, id: number) {
  return lenders(db, bankId).where("l.id", "=", id).executeTakeFirst();
}

/** The bank's merchants (at most 500, newest first) with their active integrations, for the dialogs. */
export async function lenderCandidates(db: Kysely<DB>, bankId: number) {
  const merchants = await db
    .selectFrom("merchants as m")
    .leftJoin("lending_lenders as l", "l.merchant_id", "m.id")
    .select(["m.id", "m.company_name", "l.id as lender_id"])
    .where("m.bank_id", "=", bankId)
    .orderBy("m.id", "desc")
    .limit(500)
    .execute();
  const ids = merchants.map((m) => Number(m.id));
  const integrations =
    ids.length === 0
      ? []
      : await db
          .selectFrom("integrations")
          .select(["id", "merchant_id", "name", "type", "gateway_type", "is_live", "currency"])
          .where("merchant_id", "in", ids)
          .where("is_active", "=", true)
          .orderBy("id")
          .execute();
  return { merchants, integrations };
}

/** The bank's merchant, when it is one. */
export function findBankMerchantId(db: Kysely<DB>, bankId: number, merchantId: number) {
  return db
    .selectFrom("merchants")
    .select(["id"])
    .where("id", "=", merchantId)
    .where("bank_id", "=", bankId)
    .executeTakeFirst();
}

/** The merchant's active integration of that id, when it is one. */
export function findMerchantIntegration(db: Kysely<DB>, merchantId: number, integrationId: number) {
  return db
    .selectFrom("integrations")
    .select(["id", "type", "gateway_type"])
    .where("id", "=", integrationId)
    .where("merchant_id", "=", merchantId)
    .where("is_active", "=", true)
    .executeTakeFirst();
}

export function lenderOfMerchant(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("lending_lenders")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

export function lenderOfPublicId(db: Kysely<DB>, publicId: string) {
  return db.selectFrom("lending_lenders").select("id").where("public_id", "=", publicId).executeTakeFirst();
}

export async function insertBankLender(
  db: Kysely<DB>,
  values: { merchant_id: number; integration_id: number; public_id: string },
): Promise<number> {
  const row = await db.insertInto("lending_lenders").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes the bank's lender (its merchant is the bank's: checked in the same statement). */
export async function updateBankLender(
  db: Kysely<DB>,
  bankId: number,
  id: number,
  values: { integration_id: number; public_id: string; disabled_at: Date | null; updated_at: Date },
): Promise<boolean> {
  const done = await db
    .updateTable("lending_lenders")
    .set(values)
    .where("id", "=", id)
    .where("merchant_id", "in", (eb) => eb.selectFrom("merchants").select("id").where("bank_id", "=", bankId))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
