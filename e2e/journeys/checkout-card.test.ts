import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  checkoutContext,
  type DemoMerchant,
  demoMerchant,
  intentionUrl,
  MERCHANT_STUB,
  paymentToken,
  payWithCard,
  testIntegration,
} from "./checkout-helpers.ts";

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

describe("hosted card payment", () => {
  it("pays with the published Mastercard from the legacy iframe URL, then returns to the merchant signed", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    const iframeId = 1;
    await page.goto(`/api/acceptance/iframes/${iframeId}?payment_token=${encodeURIComponent(token)}`);
    expect(new URL(page.url()).pathname).toBe("/checkout/pay");
    await expect.poll(() => page.locator("h1").textContent()).toBe(`Pay ${merchant.company_name}`);
    expect(await page.getByTestId("amount").textContent()).toBe("EGP\u00a01,499.99");
    expect(await page.getAttribute("html", "dir")).toBe("ltr");
    for (const [id, autocomplete] of [
      ["cc-name", "cc-name"],
      ["cc-number", "cc-number"],
      ["cc-exp", "cc-exp"],
      ["cc-csc", "cc-csc"],
    ]) {
      expect(await page.getAttribute(`#${id}`, "autocomplete")).toBe(autocomplete);
    }
    await expectAccessible(page, "card form (en)");

    // A wrong number is caught before anything is sent.
    await page.locator("#cc-number").fill("5123 4567 8901 2345");
    await page.getByTestId("pay").click();
    expect(await page.getAttribute("#cc-number", "aria-invalid")).toBe("true");
    expect(await page.locator("#cc-number-error").textContent()).toContain("not valid");
    await expectAccessible(page, "card form with errors (en)");
    await page.locator("#cc-number").fill("");

    await payWithCard(page, "5123456789012346");
    expect(await page.locator("#cc-number").inputValue()).toBe("5123 4567 8901 2346");
    await page.getByTestId("result-success").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Payment successful");

    const back = new URL((await page.getByTestId("continue-now").getAttribute("href"))!);
    expect(back.searchParams.get("success")).toBe("true");
    expect(back.searchParams.get("txn_response_code")).toBe("APPROVED");
    expect(back.searchParams.get("source_data.pan")).toBe("2346");
    expect(back.searchParams.get("hmac")).toMatch(/^[0-9a-f]{128}$/);
    await page.waitForURL((url) => url.origin === back.origin);
    expect(page.url()).toBe(back.href);
    expect(await page.locator("h1").textContent()).toBe(MERCHANT_STUB);

    // The token is spent: opening it again says so.
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);
    await page.getByTestId("problem-paid").waitFor();
    await context.close();
  });

  it("pays an intention in Arabic, right to left, from the unified checkout", async () => {
    const url = await intentionUrl(baseUrl, merchant, [
      testIntegration(merchant, "VPC"),
      testIntegration(merchant, "UIG"),
    ]);
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`${url}&lang=ar`);
    expect(new URL(page.url()).pathname).toBe("/checkout/unified");
    await page.getByTestId("method-continue").waitFor();
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    expect(await page.locator("legend").textContent()).toBe("اختر طريقة الدفع");
    expect(await page.getByTestId("amount").textContent()).toContain("1,499.99");
    await expectAccessible(page, "method choice (ar)");

    await page.getByLabel("بطاقة").check();
    await page.getByTestId("method-continue").click();
    await page.getByTestId("pay").waitFor();
    expect(await page.locator("label[for=cc-number]").textContent()).toBe("رقم البطاقة");
    await expectAccessible(page, "card form (ar)");

    await payWithCard(page, "5123456789012346");
    await page.getByTestId("result-success").waitFor();
    expect(await page.locator("h1").textContent()).toBe("تم الدفع بنجاح");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    const back = new URL((await page.getByTestId("continue-now").getAttribute("href"))!);
    expect(back.origin + back.pathname).toBe("https://shop.example.com/thank-you");
    expect(back.searchParams.get("success")).toBe("true");

    // The customer may stay: the countdown stops and a link back remains.
    await page.getByRole("button", { name: "البقاء في هذه الصفحة" }).click();
    expect(await page.getByRole("link", { name: /العودة إلى/ }).getAttribute("href")).toBe(back.href);
    expect(new URL(page.url()).pathname).toBe("/checkout/result");
    await expectAccessible(page, "result (ar)");
    await context.close();
  });

  it("switches language on the page and keeps the choice in the URL", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);
    await page.getByTestId("pay").waitFor();
    await page.getByTestId("language-switch").click();
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    expect(new URL(page.url()).searchParams.get("lang")).toBe("ar");
    expect(await page.getByTestId("pay").textContent()).toContain("ادفع");
    await page.reload();
    await page.getByTestId("pay").waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    await context.close();
  });
});
