import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  expectLanguage,
  expectToast,
  type Lang,
  openContext,
  POLL,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * Customers (back-office.md "Customers", docs/settings.md) against the demo data, in English and Arabic with the
 * axe scan: merchant.egypt opens its customers (made from its demo payments), searches one by its e-mail (the
 * search is in the URL), opens its details with its transactions, and edits it: a one-word name and a bad e-mail
 * get the spec's messages, then a good name is saved. Each language edits its own customer (the first and the
 * second of the list).
 */

const TEXT = {
  en: {
    fullName: "Please enter your full name.",
    email: "Please enter valid email.",
    saved: "Your request completed successfully.",
    name: "Laila Journey",
  },
  ar: {
    fullName: "يرجى إدخال اسمك الكامل.",
    email: "يرجى إدخال بريد إلكتروني صحيح.",
    saved: "تم تنفيذ طلبك بنجاح.",
    name: "ليلى رحلة",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["en", "ar"] as const)("customers (%s)", (lang: Lang) => {
  it("lists, searches, opens and edits a customer", { timeout: 240_000 }, async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    // The machine is shared by every journey and build: give actions time.
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.egypt", "merchant");
    await page.goto(portalPath(lang, "customers"));
    await page.getByTestId("customers-page").waitFor();
    await expectLanguage(page, lang);
    const table = page.getByTestId("customers-table");
    const links = table.getByTestId("customer-open");
    await expect.poll(() => links.count(), POLL).toBeGreaterThan(1);
    // Every row shows a masked card ending at most: never a full card number.
    for (const card of await table.getByTestId("customer-card").allTextContents())
      expect(card).toMatch(/^[A-Za-z ]*•••• \d{4}$/);
    await expectAccessible(page, `customers (${lang})`);

    // The customer this language edits, found again by its e-mail through the search.
    // Other journeys add customers without an e-mail (a phone is enough), so the
    // rows are chosen among those that have one.
    const emails: string[] = [];
    for (const row of await table.locator("tbody tr").all()) {
      const text = ((await row.locator("td").nth(1).textContent()) ?? "").trim();
      if (text.includes("@")) emails.push(text);
    }
    expect(emails.length).toBeGreaterThan(1);
    const email = emails[lang === "en" ? 0 : 1] ?? "";
    expect(email).toContain("@");
    await page.getByTestId("customer-search").fill(email.toUpperCase());
    await page.getByTestId("customer-search-apply").click();
    await page.waitForURL((url) => url.searchParams.get("search") === email.toUpperCase());
    await expect.poll(() => links.count(), POLL).toBe(1);
    expect(await table.locator("tbody tr").first().textContent()).toContain(email);
    await expectAccessible(page, `customers search (${lang})`);
    // Reloaded, the search is still there (the URL holds it).
    await page.reload();
    await expect.poll(() => links.count(), POLL).toBe(1);

    // The details with the customer's transactions.
    await links.first().click();
    const details = page.getByTestId("customer-details");
    await details.waitFor();
    const total = Number(
      ((await page.getByTestId("field-total_transactions").textContent()) ?? "")
        .replace(/[^\d٠-٩]/g, "")
        .replace(/[٠-٩]/g, (d) => String("٠١٢٣٤٥٦٧٨٩".indexOf(d))),
    );
    expect(total).toBeGreaterThan(0);
    const txRows = page.getByTestId("customer-transactions").getByTestId("customer-transaction-open");
    await expect.poll(() => txRows.count(), POLL).toBe(Math.min(total, 10));
    await expectAccessible(page, `customer details (${lang})`);

    // The edit: the spec's messages first, then a good name.
    await page.getByTestId("customer-edit-open").click();
    const modal = page.getByRole("dialog");
    await page.getByTestId("customer-edit-name").waitFor();
    await page.getByTestId("customer-edit-name").fill("Single");
    await page.getByTestId("customer-edit-email").fill("not-an-email");
    await page.getByTestId("customer-edit-submit").click();
    await modal.getByText(TEXT[lang].fullName).waitFor();
    await modal.getByText(TEXT[lang].email).waitFor();
    await expectAccessible(page, `customer edit errors (${lang})`);
    await page.getByTestId("customer-edit-name").fill(TEXT[lang].name);
    await page.getByTestId("customer-edit-email").fill(email);
    const saved = page.waitForResponse(
      (r) => /\/api\/customers\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === "PUT",
    );
    await page.getByTestId("customer-edit-submit").click();
    expect((await saved).status()).toBe(200);
    await expectToast(page, "success", TEXT[lang].saved);
    await page.getByTestId("customer-edit-name").waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("field-name").textContent(), POLL).toBe(TEXT[lang].name);
    await expectAccessible(page, `customer edited (${lang})`);
    await context.close();
  });
});
