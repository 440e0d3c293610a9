import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { POLL } from "../support/pages.ts";
import { payWithCard } from "./checkout-helpers.ts";

/**
 * Lending collection (docs/pos-risk.md "Lending"): a customer of the demo lender Nile Electronics
 * (docs/demo-data.md) pays an instalment by card through the hosted checkout's card form (a declined sandbox card
 * first: 'Payment failed, please try again later' and Try Again) and another from the balance (a wrong PIN first:
 * 'incorrect credentials'), and sees 'Please enter the 14-digit national number correctly.', 'User does not have
 * Loan' and 'User does not have enough balance'. English and Arabic, with the accessibility scan at each step.
 * Each run pays two instalments of NE-LN-1001 per language (24 instalments, a 50,000-pound balance).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAYER = "29001011234567";
const LOW_BALANCE = "29105152101234";
const NO_LOAN = "28807070105678";

const TEXT = {
  en: {
    invalid: "Please enter the 14-digit national number correctly.",
    noLoan: "User does not have Loan",
    notEnough: "User does not have enough balance",
    failed: "Payment failed, please try again later",
    credentials: "incorrect credentials",
    service: "Refrigerator instalment plan",
  },
  ar: {
    invalid: "يرجى إدخال الرقم القومي المكون من 14 رقمًا بشكل صحيح.",
    noLoan: "لا يوجد قرض لهذا المستخدم",
    notEnough: "لا يوجد رصيد كافٍ لدى المستخدم",
    failed: "فشل الدفع، يرجى المحاولة مرة أخرى لاحقًا",
    credentials: "بيانات الاعتماد غير صحيحة",
    service: "Refrigerator instalment plan",
  },
} as const;

/** Minor units of a shown amount ("EGP 2,515.00", or "2,515.00 ج.م." in Arabic: the number, not the symbol's dots). */
const minorOf = (text: string | null) => {
  const number = /\d[\d,]*(?:\.\d+)?/.exec(text ?? "")?.[0] ?? "";
  return Math.round(Number(number.replace(/,/g, "")) * 100);
};

async function findLoans(page: Page, nationalId: string) {
  await page.getByTestId("lending-national-id").fill(nationalId);
  await page.getByTestId("lending-find").click();
}

async function confirm(page: Page, source: "card" | "balance", label: string) {
  await page.getByTestId(`lending-source-${source}`).check();
  await page.getByTestId("lending-pay").click();
  await page.getByTestId("lending-confirm").waitFor(POLL);
  await expectAccessible(page, label);
}

for (const lang of ["en", "ar"] as const) {
  const text = TEXT[lang];
  describe(`lending collection (${lang})`, () => {
    it("refuses a bad national ID and an ID without a loan, pays by card after a decline, then from the balance", async () => {
      const context = await newContext(browser, inject("baseUrl"));
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`/checkout/lending?lender=nile-electronics&lang=${lang}`);
      await page.getByTestId("lending-id-step").waitFor(POLL);
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      await expectAccessible(page, `lending national ID (${lang})`);

      // Not 14 digits: the spec's message, on the field.
      await findLoans(page, "2900101123");
      await page.locator("#national-id-error").waitFor(POLL);
      expect(await page.locator("#national-id-error").textContent()).toBe(text.invalid);
      await expectAccessible(page, `lending national ID refused (${lang})`);

      // A customer whose loan is paid off.
      await findLoans(page, NO_LOAN);
      await page.getByTestId("lending-banner").waitFor(POLL);
      expect(await page.getByTestId("lending-banner").textContent()).toBe(text.noLoan);

      // The service details.
      await findLoans(page, PAYER);
      await page.getByTestId("lending-loan").waitFor(POLL);
      expect(await page.getByTestId("lending-service").textContent()).toBe(text.service);
      expect(await page.getByTestId("lending-reference").textContent()).toBe("NE-LN-1001");
      expect(await page.getByTestId("lending-masked-id").textContent()).toContain("567");
      expect(await page.content()).not.toContain(PAYER);
      const owed = minorOf(await page.getByTestId("lending-outstanding").textContent());
      const total = minorOf(await page.getByTestId("lending-total").textContent());
      expect(total).toBe(251_500);
      await expectAccessible(page, `lending service details (${lang})`);

      // By card: a declined sandbox card fails with the spec's message and Try Again.
      await confirm(page, "card", `lending confirm by card (${lang})`);
      await page.getByTestId("lending-confirm-pay").click();
      await page.getByTestId("lending-card-step").waitFor(POLL);
      await page.locator("#cc-number").waitFor(POLL);
      await expectAccessible(page, `lending card form (${lang})`);
      await payWithCard(page, "4000000000000002");
      await page.getByTestId("lending-failure").waitFor(POLL);
      expect(await page.getByTestId("lending-message").textContent()).toBe(text.failed);
      await expectAccessible(page, `lending card declined (${lang})`);
      await page.getByTestId("lending-try-again").click();
      await page.getByTestId("lending-loan").waitFor(POLL);
      await confirm(page, "card", `lending confirm by card again (${lang})`);
      await page.getByTestId("lending-confirm-pay").click();
      await page.locator("#cc-number").waitFor(POLL);
      await payWithCard(page, "5123456789012346");
      await page.getByTestId("lending-success").waitFor(POLL);
      expect(minorOf(await page.getByTestId("lending-paid").textContent())).toBe(total);
      expect(minorOf(await page.getByTestId("lending-remaining").textContent())).toBe(owed - 250_000);
      await expectAccessible(page, `lending paid by card (${lang})`);

      // The next instalment from the balance: a wrong PIN first.
      await page.getByTestId("lending-done").click();
      await findLoans(page, PAYER);
      await page.getByTestId("lending-loan").waitFor(POLL);
      expect(minorOf(await page.getByTestId("lending-outstanding").textContent())).toBe(owed - 250_000);
      await confirm(page, "balance", `lending confirm by balance (${lang})`);
      await page.getByTestId("lending-pin").fill("0000");
      await page.getByTestId("lending-confirm-pay").click();
      await page.locator("#balance-pin-error").waitFor(POLL);
      expect(await page.locator("#balance-pin-error").textContent()).toBe(text.credentials);
      await expectAccessible(page, `lending wrong PIN (${lang})`);
      await page.getByTestId("lending-pin").fill("1234");
      await page.getByTestId("lending-confirm-pay").click();
      await page.getByTestId("lending-success").waitFor(POLL);
      expect(minorOf(await page.getByTestId("lending-remaining").textContent())).toBe(owed - 500_000);
      await expectAccessible(page, `lending paid by balance (${lang})`);

      // A balance too small for the instalment.
      await page.getByTestId("lending-done").click();
      await findLoans(page, LOW_BALANCE);
      await page.getByTestId("lending-loan").waitFor(POLL);
      await confirm(page, "balance", `lending confirm low balance (${lang})`);
      await page.getByTestId("lending-pin").fill("4321");
      // The keyboard works the dialog: Enter sends it.
      await page.getByTestId("lending-pin").press("Enter");
      await page.getByTestId("lending-failure").waitFor(POLL);
      expect(await page.getByTestId("lending-message").textContent()).toBe(text.notEnough);
      await expectAccessible(page, `lending not enough balance (${lang})`);
      await context.close();
    }, 600_000);
  });
}
