/**
 * Rows read as JSON (`to_jsonb(t)`), so one query can answer several tables' whole rows: the pg driver would
 * give timestamps as Date, JSON gives ISO strings, so timestamp columns are revived here. Our schema names
 * every timestamp column `*_at` or `*_date` (and users' `date_joined`) and no other column so (json-rows.test.ts checks it on the tables
 * read this way); bigint values arrive as JSON numbers, as the driver's int8 parser gives them.
 */
const TIMESTAMP_COLUMN = /(_at|_date)$|^date_joined$/;

export function reviveRow<T>(value: unknown): T {
  const row = value as Record<string, unknown>;
  for (const key of Object.keys(row)) {
    const v = row[key];
    if (typeof v === "string" && TIMESTAMP_COLUMN.test(key)) row[key] = new Date(v);
  }
  return row as T;
}

export function reviveOptionalRow<T>(value: unknown): T | null {
  return value === null || value === undefined ? null : reviveRow<T>(value);
}

/** Tables whose whole rows are read through reviveRow. */
export const JSON_ROW_TABLES = [
  "transactions",
  "orders",
  "merchants",
  "payment_keys",
  "payment_intentions",
  "integrations",
  "users",
  "terminals",
  "banks",
  "partners",
] as const;

export function isTimestampColumnName(name: string): boolean {
  return TIMESTAMP_COLUMN.test(name);
}
