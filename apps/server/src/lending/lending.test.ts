import { LENDING_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/database.ts";
import { payCard, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase, describeEachDatabase } from "../test/databases.ts";
import { unique } from "../test/fixtures.ts";
import { LENDING_LIMITS } from "./lending.routes.ts";
import { type SeedCustomer, seedLender } from "./lending.seed.ts";
import { PIN_MAX_FAILURES } from "./lending.service.ts";

/**
 * Lending collection (docs/pos-risk.md "Lending"): every message and rule of the public page's API, on both
 * databases, and the races on PostgreSQL: an instalment is paid exactly once whatever arrives twice or at once.
 */

const DECLINED_CARD = { pan: "4000000000000002" };
const CHALLENGE_CARD = { pan: "4000000000003220" };

let ipCounter = 0;
/** Each request from its own address, so the per-address limits stay out of the way (one test checks them). */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** A 14-digit national ID unique to this run. */
let idCounter = 0;
const newId = () => {
  idCounter += 1;
  return `29${String(Date.now() % 1e8).padStart(8, "0")}${String(idCounter).padStart(4, "0")}`;
};

interface World {
  m: TestMerchant;
  lender: string;
  loans: Map<string, number>;
  accounts: Map<string, number>;
}

async function lendingWorld(app: FastifyInstance, customers: SeedCustomer[]): Promise<World> {
  const m = await testMerchant(app);
  const lender = unique("lender-");
  const seeded = await seedLender(
    app.payments.db,
    app.payments.dataKey,
    {
      merchantId: m.merchantId,
      integrationId: m.integrations.card,
      publicId: lender,
      currency: "EGP",
      now: new Date(),
    },
    customers,
  );
  return { m, lender, loans: seeded.loans, accounts: seeded.accounts };
}

const loan = (reference: string, o: Partial<SeedCustomer["loans"][number]> = {}) => ({
  reference,
  service_name: "Refrigerator instalment plan",
  amount_cents: 1_200_000,
  instalment_cents: 100_000,
  fee_cents: 1_500,
  instalments_total: 12,
  ...o,
});

function api(app: FastifyInstance) {
  const post = (url: string, payload: Record<string, unknown>, ip = nextIp()) =>
    app.inject({ method: "POST", url, payload, remoteAddress: ip });
  return {
    lookup: (lender: string, national_id: string, ip?: string) =>
      post("/api/checkout/lending/lookup", { lender, national_id }, ip),
    card: (lender: string, national_id: string, reference: string, instalment_no: number) =>
      post("/api/checkout/lending/card", { lender, national_id, reference, instalment_no }),
    balance: (lender: string, national_id: string, reference: string, instalment_no: number, pin: string) =>
      post("/api/checkout/lending/balance", { lender, national_id, reference, instalment_no, pin }),
  };
}

async function loanRow(app: FastifyInstance, id: number) {
  return app.payments.db.selectFrom("loans").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
async function balanceOf(app: FastifyInstance, accountId: number) {
  const row = await app.payments.db
    .selectFrom("lending_accounts")
    .select("balance_cents")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

describeEachDatabase("lending collection", (get) => {
  let app: FastifyInstance;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    call = api(app);
  });
  afterAll(() => app.close());

  it("refuses a national ID that is not 14 digits with the spec's message, and an unknown lender page", async () => {
    const w = await lendingWorld(app, []);
    for (const bad of ["", "1234567890123", "123456789012345", "2900101123456a", "29001011234 56x"]) {
      const r = await call.lookup(w.lender, bad);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json()).toMatchObject({
        code: "invalid_national_id",
        detail: LENDING_MESSAGES.invalidNationalId,
        fields: { national_id: [LENDING_MESSAGES.invalidNationalId] },
      });
    }
    const unknown = await call.lookup("no-such-lender", newId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("unknown_lender");
  });

  it("answers 'User does not have Loan' for an unknown ID, one whose loans are paid off, and another lender's customer", async () => {
    const paidOff = newId();
    const w = await lendingWorld(app, [
      {
        national_id: paidOff,
        pin: "1234",
        balance_cents: 0,
        loans: [loan(unique("L"), { instalments_paid: 12 })],
      },
    ]);
    const mine = newId();
    const other = await lendingWorld(app, [
      { national_id: mine, pin: "1234", balance_cents: 0, loans: [loan(unique("L"))] },
    ]);
    for (const id of [newId(), paidOff, mine]) {
      const r = await call.lookup(w.lender, id);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: "no_loan", detail: LENDING_MESSAGES.noLoan });
    }
    expect((await call.lookup(other.lender, mine)).statusCode).toBe(200);
  });

  it("shows the service details by national ID (Arabic-Indic digits too), stores the ID only hashed and masked", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "1234", balance_cents: 500_000, loans: [loan(ref, { instalments_paid: 2 })] },
    ]);
    const arabic = id.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    for (const asTyped of [id, arabic, `${id.slice(0, 7)} ${id.slice(7)}`]) {
      const r = await call.lookup(w.lender, asTyped);
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json();
      expect(body.national_id_masked).toBe(`${id[0]}••••••••••${id.slice(-3)}`);
      expect(body.is_live).toBe(false);
      expect(body.loans).toEqual([
        {
          reference: ref,
          service_name: "Refrigerator instalment plan",
          currency: "EGP",
          exponent: 2,
          amount_cents: 1_200_000,
          outstanding_cents: 1_000_000,
          instalment_cents: 100_000,
          fee_cents: 1_500,
          total_cents: 101_500,
          instalment_no: 3,
          instalments_paid: 2,
          instalments_total: 12,
        },
      ]);
      expect(r.body).not.toContain(id);
    }
    const stored = await app.payments.db
      .selectFrom("lending_accounts")
      .selectAll()
      .where("id", "=", w.accounts.get(id)!)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(id);
    expect(stored.national_id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("pays from the balance: the instalment and fees leave the balance, what is owed drops by the instalment once", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 300_000, loans: [loan(ref)] },
    ]);
    const paid = await call.balance(w.lender, id, ref, 1, "2468");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().paid).toMatchObject({
      instalment_no: 1,
      total_cents: 101_500,
      outstanding_cents: 1_100_000,
    });
    expect(paid.json().loan).toMatchObject({ instalment_no: 2, outstanding_cents: 1_100_000 });
    expect(await balanceOf(app, w.accounts.get(id)!)).toBe(300_000 - 101_500);
    // The same confirmation again (a double click, a replay): refused, nothing taken twice.
    const again = await call.balance(w.lender, id, ref, 1, "2468");
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("already_paid");
    const row = await loanRow(app, w.loans.get(ref)!);
    expect(row.instalments_paid).toBe(1);
    expect(Number(row.outstanding_cents)).toBe(1_100_000);
    expect(await balanceOf(app, w.accounts.get(id)!)).toBe(300_000 - 101_500);
  });

  it("answers 'User does not have enough balance' (404) and takes nothing", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 101_499, loans: [loan(ref)] },
    ]);
    const r = await call.balance(w.lender, id, ref, 1, "2468");
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: "not_enough_balance", detail: LENDING_MESSAGES.notEnoughBalance });
    expect(await balanceOf(app, w.accounts.get(id)!)).toBe(101_499);
    expect((await loanRow(app, w.loans.get(ref)!)).instalments_paid).toBe(0);
  });

  it("answers 'incorrect credentials' for a wrong PIN, and locks the balance after five in a row", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 900_000, loans: [loan(ref)] },
    ]);
    for (let i = 0; i < PIN_MAX_FAILURES; i++) {
      const r = await call.balance(w.lender, id, ref, 1, i % 2 ? "0000" : "abc");
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({
        code: "incorrect_credentials",
        detail: LENDING_MESSAGES.incorrectCredentials,
      });
    }
    // Locked: even the right PIN waits, and nothing was paid.
    const locked = await call.balance(w.lender, id, ref, 1, "2468");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("pin_locked");
    expect(await balanceOf(app, w.accounts.get(id)!)).toBe(900_000);
  });

  it("answers 'Payment failed, please try again later' when the balance is suspended or the lender's card method is off", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 900_000, status: "suspended", loans: [loan(ref)] },
    ]);
    const r = await call.balance(w.lender, id, ref, 1, "2468");
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: "payment_failed", detail: LENDING_MESSAGES.paymentFailed });
    await app.payments.db
      .updateTable("integrations")
      .set({ is_active: false })
      .where("id", "=", w.m.integrations.card)
      .execute();
    const card = await call.card(w.lender, id, ref, 1);
    expect(card.statusCode).toBe(400);
    expect(card.json().detail).toBe(LENDING_MESSAGES.paymentFailed);
  });

  it("pays by card through the payment core: one token per instalment, a decline then Try again, credited exactly once", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 0, loans: [loan(ref)] },
    ]);
    const first = await call.card(w.lender, id, ref, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ instalment_no: 1, total_cents: 101_500 });
    const token = first.json().payment_token as string;
    // A double click: the same attempt.
    expect((await call.card(w.lender, id, ref, 1)).json().payment_token).toBe(token);
    const page = await app.inject({
      url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}`,
    });
    expect(page.json()).toMatchObject({ amount_cents: 101_500, currency: "EGP" });

    const declined = await payCard(app, token, DECLINED_CARD);
    expect(declined.json().transaction.success).toBe(false);
    expect((await loanRow(app, w.loans.get(ref)!)).instalments_paid).toBe(0);
    // Try again: the same attempt, one fewer payment left on it.
    expect((await call.card(w.lender, id, ref, 1)).json().payment_token).toBe(token);
    const ok = await payCard(app, token, {}, { "idempotency-key": "lending-card-1" });
    expect(ok.json().transaction.success).toBe(true);
    // The same submission replayed answers the first result; a new one is refused: still one credit.
    const replay = await payCard(app, token, {}, { "idempotency-key": "lending-card-1" });
    expect(replay.json().transaction.id).toBe(ok.json().transaction.id);
    const second = await payCard(app, token);
    expect(second.statusCode).toBeGreaterThanOrEqual(400);
    const row = await loanRow(app, w.loans.get(ref)!);
    expect(row.instalments_paid).toBe(1);
    expect(Number(row.outstanding_cents)).toBe(1_100_000);
    const attempt = await app.payments.db
      .selectFrom("lending_payments")
      .selectAll()
      .where("loan_id", "=", w.loans.get(ref)!)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: "paid", source: "card", instalment_no: 1 });
    expect(Number(attempt.transaction_id)).toBe(ok.json().transaction.id);
    // The instalment is paid: starting it again is refused, the lookup shows the next one.
    expect((await call.card(w.lender, id, ref, 1)).statusCode).toBe(409);
    expect((await call.lookup(w.lender, id)).json().loans[0]).toMatchObject({ instalment_no: 2 });
  });

  it("a balance payment ends an unused card attempt (its token pays nothing more), but waits for one at 3-D Secure", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 900_000, loans: [loan(ref)] },
    ]);
    const token = (await call.card(w.lender, id, ref, 1)).json().payment_token as string;
    expect((await call.balance(w.lender, id, ref, 1, "2468")).statusCode).toBe(200);
    const late = await payCard(app, token);
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect((await loanRow(app, w.loans.get(ref)!)).instalments_paid).toBe(1);

    // Instalment 2: a card payment waits at its 3-D Secure challenge; the balance payment is refused meanwhile.
    const token2 = (await call.card(w.lender, id, ref, 2)).json().payment_token as string;
    const challenge = (await payCard(app, token2, CHALLENGE_CARD)).json();
    expect(challenge.state).toBe("challenge");
    const busy = await call.balance(w.lender, id, ref, 2, "2468");
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe("payment_in_progress");
    const done = await app.inject({
      method: "POST",
      url: "/api/checkout/3ds",
      payload: { payment_token: token2, challenge_id: challenge.challenge_id, otp: "123456" },
    });
    expect(done.json().transaction.success).toBe(true);
    const row = await loanRow(app, w.loans.get(ref)!);
    expect(row.instalments_paid).toBe(2);
    expect(Number(row.outstanding_cents)).toBe(1_000_000);
    expect(await balanceOf(app, w.accounts.get(id)!)).toBe(900_000 - 101_500);
  });

  it("takes the last, smaller instalment and closes the loan; then the ID has no loan", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      {
        national_id: id,
        pin: "2468",
        balance_cents: 900_000,
        loans: [
          loan(ref, {
            amount_cents: 250_000,
            instalment_cents: 100_000,
            instalments_total: 3,
            instalments_paid: 2,
          }),
        ],
      },
    ]);
    const found = (await call.lookup(w.lender, id)).json().loans[0];
    expect(found).toMatchObject({ instalment_cents: 50_000, total_cents: 51_500, instalment_no: 3 });
    const paid = await call.balance(w.lender, id, ref, 3, "2468");
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ loan: null, paid: { outstanding_cents: 0, total_cents: 51_500 } });
    expect((await loanRow(app, w.loans.get(ref)!)).status).toBe("closed");
    expect((await call.lookup(w.lender, id)).json().code).toBe("no_loan");
    // Confirming the paid last instalment again pays nothing: the customer has no loan left.
    const again = await call.balance(w.lender, id, ref, 3, "2468");
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("no_loan");
    expect(await balanceOf(app, w.accounts.get(id)!)).toBe(900_000 - 51_500);
  });

  it("limits lookups per address, so national IDs cannot be tried in bulk", async () => {
    const w = await lendingWorld(app, []);
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i <= LENDING_LIMITS.lookupPerMinute.limit; i++)
      answers.push(await call.lookup(w.lender, newId(), ip));
    expect(answers.slice(0, -1).every((a) => a.statusCode === 400)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });
});

/**
 * The races (PostgreSQL: PGlite has one connection, nothing runs concurrently there): whatever arrives at once, an
 * instalment is paid once and the balance or the card is charged once.
 */
describe("lending collection: concurrent payments on PostgreSQL [postgres]", () => {
  let app: FastifyInstance;
  let call: ReturnType<typeof api>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase("postgres");
    const database = await openPostgres(test.url!, 40);
    drop = async () => {
      await database.close();
      await test.drop();
    };
    app = await buildTestApp(database);
    call = api(app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it("20 concurrent balance payments of one instalment: one is paid, 19 refused, the balance taken once", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 900_000, loans: [loan(ref)] },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call.balance(w.lender, id, ref, 1, "2468")),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().code).toBe("already_paid");
    expect(await balanceOf(app, w.accounts.get(id)!)).toBe(900_000 - 101_500);
    const row = await loanRow(app, w.loans.get(ref)!);
    expect(row.instalments_paid).toBe(1);
    expect(Number(row.outstanding_cents)).toBe(1_100_000);
  });

  it("20 concurrent card starts get one attempt; 20 concurrent payments of it credit the loan once", async () => {
    const id = newId();
    const ref = unique("REF-");
    const w = await lendingWorld(app, [
      { national_id: id, pin: "2468", balance_cents: 0, loans: [loan(ref)] },
    ]);
    const starts = await Promise.all(Array.from({ length: 20 }, () => call.card(w.lender, id, ref, 1)));
    const tokens = new Set(starts.map((s) => s.json().payment_token));
    expect(tokens.size).toBe(1);
    const token = [...tokens][0] as string;
    const pays = await Promise.all(Array.from({ length: 20 }, () => payCard(app, token)));
    expect(pays.filter((p) => p.statusCode === 200 && p.json().transaction?.success)).toHaveLength(1);
    const row = await loanRow(app, w.loans.get(ref)!);
    expect(row.instalments_paid).toBe(1);
    expect(Number(row.outstanding_cents)).toBe(1_100_000);
    const successes = await app.payments.db
      .selectFrom("transactions")
      .select("id")
      .where("merchant_id", "=", w.m.merchantId)
      .where("status", "=", "success")
      .execute();
    expect(successes).toHaveLength(1);
  });

  it("a card payment and a balance payment of one instalment at once: exactly one of them pays, 10 times over", async () => {
    const customers = Array.from({ length: 10 }, (_, i) => ({
      national_id: newId(),
      pin: "2468",
      balance_cents: 900_000,
      loans: [loan(unique(`RACE${i}-`))],
    }));
    const w = await lendingWorld(app, customers);
    for (const c of customers) {
      const ref = c.loans[0]!.reference;
      const token = (await call.card(w.lender, c.national_id, ref, 1)).json().payment_token as string;
      const [card, balance] = await Promise.all([
        payCard(app, token),
        call.balance(w.lender, c.national_id, ref, 1, "2468"),
      ]);
      const cardPaid = card.statusCode === 200 && card.json().transaction?.success === true;
      const balancePaid = balance.statusCode === 200;
      expect(Number(cardPaid) + Number(balancePaid), `${card.body} ${balance.body}`).toBe(1);
      const row = await loanRow(app, w.loans.get(ref)!);
      expect(row.instalments_paid).toBe(1);
      expect(await balanceOf(app, w.accounts.get(c.national_id)!)).toBe(
        balancePaid ? 900_000 - 101_500 : 900_000,
      );
    }
  });
});
