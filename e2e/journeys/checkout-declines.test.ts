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

describe("3-D Secure and declines", () => {
  it("asks for the bank's one-time password and pays with the right one", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);
    await payWithCard(page, "4000000000003220");
    await page.getByTestId("three-ds").waitFor();
    expect(await page.locator("h2").textContent()).toBe("Verify this payment");
    expect(await page.getByTestId("three-ds").textContent()).toContain("ending in 3220");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Verify this payment");
    await expectAccessible(page, "3-D Secure step (en)");

    await page.getByTestId("verify").click();
    expect(await page.getAttribute("#otp", "aria-invalid")).toBe("true");
    await page.getByLabel("One-time password").fill("123456");
    await page.getByTestId("verify").click();
    await page.getByTestId("result-success").waitFor();
    await page.getByRole("button", { name: "Stay on this page" }).click();
    await expectAccessible(page, "result (en)");
    await context.close();
  });

  it("declines, offers Try again while attempts remain, then pays", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);

    await payWithCard(page, "4000000000000002");
    await page.getByTestId("result-declined").waitFor();
    expect(await page.getByTestId("decline-reason").textContent()).toBe("Reason: Insufficient funds");
    await expectAccessible(page, "declined (en)");

    await page.getByTestId("try-again").click();
    await page.getByTestId("pay").waitFor();
    expect(await page.locator(".attempts").textContent()).toBe("Attempts left: 2");

    await payWithCard(page, "4000000000003220");
    await page.getByTestId("three-ds").waitFor();
    await page.getByLabel("One-time password").fill("111111");
    await page.getByTestId("verify").click();
    await page.getByTestId("result-declined").waitFor();
    expect(await page.getByTestId("decline-reason").textContent()).toBe(
      "Reason: 3-D Secure authentication failed",
    );

    await page.getByTestId("try-again").click();
    await payWithCard(page, "5123450000000008");
    await page.getByTestId("result-success").waitFor();
    await context.close();
  });

  it("shows the decline in Arabic and stops after the third attempt", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}&lang=ar`);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await payWithCard(page, "4000000000000002");
      await page.getByTestId("result-declined").waitFor();
      expect(await page.getByTestId("decline-reason").textContent()).toBe("السبب: الرصيد غير كافٍ");
      if (attempt < 3) await page.getByTestId("try-again").click();
    }
    expect(await page.getByTestId("try-again").count()).toBe(0);

    // With no attempt left the page returns the customer to the merchant, whose redirect says declined.
    const back = new URL((await page.getByTestId("continue-now").getAttribute("href"))!);
    expect(back.searchParams.get("success")).toBe("false");
    await page.getByRole("button", { name: "البقاء في هذه الصفحة" }).click();
    await expectAccessible(page, "final decline (ar)");
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}&lang=ar`);
    await page.getByTestId("problem-no_attempts").waitFor();
    expect(await page.locator("h1").textContent()).toBe("لا توجد محاولات متبقية");
    await expectAccessible(page, "no attempts left (ar)");
    await context.close();
  });

  it("explains unknown and missing payment links", async () => {
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto("/checkout/pay?payment_token=not-a-token");
    await page.getByTestId("problem-invalid").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Payment link not valid");
    await expectAccessible(page, "invalid link (en)");
    await page.goto("/checkout/unified?publicKey=egy_pk_test_x&clientSecret=egy_csk_test_y&lang=ar");
    await page.getByTestId("problem-invalid").waitFor();
    expect(await page.locator("h1").textContent()).toBe("رابط الدفع غير صالح");
    await context.close();
  });

  it("offers Retry when the network fails, on the page and in the form", async () => {
    const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
    const context = await checkoutContext(browser, baseUrl);
    const page = await context.newPage();
    await page.route("**/api/checkout/payment?**", (route) => route.abort("internetdisconnected"));
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);
    await page.getByTestId("problem-network").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Connection problem");
    await expectAccessible(page, "network problem (en)");
    await page.unroute("**/api/checkout/payment?**");
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByTestId("pay").waitFor();

    // The server pays but the answer is lost: the form stays and says why. Sending again carries the same
    // Idempotency-Key, so the customer sees that first payment's result (not a second charge, not "already paid").
    await page.route("**/api/checkout/card", async (route) => {
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await payWithCard(page, "5123456789012346");
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("could not reach");
    expect(await page.getByTestId("pay").isEnabled()).toBe(true);
    await page.unroute("**/api/checkout/card");
    await page.getByTestId("pay").click();
    await page.getByTestId("result-success").waitFor();
    const id = new URL(page.url()).searchParams.get("id");
    await page.goto(`/checkout/pay?payment_token=${encodeURIComponent(token)}`);
    await page.getByTestId("problem-paid").waitFor();
    expect(id).toMatch(/^\d+$/);
    await context.close();
  });
});
