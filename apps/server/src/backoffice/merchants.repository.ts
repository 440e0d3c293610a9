import type { MerchantListQuery, MerchantStage, PartnerMerchantQuery } from "@portal/domain";
import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type {
  DB,
  MerchantActionsTable,
  MerchantBranchesTable,
  MerchantsTable,
  TerminalsTable,
  UsersTable,
} from "../db/schema.ts";

/**
 * The back-office's queries (docs/backoffice.md). Every one takes the caller's bank: a merchant of another bank is
 * never read nor written (its id answers nothing, so the route answers 404).
 */

/**
 * Each admin page stage (MERCHANT_STAGES) as one SQL condition on a merchants row: the stage filter of the summary
 * and the admin page's counts both use it (stageOf in merchants.service.ts labels a row by the same rule). Pending
 * Verification is a submitted activation application (`application_submitted`, kept from merchant_activations
 * by migration 0052), not `filled_business_data`, which the first-login popup also sets. Columns of the merchants
 * row only: the page stays on merchants_bank_status_idx.
 */
const STAGE_CONDITIONS: Record<MerchantStage, string> = {
  onboarding: "bank_merchant_status = 'pending' and not application_submitted",
  pending_verification: "bank_merchant_status = 'pending' and application_submitted",
  live: "bank_merchant_status = 'approved' and is_live",
  rejected: "bank_merchant_status = 'rejected'",
};

function stageCondition(stage: MerchantStage) {
  return sql<boolean>`(${sql.raw(STAGE_CONDITIONS[stage])})`;
}

const stageCount = (stage: MerchantStage) =>
  sql<string>`count(*) filter (where ${stageCondition(stage)})`.as(stage);

function bankMerchants(db: Kysely<DB>, bankId: number, query: Partial<MerchantListQuery>) {
  let q = db.selectFrom("merchants").where("bank_id", "=", bankId);
  if (query.id !== undefined) q = q.where("id", "=", query.id);
  if (query.mcc !== undefined) q = q.where("mcc", "=", query.mcc);
  if (query.status !== undefined) q = q.where("bank_merchant_status", "=", query.status);
  if (query.stage !== undefined) q = q.where(stageCondition(query.stage));
  return q;
}

export const MERCHANT_LIST_COLUMNS = [
  "id",
  "company_name",
  "created_at",
  "bank_merchant_status",
  "digital_status",
  "suspicious",
  "is_live",
  "live_date",
  "mcc",
  "application_submitted",
  "docs_received",
  "deactivated",
  "card_approval_status",
  "qr_approval_status",
] as const;

/** One page of the bank's merchants, newest first (index merchants_bank_status_idx / _mcc_idx / _bank_idx). */
export async function listBankMerchants(db: Kysely<DB>, bankId: number, query: MerchantListQuery) {
  const base = bankMerchants(db, bankId, query);
  const [rows, total] = await Promise.all([
    base
      .select(MERCHANT_LIST_COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/**
 * One page of a partner's merchants (merchants.partner_id), newest first (index merchants_partner_idx), with the
 * name of each one's bank. Only the partner's own rows: another partner's merchant id answers nothing.
 */
export async function listPartnerMerchants(db: Kysely<DB>, partnerId: number, query: PartnerMerchantQuery) {
  let base = db.selectFrom("merchants as m").where("m.partner_id", "=", partnerId);
  if (query.id !== undefined) base = base.where("m.id", "=", query.id);
  if (query.status !== undefined) base = base.where("m.bank_merchant_status", "=", query.status);
  const [rows, total] = await Promise.all([
    base
      .leftJoin("banks as b", "b.id", "m.bank_id")
      .select([
        "m.id",
        "m.company_name",
        "m.created_at",
        "m.country",
        "b.name as bank_name",
        "m.bank_merchant_status",
        "m.application_submitted",
        "m.is_live",
        "m.live_date",
        "m.mcc",
      ])
      .orderBy("m.created_at", "desc")
      .orderBy("m.id", "desc")
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/**
 * Successful live payments (not refunds, voided or deleted) per merchant: the maintained all-time count
 * (merchant_success_counts, migration 0045b) plus the not yet folded deltas, minus the soft-deleted ones (the
 * rollup counts every row; deleted ones are few, by the partial index transactions_deleted_totals_idx). Equal to
 * counting the rows (backoffice and bank-totals tests), without reading every payment of the page's merchants.
 */
export async function successfulCounts(db: Kysely<DB>, merchantIds: number[]): Promise<Map<number, number>> {
  if (merchantIds.length === 0) return new Map();
  const ids = sql.join(merchantIds.map((id) => sql`${id}::bigint`));
  const result = await sql<{ merchant_id: string; n: string }>`
    select merchant_id, sum(n) as n from (
      select merchant_id, n from merchant_success_counts where merchant_id in (${ids}) and is_live
      union all
      select merchant_id, success_count from analytics_deltas
      where merchant_id in (${ids}) and is_live and dim = 'method@day'
      union all
      select merchant_id, -1 from transactions
      where merchant_id in (${ids}) and is_live and deleted_at is not null
        and status = 'success' and parent_transaction_id is null and not is_voided
    ) x
    group by merchant_id`.execute(db);
  return new Map(result.rows.map((r) => [Number(r.merchant_id), Number(r.n)]));
}

/** The same by counting the rows (tests compare the two). */
export async function successfulCountsPlain(
  db: Kysely<DB>,
  merchantIds: number[],
): Promise<Map<number, number>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("transactions")
    .select(["merchant_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("merchant_id", "in", merchantIds)
    .where("is_live", "=", true)
    .where("status", "=", "success")
    .where("deleted_at", "is", null)
    .where("parent_transaction_id", "is", null)
    .where("is_voided", "=", false)
    .groupBy("merchant_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.merchant_id), Number(r.n)]));
}

/** The admin page's totals: merchants per stage, and the successful live payments and fees of the filtered ones. */
export async function merchantOverview(db: Kysely<DB>, bankId: number, stage: MerchantStage | undefined) {
  const counts = await db
    .selectFrom("merchants")
    .where("bank_id", "=", bankId)
    .select([
      (eb) => eb.fn.countAll<string>().as("total"),
      stageCount("onboarding"),
      stageCount("pending_verification"),
      stageCount("live"),
      stageCount("rejected"),
    ])
    .executeTakeFirstOrThrow();
  const merchants = bankMerchants(db, bankId, stage ? { stage } : {}).select("id");
  const money = await db
    .selectFrom("transactions")
    .select([
      "currency",
      (eb) => eb.fn.countAll<string>().as("n"),
      sql<string>`coalesce(sum(fees_cents), 0)`.as("fees"),
    ])
    .where("merchant_id", "in", merchants)
    .where("is_live", "=", true)
    .where("status", "=", "success")
    .where("deleted_at", "is", null)
    .where("parent_transaction_id", "is", null)
    .where("is_voided", "=", false)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  return {
    merchants: {
      total: Number(counts.total),
      onboarding: Number(counts.onboarding),
      pending_verification: Number(counts.pending_verification),
      live: Number(counts.live),
      rejected: Number(counts.rejected),
    },
    transactions: money.reduce((n, r) => n + Number(r.n), 0),
    revenue_share: money.map((r) => ({ currency: r.currency, amount_cents: Number(r.fees) })),
  };
}

/** One merchant of the bank, or undefined (another bank's, or none). */
export function findBankMerchant(db: Kysely<DB>, bankId: number, id: number) {
  return db
    .selectFrom("merchants")
    .selectAll()
    .where("bank_id", "=", bankId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The same, locked for an action (call inside a transaction). */
export function lockBankMerchant(trx: Kysely<DB>, bankId: number, id: number) {
  return trx
    .selectFrom("merchants")
    .selectAll()
    .where("bank_id", "=", bankId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateMerchant(
  trx: Kysely<DB>,
  id: number,
  values: Updateable<MerchantsTable>,
): Promise<void> {
  await trx.updateTable("merchants").set(values).where("id", "=", id).execute();
}

export async function recordAction(trx: Kysely<DB>, values: Insertable<MerchantActionsTable>): Promise<void> {
  await trx.insertInto("merchant_actions").values(values).execute();
}

export async function insertComment(trx: Kysely<DB>, merchantId: number, userId: number, content: string) {
  await trx
    .insertInto("merchant_comments")
    .values({ merchant_id: merchantId, user_id: userId, content })
    .execute();
}

/** The merchant's owner (profile Merchant): the user the edit dialog changes. */
export function findOwner(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("users")
    .select(["id", "username", "email"])
    .where("merchant_id", "=", merchantId)
    .where("profile_type", "=", "Merchant")
    .orderBy("id")
    .executeTakeFirst();
}

export async function usernameTaken(
  db: Kysely<DB>,
  username: string,
  exceptUserId?: number,
): Promise<boolean> {
  let q = db.selectFrom("users").select("id").where(sql`lower(username)`, "=", username.toLowerCase());
  if (exceptUserId !== undefined) q = q.where("id", "<>", exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Ends every session of the merchant's users (deactivation). */
export async function endMerchantSessions(trx: Kysely<DB>, merchantId: number): Promise<void> {
  await trx
    .deleteFrom("sessions")
    .where(
      "user_id",
      "in",
      trx
        .selectFrom("users as u")
        .leftJoin("terminals as t", "t.id", "u.terminal_id")
        .select("u.id")
        .where((eb) => eb.or([eb("u.merchant_id", "=", merchantId), eb("t.merchant_id", "=", merchantId)])),
    )
    .execute();
}

/** What the details page shows besides the merchant row, in parallel. */
export async function merchantParts(db: Kysely<DB>, merchantId: number) {
  const [owner, keys, branches, documents, approvals, comments, pos] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "username", "email"])
      .where("merchant_id", "=", merchantId)
      .where("profile_type", "=", "Merchant")
      .orderBy("id")
      .executeTakeFirst(),
    db
      .selectFrom("merchant_keys")
      .select(["kind", "is_live", "key_prefix", "public_value", "created_at"])
      .where("merchant_id", "=", merchantId)
      .where("revoked_at", "is", null)
      .where("kind", "in", ["public", "secret"])
      .orderBy("is_live")
      .orderBy("kind")
      .execute(),
    db
      .selectFrom("merchant_branches as b")
      .select([
        "b.id",
        "b.branch_name",
        "b.branch_code",
        (eb) =>
          eb
            .selectFrom("terminals as t")
            .select((e) => e.fn.countAll<string>().as("n"))
            .whereRef("t.merchant_id", "=", "b.merchant_id")
            .whereRef("t.branch_name", "=", "b.branch_name")
            .as("terminals"),
      ])
      .where("b.merchant_id", "=", merchantId)
      .orderBy("b.id")
      .execute(),
    db
      .selectFrom("merchant_documents")
      .select(["id", "kind", "file_name", "content_type", "size_bytes", "created_at"])
      .where("merchant_id", "=", merchantId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("merchant_actions as a")
      .leftJoin("users as u", "u.id", "a.user_id")
      .select([
        "a.id",
        "a.action",
        "a.reason",
        "a.from_status",
        "a.to_status",
        "a.created_at",
        "a.user_id",
        "u.username",
      ])
      .where("a.merchant_id", "=", merchantId)
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(200)
      .execute(),
    db
      .selectFrom("merchant_comments as c")
      .leftJoin("users as u", "u.id", "c.user_id")
      .select(["c.id", "c.content", "c.created_at", "c.user_id", "u.username"])
      .where("c.merchant_id", "=", merchantId)
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(200)
      .execute(),
    db
      .selectFrom("terminals")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("merchant_id", "=", merchantId)
      .executeTakeFirstOrThrow(),
  ]);
  return { owner, keys, branches, documents, approvals, comments, pos: Number(pos.n) };
}

/** One document of the merchant itself, with its content. */
export function findOwnDocument(db: Kysely<DB>, merchantId: number, documentId: number) {
  return db
    .selectFrom("merchant_documents")
    .select(["id", "kind", "file_name", "content_type", "content", "encryption"])
    .where("merchant_id", "=", merchantId)
    .where("id", "=", documentId)
    .executeTakeFirst();
}

/** One document of the bank's merchant, with its content. */
export function findBankDocument(db: Kysely<DB>, bankId: number, merchantId: number, documentId: number) {
  return db
    .selectFrom("merchant_documents as d")
    .innerJoin("merchants as m", "m.id", "d.merchant_id")
    .select(["d.id", "d.kind", "d.file_name", "d.content_type", "d.content", "d.encryption"])
    .where("m.bank_id", "=", bankId)
    .where("d.merchant_id", "=", merchantId)
    .where("d.id", "=", documentId)
    .executeTakeFirst();
}

/** The owner's login (the edit dialog). */
export async function updateOwner(
  trx: Kysely<DB>,
  userId: number,
  values: Updateable<UsersTable>,
): Promise<void> {
  await trx.updateTable("users").set(values).where("id", "=", userId).execute();
}

export async function bankCountry(trx: Kysely<DB>, bankId: number): Promise<string> {
  return (await trx.selectFrom("banks").select("country").where("id", "=", bankId).executeTakeFirstOrThrow())
    .country;
}

export async function insertMerchant(trx: Kysely<DB>, values: Insertable<MerchantsTable>): Promise<number> {
  const row = await trx.insertInto("merchants").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertOwner(trx: Kysely<DB>, values: Insertable<UsersTable>): Promise<number> {
  const row = await trx.insertInto("users").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertBranch(
  trx: Kysely<DB>,
  values: Insertable<MerchantBranchesTable>,
): Promise<number> {
  const row = await trx
    .insertInto("merchant_branches")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertTerminal(trx: Kysely<DB>, values: Insertable<TerminalsTable>): Promise<void> {
  await trx.insertInto("terminals").values(values).execute();
}
