import { LENDER_MESSAGES, type Lender, type LenderListAnswer } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession, unique } from "../test/fixtures.ts";

/** Lender management by the merchant's bank (docs/pos-risk.md "Lenders"): list, add, edit, disable. */
describeEachDatabase("lenders: the bank manages its lenders", (get) => {
  let app: FastifyInstance;
  let bank: TestSession;
  let viewer: TestSession;
  let otherBank: TestSession;
  let merchantOwner: TestSession;
  let merchantId: number;
  let card: number;
  let card2: number;
  let wallet: number;
  let otherMerchantId: number;
  let otherCard: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    const b = await fx.bank();
    bank = await fx.session(await fx.user("Bank", { bankId: b.id }));
    viewer = await fx.session(
      await fx.user("BankStaff", { bankId: b.id, permissions: ["can view merchants"] }),
    );
    const o = await fx.bank();
    otherBank = await fx.session(await fx.user("Bank", { bankId: o.id }));
    const merchant = await fx.merchant({ company_name: unique("Nile Loans "), bank_id: b.id });
    merchantId = merchant.id;
    merchantOwner = await fx.session(await fx.user("Merchant", { merchantId }));
    card = Number((await fx.integration(merchantId, { is_live: false })).id);
    card2 = Number((await fx.integration(merchantId, { is_live: false, name: "Second card" })).id);
    wallet = Number((await fx.integration(merchantId, { type: "vodafone", gateway_type: "UIG" })).id);
    otherMerchantId = (await fx.merchant({ bank_id: o.id })).id;
    otherCard = Number((await fx.integration(otherMerchantId)).id);
  }, 120_000);
  afterAll(() => app.close());

  const call = (s: TestSession, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });
  const fieldOf = (r: { json(): unknown }, field: string) =>
    (r.json() as { fields?: Record<string, string[]> }).fields?.[field]?.[0];
  const lookup = (lender: string) =>
    app.inject({
      method: "POST",
      url: "/api/checkout/lending/lookup",
      payload: { lender, national_id: "29801011234567" },
    });

  it("adds a lender with its card integration and page id; lists it with its merchant's choices", async () => {
    const publicId = unique("nile-").toLowerCase();
    const added = await call(bank, "POST", "/api/bank/lenders", {
      merchant_id: merchantId,
      integration_id: card,
      public_id: publicId,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Lender>()).toMatchObject({
      public_id: publicId,
      merchant_id: merchantId,
      integration_id: card,
      is_live: false,
      is_active: true,
      customers: 0,
      open_loans: 0,
    });
    // The page knows it (no loan for this ID, but a lender).
    expect((await lookup(publicId)).json().code).toBe("no_loan");

    const list = await call(viewer, "GET", "/api/bank/lenders");
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json<LenderListAnswer>();
    expect(answer.results.map((l) => l.public_id)).toContain(publicId);
    const mine = answer.merchants.find((m) => m.id === merchantId)!;
    expect(mine.is_lender).toBe(true);
    // Card integrations only (the wallet one cannot take cards).
    expect(mine.integrations.map((i) => i.id).sort()).toEqual([card, card2].sort());
    expect(answer.merchants.map((m) => m.id)).not.toContain(otherMerchantId);
  });

  it("refuses each bad field with its message", async () => {
    const add = (body: Record<string, unknown>) =>
      call(bank, "POST", "/api/bank/lenders", {
        merchant_id: merchantId,
        integration_id: card,
        public_id: unique("x-").toLowerCase(),
        ...body,
      });
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, "merchant_id", LENDER_MESSAGES.alreadyLender],
      [{ merchant_id: otherMerchantId, integration_id: otherCard }, "merchant_id", LENDER_MESSAGES.merchant],
    ];
    for (const [body, field, message] of cases) {
      const r = await add(body);
      expect(r.statusCode, r.body).toBe(400);
      expect(fieldOf(r, field)).toBe(message);
    }
    const fresh = (await fixtures(app.payments.db).merchant({ bank_id: await bankIdOf() })).id;
    const freshCard = Number((await fixtures(app.payments.db).integration(fresh, { is_live: false })).id);
    const lender = (await call(bank, "GET", "/api/bank/lenders")).json<LenderListAnswer>().results[0]!;
    const more: [Record<string, unknown>, string, string][] = [
      [{ merchant_id: fresh, integration_id: wallet }, "integration_id", LENDER_MESSAGES.integration],
      [{ merchant_id: fresh, integration_id: card }, "integration_id", LENDER_MESSAGES.integration],
      [
        { merchant_id: fresh, integration_id: freshCard, public_id: "A b" },
        "public_id",
        LENDER_MESSAGES.publicId,
      ],
      [
        { merchant_id: fresh, integration_id: freshCard, public_id: "-x-" },
        "public_id",
        LENDER_MESSAGES.publicId,
      ],
      [
        { merchant_id: fresh, integration_id: freshCard, public_id: lender.public_id },
        "public_id",
        LENDER_MESSAGES.publicIdTaken,
      ],
    ];
    for (const [body, field, message] of more) {
      const r = await add(body);
      expect(r.statusCode, r.body).toBe(400);
      expect(fieldOf(r, field)).toBe(message);
    }
  });

  it("edits the integration and page id, and disables the page (then enables it again)", async () => {
    const lender = (await call(bank, "GET", "/api/bank/lenders"))
      .json<LenderListAnswer>()
      .results.find((l) => l.merchant_id === merchantId)!;
    const publicId = unique("nile-new-").toLowerCase();
    const edited = await call(bank, "PUT", `/api/bank/lenders/${lender.id}`, {
      integration_id: card2,
      public_id: publicId,
      is_active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Lender>()).toMatchObject({
      integration_id: card2,
      public_id: publicId,
      is_active: false,
    });
    expect(edited.json<Lender>().updated_at).not.toBeNull();
    // Disabled: its page answers as for no lender; the old page id is no lender's either.
    expect((await lookup(publicId)).json().code).toBe("unknown_lender");
    expect((await lookup(lender.public_id)).json().code).toBe("unknown_lender");
    const enabled = await call(bank, "PUT", `/api/bank/lenders/${lender.id}`, {
      integration_id: card2,
      public_id: publicId,
      is_active: true,
    });
    expect(enabled.json<Lender>().is_active).toBe(true);
    expect((await lookup(publicId)).json().code).toBe("no_loan");
    const wrong = await call(bank, "PUT", `/api/bank/lenders/${lender.id}`, {
      integration_id: wallet,
      public_id: publicId,
      is_active: true,
    });
    expect(fieldOf(wrong, "integration_id")).toBe(LENDER_MESSAGES.integration);
  });

  it("keeps each bank to its own lenders, and refuses those without the right", async () => {
    const lender = (await call(bank, "GET", "/api/bank/lenders")).json<LenderListAnswer>().results[0]!;
    const theirs = await call(otherBank, "GET", "/api/bank/lenders");
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<LenderListAnswer>().results).toEqual([]);
    const edit = { integration_id: lender.integration_id, public_id: lender.public_id, is_active: false };
    expect((await call(otherBank, "PUT", `/api/bank/lenders/${lender.id}`, edit)).statusCode).toBe(404);
    expect((await call(viewer, "PUT", `/api/bank/lenders/${lender.id}`, edit)).statusCode).toBe(403);
    expect(
      (
        await call(viewer, "POST", "/api/bank/lenders", {
          merchant_id: merchantId,
          integration_id: card,
          public_id: "viewer-page",
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(merchantOwner, "GET", "/api/bank/lenders")).statusCode).toBe(403);
    // Still enabled: the other bank changed nothing.
    const after = (await call(bank, "GET", "/api/bank/lenders")).json<LenderListAnswer>().results[0]!;
    expect(after.is_active).toBe(true);
  });

  async function bankIdOf(): Promise<number> {
    const row = await app.payments.db
      .selectFrom("merchants")
      .select("bank_id")
      .where("id", "=", merchantId)
      .executeTakeFirstOrThrow();
    return Number(row.bank_id);
  }
});
