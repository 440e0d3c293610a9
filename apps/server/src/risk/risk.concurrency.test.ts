import { RISK_DECLINE_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/database.ts";
import {
  BILLING,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";

/**
 * A velocity rule under concurrency on PostgreSQL (PGlite has one connection, so nothing runs concurrently
 * there): 50 card payments of one e-mail at once, over a pool large enough for all of them, let exactly the
 * rule's limit through to the acquirer (the counter row's INSERT ... ON CONFLICT DO UPDATE ... WHERE).
 */
describe("risk velocity under 50 concurrent payments [postgres]", () => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase("postgres");
    const database = await openPostgres(test.url!, 60);
    drop = async () => {
      await database.close();
      await test.drop();
    };
    app = await buildTestApp(database);
    m = await testMerchant(app);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it("lets exactly the limit through", async () => {
    const owner = await fixtures(app.payments.db).session({ id: m.ownerId });
    const limit = 7;
    const rule = await app.inject({
      method: "POST",
      url: "/api/risk/rules",
      headers: owner.headers,
      payload: { kind: "velocity", subject: "email", max_payments: limit, window_seconds: 3600 },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++)
      tokens.push(
        (
          await paymentTokenFor(app, m, m.integrations.card, {
            billing_data: { ...BILLING, email: "burst@example.com" },
          })
        ).token,
      );
    const answers = await Promise.all(tokens.map((t) => payCard(app, t)));
    const bodies = answers.map((a) => {
      expect(a.statusCode, a.body).toBe(200);
      return a.json<{ transaction: { success: boolean; message: string } }>().transaction;
    });
    expect(bodies.filter((b) => b.success)).toHaveLength(limit);
    expect(bodies.filter((b) => b.message === RISK_DECLINE_MESSAGES.velocity)).toHaveLength(50 - limit);
    const counter = await app.payments.db.selectFrom("risk_counters").selectAll().executeTakeFirstOrThrow();
    expect(counter.payments).toBe(limit);
  }, 300_000);
});
