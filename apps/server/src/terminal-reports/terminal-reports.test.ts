import {
  COUNTRY_INFO,
  type Country,
  localDate,
  type TerminalReportListAnswer,
  type TerminalReportTodayAnswer,
  type TerminalReportTotals,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransactionsTable } from "../db/schema.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { closeDay } from "./closing.repository.ts";
import { addDays, closeBusinessDay, daysToClose, runTerminalClosing } from "./closing.service.ts";

/** Cairo is UTC+2 in November, Dubai UTC+4: the same instant falls on different business days. */
const DAY = "2026-11-10";
const NOW = new Date("2026-11-12T06:00:00Z");
const HOUR = 3_600_000;

type Tx = { id: number; country: Country } & Insertable<TransactionsTable>;

describe("closing days", () => {
  it("a zone closes the ended days since its last closed one, at most the lookback", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    // 23:30 UTC on the 11th is already the 12th in Cairo: the 11th has ended there.
    const late = new Date("2026-11-11T23:30:00Z");
    expect(daysToClose("2026-11-09", late, "Africa/Cairo")).toEqual(["2026-11-10", "2026-11-11"]);
    expect(daysToClose("2026-11-11", late, "Africa/Cairo")).toEqual([]);
    expect(daysToClose(null, late, "Africa/Cairo", 3)).toEqual(["2026-11-09", "2026-11-10", "2026-11-11"]);
    // Far behind: only the lookback.
    expect(daysToClose("2026-01-01", late, "Africa/Cairo", 2)).toEqual(["2026-11-10", "2026-11-11"]);
  });
});

/** The plain recount: one report per terminal, local day, mode and currency, row by row. */
function recount(all: Tx[]) {
  const out = new Map<
    string,
    { total: number; n: number; success: number; pending: number; declined: number }
  >();
  for (const t of all) {
    if (t.terminal_id == null || t.parent_transaction_id != null || t.deleted_at != null) continue;
    const day = localDate(new Date(t.created_at as Date), COUNTRY_INFO[t.country].timeZone);
    const key = `${t.terminal_id}|${day}|${t.is_live}|${t.currency}`;
    const f = out.get(key) ?? { total: 0, n: 0, success: 0, pending: 0, declined: 0 };
    f.n += 1;
    if (t.status === "success") {
      f.success += 1;
      f.total += t.amount_cents;
    } else if (t.status === "pending") f.pending += 1;
    else f.declined += 1;
    out.set(key, f);
  }
  return out;
}

describeEachDatabase("terminal reports", (get) => {
  let app: FastifyInstance;
  const all: Tx[] = [];
  const s: Record<string, TestSession> = {};
  const t: Record<string, number> = {};
  let merchantA = 0;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    const fx = fixtures(db);
    const r = rows(db);
    const bank = await fx.bank();
    const otherBank = await fx.bank();
    const a = await fx.merchant({ bank_id: bank.id, company_name: "Cairo Tills" });
    const uae = await fx.merchant({ bank_id: bank.id, country: "ARE" });
    const other = await fx.merchant({ bank_id: otherBank.id });
    merchantA = a.id;
    t.t1 = (await fx.terminal(a.id, { terminal_code: "CT-1" })).id;
    t.t2 = (await fx.terminal(a.id, { terminal_code: "CT-2" })).id;
    t.t3 = (await fx.terminal(uae.id, { terminal_code: "DX-1" })).id;
    t.t4 = (await fx.terminal(other.id, { terminal_code: "OT-1" })).id;
    await fx.terminal(a.id, { terminal_code: "CT-IDLE" });
    s.owner = await fx.session(await fx.user("Merchant", { merchantId: a.id }));
    s.viewer = await fx.session(
      await fx.user("MerchantStaff", { merchantId: a.id, permissions: ["can view terminals"] }),
    );
    s.noPerm = await fx.session(
      await fx.user("MerchantStaff", { merchantId: a.id, permissions: ["can view transactions"] }),
    );
    s.terminal = await fx.session(await fx.user("Terminal", { merchantId: a.id, terminalId: t.t1 }));
    s.otherOwner = await fx.session(await fx.user("Merchant", { merchantId: other.id }));
    s.bank = await fx.session(await fx.user("Bank", { bankId: bank.id }));
    s.otherBank = await fx.session(await fx.user("Bank", { bankId: otherBank.id }));

    const add = async (merchant: number, country: Country, o: Partial<Insertable<TransactionsTable>>) => {
      const row = await r.payment(merchant, { origin: "POS", channel: "POS", order_id: null, ...o });
      all.push({ ...row, country } as Tx);
      return row;
    };
    const statuses = ["success", "success", "pending", "declined", "success"] as const;
    // Every 3 hours from the 8th to the 12th (UTC): around every local midnight of both zones.
    for (let h = 0; h < 4 * 24; h += 3) {
      const at = new Date(Date.parse("2026-11-08T00:00:00Z") + h * HOUR);
      const status = statuses[(h / 3) % statuses.length]!;
      const p = await add(a.id, "EGY", { terminal_id: t.t1, created_at: at, amount_cents: 1000 + h, status });
      await add(a.id, "EGY", { terminal_id: t.t2, created_at: at, amount_cents: 2500, is_live: h % 2 === 0 });
      await add(uae.id, "ARE", { terminal_id: t.t3, created_at: at, amount_cents: 700, currency: "AED" });
      await add(other.id, "EGY", { terminal_id: t.t4, created_at: at, amount_cents: 900 });
      // Not payments of their own, or not card-present: a refund, a deleted row, an online payment.
      if (h % 12 === 0) {
        await add(a.id, "EGY", {
          terminal_id: t.t1,
          created_at: new Date(at.getTime() + HOUR),
          parent_transaction_id: p.id,
          trnx_type: "refund",
          amount_cents: 100,
        });
        await add(a.id, "EGY", { terminal_id: t.t1, created_at: at, deleted_at: new Date() });
        await add(a.id, "EGY", { terminal_id: null, origin: "IFRAME", channel: "Ecommerce", created_at: at });
      }
    }
    // Two currencies on one terminal and day: two reports, never one sum.
    await add(a.id, "EGY", { terminal_id: t.t1, created_at: new Date(`${DAY}T10:00:00Z`), currency: "USD" });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const get_ = async (session: TestSession, url: string) =>
    app.inject({ method: "GET", url, headers: session.headers });

  it("two runs at once close each ended day once; the reports equal a plain recount", async () => {
    const db = app.payments.db;
    const [one, two] = await Promise.all([
      runTerminalClosing(db, NOW, { lookback: 6 }),
      runTerminalClosing(db, NOW, { lookback: 6 }),
    ]);
    // Six days in each of the five zones, closed by one run or the other, never both.
    expect(one.days + two.days).toBe(6 * 5);
    const reports = await db.selectFrom("terminal_reports").selectAll().execute();
    expect(one.reports + two.reports).toBe(reports.length);
    const expected = recount(all);
    const got = new Map(
      reports.map((x) => [
        `${x.terminal_id}|${localDate(new Date(x.start_at), x.time_zone)}|${x.is_live}|${x.currency}`,
        {
          total: Number(x.total_cents),
          n: x.transactions_count,
          success: x.success_count,
          pending: x.pending_count,
          declined: x.declined_count,
        },
      ]),
    );
    // The lookback covers the 6th to the 11th: the 12th (local) has not ended, so its rows wait.
    for (const [key, figures] of expected) {
      const day = key.split("|")[1]!;
      if (day >= "2026-11-12") expect(got.has(key)).toBe(false);
      else expect(got.get(key), key).toEqual(figures);
    }
    expect(reports.length).toBe([...expected.keys()].filter((k) => k.split("|")[1]! < "2026-11-12").length);
    // The period is the business day in its zone.
    const cairo = reports.find((x) => x.terminal_id === t.t1 && x.is_live && x.currency === "EGP")!;
    expect(new Date(cairo.end_at).getTime() - new Date(cairo.start_at).getTime()).toBe(24 * HOUR);
    const dubai = reports.find((x) => x.terminal_id === t.t3)!;
    expect(dubai.time_zone).toBe("Asia/Dubai");
    expect(new Date(dubai.start_at).toISOString().slice(11, 16)).toBe("20:00");
  });

  it("a rerun, and even a forced close of a closed day, change nothing", async () => {
    const db = app.payments.db;
    const before = await db.selectFrom("terminal_reports").selectAll().orderBy("id").execute();
    expect(await runTerminalClosing(db, NOW, { lookback: 6 })).toEqual({
      days: 0,
      reports: 0,
      transactions: 0,
    });
    expect(await closeBusinessDay(db, DAY, NOW)).toEqual({ days: 0, reports: 0, transactions: 0 });
    const forced = await closeDay(db, {
      timeZone: "Africa/Cairo",
      countries: ["EGY"],
      day: DAY,
      now: NOW,
      force: true,
    });
    expect(forced.reports).toBe(0);
    expect(await db.selectFrom("terminal_reports").selectAll().orderBy("id").execute()).toEqual(before);
  });

  it("a day that has not ended is refused", async () => {
    await expect(closeBusinessDay(app.payments.db, "2026-11-12", NOW)).rejects.toThrow(RangeError);
  });

  it("the terminal user sees its own terminal's reports and header only", async () => {
    const res = await get_(s.terminal!, "/api/terminal-reports?page_size=100");
    expect(res.statusCode).toBe(200);
    const body = res.json<TerminalReportListAnswer>();
    expect(body.count).toBeGreaterThan(0);
    expect(new Set(body.results.map((x) => x.terminal.code))).toEqual(new Set(["CT-1"]));
    expect(body.results.every((x) => x.is_live && x.merchant === null)).toBe(true);
    // Asking for another terminal of its merchant finds nothing.
    const other = await get_(s.terminal!, `/api/terminal-reports?terminal_id=${t.t2}`);
    expect(other.json<TerminalReportListAnswer>().count).toBe(0);
    const totals = (await get_(s.terminal!, "/api/terminal-reports/totals")).json<TerminalReportTotals>();
    expect(totals.total_devices).toBe(1);
    // Per currency, equal to the recount of its closed live reports.
    const expected = new Map<string, { amount: number; n: number }>();
    for (const [key, f] of recount(all)) {
      const [terminal, day, live, currency] = key.split("|");
      if (Number(terminal) !== t.t1 || live !== "true" || day! >= "2026-11-12") continue;
      const e = expected.get(currency!) ?? { amount: 0, n: 0 };
      e.amount += f.total;
      e.n += f.n;
      expected.set(currency!, e);
    }
    expect(totals.total_revenue).toEqual(
      [...expected].sort().map(([currency, e]) => ({ currency, amount_cents: e.amount })),
    );
    expect(totals.total_transactions).toBe([...expected.values()].reduce((n, e) => n + e.n, 0));
    expect(totals.total_revenue.map((x) => x.currency)).toEqual(["EGP", "USD"]);
  });

  it("the merchant sees its terminals' reports in live and test modes; others see none of them", async () => {
    const live = (
      await get_(s.owner!, "/api/terminal-reports?page_size=100")
    ).json<TerminalReportListAnswer>();
    expect(new Set(live.results.map((x) => x.terminal.code))).toEqual(new Set(["CT-1", "CT-2"]));
    const test = (
      await get_(s.viewer!, "/api/terminal-reports?is_live=false&page_size=100")
    ).json<TerminalReportListAnswer>();
    expect(test.count).toBeGreaterThan(0);
    expect(test.results.every((x) => !x.is_live && x.terminal.code === "CT-2")).toBe(true);
    const day = (
      await get_(s.owner!, `/api/terminal-reports?date_from=${DAY}&date_to=${DAY}&terminal_id=${t.t1}`)
    ).json<TerminalReportListAnswer>();
    expect(day.results.map((x) => x.currency).sort()).toEqual(["EGP", "USD"]);
    expect(day.results.every((x) => x.business_day === DAY && x.time_zone === "Africa/Cairo")).toBe(true);
    const totals = (await get_(s.owner!, "/api/terminal-reports/totals")).json<TerminalReportTotals>();
    expect(totals.total_devices).toBe(3);

    const outsider = (
      await get_(s.otherOwner!, "/api/terminal-reports?page_size=100")
    ).json<TerminalReportListAnswer>();
    expect(outsider.results.every((x) => x.terminal.code === "OT-1")).toBe(true);
    expect((await get_(s.noPerm!, "/api/terminal-reports")).statusCode).toBe(403);
    // The bank's route is the bank's.
    expect((await get_(s.owner!, "/api/bank/terminal-reports")).statusCode).toBe(403);
  });

  it("the open day: today's running figures, in the caller's scope, before any closing", async () => {
    const r = rows(app.payments.db);
    const now = new Date();
    await r.payment(merchantA, { terminal_id: t.t1!, origin: "POS", created_at: now, amount_cents: 4321 });
    await r.payment(merchantA, { terminal_id: t.t1!, origin: "POS", created_at: now, status: "declined" });
    await r.payment(merchantA, { terminal_id: t.t2!, origin: "POS", created_at: now, amount_cents: 100 });
    const mine = (await get_(s.terminal!, "/api/terminal-reports/today")).json<TerminalReportTodayAnswer>();
    expect(mine.time_zone).toBe("Africa/Cairo");
    expect(mine.business_day).toBe(localDate(now, "Africa/Cairo"));
    expect(mine.reports).toHaveLength(1);
    expect(mine.reports[0]).toMatchObject({
      terminal: { code: "CT-1" },
      total_amount_cents: 4321,
      transactions_count: 2,
      success_count: 1,
      declined_count: 1,
      pending_count: 0,
    });
    const owner = (await get_(s.owner!, "/api/terminal-reports/today")).json<TerminalReportTodayAnswer>();
    expect(owner.reports.map((x) => x.terminal.code)).toEqual(["CT-1", "CT-2"]);
    const outsider = (
      await get_(s.otherOwner!, "/api/terminal-reports/today")
    ).json<TerminalReportTodayAnswer>();
    expect(outsider.reports).toEqual([]);
    const test = (
      await get_(s.owner!, "/api/terminal-reports/today?is_live=false")
    ).json<TerminalReportTodayAnswer>();
    expect(test.reports).toEqual([]);
  });

  it("a bank sees its merchants' terminals' reports with the merchant; another bank none", async () => {
    const res = await get_(s.bank!, "/api/bank/terminal-reports?page_size=100");
    expect(res.statusCode).toBe(200);
    const body = res.json<TerminalReportListAnswer>();
    expect(new Set(body.results.map((x) => x.terminal.code))).toEqual(new Set(["CT-1", "CT-2", "DX-1"]));
    expect(body.results.find((x) => x.terminal.code === "CT-1")?.merchant?.name).toBe("Cairo Tills");
    const one = (
      await get_(s.bank!, `/api/bank/terminal-reports?merchant_id=${merchantA}&page_size=100`)
    ).json<TerminalReportListAnswer>();
    expect(new Set(one.results.map((x) => x.terminal.code))).toEqual(new Set(["CT-1", "CT-2"]));
    const totals = (await get_(s.bank!, "/api/bank/terminal-reports/totals")).json<TerminalReportTotals>();
    expect(totals.total_devices).toBe(4);
    expect(totals.total_revenue.map((x) => x.currency)).toEqual(["AED", "EGP", "USD"]);
    const other = (await get_(s.otherBank!, "/api/bank/terminal-reports")).json<TerminalReportListAnswer>();
    expect(other.results.every((x) => x.terminal.code === "OT-1")).toBe(true);
    expect((await get_(s.bank!, "/api/terminal-reports")).statusCode).toBe(403);
  });
});
