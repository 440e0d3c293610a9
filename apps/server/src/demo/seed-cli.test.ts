import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMerchantByKey } from "../security/keys.ts";
import { verifyPassword } from "../security/passwords.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/databases.ts";
import { BENCH_USERNAME, bulkSeed, ensureBenchMerchant } from "./bulk.ts";
import { readCredentials } from "./demo.ts";
import { DEMO_PASSWORD } from "./world.ts";

const run = promisify(execFile);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const NOW = "2026-03-15T10:30:00.000Z";

describe("seed CLI on PostgreSQL", () => {
  let target: TestDatabase & { drop(): Promise<void> };
  let dataDir: string;

  beforeAll(async () => {
    target = await createTestDatabase("postgres");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-"));
  });
  afterAll(async () => {
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const seed = (n: number) =>
    run(
      "npm",
      [
        "run",
        "seed",
        "--silent",
        "--",
        "--transactions",
        String(n),
        "--database-url",
        target.url!,
        "--now",
        NOW,
      ],
      {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      },
    );

  it("adds N transactions to the bench merchant, with its sign-in and keys in a credentials file", async () => {
    const { stdout } = await seed(5000);
    expect(stdout).toContain("Done: 5,000 transactions");
    const db = target.database.db;
    const owner = await db
      .selectFrom("users")
      .selectAll()
      .where("username", "=", BENCH_USERNAME)
      .executeTakeFirstOrThrow();
    const counts = await sql<{ total: number; refunds: number; orders: number; bad: number }>`
      select (select count(*) from transactions where merchant_id = ${owner.merchant_id})::int as total,
        (select count(*) from transactions where merchant_id = ${owner.merchant_id}
          and parent_transaction_id is not null)::int as refunds,
        (select count(*) from orders where merchant_id = ${owner.merchant_id})::int as orders,
        (select count(*) from transactions p where p.refunded_amount_cents <>
          coalesce((select sum(c.amount_cents) from transactions c where c.parent_transaction_id = p.id), 0)
          or p.refunded_amount_cents > p.amount_cents)::int as bad`.execute(db);
    expect(counts.rows[0]).toEqual({ total: 5000, refunds: 150, orders: 4850, bad: 0 });

    const span = await sql<{ months: number; latest: Date }>`
      select count(distinct date_trunc('month', created_at))::int as months, max(created_at) as latest
      from transactions where merchant_id = ${owner.merchant_id}`.execute(db);
    expect(span.rows[0]!.months).toBeGreaterThanOrEqual(13);
    expect(span.rows[0]!.latest.getTime()).toBeLessThanOrEqual(Date.parse(NOW));

    // No demo data: an explicit --database-url leaves DATA_DIR's demo credentials alone.
    expect(fs.existsSync(path.join(dataDir, "demo-credentials.json"))).toBe(false);
    const credentials = readCredentials(path.join(dataDir, "bench-credentials.json"))!;
    expect(credentials.accounts).toEqual([
      { username: BENCH_USERNAME, password: DEMO_PASSWORD, profile_type: "Merchant", country: "EGY" },
    ]);
    expect(await verifyPassword(owner.password_hash, DEMO_PASSWORD)).toBe(true);
    const keys = credentials.merchants[0]!;
    expect(await findMerchantByKey(db, "secret", keys.secret_key_live)).toMatchObject({
      merchantId: owner.merchant_id,
    });
  });

  it("adds up on a second run", async () => {
    await seed(1000);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from transactions t join users u on u.merchant_id = t.merchant_id
      where u.username = ${BENCH_USERNAME}`.execute(target.database.db);
    expect(rows[0]!.n).toBe(6000);
  });
});

describeEachDatabase("bulk seeding", (get) => {
  it("gives the same rows for the same seed and now", async () => {
    const digest = async (t: TestDatabase) => {
      const { rows } = await sql<{ d: string }>`
        select md5(string_agg(t::text, '|' order by id)) as d from transactions t`.execute(t.database.db);
      return rows[0]!.d;
    };
    const key = Buffer.alloc(32, 7);
    const now = new Date(NOW);
    const seedInto = async (t: TestDatabase) => {
      const bench = await ensureBenchMerchant(t.database.db, key, now);
      await bulkSeed(t.database.db, bench, { transactions: 700, now, seed: 3 });
    };
    const other = await createTestDatabase(get().kind);
    try {
      await seedInto(get());
      await seedInto(other);
      expect(await digest(other)).toBe(await digest(get()));
    } finally {
      await other.drop();
    }
  });
});
