import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoData } from "../demo/generate.ts";
import { nextIds, storeDataset } from "../demo/store.ts";
import { seedDemoTransfers } from "../demo/transfers.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";

/** The demo's transfers (docs/transfers.md "Demo data"): several in each status, one merchant without an account. */
describe("demo transfers", () => {
  let t: TestDatabase & { drop(): Promise<void> };
  const NOW = new Date("2026-11-20T10:00:00Z");
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    await t.database.db.transaction().execute(async (trx) => {
      const data = generateDemoData({ idBase: await nextIds(trx), now: NOW });
      await storeDataset(trx, data, randomBytes(32));
      await seedDemoTransfers(trx, NOW);
    });
  }, 180_000);
  afterAll(() => t?.drop());

  it("gives merchant.egypt's company several transfers in every status, Delta Pharmacy no bank account", async () => {
    const db = t.database.db;
    const rows = await db
      .selectFrom("transfers as tr")
      .innerJoin("merchants as m", "m.id", "tr.merchant_id")
      .select(["tr.status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("m.company_name", "=", "Nile Electronics")
      .where("tr.is_live", "=", true)
      .groupBy("tr.status")
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    for (const status of ["Pending", "Approved", "Transferred", "Successful"])
      expect(by[status] ?? 0, status).toBeGreaterThanOrEqual(2);
    const delta = await db
      .selectFrom("merchants")
      .select(["bank_account"])
      .where("company_name", "=", "Delta Pharmacy")
      .executeTakeFirstOrThrow();
    expect(delta.bank_account).toBeNull();
    // Paid transfers say when; every settled transaction is in one transfer only (the primary key).
    const unpaid = await db
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "Successful")
      .where("date_paid", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(unpaid.n)).toBe(0);
  });
});
