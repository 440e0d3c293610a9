import { localDate, type StatementCurrency, type StatementItem } from "@portal/domain";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransactionsTable } from "../db/schema.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { saveSubscription } from "./statements.repository.ts";
import { monthToState, previousMonth, runMonthlyStatements } from "./statements.service.ts";

const MAIL = { smtp: false, publicUrl: "https://portal.example.test" };
const HOUR = 3_600_000;

describe("statement months", () => {
  it("states the month that has ended in the merchant's time zone", () => {
    expect(previousMonth("2026-01-15")).toBe("2025-12-01");
    expect(previousMonth("2026-11-01")).toBe("2026-10-01");
    // 21:30 UTC on 31 October: still October in Cairo (UTC+2), already 1 November in Dubai (UTC+4).
    const at = new Date("2026-10-31T21:30:00Z");
    expect(monthToState(at, "Africa/Cairo")).toBe("2026-09-01");
    expect(monthToState(at, "Asia/Dubai")).toBe("2026-10-01");
  });
});

type Tx = Insertable<TransactionsTable> & { id: number };
interface Extra {
  merchant_id: number;
  currency: string;
  kind: "chargeback" | "transfer";
  /** chargeback: resolved instant; transfer: its settlement day (YYYY-MM-DD). */
  at: Date | string;
  cents: number;
}

/** The plain recount: one currency's figures of one merchant and local month, row by row. */
function recount(all: Tx[], extras: Extra[], merchantId: number, tz: string, month: string) {
  const byId = new Map(all.map((t) => [t.id, t]));
  const ym = month.slice(0, 7);
  const out = new Map<string, StatementCurrency>();
  const get = (currency: string) => {
    let c = out.get(currency);
    if (!c) {
      c = {
        currency,
        opening_cents: 0,
        methods: [],
        payments_count: 0,
        gross_cents: 0,
        refunds_count: 0,
        refunded_cents: 0,
        chargebacks_count: 0,
        chargeback_cents: 0,
        fees_cents: 0,
        vat_cents: 0,
        net_cents: 0,
        transfers_count: 0,
        transferred_cents: 0,
        closing_cents: 0,
      };
      out.set(currency, c);
    }
    return c;
  };
  for (const t of all) {
    if (t.merchant_id !== merchantId || t.status !== "success" || !t.is_live) continue;
    const isPayment = !t.parent_transaction_id && !t.is_voided && t.trnx_type !== "auth";
    const isChild = !!t.parent_transaction_id && (t.trnx_type === "capture" || t.trnx_type === "refund");
    if (!isPayment && !isChild) continue;
    const local = localDate(new Date(t.created_at as Date), tz).slice(0, 7);
    if (local > ym) continue;
    const parent = t.parent_transaction_id ? byId.get(t.parent_transaction_id) : undefined;
    const fees =
      t.trnx_type === "capture"
        ? (parent?.fees_cents ?? 0)
        : t.trnx_type === "refund"
          ? 0
          : (t.fees_cents ?? 0);
    const vat =
      t.trnx_type === "capture"
        ? (parent?.vat_cents ?? 0)
        : t.trnx_type === "refund"
          ? 0
          : (t.vat_cents ?? 0);
    const c = get(t.currency);
    if (local < ym) {
      c.opening_cents += (t.trnx_type === "refund" ? -t.amount_cents : t.amount_cents) - fees - vat;
      continue;
    }
    if (t.trnx_type === "refund") {
      c.refunds_count += 1;
      c.refunded_cents += t.amount_cents;
    } else {
      c.payments_count += 1;
      c.gross_cents += t.amount_cents;
      const m = c.methods.find((x) => x.method === t.gateway_type);
      if (m) {
        m.count += 1;
        m.amount_cents += t.amount_cents;
      } else c.methods.push({ method: t.gateway_type, count: 1, amount_cents: t.amount_cents });
    }
    c.fees_cents += fees;
    c.vat_cents += vat;
  }
  for (const e of extras) {
    if (e.merchant_id !== merchantId) continue;
    const local = typeof e.at === "string" ? e.at.slice(0, 7) : localDate(e.at, tz).slice(0, 7);
    if (local > ym) continue;
    const c = get(e.currency);
    if (local < ym) c.opening_cents -= e.cents;
    else if (e.kind === "chargeback") {
      c.chargebacks_count += 1;
      c.chargeback_cents += e.cents;
    } else {
      c.transfers_count += 1;
      c.transferred_cents += e.cents;
    }
  }
  for (const c of out.values()) {
    c.methods.sort((a, b) => b.amount_cents - a.amount_cents || a.method.localeCompare(b.method));
    c.net_cents = c.gross_cents - c.refunded_cents - c.chargeback_cents - c.fees_cents - c.vat_cents;
    c.closing_cents = c.opening_cents + c.net_cents - c.transferred_cents;
  }
  return [...out.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

describeEachDatabase("monthly statements", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let reportsStaff: TestSession;
  let plainStaff: TestSession;
  let otherOwner: TestSession;
  let egy: number;
  let are: number;
  let unsubscribed: number;
  let turnedOff: number;
  const all: Tx[] = [];
  const extras: Extra[] = [];

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    const fx = fixtures(db);
    const r = rows(db);
    egy = (await fx.merchant({ company_name: "Nile Statement Goods" })).id;
    are = (await fx.merchant({ country: "ARE", company_name: "Gulf Statement Trading" })).id;
    unsubscribed = (await fx.merchant()).id;
    turnedOff = (await fx.merchant()).id;
    owner = await fx.session(await fx.user("Merchant", { merchantId: egy }));
    reportsStaff = await fx.session(
      await fx.user("MerchantStaff", { merchantId: egy, permissions: ["can view reports"] }),
    );
    plainStaff = await fx.session(
      await fx.user("MerchantStaff", { merchantId: egy, permissions: ["can view transactions"] }),
    );
    await fx.user("Merchant", { merchantId: are });
    await fx.user("Merchant", { merchantId: unsubscribed });
    otherOwner = await fx.session(await fx.user("Merchant", { merchantId: turnedOff }));
    await saveSubscription(db, egy, true, null);
    await saveSubscription(db, are, true, null);
    await saveSubscription(db, turnedOff, true, null);
    await saveSubscription(db, turnedOff, false, null);

    const add = async (merchant: number, o: Partial<Insertable<TransactionsTable>>) => {
      const row = await r.payment(merchant, o);
      all.push(row as Tx);
      return row;
    };
    for (const merchant of [egy, are, unsubscribed]) {
      // Every 31 hours from mid-August to mid-November: several months, EGP and USD, two methods, refunds.
      for (let h = 0; h < 92 * 24; h += 31) {
        const at = new Date(Date.parse("2026-08-15T00:00:00Z") + h * HOUR);
        const p = await add(merchant, {
          created_at: at,
          amount_cents: 1000 + h,
          fees_cents: 25 + (h % 9),
          vat_cents: 3 + (h % 2),
          currency: h % 4 === 0 ? "USD" : "EGP",
          gateway_type: h % 3 === 0 ? "VALU" : "VPC",
        });
        if (h % 5 === 0)
          await add(merchant, {
            created_at: new Date(at.getTime() + 3 * HOUR),
            parent_transaction_id: p.id,
            trnx_type: "refund",
            amount_cents: 150,
            currency: p.currency,
          });
      }
    }
    // Cairo's month boundaries: 00:30 on 1 October (UTC+3 in September's summer time) and 00:30 on 1 November
    // (UTC+2 after summer time ends on 29 October).
    await add(egy, {
      created_at: new Date("2026-09-30T21:30:00Z"),
      amount_cents: 70_000,
      gateway_type: "CAGG",
    });
    await add(egy, {
      created_at: new Date("2026-10-31T22:30:00Z"),
      amount_cents: 90_000,
      gateway_type: "CAGG",
    });
    await add(egy, {
      created_at: new Date("2026-10-31T21:59:00Z"),
      amount_cents: 11_000,
      gateway_type: "CAGG",
    });
    // Nothing of these counts: declined, voided, test mode, an uncaptured authorisation.
    await add(egy, { created_at: new Date("2026-10-10T10:00:00Z"), status: "declined", amount_cents: 5 });
    await add(egy, { created_at: new Date("2026-10-10T11:00:00Z"), is_voided: true, amount_cents: 6 });
    await add(egy, { created_at: new Date("2026-10-10T12:00:00Z"), is_live: false, amount_cents: 7 });
    await add(egy, {
      created_at: new Date("2026-10-11T09:00:00Z"),
      trnx_type: "auth",
      is_auth: true,
      amount_cents: 8,
    });
    // A captured authorisation: the capture counts, with its authorisation's fees and VAT.
    const auth = await add(egy, {
      created_at: new Date("2026-10-12T09:00:00Z"),
      trnx_type: "auth",
      is_auth: true,
      amount_cents: 5000,
      fees_cents: 99,
      vat_cents: 14,
    });
    await add(egy, {
      created_at: new Date("2026-10-12T10:00:00Z"),
      parent_transaction_id: auth.id,
      trnx_type: "capture",
      amount_cents: 4000,
      fees_cents: 0,
      vat_cents: 0,
    });
    // A lost chargeback resolved in October and one in September; transfers of September and October days.
    for (const [resolved, cents] of [
      ["2026-10-20T08:00:00Z", 3000],
      ["2026-09-05T08:00:00Z", 1200],
    ] as const) {
      // Its payment: a test-mode row (it counts nowhere itself), one per chargeback.
      const disputed = await add(egy, { created_at: new Date("2026-08-20T08:00:00Z"), is_live: false });
      await db
        .insertInto("chargebacks")
        .values({
          merchant_id: egy,
          transaction_id: disputed.id,
          is_live: true,
          amount_cents: cents - 150,
          accept_fees_cents: 100,
          vat_cents: 50,
          currency: "EGP",
          reason: "Not received",
          status: "lost",
          answer: "accepted",
          chargeback_date: new Date(resolved),
          deadline_at: new Date(resolved),
          resolved_at: new Date(resolved),
        })
        .execute();
      extras.push({ merchant_id: egy, currency: "EGP", kind: "chargeback", at: new Date(resolved), cents });
    }
    for (const [day, gross] of [
      ["2026-09-14", 20_000],
      ["2026-10-03", 15_000],
      ["2026-10-31", 9_000],
      ["2026-11-01", 4_000],
    ] as const) {
      await db
        .insertInto("transfers")
        .values({
          merchant_id: egy,
          is_live: true,
          currency: "EGP",
          day,
          gross_cents: gross,
          fees_cents: 100,
        })
        .execute();
      extras.push({ merchant_id: egy, currency: "EGP", kind: "transfer", at: day, cents: gross - 100 });
    }
  }, 180_000);
  afterAll(() => app?.close());

  const statementsOf = (merchantId: number) =>
    app.payments.db
      .selectFrom("statements")
      .select(["id", "month", "figures", "downloaded_at"])
      .select((eb) => eb.fn<string>("to_char", [eb.ref("month"), eb.val("YYYY-MM")]).as("ym"))
      .where("merchant_id", "=", merchantId)
      .orderBy("month")
      .execute();

  it("on 31 October 21:30 UTC: Dubai's October is stated, Cairo's is not over (its September is); only subscribed merchants", async () => {
    const result = await runMonthlyStatements(app.payments.db, MAIL, new Date("2026-10-31T21:30:00Z"));
    expect(result.statements).toBe(2);
    expect((await statementsOf(are)).map((s) => s.ym)).toEqual(["2026-10"]);
    expect((await statementsOf(egy)).map((s) => s.ym)).toEqual(["2026-09"]);
    expect(await statementsOf(unsubscribed)).toEqual([]);
    expect(await statementsOf(turnedOff)).toEqual([]);
  });

  it("the figures equal a plain recount per currency, with the opening carried from the month before", async () => {
    await runMonthlyStatements(app.payments.db, MAIL, new Date("2026-11-01T08:00:00Z"));
    const egyStatements = await statementsOf(egy);
    expect(egyStatements.map((s) => s.ym)).toEqual(["2026-09", "2026-10"]);
    expect(egyStatements[0]?.figures).toEqual(recount(all, extras, egy, "Africa/Cairo", "2026-09-01"));
    const october = egyStatements[1]?.figures ?? [];
    expect(october).toEqual(recount(all, extras, egy, "Africa/Cairo", "2026-10-01"));
    // The boundaries: 00:30 on 1 October local is October's, 00:30 on 1 November local is not.
    const cagg = october.find((c) => c.currency === "EGP")?.methods.find((m) => m.method === "CAGG");
    expect(cagg).toEqual({ method: "CAGG", count: 2, amount_cents: 81_000 });
    // Never summed across currencies: EGP and USD apart, each closing = opening + net - transferred.
    expect(october.map((c) => c.currency)).toEqual(["EGP", "USD"]);
    for (const c of october)
      expect(c.closing_cents).toBe(c.opening_cents + c.net_cents - c.transferred_cents);
    expect((await statementsOf(are))[0]?.figures).toEqual(
      recount(all, extras, are, "Asia/Dubai", "2026-10-01"),
    );
  });

  it("running the job again makes no second statement and no second mail", async () => {
    const db = app.payments.db;
    const mails = async () =>
      (
        await db
          .selectFrom("email_outbox")
          .select("to_address")
          .where("subject", "like", "MONTHLY STATEMENT%")
          .execute()
      ).length;
    const before = await mails();
    expect(before).toBe(3);
    const again = await runMonthlyStatements(db, MAIL, new Date("2026-11-01T09:00:00Z"));
    const forced = await runMonthlyStatements(db, MAIL, new Date("2026-11-01T09:00:00Z"), {
      month: "2026-10-01",
    });
    expect(again.statements + forced.statements).toBe(0);
    expect(await mails()).toBe(before);
    const total = await db
      .selectFrom("statements")
      .select(db.fn.countAll<number>().as("n"))
      .where("merchant_id", "in", [egy, are])
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(3);
  });

  it("mails the owner: service name MONTHLY STATEMENT, the month and the link, in English and Arabic", async () => {
    const db = app.payments.db;
    const ownerEmail = (
      await db.selectFrom("users").select("email").where("id", "=", owner.userId).executeTakeFirstOrThrow()
    ).email;
    const mail = await db
      .selectFrom("email_outbox")
      .selectAll()
      .where("to_address", "=", ownerEmail)
      .where("subject", "like", "%October 2026%")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe("MONTHLY STATEMENT: October 2026 / كشف الحساب الشهري: أكتوبر 2026");
    expect(mail.body_text).toContain("https://portal.example.test/portal2/en/statements");
    expect(mail.body_text).toContain("https://portal.example.test/portal2/ar/statements");
    expect(mail.status).toBe("local");
  });

  const list = async (s: TestSession) => {
    const res = await app.inject({ method: "GET", url: "/api/statements", headers: s.headers });
    return { status: res.statusCode, body: res.json() as { count: number; results: StatementItem[] } };
  };

  it("lists the merchant's statements newest first, New until downloaded; the PDF and XLSX download", async () => {
    const first = await list(owner);
    expect(first.status).toBe(200);
    expect(first.body.results.map((s) => [s.month, s.is_new])).toEqual([
      ["2026-10", true],
      ["2026-09", true],
    ]);
    const id = first.body.results[0]?.id;
    const pdf = await app.inject({
      method: "GET",
      url: `/api/statements/${id}/download?format=pdf`,
      headers: owner.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.headers["content-disposition"]).toContain("statement-2026-10-en.pdf");
    const after = await list(owner);
    expect(after.body.results.map((s) => s.is_new)).toEqual([false, true]);

    const xlsx = await app.inject({
      method: "GET",
      url: `/api/statements/${first.body.results[1]?.id}/download?format=xlsx&lang=ar`,
      headers: reportsStaff.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.views[0]?.rightToLeft).toBe(true);
    const cells = ws?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain("الرصيد الختامي");
    expect((await list(owner)).body.results.map((s) => s.is_new)).toEqual([false, false]);
  });

  it("an Arabic PDF downloads too", async () => {
    const id = (await list(owner)).body.results[0]?.id;
    const pdf = await app.inject({
      method: "GET",
      url: `/api/statements/${id}/download?lang=ar`,
      headers: owner.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
  });

  it("needs 'can view reports'; another merchant's statement is not found", async () => {
    expect((await list(plainStaff)).status).toBe(403);
    const own = (await list(owner)).body.results[0]?.id;
    await expectCrossTenantIsolation(app, {
      owner,
      intruder: otherOwner,
      request: { method: "GET", url: `/api/statements/${own}/download?format=xlsx` },
      secrets: [],
      mustDeny: true,
    });
    expect((await list(otherOwner)).body.count).toBe(0);
  });

  it("the subscription switch: off by default, on and off again, only for its merchant", async () => {
    const read = async (s: TestSession) =>
      (await app.inject({ method: "GET", url: "/api/statements/subscription", headers: s.headers })).json();
    expect(await read(otherOwner)).toEqual({
      service_id: 1,
      service_name: "MONTHLY STATEMENT",
      active: false,
    });
    const put = async (s: TestSession, body: unknown) =>
      app.inject({
        method: "PUT",
        url: "/api/statements/subscription",
        headers: s.headers,
        payload: body as object,
      });
    expect((await put(otherOwner, { active: true })).json()).toMatchObject({ active: true });
    expect(await read(otherOwner)).toMatchObject({ active: true });
    expect(await read(owner)).toMatchObject({ active: true });
    expect((await put(otherOwner, { active: "yes" })).statusCode).toBe(400);
    expect((await put(plainStaff, { active: false })).statusCode).toBe(403);
    await put(otherOwner, { active: false });
    expect(await read(otherOwner)).toMatchObject({ active: false });
    expect(await read(owner)).toMatchObject({ active: true });
  });
});
