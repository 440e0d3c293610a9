import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  checkoutContext,
  type DemoMerchant,
  demoMerchant,
  paymentToken,
  payWithCard,
  testIntegration,
} from "./checkout-helpers.ts";

/**
 * The sandbox scenarios on the hosted checkout (docs/payments.md "Test scenarios"): a decline reason's card typed
 * on the card form is declined with that reason, shown in the page's language.
 */

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

describe("sandbox scenario cards on the hosted checkout", () => {
  const cases = [
    { lang: "en", pan: "4000000000000069", reason: "Reason: Expired card" },
    { lang: "ar", pan: "4000000000009979", reason: "السبب: البطاقة مفقودة أو مسروقة" },
  ] as const;
  for (const c of cases) {
    it(`declines with the card's reason (${c.lang})`, async () => {
      const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
      const context = await checkoutContext(browser, baseUrl);
      const page = await context.newPage();
      await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}&lang=${c.lang}`);
      await payWithCard(page, c.pan);
      await page.getByTestId("result-declined").waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("decline-reason").textContent()).toBe(c.reason);
      expect(await page.getAttribute("html", "dir")).toBe(c.lang === "ar" ? "rtl" : "ltr");
      await expectAccessible(page, `scenario decline (${c.lang})`);
      await context.close();
    });
  }
});
