import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { riskDecline } from "./risk.check.ts";
import { insertEntry, insertRule, refreshRiskFlag } from "./risk.repository.ts";
import { entryKey } from "./risk.service.ts";

/**
 * Properties of the risk check (docs/pos-risk.md "Risk"), whatever the merchant's rules: a blacklisted card is
 * never let through to the acquirer (so never approved), and a whitelisted card that is not blacklisted is never
 * blocked by a rule, however often it pays.
 */
const CARDS = ["5123456789012346", "4111111111111111", "4000000000000002", "5123450000000008"] as const;

const ruleArb = fc.oneof(
  fc.record({
    kind: fc.constant("max_amount" as const),
    currency: fc.constantFrom("EGP", "USD"),
    amount_cents: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant("min_amount" as const),
    currency: fc.constantFrom("EGP", "USD"),
    amount_cents: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant("three_ds" as const),
    currency: fc.constantFrom("EGP", "USD"),
    amount_cents: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant("countries" as const), countries: fc.subarray(["EG", "US", "AE"]) }),
  fc.record({
    kind: fc.constant("velocity" as const),
    subject: fc.constantFrom("card" as const, "email" as const, "ip" as const),
    max_payments: fc.integer({ min: 1, max: 3 }),
    window_seconds: fc.constantFrom(60, 3600),
  }),
);

describeEachDatabase("risk check properties", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it("a blacklisted card is never let through; a whitelisted one never blocked by a rule", async () => {
    const db = app.payments.db;
    const dataKey = app.payments.dataKey;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CARDS),
        fc.subarray([...CARDS]),
        fc.subarray([...CARDS]),
        fc.array(ruleArb, { maxLength: 6 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom("EGP", "USD"),
        fc.boolean(),
        async (pan, black, white, rules, amount, currency, secure) => {
          await db.deleteFrom("risk_counters").execute();
          await db.deleteFrom("risk_rules").where("merchant_id", "=", m.merchantId).execute();
          await db.deleteFrom("risk_list_entries").where("merchant_id", "=", m.merchantId).execute();
          for (const [list, cards] of [
            ["black", black],
            ["white", white],
          ] as const)
            for (const card of cards)
              await insertEntry(db, {
                merchant_id: m.merchantId,
                list,
                kind: "card",
                ...entryKey(dataKey, "card", card),
              });
          for (const rule of rules) await insertRule(db, { merchant_id: m.merchantId, ...rule });
          await refreshRiskFlag(db, m.merchantId);
          for (let i = 0; i < 3; i++) {
            const decline = await riskDecline(db, dataKey, {
              merchantId: m.merchantId,
              amountCents: amount,
              currency,
              pan,
              first6: pan.slice(0, 6),
              email: "prop@example.com",
              phone: "+201000000000",
              ip: "192.0.2.10",
              secure,
              now: new Date(),
            });
            if (black.includes(pan)) {
              expect(decline?.outcome).toBe("declined");
              expect(decline?.data?.risk).toMatchObject({ code: "blacklist_card" });
            } else if (white.includes(pan)) expect(decline).toBeNull();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);
});
