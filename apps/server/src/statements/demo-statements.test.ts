import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoData } from "../demo/generate.ts";
import { seedDemoStatements } from "../demo/statements.ts";
import { nextIds, storeDataset } from "../demo/store.ts";
import { seedDemoTransfers } from "../demo/transfers.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import { figuresOf } from "./statements.service.ts";

/** The demo's statements (docs/settings.md "Monthly statements"): three ended months, New, built by the job. */
describe("demo statements", () => {
  let t: TestDatabase & { drop(): Promise<void> };
  const NOW = new Date("2026-11-20T10:00:00Z");
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    await t.database.db.transaction().execute(async (trx) => {
      const data = generateDemoData({ idBase: await nextIds(trx), now: NOW });
      await storeDataset(trx, data, randomBytes(32));
      await seedDemoTransfers(trx, NOW);
      await seedDemoStatements(trx, data.credentials, NOW);
    });
  }, 1_200_000);
  afterAll(() => t?.drop());

  it("gives merchant.egypt's company August, September and October, all New, subscribed, no mails", async () => {
    const db = t.database.db;
    const rows = await db
      .selectFrom("statements as s")
      .innerJoin("merchants as m", "m.id", "s.merchant_id")
      .select([
        "s.merchant_id",
        "s.figures",
        "s.downloaded_at",
        "s.month",
        "s.time_zone",
        "s.period_start",
        "s.period_end",
        (eb) => eb.fn<string>("to_char", [eb.ref("s.month"), eb.val("YYYY-MM")]).as("ym"),
      ])
      .where("m.company_name", "=", "Nile Electronics")
      .orderBy("s.month")
      .execute();
    expect(rows.map((r) => r.ym)).toEqual(["2026-08", "2026-09", "2026-10"]);
    expect(rows.every((r) => r.downloaded_at === null)).toBe(true);
    // Real figures: the demo's payments in EGP, with the opening carried from the month before.
    const egp = rows.map((r) => r.figures.find((c) => c.currency === "EGP"));
    expect(egp.every((c) => (c?.payments_count ?? 0) > 0)).toBe(true);
    expect(egp[1]?.opening_cents).toBe(egp[0]?.closing_cents);
    expect(egp[2]?.opening_cents).toBe(egp[1]?.closing_cents);
    // The carried opening equals a recount from the whole history.
    const last = rows[2];
    if (!last) throw new Error("no October statement");
    const recount = await figuresOf(db, [last.merchant_id], {
      month: "2026-10-01",
      timeZone: last.time_zone,
      start: new Date(last.period_start),
      end: new Date(last.period_end),
    });
    expect(recount.get(last.merchant_id)).toEqual(last.figures);
    const subscribed = await db
      .selectFrom("statement_subscriptions")
      .select("merchant_id")
      .where("active", "=", true)
      .execute();
    expect(subscribed.length).toBeGreaterThan(3);
    const mails = await db
      .selectFrom("email_outbox")
      .select("id")
      .where("subject", "like", "MONTHLY STATEMENT%")
      .execute();
    expect(mails).toEqual([]);
  });
});
