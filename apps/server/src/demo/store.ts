import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { encryptSecret, hmacSecretContext } from "../security/keys.ts";
import { hashPassword } from "../security/passwords.ts";
import { type DemoDataset, ID_TABLES, type IdTable } from "./generate.ts";

/** Writing a generated dataset: multi-row inserts with explicit ids, then the sequences moved past them. */

/** Rows per statement: each batch travels as one JSON parameter. */
const BATCH_ROWS = 5000;

type AnyRow = Record<string, unknown>;

/**
 * Multi-row insert through json_populate_recordset: one JSON text parameter per batch instead of one bind
 * parameter per value, which PostgreSQL (and PGlite's WebAssembly build even more) parses far faster. JSON
 * columns take objects and arrays as they are; array columns take JSON arrays; dates travel as ISO strings.
 * Columns are those of the first row; the others get their defaults.
 */
export async function insertRows(db: Kysely<DB>, table: keyof DB, rows: readonly AnyRow[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0]!).map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const payload = JSON.stringify(rows.slice(i, i + BATCH_ROWS));
    await sql`insert into ${sql.table(table)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${payload}::json)`.execute(
      db,
    );
  }
}

function sequenceOf(table: IdTable) {
  return sql`pg_get_serial_sequence(${table}, 'id')`;
}

/** The next id of every table's sequence (one value is consumed per table). */
export async function nextIds(db: Kysely<DB>): Promise<Record<IdTable, number>> {
  const out = {} as Record<IdTable, number>;
  for (const table of ID_TABLES) {
    const { rows } = await sql<{ id: string | number }>`select nextval(${sequenceOf(table)}) as id`.execute(
      db,
    );
    out[table] = Number(rows[0]!.id);
  }
  return out;
}

/** Moves each sequence past the largest id in its table, so later inserts do not collide with explicit ids. */
export async function syncSequences(db: Kysely<DB>, tables: readonly IdTable[] = ID_TABLES): Promise<void> {
  for (const table of tables) {
    await sql`select setval(${sequenceOf(table)}, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** Inserts the dataset in dependency order. Passwords are hashed and HMAC secrets encrypted on the way in. */
export async function storeDataset(db: Kysely<DB>, data: DemoDataset, dataKey: Buffer): Promise<void> {
  const users = await Promise.all(
    data.users.map(async ({ password, ...user }) => ({
      ...user,
      password_hash: await hashPassword(password),
    })),
  );
  const merchants = data.merchants.map((m) => {
    const secret = data.hmacSecrets.get(m.id);
    return secret ? { ...m, hmac_secret_enc: encryptSecret(secret, dataKey, hmacSecretContext(m.id)) } : m;
  });
  await insertRows(db, "banks", data.banks);
  await insertRows(db, "partners", data.partners);
  await insertRows(db, "merchants", merchants);
  await insertRows(db, "terminals", data.terminals);
  await insertRows(db, "users", users);
  await insertRows(db, "integrations", data.integrations);
  await insertRows(db, "merchant_keys", data.merchantKeys as unknown as AnyRow[]);
  await insertRows(db, "customers", data.customers);
  await insertRows(db, "orders", data.orders);
  await insertRows(db, "payment_links", data.paymentLinks);
  // Parents are older than their refunds, captures and voids and so come first in id (and insert) order.
  await insertRows(db, "transactions", data.transactions);
  await syncSequences(db);
}
