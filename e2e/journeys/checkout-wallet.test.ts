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

describe("wallet, kiosk and valU", () => {
  it("pays with the sandbox wallet: number, then MPIN and OTP", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "UIG"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);
    await page.getByTestId("wallet-start").waitFor();
    await expectAccessible(page, "wallet number (en)");
    await page.getByLabel("Wallet mobile number").fill("01010101010");
    await page.getByTestId("wallet-start").click();

    await page.getByTestId("wallet-confirm").waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/checkout/wallet");
    expect(url.searchParams.get("transaction_id")).toMatch(/^\d+$/);
    expect(await page.getByTestId("wallet-number").textContent()).toBe("01010101010");
    await expectAccessible(page, "wallet confirmation (en)");
    await page.getByLabel("Wallet PIN (MPIN)").fill("123456");
    await page.getByLabel("One-time password").fill("123456");
    await page.getByTestId("wallet-confirm-submit").click();
    await page.getByTestId("result-success").waitFor();
    await context.close();
  });

  it("gives a kiosk reference in Arabic that the simulator then pays", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "CAGG"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}&lang=ar`);
    await page.getByTestId("kiosk-get").click();
    const reference = (await page.getByTestId("bill-reference").textContent())!;
    expect(reference).toMatch(/^\d+$/);
    expect(await page.locator("h2").textContent()).toBe("الرقم المرجعي للدفع");
    await expectAccessible(page, "kiosk reference (ar)");

    const paid = await fetch(`${baseUrl}/api/simulator/kiosk/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ bill_reference: reference }),
    });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { success: boolean }).success).toBe(true);
    await page.reload();
    await page.getByTestId("problem-paid").waitFor();
    await context.close();
  });

  it("lets the customer choose a valU plan before paying", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VALU"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);
    await page.getByTestId("pay").waitFor();
    expect(await page.locator("legend").textContent()).toBe("Choose your valU plan");
    await expectAccessible(page, "valU plans (en)");

    // No plan chosen: the form says so and sends nothing.
    await payWithCard(page, "5123456789012346");
    expect(await page.locator("#plan-error").textContent()).toBe("Choose a plan.");
    const months = await page
      .locator("input[name=plan]")
      .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    expect(months.length).toBeGreaterThan(1);
    await page.getByTestId(`plan-${months[0]}`).check();
    await page.getByTestId("pay").click();
    await page.getByTestId("result-success").waitFor();
    await context.close();
  });
});
