import { afterAll, expect, it } from "vitest";
import { startBoss } from "../jobs/boss.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { RISK_COUNTERS_QUEUE, startRiskCountersWorker } from "./risk-counters.job.ts";

/** The velocity counters' clean-up job (docs/pos-risk.md "Risk"): old windows go, current ones stay. */
describeEachDatabase("risk counters clean-up job", (get) => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  it("deletes the counters of ended windows and removed rules, and keeps the current ones", async () => {
    const { database } = get();
    const db = database.db;
    const merchantId = (await fixtures(db).user("Merchant")).merchant_id!;
    const rule = await db
      .insertInto("risk_rules")
      .values({
        merchant_id: merchantId,
        kind: "velocity",
        subject: "email",
        max_payments: 3,
        window_seconds: 600,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const windowOf = (seconds: number) => Math.floor(seconds / 600) * 600;
    const counter = (ruleId: number, key: string, windowStart: number) => ({
      rule_id: ruleId,
      subject_key: key,
      window_start: windowStart,
      payments: 1,
      amount_cents: 100,
      max_payments: 3,
      max_amount_cents: null,
    });
    await db
      .insertInto("risk_counters")
      .values([
        counter(rule.id, "current@example.com", windowOf(now)),
        // Ended an hour ago: kept for a day (a clock a little behind still finds it).
        counter(rule.id, "recent@example.com", windowOf(now - 3_600)),
        counter(rule.id, "old@example.com", windowOf(now - 3 * 86_400)),
        // A removed rule's counter (the table has no foreign key).
        counter(rule.id + 100_000, "orphan@example.com", windowOf(now)),
      ])
      .execute();
    const keys = async () =>
      (await db.selectFrom("risk_counters").select("subject_key").orderBy("subject_key").execute()).map(
        (r) => r.subject_key,
      );
    expect(await keys()).toHaveLength(4);

    const boss = await startBoss(database, { supervise: false });
    stops.push(() => boss.stop({ graceful: false, close: false, wait: true }));
    const log = { error: () => undefined, warn: () => undefined };
    const worker = await startRiskCountersWorker(boss, db, log, { pollingIntervalSeconds: 0.5 });
    stops.push(() => worker.stop());
    // The schedule queued a run at start; the worker takes it.
    await expect
      .poll(keys, { timeout: 30_000, interval: 250 })
      .toEqual(["current@example.com", "recent@example.com"]);
    // The run is a durable job that completed; queueing the same hour again adds none.
    await expect
      .poll(() => boss.getQueueSize(RISK_COUNTERS_QUEUE), { timeout: 15_000, interval: 250 })
      .toBe(0);
  });
});
