import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PG_URL } from "../test/databases.ts";
import { prepareStatements } from "./database.ts";

describe("prepared statements [postgres]", () => {
  let pool: pg.Pool;
  let prepared: { size(): number };
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: TEST_PG_URL, max: 2 });
    prepared = prepareStatements(pool, 3);
  });
  afterAll(async () => {
    await pool.end();
  });

  const preparedNames = async (client: pg.PoolClient) =>
    (await client.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map(
      (r) => r.name,
    );

  it("names a parameterised text once per process and prepares it once per connection", async () => {
    const client = await pool.connect();
    try {
      for (let i = 0; i < 3; i++) {
        const { rows } = await client.query("select $1::int + 1 as n", [i]);
        expect(rows[0].n).toBe(i + 1);
      }
      expect(prepared.size()).toBe(1);
      expect(await preparedNames(client)).toEqual(["p1"]);
      // No parameters: unnamed (BEGIN, COMMIT, several statements in one text).
      await client.query("select 1");
      await client.query("select 2 as x", []);
      expect(prepared.size()).toBe(1);
    } finally {
      client.release();
    }
  });

  it("stops naming at its bound; later texts still run, unnamed", async () => {
    const client = await pool.connect();
    try {
      for (const k of [2, 3, 4, 5]) {
        const { rows } = await client.query(`select $1::int * ${k} as n`, [10]);
        expect(rows[0].n).toBe(10 * k);
      }
      expect(prepared.size()).toBe(3);
      expect((await preparedNames(client)).length).toBeLessThanOrEqual(3);
      // An error in a prepared statement leaves the connection usable.
      await expect(client.query("select 1 / $1::int as n", [0])).rejects.toThrow(/division by zero/);
      expect((await client.query("select $1::int + 1 as n", [41])).rows[0].n).toBe(42);
    } finally {
      client.release();
    }
  });
});
