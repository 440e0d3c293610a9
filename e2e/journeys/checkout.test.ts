import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it("serves the checkout app in English and Arabic (right to left); without a payment link it says so", async () => {
  const context = await newContext(browser, inject("baseUrl"));
  const page = await context.newPage();
  await page.goto("/checkout/");
  await expect.poll(() => page.locator("h1").textContent()).toBe("Secure checkout");
  expect(await page.getByTestId("problem-missing").textContent()).toContain(
    "This page needs a payment link.",
  );
  expect(await page.getAttribute("html", "dir")).toBe("ltr");
  await expectAccessible(page, "checkout (en)");

  await page.goto("/checkout/?lang=ar");
  await expect.poll(() => page.locator("h1").textContent()).toBe("الدفع الآمن");
  expect(await page.getByTestId("problem-missing").textContent()).toContain("تحتاج هذه الصفحة إلى رابط دفع.");
  expect(await page.getAttribute("html", "dir")).toBe("rtl");
  expect(await page.getAttribute("html", "lang")).toBe("ar");
  await expectAccessible(page, "checkout (ar)");
  await context.close();
});
