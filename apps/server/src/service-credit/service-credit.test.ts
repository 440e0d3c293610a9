import { CREDIT_MESSAGES, CREDIT_PACK_AMOUNTS, CREDIT_VALIDITY_DAYS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

describeEachDatabase("service-credit packs (POST /api/acceptance/billspromo)", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let staff: TestSession;
  let otherOwner: TestSession;
  let saudiOwner: TestSession;
  let bank: TestSession;
  let merchantId: number;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.deps.database.db);
    merchantId = (await fx.merchant({ country: "EGY" })).id;
    owner = await fx.session(await fx.user("Merchant", { merchantId }));
    staff = await fx.session(
      await fx.user("MerchantStaff", {
        merchantId,
        permissions: ["can view transactions", "can view api key"],
      }),
    );
    otherOwner = await fx.session(await fx.user("Merchant"));
    saudiOwner = await fx.session(await fx.user("Merchant", { country: "SAU" }));
    bank = await fx.session(await fx.user("Bank"));
  });
  afterAll(() => app.close());

  const balance = (s: Record<string, string>) =>
    app.inject({ url: "/api/acceptance/billspromo", headers: s });
  const buy = (s: Record<string, string>, amount_cents: unknown) =>
    app.inject({ method: "POST", url: "/api/acceptance/billspromo", headers: s, payload: { amount_cents } });

  it("starts at nothing, and a pack tops the balance up for 14 days, with the sign-in token as a bearer", async () => {
    const empty = await balance(owner.bearer);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ balance_cents: 0, currency: "EGP", next_expiry: null, packs: [] });
    const before = Date.now();
    const bought = await buy(owner.bearer, 150000);
    expect(bought.statusCode, bought.body).toBe(201);
    const body = bought.json();
    expect(body.balance_cents).toBe(150000);
    expect(body.packs).toHaveLength(1);
    const days = (Date.parse(body.packs[0].expires_at) - Date.parse(body.packs[0].created_at)) / 86_400_000;
    expect(days).toBe(CREDIT_VALIDITY_DAYS);
    expect(Date.parse(body.packs[0].created_at)).toBeGreaterThanOrEqual(before - 1000);
    // The browser session works the same way.
    expect((await buy(owner.headers, 300000)).json().balance_cents).toBe(450000);
  });

  it("sells the four packs only: 100 times 1000, 1500, 2000 or 3000 pounds", async () => {
    expect(CREDIT_PACK_AMOUNTS).toEqual([100000, 150000, 200000, 300000]);
    for (const wrong of [100, 1000, 99999, 100001, 250000, "100000", -100000, null, 1e20]) {
      const res = await buy(otherOwner.bearer, wrong);
      expect(res.statusCode, String(wrong)).toBe(400);
      expect(JSON.stringify(res.json()), String(wrong)).toContain(CREDIT_MESSAGES.unknownPack);
    }
    expect((await balance(otherOwner.bearer)).json().balance_cents).toBe(0);
  });

  it("counts only packs not yet expired, and shows the soonest expiry", async () => {
    const db = app.deps.database.db;
    const old = new Date(Date.now() - 20 * 86_400_000);
    await db
      .insertInto("service_credits")
      .values({
        merchant_id: merchantId,
        amount_cents: 200000,
        currency: "EGP",
        created_at: old,
        expires_at: new Date(old.getTime() + CREDIT_VALIDITY_DAYS * 86_400_000),
      })
      .execute();
    const body = (await balance(owner.bearer)).json();
    expect(body.balance_cents).toBe(450000);
    expect(body.packs).toHaveLength(3);
    expect(Date.parse(body.next_expiry)).toBeGreaterThan(Date.now());
  });

  it("is the owner's alone: staff, banks and other merchants get nothing of it", async () => {
    for (const s of [staff, bank]) {
      expect((await buy(s.bearer, 100000)).statusCode).toBe(403);
      expect((await balance(s.bearer)).statusCode).toBe(403);
    }
    expect((await buy(staff.bearer, 100000)).json().detail).toBe(CREDIT_MESSAGES.notOwner);
    expect((await balance(otherOwner.bearer)).json().balance_cents).toBe(0);
    expect((await balance({})).statusCode).toBe(401);
    expect((await buy({ authorization: "Bearer nope" }, 100000)).statusCode).toBe(401);
  });

  it("is for Egyptian merchants: the packs are in pounds", async () => {
    const res = await buy(saudiOwner.bearer, 100000);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(CREDIT_MESSAGES.notEgypt);
  });
});
