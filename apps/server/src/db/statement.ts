import { CompiledQuery, type Kysely } from "kysely";
import type { DB } from "./schema.ts";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A statement written as text with positional parameters and run without the query builder, for the payment
 * path's widest statements (docs/adr/0007-hot-statements-as-text.md): Kysely builds and compiles a tree of
 * nodes for every value of every call (about 10 µs for a 30-column insert, more through `sql` templates), which
 * at hundreds of payments a second was a fifth of the server's CPU on the intention request. The same shape of
 * call gives the same text, so it runs as one prepared statement (ADR 0004). Identifiers come from code, never
 * from input, and are checked.
 */
export class Statement {
  readonly params: unknown[] = [];

  /** The placeholder of a new parameter. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /**
   * `(a, b) values ($1, $2), ($3, $4)` of row objects: the columns any row gives a value (keys whose value is
   * undefined are left out, as Kysely's insert does; a row without a value that another row has takes the
   * column's DEFAULT), then `expressions`, SQL written by the caller for every row (e.g. a CTE's id).
   */
  insertColumns(rows: object | readonly object[], expressions: Record<string, string> = {}): string {
    const list = (Array.isArray(rows) ? rows : [rows]) as Record<string, unknown>[];
    const columns: string[] = [];
    for (const row of list)
      for (const [column, value] of Object.entries(row))
        if (value !== undefined && !(column in expressions) && !columns.includes(column))
          columns.push(column);
    const all = [...columns, ...Object.keys(expressions)];
    for (const column of all) if (!IDENTIFIER.test(column)) throw new Error(`not a column name: ${column}`);
    const tuples = list.map(
      (row) =>
        `(${[
          ...columns.map((c) => (row[c] === undefined ? "default" : this.param(row[c]))),
          ...Object.values(expressions),
        ].join(", ")})`,
    );
    return `(${all.join(", ")}) values ${tuples.join(", ")}`;
  }

  /** Runs the text with this statement's parameters on a database or transaction; answers the rows. */
  async rows<R>(db: Kysely<DB>, text: string): Promise<R[]> {
    return (await db.executeQuery<R>(CompiledQuery.raw(text, this.params))).rows;
  }
}
