import { type Kysely, sql } from "kysely";

/**
 * Runs a script one statement at a time: PGlite's parameterised protocol accepts a single statement per call.
 * Statements are separated by a semicolon at the end of a line; no statement here may contain one inside.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*\n/)) {
    const text = statement.trim();
    if (text) await sql.raw(text).execute(db);
  }
}
