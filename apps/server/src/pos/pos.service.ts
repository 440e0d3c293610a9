import { randomInt } from "node:crypto";
import {
  type Branch,
  type BranchInput,
  type Country,
  isCountry,
  POS_MESSAGES,
  type Terminal,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { isUniqueViolation } from "../payments/orders.service.ts";
import {
  activeKeyPrefixes,
  type BranchRow,
  findBranch,
  findTerminal,
  insertBranch,
  insertTerminal,
  merchantCountry,
  moveTerminal,
  type PosScope,
  replaceTerminalKeys,
  type TerminalRow,
  terminalCodeTaken,
  terminalFigures,
  updateBranch,
} from "./pos.repository.ts";
import { generateTerminalKey, terminalKeyHash } from "./terminal-payment.ts";

/** Branches and terminals of the merchant dashboard (docs/pos-risk.md). */

export const notFound = () => new HttpError(404, "not_found", "Not found.");

const iso = (d: Date | string) => new Date(d).toISOString();

export function branchView(row: BranchRow): Branch {
  return {
    id: Number(row.id),
    branch_name: row.branch_name,
    branch_id: row.branch_code,
    city: row.city,
    address: row.address,
    terminals: Number(row.terminals ?? 0),
    created_at: iso(row.created_at),
  };
}

const codeTaken = () =>
  new HttpError(409, "branch_id_taken", POS_MESSAGES.branchCodeTaken, {
    branch_id: [POS_MESSAGES.branchCodeTaken],
  });

type CheckedBranch = { [K in keyof BranchInput]: string };

export async function addBranch(db: Kysely<DB>, merchantId: number, input: CheckedBranch): Promise<Branch> {
  try {
    const id = await insertBranch(db, {
      merchant_id: merchantId,
      branch_name: input.branch_name,
      branch_code: input.branch_id,
      city: input.city,
      address: input.address,
    });
    const row = await findBranch(db, merchantId, id);
    if (!row) throw notFound();
    return branchView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function editBranch(
  database: Database,
  merchantId: number,
  id: number,
  input: CheckedBranch,
  now: Date,
): Promise<Branch> {
  try {
    const found = await database.db.transaction().execute((trx) =>
      updateBranch(
        trx,
        merchantId,
        id,
        {
          branch_name: input.branch_name,
          branch_code: input.branch_id,
          city: input.city,
          address: input.address,
        },
        now,
      ),
    );
    if (!found) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
  const row = await findBranch(database.db, merchantId, id);
  if (!row) throw notFound();
  return branchView(row);
}

/** The terminals' views with their payments in one mode and their keys' visible starts. */
export async function terminalViews(
  db: Kysely<DB>,
  merchantId: number,
  rows: TerminalRow[],
  isLive: boolean,
): Promise<Terminal[]> {
  const ids = rows.map((r) => Number(r.id));
  const [figures, prefixes] = await Promise.all([
    terminalFigures(db, merchantId, ids, isLive),
    activeKeyPrefixes(db, ids),
  ]);
  return rows.map((r) => {
    const id = Number(r.id);
    const mine = figures.filter((f) => Number(f.terminal_id) === id);
    return {
      id,
      terminal_id: r.terminal_code,
      created_at: iso(r.created_at),
      branch: r.branch_id === null ? null : Number(r.branch_id),
      branch_id: r.branch_code ?? null,
      branch_name: r.branch_name,
      city: r.city,
      address: r.address,
      transactions: mine.reduce((n, f) => n + Number(f.n), 0),
      amounts: mine.map((f) => ({ currency: f.currency, amount_cents: Number(f.amount) })),
      key_prefixes: prefixes.filter((p) => Number(p.terminal_id) === id).map((p) => p.key_prefix),
    };
  });
}

export async function terminalView(db: Kysely<DB>, scope: PosScope, id: number, isLive: boolean) {
  const row = await findTerminal(db, scope, id);
  if (!row) throw notFound();
  const [view] = await terminalViews(db, scope.merchantId, [row], isLive);
  return view!;
}

const branchMissing = () =>
  new HttpError(400, "validation", POS_MESSAGES.required, { branch: [POS_MESSAGES.required] });

/** A terminal code as printed on a device: "T" and 8 digits, unique across the provider. */
async function newTerminalCode(db: Kysely<DB>): Promise<string> {
  for (;;) {
    const code = `T${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
    if (!(await terminalCodeTaken(db, code))) return code;
  }
}

async function countryOf(db: Kysely<DB>, merchantId: number): Promise<Country> {
  const country = await merchantCountry(db, merchantId);
  return isCountry(country) ? country : "EGY";
}

/** New test and live keys for the terminal (the old ones revoked); the keys are answered once. */
export async function issueTerminalKeys(
  trx: Kysely<DB>,
  dataKey: Buffer,
  terminal: { id: number; merchantId: number },
  country: Country,
  now: Date,
): Promise<{ test_key: string; live_key: string }> {
  const test = generateTerminalKey(country, false);
  const live = generateTerminalKey(country, true);
  await replaceTerminalKeys(
    trx,
    terminal.id,
    [test, live].map((k, i) => ({
      terminal_id: terminal.id,
      merchant_id: terminal.merchantId,
      is_live: i === 1,
      key_hash: terminalKeyHash(dataKey, k.key),
      key_prefix: k.prefix,
      created_at: now,
    })),
    now,
  );
  return { test_key: test.key, live_key: live.key };
}

export async function addTerminal(
  database: Database,
  dataKey: Buffer,
  merchantId: number,
  branchId: number,
  now: Date,
) {
  const db = database.db;
  const branch = await findBranch(db, merchantId, branchId);
  if (!branch) throw branchMissing();
  const country = await countryOf(db, merchantId);
  for (let attempt = 0; ; attempt++) {
    const code = await newTerminalCode(db);
    try {
      const { id, keys } = await db.transaction().execute(async (trx) => {
        const id = await insertTerminal(trx, {
          merchant_id: merchantId,
          terminal_code: code,
          branch_id: Number(branch.id),
          branch_name: branch.branch_name,
          city: branch.city,
          address: branch.address,
        });
        const keys = await issueTerminalKeys(trx, dataKey, { id, merchantId }, country, now);
        return { id, keys };
      });
      const view = await terminalView(db, { merchantId, terminalId: null }, id, false);
      return { ...view, keys };
    } catch (error) {
      // Two terminals made at once drew the same code: draw again.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

export async function editTerminal(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  branchId: number,
  isLive: boolean,
  now: Date,
): Promise<Terminal> {
  // The terminal first: another merchant's terminal is "not found" whatever the branch sent.
  if (!(await findTerminal(db, { merchantId, terminalId: null }, id))) throw notFound();
  const branch = await findBranch(db, merchantId, branchId);
  if (!branch) throw branchMissing();
  const moved = await moveTerminal(
    db,
    merchantId,
    id,
    { id: Number(branch.id), branch_name: branch.branch_name, city: branch.city, address: branch.address },
    now,
  );
  if (!moved) throw notFound();
  return terminalView(db, { merchantId, terminalId: null }, id, isLive);
}

export async function recreateTerminalKeys(
  database: Database,
  dataKey: Buffer,
  merchantId: number,
  id: number,
  now: Date,
) {
  const db = database.db;
  const row = await findTerminal(db, { merchantId, terminalId: null }, id);
  if (!row) throw notFound();
  const country = await countryOf(db, merchantId);
  return db
    .transaction()
    .execute((trx) => issueTerminalKeys(trx, dataKey, { id: Number(row.id), merchantId }, country, now));
}
