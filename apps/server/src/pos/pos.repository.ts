import { type Insertable, type Kysely, sql } from "kysely";
import type { DB, MerchantBranchesTable, OrdersTable, TerminalKeysTable } from "../db/schema.ts";

/**
 * Branches, terminals and their keys (docs/pos-risk.md "Branches, terminals and card-present payments"). Every
 * read and write takes the merchant it is for (and a terminal caller's own terminal), so nothing of another
 * merchant is reachable.
 */

/** Who sees which terminals: the merchant's owner and staff all of them, a Terminal user its own. */
export interface PosScope {
  merchantId: number;
  terminalId: number | null;
}

const BRANCH_COLUMNS = [
  "b.id",
  "b.branch_name",
  "b.branch_code",
  "b.city",
  "b.address",
  "b.created_at",
] as const;

function branchesQuery(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchant_branches as b")
    .select(BRANCH_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("terminals as t")
        .select((e) => e.fn.countAll<string>().as("n"))
        .whereRef("t.branch_id", "=", "b.id")
        .as("terminals"),
    )
    .where("b.merchant_id", "=", merchantId);
}

export type BranchRow = Awaited<ReturnType<ReturnType<typeof branchesQuery>["executeTakeFirstOrThrow"]>>;

export async function listBranches(
  db: Kysely<DB>,
  merchantId: number,
  page: { page: number; page_size: number },
): Promise<{ count: number; rows: BranchRow[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom("merchant_branches")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("merchant_id", "=", merchantId)
      .executeTakeFirstOrThrow(),
    branchesQuery(db, merchantId)
      .orderBy("b.created_at", "desc")
      .orderBy("b.id", "desc")
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      .execute(),
  ]);
  return { count: Number(count.n), rows };
}

export function findBranch(db: Kysely<DB>, merchantId: number, id: number): Promise<BranchRow | undefined> {
  return branchesQuery(db, merchantId).where("b.id", "=", id).executeTakeFirst();
}

export async function insertBranch(
  db: Kysely<DB>,
  values: Insertable<MerchantBranchesTable>,
): Promise<number> {
  const row = await db
    .insertInto("merchant_branches")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Edits the merchant's branch and gives its terminals the branch's new name, city and address. */
export async function updateBranch(
  trx: Kysely<DB>,
  merchantId: number,
  id: number,
  values: { branch_name: string; branch_code: string; city: string; address: string },
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable("merchant_branches")
    .set({ ...values, updated_at: now })
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable("terminals")
    .set({ branch_name: values.branch_name, city: values.city, address: values.address })
    .where("merchant_id", "=", merchantId)
    .where("branch_id", "=", id)
    .execute();
  return true;
}

// ---- Terminals

function terminalsQuery(db: Kysely<DB>, scope: PosScope) {
  let q = db
    .selectFrom("terminals as t")
    .leftJoin("merchant_branches as b", "b.id", "t.branch_id")
    .select([
      "t.id",
      "t.terminal_code",
      "t.created_at",
      "t.branch_id",
      "b.branch_code",
      // The branch's own values; a terminal without a branch row keeps its copy (0001).
      sql<string | null>`coalesce(b.branch_name, t.branch_name)`.as("branch_name"),
      sql<string | null>`coalesce(b.city, t.city)`.as("city"),
      sql<string | null>`coalesce(b.address, t.address)`.as("address"),
    ])
    .where("t.merchant_id", "=", scope.merchantId);
  if (scope.terminalId !== null) q = q.where("t.id", "=", scope.terminalId);
  return q;
}

export type TerminalRow = Awaited<ReturnType<ReturnType<typeof terminalsQuery>["executeTakeFirstOrThrow"]>>;

export async function listTerminals(
  db: Kysely<DB>,
  scope: PosScope,
  page: { page: number; page_size: number },
): Promise<{ count: number; rows: TerminalRow[]; merchantHasTerminals: boolean }> {
  let countQuery = db
    .selectFrom("terminals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("merchant_id", "=", scope.merchantId);
  if (scope.terminalId !== null) countQuery = countQuery.where("id", "=", scope.terminalId);
  const [count, rows] = await Promise.all([
    countQuery.executeTakeFirstOrThrow(),
    terminalsQuery(db, scope)
      .orderBy("t.created_at", "desc")
      .orderBy("t.id", "desc")
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      .execute(),
  ]);
  const n = Number(count.n);
  return { count: n, rows, merchantHasTerminals: n > 0 };
}

export function findTerminal(db: Kysely<DB>, scope: PosScope, id: number): Promise<TerminalRow | undefined> {
  return terminalsQuery(db, scope).where("t.id", "=", id).executeTakeFirst();
}

/**
 * The terminals' payments in one mode: parent payments only (refunds, voids and captures are not sales), their
 * count, and the successful ones' amount per currency.
 */
export function terminalFigures(db: Kysely<DB>, merchantId: number, terminalIds: number[], isLive: boolean) {
  if (terminalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("transactions")
    .select([
      "terminal_id",
      "currency",
      (eb) => eb.fn.countAll<string>().as("n"),
      sql<string>`coalesce(sum(amount_cents) filter (where status = 'success'), 0)`.as("amount"),
    ])
    .where("merchant_id", "=", merchantId)
    .where("terminal_id", "in", terminalIds)
    .where("is_live", "=", isLive)
    .where("parent_transaction_id", "is", null)
    .groupBy(["terminal_id", "currency"])
    .orderBy("currency")
    .execute();
}

export function activeKeyPrefixes(db: Kysely<DB>, terminalIds: number[]) {
  if (terminalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("terminal_keys")
    .select(["terminal_id", "key_prefix", "is_live"])
    .where("terminal_id", "in", terminalIds)
    .where("revoked_at", "is", null)
    .orderBy("is_live")
    .execute();
}

export async function insertTerminal(
  db: Kysely<DB>,
  values: {
    merchant_id: number;
    terminal_code: string;
    branch_id: number;
    branch_name: string;
    city: string | null;
    address: string | null;
  },
): Promise<number> {
  const row = await db.insertInto("terminals").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Moves the merchant's terminal to a branch of the same merchant (the branch row is read by the caller). */
export async function moveTerminal(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  branch: { id: number; branch_name: string; city: string | null; address: string | null },
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable("terminals")
    .set({
      branch_id: branch.id,
      branch_name: branch.branch_name,
      city: branch.city,
      address: branch.address,
      updated_at: now,
    })
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function terminalCodeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  const row = await db
    .selectFrom("terminals")
    .select("id")
    .where("terminal_code", "=", code)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the terminal's active keys with new ones (revoked at once). */
export async function replaceTerminalKeys(
  trx: Kysely<DB>,
  terminalId: number,
  keys: Insertable<TerminalKeysTable>[],
  now: Date,
): Promise<void> {
  await trx
    .updateTable("terminal_keys")
    .set({ revoked_at: now })
    .where("terminal_id", "=", terminalId)
    .where("revoked_at", "is", null)
    .execute();
  await trx.insertInto("terminal_keys").values(keys).execute();
}

export async function merchantCountry(db: Kysely<DB>, merchantId: number): Promise<string> {
  const row = await db
    .selectFrom("merchants")
    .select("country")
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
  return row.country;
}

// ---- The terminal API

/** The terminal, its merchant and the key's mode, found by the keyed hash of the key sent. */
export function terminalByKeyHash(db: Kysely<DB>, keyHash: string) {
  return (
    db
      .selectFrom("terminal_keys as k")
      .innerJoin("terminals as t", "t.id", "k.terminal_id")
      .innerJoin("merchants as m", "m.id", "t.merchant_id")
      .select([
        "t.id as terminal_id",
        "t.terminal_code",
        "t.merchant_id",
        "k.is_live",
        "m.country",
        "m.deactivated",
        "m.risk_active",
      ])
      .where("k.key_hash", "=", keyHash)
      .where("k.revoked_at", "is", null)
      // The key's merchant is the terminal's (written together); checked again so a stray row cannot cross over.
      .whereRef("k.merchant_id", "=", "t.merchant_id")
      .executeTakeFirst()
  );
}

/** The merchant's active card-present integration of the mode and currency, when it has one. */
export function cardPresentIntegration(
  db: Kysely<DB>,
  merchantId: number,
  isLive: boolean,
  currency: string,
) {
  return db
    .selectFrom("integrations")
    .select(["id", "processed_callback_url"])
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", isLive)
    .where("currency", "=", currency)
    .where("gateway_type", "=", "card_present")
    .where("is_active", "=", true)
    .orderBy("id")
    .executeTakeFirst();
}

export async function insertPosOrder(db: Kysely<DB>, values: Insertable<OrdersTable>): Promise<number> {
  const row = await db.insertInto("orders").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One payment of the terminal in the key's mode. */
export function terminalPayment(
  db: Kysely<DB>,
  terminal: { merchantId: number; terminalId: number; isLive: boolean },
  id: number,
) {
  return db
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", terminal.merchantId)
    .where("terminal_id", "=", terminal.terminalId)
    .where("is_live", "=", terminal.isLive)
    .executeTakeFirst();
}
