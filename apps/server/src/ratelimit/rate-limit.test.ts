import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases.ts";
import { deleteExpiredRateLimits, hitRateLimit } from "./rate-limit.repository.ts";

describeEachDatabase("rate limits", (get) => {
  const db = () => get().database.db;
  const rule = { limit: 5, windowSeconds: 60 };

  it("counts every concurrent hit exactly once", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(db(), "k:concurrent", rule)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(rule.limit);
  });

  it("commits its own counter without the flush and leaves the connection's setting as it was", async () => {
    await hitRateLimit(db(), "k:fast", rule);
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db());
    expect(rows[0]!.synchronous_commit).toBe("on");
    const again = await hitRateLimit(db(), "k:fast", rule);
    expect(again.hits).toBe(2);
  });

  it("restarts the count in a new window and cleans up passed windows", async () => {
    await db()
      .insertInto("rate_limits")
      .values({ key: "k:old", hits: 50, reset_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await deleteExpiredRateLimits(db())).toBeGreaterThanOrEqual(1);
    await db()
      .insertInto("rate_limits")
      .values({ key: "k:old", hits: 50, reset_at: new Date(Date.now() - 1000) })
      .execute();
    const r = await hitRateLimit(db(), "k:old", rule);
    expect(r).toMatchObject({ allowed: true, hits: 1 });
    expect(r.resetAt.getTime()).toBeGreaterThan(Date.now());
  });
});
