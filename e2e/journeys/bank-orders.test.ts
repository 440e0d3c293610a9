import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  type Lang,
  openContext,
  POLL,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * The bank view of orders (back-office.md): bank staff see their own bank's merchants' orders with the merchant
 * column, and the orders header by payment method (TOTAL ... MPAY) from GET /api/bank/orders/totals, in English
 * and Arabic. Read only: bank.egypt changes nothing.
 */

const METHODS = ["TOTAL", "SOUHOOLA", "GET_GO", "VPC", "CASH", "VALU", "PREMIUM", "UIG", "CAGG", "MPAY"];
const TEXT = {
  en: { title: "Orders", processed: "Total processed", TOTAL: "TOTAL", VPC: "VPC (card)" },
  ar: { title: "الطلبات", processed: "إجمالي المعالَج", TOTAL: "الإجمالي", VPC: "بطاقة" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Totals {
  currencies: {
    currency: string;
    processed_cents: number;
    methods: Record<string, { count: number; amount_cents: number }>;
  }[];
}

describe.each(["en", "ar"] as const)("bank orders (%s)", (lang: Lang) => {
  it("bank.egypt sees its merchants' orders and the orders totals header by payment method", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    // The header shows what the server answered the page (read from that very response).
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/bank/orders/totals" && r.request().method() === "GET",
    );
    await page.goto(portalPath(lang, "orders"));
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get("is_live")).toBe("true");
    const answer = (await response.json()) as Totals;
    await page.getByTestId("orders-page").waitFor();
    await expectLanguage(page, lang);
    expect(await page.getByTestId("orders-page").getAttribute("data-view")).toBe("bank");
    await expect.poll(() => page.locator("h1").textContent(), POLL).toBe(TEXT[lang].title);

    const header = page.getByTestId("orders-totals");
    expect(await header.getAttribute("data-view")).toBe("bank");
    await expect
      .poll(() => header.getByTestId("orders-currency").count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await header.locator("h2").textContent()).toBe(TEXT[lang].processed);

    // One block per currency, each with every method of the bank header.
    expect(await header.getByTestId("orders-currency").count()).toBe(answer.currencies.length);
    const egp = header.locator('[data-testid="orders-currency"][data-currency="EGP"]');
    for (const key of METHODS) expect(await egp.getByTestId(`total-${key}`).count()).toBe(1);
    expect(await egp.getByTestId("total-TOTAL").textContent()).toContain(TEXT[lang].TOTAL);
    expect(await egp.getByTestId("total-VPC").textContent()).toContain(TEXT[lang].VPC);

    // The figures are the answer's: the demo bank's merchants have EGP card payments.
    const egpAnswer = answer.currencies.find((c) => c.currency === "EGP");
    expect(egpAnswer?.methods.VPC?.count).toBeGreaterThan(0);
    const count = String(egpAnswer?.methods.TOTAL?.count);
    expect(await egp.getByTestId("total-TOTAL").textContent()).toContain(count);
    expect(await egp.getByTestId("total-TOTAL-amount").textContent()).toMatch(/\d/);

    // The list has the merchant column, and the header has no export (bank view is read only).
    await expect
      .poll(() => page.getByTestId("orders-table").getAttribute("aria-busy"), { timeout: 30_000 })
      .toBe("false");
    expect(await page.getByTestId("order-link").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("export-open").count()).toBe(0);
    await expectAccessible(page, `bank orders (${lang})`);
    await context.close();
  });
});

describe.each(["en", "ar"] as const)("bank reports (%s)", (lang: Lang) => {
  it("bank.egypt's Reports screen loads its merchants' figures (it answered 403)", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/analytics/reports" && r.request().method() === "GET",
    );
    await page.goto(portalPath(lang, "reports"));
    const response = await answered;
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as {
      cards: { currency: string; number_of_transactions: { value: number } }[];
    };
    expect(answer.cards.length).toBeGreaterThan(0);
    const screen = page.getByTestId("reports-screen");
    await screen.waitFor();
    await expect.poll(() => screen.getAttribute("aria-busy"), { timeout: 30_000 }).toBe("false");
    expect(await page.getByTestId("analytics-error").count()).toBe(0);
    // The transactions card shows the answer's figure for the currency on screen.
    await expect.poll(() => page.getByTestId("card-transactions").first().isVisible(), POLL).toBe(true);
    const shown = Number(await page.getByTestId("card-transactions").first().getAttribute("data-value"));
    expect(answer.cards.map((c) => c.number_of_transactions.value)).toContain(shown);
    await expectAccessible(page, `bank reports (${lang})`);
    await context.close();
  });
});
