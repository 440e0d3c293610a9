import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  cookie,
  expectLanguage,
  type Lang,
  openContext,
  POLL,
  pathOf,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * Terminal reports (back-office.md "Terminal reports", docs/pos-risk.md) against the demo data, in English and
 * Arabic with the axe scan. merchant.egypt gives its demo terminal (the one terminal.egypt signs in as) new keys and
 * the terminal takes a card-present payment through the terminal API; terminal.egypt lands on its reports: the
 * header totals (1 device, revenue per currency, transactions), the open business day counting that payment, and
 * the closed reports the demo's closing made, all of its own terminal. merchant.egypt then sees its terminals'
 * reports. (Closing today cannot be triggered from a browser: a day closes once it has ended in its time zone;
 * the closing itself is tested on both databases in apps/server/src/terminal-reports/.)
 */

const TEXT = {
  en: { title: "Terminal Reports", devices: "Total devices", today: "Today (open)" },
  ar: { title: "تقارير الأجهزة", devices: "إجمالي الأجهزة", today: "اليوم (مفتوح)" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Figures {
  terminal: { id: number; code: string };
  currency: string;
  total_amount_cents: number;
  transactions_count: number;
  success_count: number;
}

/** A dashboard call with the page's session (cookie and CSRF header). */
async function api(context: BrowserContext, method: "GET" | "POST", path: string) {
  const csrf = (await cookie(context, "csrf_token")) ?? "";
  const res = await context.request.fetch(new URL(path, inject("baseUrl")).toString(), {
    method,
    headers: { "X-CSRF-Token": csrf },
  });
  return { status: res.status(), body: (await res.json()) as unknown };
}

async function openReports(page: Page, lang: Lang) {
  await page.getByTestId("terminal-reports-page").waitFor();
  await expectLanguage(page, lang);
  await expect.poll(() => page.locator("h1").textContent(), POLL).toBe(TEXT[lang].title);
}

describe.each(["en", "ar"] as const)("terminal reports (%s)", (lang: Lang) => {
  it("a terminal's POS payment is in its open day; it sees its own reports and totals; the merchant its terminals'", async () => {
    // The merchant renews its demo terminal's keys; the terminal takes a payment with the live one.
    const merchant = await openContext(browser);
    const mPage = await merchant.newPage();
    mPage.setDefaultTimeout(60_000);
    await signIn(mPage, lang, "merchant.egypt", "merchant");
    const terminals = (await api(merchant, "GET", "/api/terminals?page_size=100")).body as {
      results: { id: number; terminal_id: string }[];
    };
    const demoTerminal = terminals.results.find((t) => t.terminal_id === "T-EGY-000101");
    expect(demoTerminal).toBeDefined();
    const keys = await api(merchant, "POST", `/api/terminals/${demoTerminal!.id}/keys`);
    expect(keys.status).toBe(200);
    const liveKey = (keys.body as { live_key: string }).live_key;
    const amount = 7731 + (lang === "ar" ? 2 : 0);
    const paid = await fetch(new URL("/api/terminal/payments", inject("baseUrl")), {
      method: "POST",
      headers: { authorization: `Terminal ${liveKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        amount_cents: amount,
        card: { pan: "5123456789012346", expiry_month: 12, expiry_year: 2039 },
        entry_mode: "chip",
      }),
    });
    expect(paid.status).toBe(200);
    const payment = (await paid.json()) as { status: string; channel: string; terminal_id: string };
    expect(payment).toMatchObject({ status: "success", channel: "POS", terminal_id: "T-EGY-000101" });

    // The terminal user lands on its reports.
    const terminal = await openContext(browser);
    const page = await terminal.newPage();
    page.setDefaultTimeout(60_000);
    const today = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/terminal-reports/today" && r.request().method() === "GET",
    );
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/terminal-reports" && r.request().method() === "GET",
    );
    await signIn(page, lang, "terminal.egypt", "terminal");
    expect(await pathOf(page)).toBe(portalPath(lang, "terminal-reports"));
    await openReports(page, lang);
    const open = (await (await today).json()) as { reports: Figures[] };
    const list = (await (await listed).json()) as { count: number; results: Figures[] };

    // Its open day counts the payment just taken; its closed reports (the demo's days) are its terminal's only.
    const mine = open.reports.find((r) => r.terminal.code === "T-EGY-000101" && r.currency === "EGP");
    expect(mine?.success_count).toBeGreaterThanOrEqual(1);
    expect(mine?.total_amount_cents).toBeGreaterThanOrEqual(amount);
    expect(open.reports.every((r) => r.terminal.code === "T-EGY-000101")).toBe(true);
    await expect.poll(() => page.getByTestId("terminal-today-row").count(), POLL).toBeGreaterThan(0);
    expect(await page.locator("#terminal-today-title").textContent()).toBe(TEXT[lang].today);
    expect(list.count).toBeGreaterThan(0);
    expect(list.results.every((r) => r.terminal.code === "T-EGY-000101")).toBe(true);
    const table = page.getByTestId("terminal-reports-table");
    await expect.poll(() => table.getByTestId("report-terminal").count(), POLL).toBeGreaterThan(0);

    // The header: one device, revenue per currency, the transactions of its reports.
    const totals = page.getByTestId("terminal-totals");
    expect(await totals.getByTestId("total-devices").textContent()).toContain(TEXT[lang].devices);
    await expect.poll(() => totals.getByTestId("total-devices-value").textContent(), POLL).toBe("1");
    await expect
      .poll(() => totals.locator('[data-testid="total-revenue-value"][data-currency="EGP"]').count(), POLL)
      .toBe(1);
    const sum =
      list.results.length === list.count ? list.results.reduce((n, r) => n + r.transactions_count, 0) : 0;
    if (sum > 0)
      await expect
        .poll(() => totals.getByTestId("total-transactions-value").textContent(), POLL)
        .toBe(String(sum));
    await expectAccessible(page, `terminal reports, terminal (${lang})`);
    await terminal.close();

    // The merchant sees its terminals' reports from its menu.
    const mListed = mPage.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/terminal-reports" && r.request().method() === "GET",
    );
    await mPage.getByTestId("nav-terminalReports").click();
    await openReports(mPage, lang);
    const mList = (await (await mListed).json()) as { count: number; results: Figures[] };
    expect(mList.count).toBeGreaterThan(0);
    await expect
      .poll(() => mPage.getByTestId("terminal-reports-table").getByTestId("report-terminal").count(), POLL)
      .toBeGreaterThan(0);
    const devices = Number(await mPage.getByTestId("total-devices-value").textContent());
    expect(devices).toBeGreaterThan(1);
    await expect.poll(() => mPage.getByTestId("terminal-today-row").count(), POLL).toBeGreaterThan(0);
    await expectAccessible(mPage, `terminal reports, merchant (${lang})`);
    await merchant.close();
  }, 600_000);
});
