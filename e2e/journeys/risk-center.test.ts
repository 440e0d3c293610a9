import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
import {
  checkoutContext,
  type DemoMerchant,
  demoMerchant,
  paymentToken,
  payWithCard,
  testIntegration,
} from "./checkout-helpers.ts";

/**
 * The Risk Center (docs/pos-risk.md "Risk") against the demo data, in English and Arabic with the axe scan:
 * merchant.egypt opens its rules and lists (the demo's), selects a rule to see its details, adds the published
 * sandbox card 5123 4500 0000 0008 to the blacklist, then a hosted-checkout payment with that card is declined
 * before the acquirer: the checkout says the merchant's risk rules declined it and the transaction's details
 * show the reason in the dashboard's language. The entry is removed again (with its confirmation), so the card
 * pays for the journeys that follow, and the change history shows who added and removed it.
 */

const CARD = "5123450000000008";
const TEXT = {
  en: {
    saved: "Your request completed successfully.",
    removed: "The entry was deleted.",
    reason: "Declined by the merchant's risk rules: this card is blacklisted.",
    checkout: "The merchant's risk rules declined this payment.",
  },
  ar: {
    saved: "تم تنفيذ طلبك بنجاح.",
    removed: "تم حذف الإدخال.",
    reason: "رُفضت وفق قواعد المخاطر لدى التاجر: هذه البطاقة في القائمة السوداء.",
    checkout: "رُفضت هذه العملية وفق قواعد المخاطر لدى التاجر.",
  },
} as const;

let browser: Browser;
let merchant: DemoMerchant;
const baseUrl = inject("baseUrl");
beforeAll(async () => {
  browser = await launchBrowser();
  merchant = demoMerchant(inject("dataDir"));
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for a modal's opening transition (a half-faded modal has half the contrast), then scans it. */
async function scanModal(page: Page, testId: string, label: string) {
  // The modal's root element is never "visible" to Playwright (Mantine): wait for its content instead.
  const content = page.getByTestId(testId).locator(".mantine-Modal-content");
  await content.waitFor();
  await expect.poll(() => content.evaluate((e) => getComputedStyle(e).opacity), POLL).toBe("1");
  await expectAccessible(page, label);
}

/** Removes the card's blacklist entry through the screen (selection, Remove, confirmation). */
async function removeEntry(page: Page, lang: Lang) {
  await page.goto(portalPath(lang, "risk-center?tab=black"));
  // Wait for the list (the demo's entries) before looking for the card: counting too early found none and left
  // the entry for the next language, whose add then met the unique index.
  const rows = page.getByTestId("risk-black-table").getByTestId("risk-entry-row");
  await expect.poll(() => rows.count(), POLL).toBeGreaterThan(0);
  const row = rows.filter({ hasText: "512345" });
  if ((await row.count()) === 0) return;
  await row.first().click();
  await page.getByTestId("risk-entry-details").waitFor();
  await page.getByTestId("risk-entry-delete").click();
  await scanModal(page, "risk-entry-delete-confirm", `remove confirmation (${lang})`);
  await page.getByTestId("risk-entry-delete-confirm-confirm").click();
  await expectToast(page, "success", TEXT[lang].removed);
}

describe.each(["en", "ar"] as const)("risk center (%s)", (lang: Lang) => {
  it("blacklists a card and a checkout payment with it is declined with the reason", {
    timeout: 300_000,
  }, async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.egypt", "merchant");
    try {
      await page.goto(portalPath(lang, "risk-center"));
      await page.getByTestId("risk-center-page").waitFor();
      await expectLanguage(page, lang);
      // The demo's rules; selecting one shows its details.
      const rules = page.getByTestId("risk-rules-table").getByTestId("risk-rule-row");
      await expect.poll(() => rules.count(), POLL).toBeGreaterThan(3);
      await rules.first().click();
      await page.getByTestId("risk-rule-details").waitFor();
      await expectAccessible(page, `risk center rules (${lang})`);

      // The blacklist: the demo's entries, masked cards only; add the sandbox card.
      await page.getByTestId("risk-tab-black").click();
      await page.waitForURL((url) => url.searchParams.get("tab") === "black");
      const entries = page.getByTestId("risk-black-table").getByTestId("risk-entry-row");
      await expect.poll(() => entries.count(), POLL).toBeGreaterThan(2);
      for (const text of await entries.allTextContents()) expect(text).not.toMatch(/\d{13,}/);
      await page.getByTestId("risk-entry-add-black").click();
      await scanModal(page, "risk-entry-modal", `add to blacklist (${lang})`);
      await page.getByTestId("risk-entry-value").fill(CARD);
      await page.getByTestId("risk-entry-submit").click();
      await expectToast(page, "success", TEXT[lang].saved);
      const added = entries.filter({ hasText: "512345******0008" });
      await expect.poll(() => added.count(), POLL).toBe(1);
      await added.click();
      await page.getByTestId("risk-entry-details").waitFor();
      expect(await page.getByTestId("risk-entry-details").textContent()).not.toContain(CARD);
      await expectAccessible(page, `risk center blacklist (${lang})`);

      // The customer pays with that card on the hosted checkout: declined before the acquirer.
      const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
      const checkout = await checkoutContext(browser, baseUrl);
      const pay = await checkout.newPage();
      await pay.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}&lang=${lang}`);
      const answer = pay.waitForResponse((r) => r.url().includes("/api/checkout/card"));
      await payWithCard(pay, CARD);
      const body = (await (await answer).json()) as { transaction: { id: number; success: boolean } };
      expect(body.transaction.success).toBe(false);
      await pay.getByTestId("result-declined").waitFor();
      expect(await pay.getByTestId("decline-reason").textContent()).toContain(TEXT[lang].checkout);
      // A countdown back to the merchant shows only when no retry is offered: stop it before the scan if it is there.
      const stay = pay.getByRole("button", {
        name: lang === "en" ? "Stay on this page" : "البقاء في هذه الصفحة",
      });
      if (await stay.isVisible()) await stay.click();
      await expectAccessible(pay, `checkout declined by risk rules (${lang})`);
      await checkout.close();

      // The transaction's details show the reason in the dashboard's language.
      await page.goto(portalPath(lang, `transactions/${body.transaction.id}`));
      await page.getByTestId("tx-details").waitFor();
      await expect
        .poll(() => page.getByTestId("field-failure_reason").textContent(), POLL)
        .toBe(TEXT[lang].reason);
      await expectAccessible(page, `declined transaction details (${lang})`);
    } finally {
      await removeEntry(page, lang);
    }
    // The change history names who added and removed it.
    await page.goto(portalPath(lang, "risk-center"));
    const audit = page.getByTestId("risk-audit-table");
    await expect.poll(() => audit.textContent(), POLL).toContain("512345******0008");
    expect(await audit.textContent()).toContain("merchant.egypt");
    await context.close();
  });
});
