import { type Country, transferDueAt } from "@portal/domain";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/database.ts";
import type { TransactionsTable } from "../db/schema.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { dayCutoff, runTransfers } from "./settlement.repository.ts";
import { dayToSettle } from "./transfers.job.ts";
import { maskAccount } from "./transfers.repository.ts";

/** A Tuesday; its transfers settle what is due by Wednesday 2026-11-11 00:00 UTC. */
const DAY = "2026-11-10";
const NEXT = "2026-11-11";
const LATER = new Date("2026-11-20T00:00:00Z");
const HOUR = 3_600_000;

type Tx = { id: number; merchant_id: number; country: Country } & Insertable<TransactionsTable>;

/** The plain recount: what each (merchant, mode, currency) transfer of a day must hold, computed row by row. */
function recount(all: Tx[], cutoff: Date, settled: Set<number>) {
  const byId = new Map(all.map((t) => [t.id, t]));
  const out = new Map<
    string,
    { gross: number; refunded: number; fees: number; vat: number; n: number; ids: number[] }
  >();
  for (const t of all) {
    if (settled.has(t.id) || t.status !== "success") continue;
    const parent = t.parent_transaction_id ? byId.get(t.parent_transaction_id) : undefined;
    const isPayment = !t.parent_transaction_id && !t.is_voided && t.trnx_type !== "auth";
    const isChild = !!t.parent_transaction_id && (t.trnx_type === "capture" || t.trnx_type === "refund");
    if (!isPayment && !isChild) continue;
    if (transferDueAt(t.country, new Date(t.created_at as Date)).getTime() > cutoff.getTime()) continue;
    const key = `${t.merchant_id}|${t.is_live}|${t.currency}`;
    const f = out.get(key) ?? { gross: 0, refunded: 0, fees: 0, vat: 0, n: 0, ids: [] };
    if (t.trnx_type === "refund") f.refunded += t.amount_cents;
    else f.gross += t.amount_cents;
    if (t.trnx_type === "capture") {
      f.fees += parent?.fees_cents ?? 0;
      f.vat += parent?.vat_cents ?? 0;
    } else if (t.trnx_type !== "refund") {
      f.fees += t.fees_cents ?? 0;
      f.vat += t.vat_cents ?? 0;
    }
    f.n += 1;
    f.ids.push(t.id);
    out.set(key, f);
  }
  return out;
}

describe("settlement days", () => {
  it("a day ends at the next UTC midnight; the schedule settles yesterday", () => {
    expect(dayCutoff(DAY).toISOString()).toBe("2026-11-11T00:00:00.000Z");
    expect(dayToSettle(new Date("2026-11-11T00:05:00Z"))).toBe(DAY);
    expect(() => dayCutoff("2026-13-45")).toThrow(RangeError);
    expect(maskAccount("EG380019000500000000263180002")).toBe("••••••••0002");
    expect(maskAccount(null)).toBeNull();
  });
});

describeEachDatabase("transfers", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let staff: TestSession;
  let noAccountOwner: TestSession;
  let otherOwner: TestSession;
  let bankUser: TestSession;
  let otherBankUser: TestSession;
  let merchantId: number;
  let uaeMerchantId: number;
  const all: Tx[] = [];

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    const fx = fixtures(db);
    const r = rows(db);
    const bank = await fx.bank();
    const otherBank = await fx.bank();
    const m = await fx.merchant({
      bank_id: bank.id,
      company_name: "Nile Settled Goods",
      bank_name: "CIB",
      bank_account: "EG380019000500000000263180002",
    });
    const uae = await fx.merchant({
      bank_id: bank.id,
      country: "ARE",
      bank_account: "AE070331234567890123456",
    });
    const bare = await fx.merchant({ bank_id: otherBank.id, company_name: "No Account Co" });
    merchantId = m.id;
    uaeMerchantId = uae.id;
    owner = await fx.session(await fx.user("Merchant", { merchantId: m.id }));
    staff = await fx.session(
      await fx.user("MerchantStaff", { merchantId: m.id, permissions: ["can view transactions"] }),
    );
    noAccountOwner = await fx.session(await fx.user("Merchant", { merchantId: bare.id }));
    otherOwner = await fx.session(await fx.user("Merchant"));
    bankUser = await fx.session(await fx.user("Bank", { bankId: bank.id }));
    otherBankUser = await fx.session(await fx.user("Bank", { bankId: otherBank.id }));

    const add = async (merchant: number, country: Country, o: Partial<Insertable<TransactionsTable>>) => {
      const row = await r.payment(merchant, o);
      all.push({ ...row, country } as Tx);
      return row;
    };
    // Every hour from Thursday 2026-11-05 to Wednesday 2026-11-11, two merchants of different countries: the
    // weekday thresholds (24, 48, 72 hours) cut through these days differently in Egypt and the UAE.
    for (let h = 0; h < 7 * 24; h += 5) {
      const at = new Date(Date.parse("2026-11-05T00:00:00Z") + h * HOUR);
      const amount = 1000 + h * 10;
      const p = await add(m.id, "EGY", {
        created_at: at,
        amount_cents: amount,
        fees_cents: 30 + (h % 7),
        vat_cents: 4,
        customer_email: `buyer${h}@example.test`,
        order_id: null,
      });
      if (h % 3 === 0)
        await add(m.id, "EGY", {
          created_at: new Date(at.getTime() + 2 * HOUR),
          parent_transaction_id: p.id,
          trnx_type: "refund",
          amount_cents: 200,
        });
      await add(uae.id, "ARE", { created_at: at, amount_cents: amount + 5, currency: h % 2 ? "AED" : "USD" });
    }
    // Not settled: declined, voided, test-mode payments settle in test-mode transfers; an authorisation settles
    // through its capture, with the authorisation's fees.
    await add(m.id, "EGY", { created_at: new Date("2026-11-06T10:00:00Z"), status: "declined" });
    await add(m.id, "EGY", { created_at: new Date("2026-11-06T11:00:00Z"), is_voided: true });
    await add(m.id, "EGY", {
      created_at: new Date("2026-11-06T12:00:00Z"),
      is_live: false,
      amount_cents: 777,
    });
    const auth = await add(m.id, "EGY", {
      created_at: new Date("2026-11-07T09:00:00Z"),
      trnx_type: "auth",
      is_auth: true,
      amount_cents: 5000,
      fees_cents: 99,
      vat_cents: 14,
    });
    await add(m.id, "EGY", {
      created_at: new Date("2026-11-07T10:00:00Z"),
      parent_transaction_id: auth.id,
      trnx_type: "capture",
      amount_cents: 4000,
      fees_cents: 0,
      vat_cents: 0,
    });
    // A payment of the merchant without a bank account.
    await add(bare.id, "EGY", { created_at: new Date("2026-11-06T12:00:00Z"), amount_cents: 4321 });
  }, 120_000);
  afterAll(() => app?.close());

  const transfersOf = async (day?: string) => {
    const db = app.payments.db;
    let q = db.selectFrom("transfers").selectAll();
    if (day) q = q.where("day", "=", day);
    return q.orderBy("id").execute();
  };
  const settledIds = async () =>
    new Set(
      (await app.payments.db.selectFrom("transfer_transactions").select("transaction_id").execute()).map(
        (r) => r.transaction_id,
      ),
    );

  it("refuses a day that has not ended", async () => {
    await expect(runTransfers(app.payments.db, DAY, new Date("2026-11-10T23:00:00Z"))).rejects.toThrow(
      /not ended/,
    );
  });

  it("builds each transfer from the rows the pending-hours rule marks Transferred: equal to a plain recount", async () => {
    const expected = recount(all, dayCutoff(DAY), new Set());
    const result = await runTransfers(app.payments.db, DAY, LATER);
    expect(result.transactions).toBe([...expected.values()].reduce((s, f) => s + f.n, 0));
    const made = await transfersOf(DAY);
    expect(made.length).toBe(expected.size);
    for (const t of made) {
      const f = expected.get(`${t.merchant_id}|${t.is_live}|${t.currency}`);
      expect(f, `${t.merchant_id} ${t.currency}`).toBeDefined();
      expect({
        gross: t.gross_cents,
        refunded: t.refunded_cents,
        fees: t.fees_cents,
        vat: t.vat_cents,
        n: t.transactions_count,
        net: t.net_cents,
        status: t.status,
        chargebacks: t.chargeback_cents,
      }).toEqual({
        gross: f!.gross,
        refunded: f!.refunded,
        fees: f!.fees,
        vat: f!.vat,
        n: f!.n,
        net: f!.gross - f!.refunded - f!.fees - f!.vat,
        status: "Pending",
        chargebacks: 0,
      });
      const linked = await app.payments.db
        .selectFrom("transfer_transactions")
        .select("transaction_id")
        .where("transfer_id", "=", t.id)
        .execute();
      expect(linked.map((l) => l.transaction_id).sort((a, b) => a - b)).toEqual(f!.ids.sort((a, b) => a - b));
    }
    // Never a sum across currencies: the UAE merchant has one transfer per currency.
    expect(
      made
        .filter((t) => t.merchant_id === uaeMerchantId)
        .map((t) => t.currency)
        .sort(),
    ).toEqual(["AED", "USD"]);
    // Some rows of the last days are still Pending: they wait for a later day.
    expect((await settledIds()).size).toBeLessThan(all.filter((t) => t.status === "success").length);
    const own = made.find((t) => t.merchant_id === merchantId && t.is_live)!;
    expect(own.bank_account).toBe("EG380019000500000000263180002");
  });

  it("a rerun changes nothing", async () => {
    const before = await transfersOf();
    const links = await settledIds();
    const again = await runTransfers(app.payments.db, DAY, LATER);
    expect(again.transactions).toBe(0);
    expect(again.transfers).toBe(0);
    expect(await transfersOf()).toEqual(before);
    expect(await settledIds()).toEqual(links);
  });

  it("a transaction belongs to at most one transfer: the schema refuses a second link", async () => {
    const [first, second] = await transfersOf(DAY);
    const link = await app.payments.db
      .selectFrom("transfer_transactions")
      .selectAll()
      .where("transfer_id", "=", first!.id)
      .executeTakeFirstOrThrow();
    await expect(
      app.payments.db
        .insertInto("transfer_transactions")
        .values({ transaction_id: link.transaction_id, transfer_id: second!.id, kind: "payment" })
        .execute(),
    ).rejects.toThrow();
  });

  it("the next day settles what became due since, and leaves a transfer the bank moved on alone", async () => {
    const first = await transfersOf(DAY);
    const own = first.find((t) => t.merchant_id === merchantId && t.is_live)!;
    const approve = await app.inject({
      method: "POST",
      url: `/api/bank/transfers/${own.id}/status`,
      headers: bankUser.headers,
      payload: { status: "Approved" },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const expected = recount(all, dayCutoff(NEXT), await settledIds());
    await runTransfers(app.payments.db, NEXT, LATER);
    const next = await transfersOf(NEXT);
    for (const t of next) {
      const f = expected.get(`${t.merchant_id}|${t.is_live}|${t.currency}`)!;
      expect([t.gross_cents, t.refunded_cents, t.transactions_count]).toEqual([f.gross, f.refunded, f.n]);
    }
    expect(next.length).toBe(expected.size);
    const after = (await transfersOf(DAY)).find((t) => t.id === own.id)!;
    expect(after.status).toBe("Approved");
    expect(after.gross_cents).toBe(own.gross_cents);
  });

  it("merchants read their balance, transfers, details, transactions and export", async () => {
    const list = await app.inject({ url: "/api/transfers", headers: owner.headers });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.count).toBe(2);
    expect(body.results[0].date).toBe(NEXT);
    expect(body.results[0].bank_account).toBe("••••••••0002");
    const id = body.results[1].id as number;

    const details = await app.inject({ url: `/api/transfers/${id}`, headers: owner.headers });
    expect(details.json()).toMatchObject({ id, status: "Approved", next_status: null, currency: "EGP" });

    const txs = await app.inject({
      url: `/api/transfers/${id}/transactions?page_size=100`,
      headers: owner.headers,
    });
    const page = txs.json();
    expect(page.count).toBe(body.results[1].number_of_transactions);
    expect(page.results[0]).toMatchObject({ type: "payment", currency: "EGP" });
    expect(page.results.some((t: { type: string }) => t.type === "refund")).toBe(true);
    expect(page.results.some((t: { type: string }) => t.type === "capture")).toBe(true);

    const csv = await app.inject({ url: `/api/transfers/${id}/export?format=csv`, headers: owner.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Transaction ID,Date,Gross Amount,Currency,Order ID,Email,Type");
    expect(lines.length).toBe(page.count + 1);
    expect(csv.body).toContain("buyer0@example.test");

    const xlsx = await app.inject({ url: `/api/transfers/${id}/export?format=xlsx`, headers: owner.headers });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(page.count + 1);

    const filtered = await app.inject({ url: `/api/transfers?status=Pending`, headers: owner.headers });
    expect(filtered.json().results.every((t: { status: string }) => t.status === "Pending")).toBe(true);
    const test = await app.inject({ url: `/api/transfers?is_live=false`, headers: owner.headers });
    expect(test.json().results[0]).toMatchObject({ gross_amount_cents: 777, is_live: false });
  });

  it("the balance: open transfers and what no transfer holds yet, per currency; no bank account is said", async () => {
    const response = await app.inject({ url: "/api/transfers/balance", headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    const balance = response.json();
    expect(balance).toMatchObject({ has_bank_account: true, bank_name: "CIB", bank_account: "••••••••0002" });
    const db = app.payments.db;
    const open = await db
      .selectFrom("transfers")
      .select(["gross_cents", "refunded_cents", "fees_cents", "vat_cents"])
      .where("merchant_id", "=", merchantId)
      .where("is_live", "=", true)
      .where("status", "in", ["Pending", "Approved"])
      .execute();
    const settled = await settledIds();
    const unsettled = recount(
      all.filter((t) => t.merchant_id === merchantId && t.is_live !== false),
      new Date("9999-01-01T00:00:00Z"),
      settled,
    ).get(`${merchantId}|true|EGP`)!;
    const gross = open.reduce((s, t) => s + t.gross_cents, 0) + unsettled.gross;
    const refunded = open.reduce((s, t) => s + t.refunded_cents, 0) + unsettled.refunded;
    const fees = open.reduce((s, t) => s + t.fees_cents, 0) + unsettled.fees;
    const vat = open.reduce((s, t) => s + t.vat_cents, 0) + unsettled.vat;
    expect(balance.currencies).toEqual([
      {
        currency: "EGP",
        gross_cents: gross,
        refunded_cents: refunded,
        chargeback_cents: 0,
        fees_cents: fees,
        vat_cents: vat,
        subscriptions_cents: 0,
        net_cents: gross - refunded - fees - vat,
      },
    ]);
    const bare = await app.inject({ url: "/api/transfers/balance", headers: noAccountOwner.headers });
    expect(bare.json()).toMatchObject({ has_bank_account: false, bank_account: null });
  });

  it("the bank moves a transfer along Pending, Approved, Transferred, Successful only", async () => {
    const db = app.payments.db;
    const t = (await transfersOf(NEXT)).find((x) => x.merchant_id === merchantId && x.is_live)!;
    const move = (status: string, session = bankUser) =>
      app.inject({
        method: "POST",
        url: `/api/bank/transfers/${t.id}/status`,
        headers: session.headers,
        payload: { status },
      });
    expect((await move("Transferred")).statusCode).toBe(409);
    expect((await move("Approved", otherBankUser)).statusCode).toBe(404);
    expect((await move("Approved", owner)).statusCode).toBe(403);
    expect((await move("Approved")).statusCode).toBe(200);
    expect((await move("Approved")).json()).toMatchObject({ code: "invalid_transition" });
    expect((await move("Transferred")).statusCode).toBe(200);
    expect((await move("Successful")).statusCode).toBe(200);
    const row = await db.selectFrom("transfers").selectAll().where("id", "=", t.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("Successful");
    expect(row.date_paid).not.toBeNull();
    expect(row.paid_by).not.toBeNull();
    const details = await app.inject({ url: `/api/bank/transfers/${t.id}`, headers: bankUser.headers });
    expect(details.json()).toMatchObject({
      status: "Successful",
      next_status: null,
      merchant: { id: merchantId },
    });
    const list = await app.inject({
      url: `/api/bank/transfers?merchant_id=${merchantId}`,
      headers: bankUser.headers,
    });
    expect(list.json().results.every((x: { is_live: boolean }) => x.is_live)).toBe(true);
    expect(list.json().results[0].merchant.name).toBe("Nile Settled Goods");
  });

  it("scope: a merchant or a bank never sees another's transfers", async () => {
    const own = (await transfersOf(DAY)).find((t) => t.merchant_id === merchantId && t.is_live)!;
    for (const url of [
      `/api/transfers/${own.id}`,
      `/api/transfers/${own.id}/transactions`,
      `/api/transfers/${own.id}/export?format=csv`,
    ])
      await expectCrossTenantIsolation(app, {
        request: { url },
        owner,
        intruder: otherOwner,
        secrets: url.endsWith("csv") ? ["buyer0@example.test"] : [`"id":${own.id}`],
      });
    for (const url of [`/api/bank/transfers/${own.id}`, `/api/bank/transfers/${own.id}/transactions`])
      await expectCrossTenantIsolation(app, {
        request: { url },
        owner: bankUser,
        intruder: otherBankUser,
        secrets: [url.endsWith("transactions") ? "buyer0@example.test" : "Nile Settled Goods"],
      });
    const otherList = await app.inject({ url: "/api/transfers", headers: otherOwner.headers });
    expect(otherList.json().count).toBe(0);
    const otherBank = await app.inject({ url: "/api/bank/transfers", headers: otherBankUser.headers });
    expect(otherBank.body).not.toContain("Nile Settled Goods");
    // Without the transfers permission: 403.
    expect((await app.inject({ url: "/api/transfers", headers: staff.headers })).statusCode).toBe(403);
  });

  it("two processes running the job at once settle every transaction once", async () => {
    const db = app.payments.db;
    const fx = fixtures(db);
    const r = rows(db);
    const m = await fx.merchant({ company_name: "Concurrent Co" });
    const mine: Tx[] = [];
    for (let i = 0; i < 40; i++) {
      const row = await r.payment(m.id, {
        created_at: new Date(Date.parse("2026-11-12T00:00:00Z") + i * HOUR),
        amount_cents: 100 + i,
      });
      mine.push({ ...row, country: "EGY" } as Tx);
    }
    const day = "2026-11-16";
    const expected = recount(mine, dayCutoff(day), new Set());
    const url = get().url;
    // On PostgreSQL a second pool is a second process's connections; PGlite has one connection to share.
    const second = url ? await openPostgres(url) : undefined;
    try {
      const results = await Promise.all([
        runTransfers(db, day, LATER),
        runTransfers(second?.db ?? db, day, LATER),
      ]);
      // One run settled everything (this merchant's rows and the earlier merchants' newly due ones), the other nothing.
      const counts = results.map((x) => x.transactions).sort((a, b) => a - b);
      expect(counts[0]).toBe(0);
      expect(counts[1]).toBeGreaterThanOrEqual(expected.get(`${m.id}|true|EGP`)!.n);
    } finally {
      await second?.close();
    }
    const made = (await transfersOf(day)).filter((t) => t.merchant_id === m.id);
    expect(made.length).toBe(1);
    expect(made[0]!.gross_cents).toBe(expected.get(`${m.id}|true|EGP`)!.gross);
    expect(made[0]!.transactions_count).toBe(expected.get(`${m.id}|true|EGP`)!.n);
  });
});
