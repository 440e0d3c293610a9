import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { captureTransaction, refundTransaction, voidTransaction } from "./operations.service.ts";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "./test-support.ts";

/**
 * The money invariants through the real service and database (the rules themselves are property-tested in
 * packages/domain): for any sequence of captures, refunds and voids on one payment, captured <= authorised,
 * refunded <= captured (or paid), the parent's amounts equal the sum of its children, and nothing else moves.
 */
describeEachDatabase("money invariants under random operation sequences", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
  });
  afterAll(() => app.close());

  const operation = fc.oneof(
    fc.record({ kind: fc.constant("refund" as const), amount: fc.integer({ min: -10, max: 12_000 }) }),
    fc.record({ kind: fc.constant("capture" as const), amount: fc.integer({ min: -10, max: 12_000 }) }),
    fc.record({ kind: fc.constant("void" as const), amount: fc.constant(0) }),
  );

  it("never captures or refunds more than allowed, and the books balance", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(operation, { minLength: 1, maxLength: 8 }),
        async (isAuth, ops) => {
          const { token } = await paymentTokenFor(app, m, isAuth ? m.integrations.auth : m.integrations.card);
          const id = (await payCard(app, token)).json().transaction.id as number;
          const caller = { merchantId: m.merchantId, isLive: false };
          for (const op of ops) {
            const request = { transactionId: id, amountCents: op.amount };
            const run =
              op.kind === "refund"
                ? refundTransaction(app.payments, caller, request)
                : op.kind === "capture"
                  ? captureTransaction(app.payments, caller, request)
                  : voidTransaction(app.payments, caller, request);
            // A refusal is an answer like any other here; only the books matter.
            await run.catch(() => undefined);
          }
          const db = app.payments.db;
          const parent = await db
            .selectFrom("transactions")
            .selectAll()
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          const children = await db
            .selectFrom("transactions")
            .selectAll()
            .where("parent_transaction_id", "=", id)
            .execute();
          const sum = (type: string) =>
            children.filter((c) => c.trnx_type === type).reduce((acc, c) => acc + c.amount_cents, 0);
          expect(parent.amount_cents).toBe(10_000);
          expect(parent.captured_amount_cents).toBe(sum("capture"));
          expect(parent.refunded_amount_cents).toBe(sum("refund"));
          expect(children.filter((c) => c.trnx_type === "capture").length).toBeLessThanOrEqual(1);
          expect(children.filter((c) => c.trnx_type === "void").length).toBe(parent.is_voided ? 1 : 0);
          expect(parent.captured_amount_cents).toBeLessThanOrEqual(parent.amount_cents);
          const refundable = parent.is_auth ? parent.captured_amount_cents : parent.amount_cents;
          expect(parent.refunded_amount_cents).toBeLessThanOrEqual(refundable);
          const left = refundable - parent.refunded_amount_cents;
          if (parent.refunded_amount_cents > 0) expect(left === 0 || left > 500).toBe(true);
          if (!isAuth) expect(parent.captured_amount_cents).toBe(0);
          if (parent.is_voided) expect(parent.refunded_amount_cents).toBe(0);
          for (const c of children) expect(c.amount_cents).toBeGreaterThan(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});
