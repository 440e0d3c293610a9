import type { ReportsAnswer } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { foldAnalytics } from "./analytics.repository.ts";

/**
 * The bank layout's Reports screen calls GET /api/analytics/reports; it answered 403 to every bank user (the
 * route asked for the caller's merchant), so the screen showed "The figures could not be loaded" (issue 10, item
 * 10). A bank reads the figures of its own merchants, and of no other bank's.
 */
describeEachDatabase("the bank's reports", (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
  });
  afterAll(() => app.close());

  it("sum the bank's own merchants, in the bank's time zone, and none of another bank's", async () => {
    const db = app.payments.db;
    const f = fixtures(db);
    const r = rows(db);
    const bank = await f.bank({ country: "EGY" });
    const other = await f.bank({ country: "EGY" });
    const first = await f.merchant({ country: "EGY", bank_id: bank.id });
    const second = await f.merchant({ country: "EGY", bank_id: bank.id });
    const foreign = await f.merchant({ country: "EGY", bank_id: other.id });
    const now = new Date();
    await r.payment(first.id, { amount_cents: 12_000, created_at: now });
    await r.payment(second.id, { amount_cents: 30_000, created_at: now });
    await r.payment(foreign.id, { amount_cents: 500_000, created_at: now });
    await foldAnalytics(db);
    // Some rows left as deltas, read the same way.
    await r.payment(second.id, { amount_cents: 1_000, created_at: now });

    const reports = async (headers: Record<string, string>) =>
      app.inject({
        method: "GET",
        url: "/api/analytics/reports?date=last_7_days&granularity=daily&is_live=true",
        headers,
      });
    for (const profile of ["Bank", "BankStaff"] as const) {
      const user = await f.user(profile, {
        bankId: bank.id,
        permissions: profile === "BankStaff" ? ["can view reports"] : [],
      });
      const answer = await reports((await f.session(user)).headers);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json() as ReportsAnswer;
      expect(body.range.time_zone).toBe("Africa/Cairo");
      expect(body.cards).toHaveLength(1);
      expect(body.cards[0]).toMatchObject({
        currency: "EGP",
        gross_sales: { value: 43_000 },
        number_of_transactions: { value: 3 },
      });
    }
    // The other bank sees its own merchant only.
    const otherUser = await f.user("Bank", { bankId: other.id });
    const otherAnswer = (await reports((await f.session(otherUser)).headers)).json() as ReportsAnswer;
    expect(otherAnswer.cards[0]?.gross_sales.value).toBe(500_000);
    // Bank staff without the permission are refused; a bank with no merchants gets empty figures, not an error.
    const staff = await f.user("BankStaff", { bankId: bank.id, permissions: [] });
    expect((await reports((await f.session(staff)).headers)).statusCode).toBe(403);
    const empty = await f.user("Bank", { bankId: (await f.bank({ country: "EGY" })).id });
    const emptyAnswer = await reports((await f.session(empty)).headers);
    expect(emptyAnswer.statusCode, emptyAnswer.body).toBe(200);
    expect((emptyAnswer.json() as ReportsAnswer).cards).toEqual([]);
  });
});
