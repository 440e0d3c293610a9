import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { DEMO_PASSWORD, POLL } from "../support/pages.ts";
import { checkoutContext } from "./checkout-helpers.ts";

/**
 * QR Code Payment (issue 13 item 6), en and ar: merchant.egypt (test data, its test wallet integration) enters an
 * amount, shows the QR code, a customer opens the address the code holds and pays with one of the documented
 * test wallets (docs/payments.md), and Check Status shows each outcome: Transaction Successful, Declined
 * (insufficient funds) and Pending; Try Again starts over. A failure says 'SomeThing Went Wrong Please Try Again'.
 */

let browser: Browser;
const baseUrl = inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  en: {
    success: "Transaction Successful",
    declined: "Declined",
    pending: "Pending",
    insufficient: "Declined: insufficient funds.",
    failed: "SomeThing Went Wrong Please Try Again",
    invalidAmount: "Please enter valid Amount.",
  },
  ar: {
    success: "تمت المعاملة بنجاح",
    declined: "مرفوضة",
    pending: "قيد الانتظار",
    insufficient: "مرفوضة: الرصيد غير كافٍ.",
    failed: "حدث خطأ ما، يرجى المحاولة مرة أخرى",
    invalidAmount: "يرجى إدخال مبلغ صحيح.",
  },
};

async function openScreen(lang: "en" | "ar"): Promise<Page> {
  const context = await newContext(browser, baseUrl);
  await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill("merchant.egypt");
  await page.getByTestId("login-password").fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/, POLL);
  await page.getByTestId("create-menu").click();
  await page.getByTestId("create-qrPayment").click();
  await page.getByTestId("qr-amount-step").waitFor(POLL);
  return page;
}

/** The customer scans the code (opens its address), pays with a test wallet and confirms with MPIN and OTP. */
async function payAsCustomer(url: string, wallet: string, lang: "en" | "ar", outcome: string): Promise<void> {
  const context = await checkoutContext(browser, baseUrl);
  const page = await context.newPage();
  await page.goto(`${url}&lang=${lang}`);
  await page.locator("#wallet-phone").fill(wallet);
  await page.getByTestId("wallet-start").click();
  await page.getByTestId("wallet-confirm").waitFor(POLL);
  await page.locator("#mpin").fill("123456");
  await page.locator("#wallet-otp").fill("123456");
  await page.getByTestId("wallet-confirm-submit").click();
  await page.getByTestId(`result-${outcome}`).waitFor(POLL);
  await context.close();
}

describe("QR payment", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`reaches every outcome with the test wallets (${lang})`, async () => {
      const page = await openScreen(lang);
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      await expectAccessible(page, `QR amount (${lang})`);

      // A bad amount is refused on the spot; Reset empties the field.
      await page.getByTestId("qr-amount").fill("abc");
      await page.getByTestId("qr-proceed").click();
      await expect
        .poll(() => page.getByTestId("qr-amount-step").textContent(), POLL)
        .toContain(TEXTS[lang].invalidAmount);
      await page.getByTestId("qr-reset").click();
      expect(await page.getByTestId("qr-amount").inputValue()).toBe("");

      const outcomes = [
        { wallet: "01010101010", status: "success", checkout: "success" },
        { wallet: "01000000002", status: "declined", checkout: "declined" },
        { wallet: "01000000259", status: "pending", checkout: "pending" },
      ] as const;
      for (const [index, o] of outcomes.entries()) {
        await page.getByTestId("qr-amount").fill("150.25");
        await page.getByTestId("qr-proceed").click();
        const info = page.getByTestId("qr-info");
        await info.waitFor(POLL);
        expect(await page.getByTestId("qr-merchant").textContent()).toBeTruthy();
        const url = await page.getByTestId("qr-code").getAttribute("data-url");
        expect(url).toMatch(/\/checkout\/pay\?payment_token=/);
        expect(await page.getByTestId("qr-code").locator("img").count()).toBe(1);
        if (index === 0) await expectAccessible(page, `QR payment information (${lang})`);

        // Nothing paid yet: Check Status says Pending.
        if (index === 0) {
          await page.getByTestId("qr-check").click();
          await expect
            .poll(() => page.getByTestId("qr-outcome").getAttribute("data-status"), POLL)
            .toBe("pending");
          await payAsCustomer(url!, o.wallet, lang, o.checkout);
          await page.getByTestId("qr-check").click();
        } else {
          await payAsCustomer(url!, o.wallet, lang, o.checkout);
          await page.getByTestId("qr-check").click();
        }
        const outcome = page.getByTestId("qr-outcome");
        await expect.poll(() => outcome.getAttribute("data-status"), POLL).toBe(o.status);
        expect(await outcome.textContent()).toContain(TEXTS[lang][o.status]);
        if (o.status === "declined") expect(await outcome.textContent()).toContain(TEXTS[lang].insufficient);
        expect(await page.getByTestId("qr-to-transactions").getAttribute("href")).toContain("/transactions");
        expect(await page.getByTestId("qr-home").getAttribute("href")).toContain("/home");
        await expectAccessible(page, `QR outcome ${o.status} (${lang})`);
        await page.getByTestId("qr-try-again").click();
        await page.getByTestId("qr-amount-step").waitFor(POLL);
      }

      // The server failing: the spec's message and Try Again.
      await page.route("**/api/qr-payments", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"boom"}' })
          : route.continue(),
      );
      await page.getByTestId("qr-amount").fill("10");
      await page.getByTestId("qr-proceed").click();
      const failed = page.getByTestId("qr-failed");
      await failed.waitFor(POLL);
      expect(await failed.textContent()).toContain(TEXTS[lang].failed);
      await expectAccessible(page, `QR failure (${lang})`);
      await page.getByTestId("qr-try-again").click();
      await page.getByTestId("qr-amount-step").waitFor(POLL);
      await page.context().close();
    });
  }
});
