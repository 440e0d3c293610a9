import { REQUEST_TO_PAY_DAYS } from "@portal/domain";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING, createTestIntention, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import {
  advanceTestClock,
  cachedTestClockOffset,
  loadTestClocks,
  merchantNow,
  merchantNowSync,
  readTestClock,
  resetTestClock,
  setTestClock,
  TestClockError,
} from "./clock.ts";
import { makeRequestToPay, requestToPayState } from "./test-support.ts";

const HOUR = 3_600_000;

describeEachDatabase("test clock: per-merchant test-mode time, advance, set, reset", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let other: TestMerchant;
  let owner: TestSession;
  let otherOwner: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    await app.ready();
    m = await testMerchant(app);
    other = await testMerchant(app);
    const fx = fixtures(app.payments.db);
    owner = await fx.session({ id: m.ownerId });
    otherOwner = await fx.session({ id: other.ownerId });
  });
  afterAll(() => app.close());

  const clock = (session: TestSession) => app.inject({ url: "/api/test-clock", headers: session.headers });
  const advance = (session: TestSession, seconds: number) =>
    app.inject({
      method: "POST",
      url: "/api/test-clock/advance",
      headers: session.headers,
      payload: { seconds },
    });
  const set = (session: TestSession, now: string) =>
    app.inject({ method: "PUT", url: "/api/test-clock", headers: session.headers, payload: { now } });
  const reset = (session: TestSession) =>
    app.inject({ method: "DELETE", url: "/api/test-clock", headers: session.headers });

  describe("the dashboard routes", () => {
    it("shows real time until moved, advances, refuses to go back, resets", async () => {
      await reset(owner);
      const start = (await clock(owner)).json();
      expect(start).toMatchObject({ offset_ms: 0, moved: false });

      const advanced = await advance(owner, 2 * 3600);
      expect(advanced.statusCode, advanced.body).toBe(200);
      expect(advanced.json()).toMatchObject({ offset_ms: 2 * HOUR, moved: true });
      const shown = (await clock(owner)).json();
      expect(Date.parse(shown.now) - Date.parse(shown.real_now)).toBe(2 * HOUR);

      const back = await set(owner, new Date(Date.now() + HOUR).toISOString());
      expect(back.statusCode).toBe(400);
      expect(back.json().detail).toBe(
        "The test clock cannot move backwards: choose an instant after the current test time, or reset it.",
      );

      const target = new Date(Date.now() + 30 * 24 * HOUR);
      const moved = await set(owner, target.toISOString());
      expect(moved.statusCode, moved.body).toBe(200);
      expect(Math.abs(Date.parse(moved.json().now) - target.getTime())).toBeLessThan(5_000);

      expect((await advance(owner, 0)).statusCode).toBe(400);
      expect((await advance(owner, -5)).statusCode).toBe(400);

      const cleared = await reset(owner);
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ offset_ms: 0, moved: false });
    });

    it("moves only the caller's merchant", async () => {
      await reset(owner);
      await reset(otherOwner);
      await advance(owner, 3600);
      expect((await clock(otherOwner)).json()).toMatchObject({ offset_ms: 0, moved: false });
      expect((await clock(owner)).json()).toMatchObject({ offset_ms: HOUR });
      await reset(owner);
    });

    it("asks for a signed-in user", async () => {
      expect((await app.inject({ url: "/api/test-clock" })).statusCode).toBe(401);
    });

    it("keeps other tenants out: banks, staff without the permission, another merchant", async () => {
      await reset(owner);
      await advance(owner, 60);
      const fx = fixtures(app.payments.db);
      const bank = await fx.session(await fx.user("Bank"));
      expect((await clock(bank)).statusCode).toBe(403);
      expect((await advance(bank, 60)).statusCode).toBe(403);
      const viewer = await fx.session(
        await fx.user("MerchantStaff", {
          merchantId: m.merchantId,
          permissions: ["can view payment integration"],
        }),
      );
      expect((await clock(viewer)).json()).toMatchObject({ offset_ms: 60_000 });
      expect((await advance(viewer, 60)).statusCode).toBe(403);
      expect((await reset(viewer)).statusCode).toBe(403);
      const stranger = await fx.session(
        await fx.user("MerchantStaff", { merchantId: m.merchantId, permissions: [] }),
      );
      expect((await clock(stranger)).statusCode).toBe(403);
      // Another merchant's moves and resets are its own.
      await advance(otherOwner, 7200);
      await reset(otherOwner);
      expect((await clock(owner)).json()).toMatchObject({ offset_ms: 60_000 });
      await reset(owner);
    });
  });

  describe("the model", () => {
    it("is held in memory once the server is ready: the payment path reads no row for it", () => {
      // undefined would mean "not loaded" (every test-mode read would query its row).
      expect(cachedTestClockOffset(app.payments.db, m.merchantId)).toBeDefined();
      expect(cachedTestClockOffset(app.payments.db, 2_000_000_000)).toBe(0);
    });

    it("never touches live mode, keeps merchants apart, and moves test time as documented", async () => {
      const db = app.payments.db;
      const a = m.merchantId;
      const b = other.merchantId;
      const ops = fc.array(
        fc.oneof(
          fc.record({
            op: fc.constant("advance" as const),
            who: fc.constantFrom(a, b),
            ms: fc.integer({ min: 1, max: 400 * 24 * HOUR }),
          }),
          fc.record({
            op: fc.constant("set" as const),
            who: fc.constantFrom(a, b),
            ms: fc.integer({ min: -48 * HOUR, max: 800 * 24 * HOUR }),
          }),
          fc.record({ op: fc.constant("reset" as const), who: fc.constantFrom(a, b) }),
        ),
        { maxLength: 12 },
      );
      await fc.assert(
        fc.asyncProperty(ops, async (steps) => {
          await resetTestClock(db, a);
          await resetTestClock(db, b);
          const expected = new Map<number, number>([
            [a, 0],
            [b, 0],
          ]);
          const real = new Date("2026-03-01T10:00:00Z");
          for (const step of steps) {
            const before = expected.get(step.who)!;
            const otherId = step.who === a ? b : a;
            const otherBefore = await merchantNow(db, otherId, false, real);
            const testBefore = await merchantNow(db, step.who, false, real);
            if (step.op === "advance") {
              await advanceTestClock(db, step.who, step.ms, null, real);
              expected.set(step.who, before + step.ms);
            } else if (step.op === "set") {
              const instant = new Date(real.getTime() + step.ms);
              if (step.ms < before) {
                await expect(setTestClock(db, step.who, instant, null, real)).rejects.toBeInstanceOf(
                  TestClockError,
                );
              } else {
                await setTestClock(db, step.who, instant, null, real);
                expected.set(step.who, step.ms);
              }
            } else {
              await resetTestClock(db, step.who, null, real);
              expected.set(step.who, 0);
            }
            const testAfter = await merchantNow(db, step.who, false, real);
            // Test time = real + offset; it never runs back except at an explicit reset.
            expect(testAfter.getTime()).toBe(real.getTime() + expected.get(step.who)!);
            if (step.op !== "reset") expect(testAfter.getTime()).toBeGreaterThanOrEqual(testBefore.getTime());
            // Live mode is always real time, in memory or read.
            expect((await merchantNow(db, step.who, true, real)).getTime()).toBe(real.getTime());
            expect(merchantNowSync(db, step.who, true, real).getTime()).toBe(real.getTime());
            // The other merchant's clock did not move.
            expect((await merchantNow(db, otherId, false, real)).getTime()).toBe(otherBefore.getTime());
            // The row agrees with memory.
            expect((await readTestClock(db, step.who, real)).offset_ms).toBe(expected.get(step.who));
            expect(cachedTestClockOffset(db, step.who)).toBe(expected.get(step.who));
          }
        }),
        { numRuns: 25 },
      );
      await resetTestClock(db, a);
      await resetTestClock(db, b);
    });

    it("expires test keys, intentions, requests to pay and reservations by test time under random moves, never live ones", async () => {
      const db = app.payments.db;
      const a = m.merchantId;
      // Whole hours against a 90-minute key, a 15-minute hold and a 7-day request: the seconds a run takes never
      // reach a boundary (an offset equal to a lifetime is past it).
      const lifetime = 90 * 60;
      const holdMs = 15 * 60_000;
      const requestMs = REQUEST_TO_PAY_DAYS * 24 * HOUR;
      const steps = fc.array(
        fc.oneof(
          fc.record({ op: fc.constant("advance" as const), hours: fc.constantFrom(1, 2, 24, 72) }),
          fc.record({ op: fc.constant("reset" as const) }),
        ),
        { minLength: 1, maxLength: 6 },
      );
      const live = await app.inject({
        method: "POST",
        url: "/v1/intention/",
        headers: { authorization: `Token ${m.keys.secretKeyLive}` },
        payload: {
          amount: 10000,
          currency: "EGP",
          payment_methods: [m.integrations.liveCard],
          billing_data: BILLING,
          expiration: lifetime,
        },
      });
      expect(live.statusCode, live.body).toBe(201);
      const liveKey = live.json().payment_keys[0].key as string;
      const liveSecret = live.json().client_secret as string;
      const request = async (isLive: boolean) => (await makeRequestToPay(app, owner.headers, isLive)).id;
      const requestState = (id: number) => requestToPayState(app, owner.headers, id);
      const heldProduct = async (integration: number) => {
        const made = await app.inject({
          method: "POST",
          url: "/api/products",
          headers: owner.headers,
          payload: {
            name: "Clock mug",
            description: null,
            price_cents: 25_000,
            currency: "EGP",
            inventory: 1,
            delivery_needed: false,
            allow_quantity_edit: false,
            merchant_product_id: null,
            integration_ids: [integration],
          },
        });
        expect(made.statusCode, made.body).toBe(201);
        const publicId = made.json().public_id as string;
        const bought = await app.inject({
          method: "POST",
          url: `/api/checkout/products/${publicId}/purchase`,
          payload: { quantity: 1, integration_id: integration },
        });
        expect(bought.statusCode, bought.body).toBe(201);
        return publicId;
      };
      const productState = async (publicId: string) =>
        (await app.inject({ url: `/api/checkout/products/${publicId}` })).json().state;
      const liveRequest = await request(true);
      const liveProduct = await heldProduct(m.integrations.liveCard);
      const checkout = async (token: string) =>
        (await app.inject({ url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}` }))
          .statusCode;
      const status = async (publicKey: string, secret: string) =>
        (await app.inject({ url: `/v1/intention/element/${publicKey}/${secret}/` })).json().status;
      await fc.assert(
        fc.asyncProperty(steps, async (moves) => {
          await resetTestClock(db, a);
          const test = await createTestIntention(app, m, { expiration: lifetime });
          const testKey = test.payment_keys[0]!.key;
          const testRequest = await request(false);
          const testProduct = await heldProduct(m.integrations.card);
          let offset = 0;
          for (const move of moves) {
            if (move.op === "advance") {
              await advanceTestClock(db, a, move.hours * HOUR);
              offset += move.hours * HOUR;
            } else {
              // A reset brings back what expired only by test time: the expiry is still ahead in real time.
              await resetTestClock(db, a);
              offset = 0;
            }
            const expired = offset >= lifetime * 1000;
            expect(await checkout(testKey)).toBe(expired ? 410 : 200);
            expect(await status(m.keys.publicKeyTest, test.client_secret)).toBe(
              expired ? "expired" : "intended",
            );
            expect(await requestState(testRequest)).toBe(offset >= requestMs ? "expired" : "created");
            expect(await productState(testProduct)).toBe(offset >= holdMs ? "open" : "reserved");
            expect(await checkout(liveKey)).toBe(200);
            expect(await status(m.keys.publicKeyLive, liveSecret)).toBe("intended");
            expect(await requestState(liveRequest)).toBe("created");
            expect(await productState(liveProduct)).toBe("reserved");
          }
        }),
        { numRuns: 15 },
      );
      await resetTestClock(db, a);
    });

    it("reads the row through a transaction, and reloads other processes' changes", async () => {
      const db = app.payments.db;
      await resetTestClock(db, m.merchantId);
      await db
        .insertInto("test_clocks")
        .values({ merchant_id: m.merchantId, offset_ms: 5 * HOUR, updated_by: "elsewhere" })
        .execute();
      const real = new Date();
      const inTrx = await db.transaction().execute((trx) => merchantNow(trx, m.merchantId, false, real));
      expect(inTrx.getTime()).toBe(real.getTime() + 5 * HOUR);
      await loadTestClocks(db);
      expect(cachedTestClockOffset(db, m.merchantId)).toBe(5 * HOUR);
      await resetTestClock(db, m.merchantId);
      expect(cachedTestClockOffset(db, m.merchantId)).toBe(0);
    });
  });
});
