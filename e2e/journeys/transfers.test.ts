import type { Browser, Download } from "playwright-core";
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
 * Transfers (back-office.md "Transfers", docs/transfers.md) against the demo data, in English and Arabic with the
 * axe scan: merchant.egypt sees its balance header and transfers, opens one, shows its transactions and exports
 * them; merchant.egypt2 has no bank account and is told so.
 */

const TEXT = {
  en: {
    title: "Transfers",
    noAccount: "There is no bank account.",
    show: "Show transactions",
    hide: "Hide transactions",
  },
  ar: {
    title: "التحويلات",
    noAccount: "لا يوجد حساب بنكي.",
    show: "إظهار المعاملات",
    hide: "إخفاء المعاملات",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["en", "ar"] as const)("transfers (%s)", (lang: Lang) => {
  it("a merchant sees a transfer with its transactions and exports them", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/transfers" && r.request().method() === "GET",
    );
    await page.goto(portalPath(lang, "transfers"));
    const list = (await (await listed).json()) as {
      count: number;
      results: { id: number; number_of_transactions: number; status: string }[];
    };
    await page.getByTestId("transfers-page").waitFor();
    await expectLanguage(page, lang);
    await expect.poll(() => page.locator("h1").textContent(), POLL).toBe(TEXT[lang].title);
    expect(list.count).toBeGreaterThan(0);

    // The balance header: the bank account, and net, gross, fees, VAT and subscriptions per currency.
    const balance = page.getByTestId("transfer-balance");
    await expect.poll(() => balance.getByTestId("bank-account").count(), POLL).toBe(1);
    const egp = balance.locator('[data-testid="balance-currency"][data-currency="EGP"]');
    for (const key of ["net", "gross", "fees", "vat", "subscriptions"])
      expect(await egp.getByTestId(`balance-${key}`).count()).toBe(1);
    // Update balance reads it again.
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/transfers/balance");
    await page.getByTestId("update-balance").click();
    expect((await again).status()).toBe(200);

    // The summary table: the demo's transfers in several statuses.
    const table = page.getByTestId("transfers-table");
    await expect.poll(() => table.getByTestId("transfer-link").count(), POLL).toBeGreaterThan(0);
    const statuses = await table
      .getByTestId("transfer-status")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-status")));
    expect(new Set(statuses).size).toBeGreaterThan(1);
    await expectAccessible(page, `transfers list (${lang})`);

    // Details: show and hide the transactions, then export them.
    const first = list.results[0]!;
    await table.getByTestId("transfer-link").first().click();
    const details = page.getByTestId("transfer-details");
    await details.waitFor();
    expect(await details.getAttribute("data-transfer-id")).toBe(String(first.id));
    const toggle = page.getByTestId("transfer-toggle-transactions");
    expect(await toggle.textContent()).toBe(TEXT[lang].show);
    await toggle.click();
    const rows = page.getByTestId("transfer-transaction");
    await expect.poll(() => rows.count(), POLL).toBe(Math.min(25, first.number_of_transactions));
    expect(await toggle.textContent()).toBe(TEXT[lang].hide);
    await expectAccessible(page, `transfer details with transactions (${lang})`);

    const download: Promise<Download> = page.waitForEvent("download");
    await page.getByTestId("transfer-export-csv").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`transfer-${first.id}.csv`);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Transaction ID,Date,Gross Amount,Currency,Order ID,Email,Type");
    expect(lines.length).toBe(first.number_of_transactions + 1);

    await toggle.click();
    expect(await rows.count()).toBe(0);
    await context.close();
  });

  it("a merchant without a bank account is told so", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    // Delta Pharmacy is partner-branded: the partner's layout with the merchant's menu.
    await signIn(page, lang, "merchant.egypt2", "partner", demoAccount("merchant.egypt2").password);
    await page.goto(portalPath(lang, "transfers"));
    const notice = page.getByTestId("no-bank-account");
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toBe(TEXT[lang].noAccount);
    await expectAccessible(page, `transfers without a bank account (${lang})`);
    await context.close();
  });
});
