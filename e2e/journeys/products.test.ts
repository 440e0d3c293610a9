import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { demoMerchant, payWithCard, testIntegration } from "./checkout-helpers.ts";

/**
 * Products (issue 13 item 4, docs/selling.md "Products"), in English and Arabic against the real server: the
 * merchant creates a product with 2 in stock on the Create Product page, a customer buys both from its public page
 * and pays with the sandbox card, the dashboard then shows it sold out and the customer page refuses to sell it.
 */

const POLL = { timeout: 30_000 };

function passwordOf(username: string): string {
  const file = path.join(inject("dataDir"), "demo-credentials.json");
  const credentials = JSON.parse(fs.readFileSync(file, "utf8")) as {
    accounts: { username: string; password: string }[];
  };
  const account = credentials.accounts.find((a) => a.username === username);
  if (!account) throw new Error(`${username} is not in demo-credentials.json`);
  return account.password;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** merchant.egypt in test mode (its test EGP card integration pays with the sandbox card). */
async function signIn(lang: "en" | "ar"): Promise<Page> {
  const baseUrl = inject("baseUrl");
  const context = await newContext(browser, baseUrl);
  await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill("merchant.egypt");
  await page.getByTestId("login-password").fill(passwordOf("merchant.egypt"));
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/, POLL);
  return page;
}

async function toastsGone(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-testid^="toast-"]').count(), POLL).toBe(0);
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("products-table").getAttribute("aria-busy"), POLL).toBe("false");
}

const TEXTS = {
  en: {
    title: "Products",
    created: "Product created successfully.",
    required: "This field is required.",
    selectPayment: "Please select one payment at least.",
    soldOut: "Sold out",
    available: "Available",
    soldOutTitle: "Sold out",
  },
  ar: {
    title: "المنتجات",
    created: "تم إنشاء المنتج بنجاح.",
    required: "هذا الحقل مطلوب.",
    selectPayment: "من فضلك اختر طريقة دفع واحدة على الأقل.",
    soldOut: "نفدت الكمية",
    available: "متاح",
    soldOutTitle: "نفدت الكمية",
  },
} as const;

describe.each(["en", "ar"] as const)("products (%s)", (lang) => {
  it("creates a product with 2 in stock, a customer buys both, then it is sold out everywhere", async () => {
    const texts = TEXTS[lang];
    const page = await signIn(lang);

    await page.getByTestId("nav-products").click();
    await page.waitForURL(/\/products$/, POLL);
    await page.getByTestId("products-page").waitFor(POLL);
    await settled(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), POLL).toBe(texts.title);
    // The demo's sold-out product carries the label.
    await expect
      .poll(() => page.getByTestId("product-stock").allTextContents(), POLL)
      .toEqual(expect.arrayContaining([texts.soldOut, texts.available]));
    await expectAccessible(page, `products list (${lang})`);

    // The Create Product page: an empty submit shows the starred fields' messages.
    await page.getByTestId("product-create-page").click();
    await page.getByTestId("new-product-page").waitFor(POLL);
    await page.getByTestId("product-submit").click();
    await expect
      .poll(() => page.getByTestId("product-form").textContent(), POLL)
      .toContain(texts.selectPayment);
    expect(await page.getByTestId("product-form").textContent()).toContain(texts.required);
    await expectAccessible(page, `create product with errors (${lang})`);

    const name = `Journey mug ${lang} ${Date.now()}`;
    await page.getByTestId("product-name").fill(name);
    await page.getByTestId("product-description").fill("Two left, made for the journey.");
    await page.getByTestId("product-price").fill("120.00");
    await page.getByTestId("product-inventory").fill("2");
    // The merchant's test card integration in EGP (the options read "name (id)").
    const card = testIntegration(demoMerchant(inject("dataDir")), "VPC");
    const option = page.getByRole("option", { name: new RegExp(`\\(${card}\\)$`) });
    for (let attempt = 0; attempt < 6 && !(await option.isVisible()); attempt++) {
      await page.getByTestId("product-methods").click({ force: true });
      await option.waitFor({ state: "visible", timeout: 3000 }).catch(() => undefined);
    }
    await option.click();
    await page.keyboard.press("Escape");
    await page.getByTestId("product-delivery-yes").check();
    await page.getByTestId("product-quantity-yes").check();
    await page.getByTestId("product-submit").click();
    await expect
      .poll(() => page.getByTestId("toast-success").allTextContents(), POLL)
      .toEqual(expect.arrayContaining([texts.created]));
    await page.waitForURL(/\/products$/, POLL);
    await settled(page);

    // Its details: the customer link.
    const row = page.getByTestId("products-table-row").filter({ hasText: name });
    await row.waitFor(POLL);
    await row.getByTestId("product-open").click();
    await page.getByTestId("product-details-body").waitFor(POLL);
    const link = await page.getByTestId("product-link").getAttribute("href");
    expect(link).toContain("/checkout/product?id=");
    await toastsGone(page);
    await expectAccessible(page, `product details (${lang})`);
    await page.keyboard.press("Escape");

    // The customer buys both.
    const customer = await (await newContext(browser, inject("baseUrl"))).newPage();
    const productUrl = `${link}&lang=${lang}`;
    await customer.goto(productUrl);
    await customer.getByTestId("product-page").waitFor(POLL);
    expect(await customer.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await customer.getByTestId("product-name").textContent()).toBe(name);
    expect(await customer.getByTestId("product-merchant").textContent()).toBeTruthy();
    await customer.getByTestId("product-quantity").fill("2");
    await expectAccessible(customer, `product page (${lang})`);
    await customer.getByTestId("product-buy").click();
    await customer.waitForURL(/\/checkout\/pay\?payment_token=/, POLL);
    await customer.locator("#cc-number").waitFor(POLL);
    // Back on the product page: both items are held for this customer, who may continue the payment.
    await customer.goto(productUrl);
    await customer.getByTestId("product-reserved").waitFor(POLL);
    await expectAccessible(customer, `product held for the customer (${lang})`);
    await customer.getByTestId("product-resume").getByRole("link").click();
    await customer.waitForURL(/\/checkout\/pay\?payment_token=/, POLL);
    await customer.locator("#cc-number").waitFor(POLL);
    await payWithCard(customer, "5123456789012346");
    await customer.getByTestId("result-success").waitFor(POLL);

    // Sold out: the customer page refuses.
    await customer.goto(productUrl);
    await customer.getByTestId("product-sold_out").waitFor(POLL);
    expect(await customer.getByTestId("product-sold_out").textContent()).toContain(texts.soldOutTitle);
    expect(await customer.getByTestId("product-buy").count()).toBe(0);
    await expectAccessible(customer, `sold-out product page (${lang})`);

    // And the dashboard shows it sold out.
    await page.reload();
    await page.getByTestId("products-page").waitFor(POLL);
    await settled(page);
    const soldRow = page.getByTestId("products-table-row").filter({ hasText: name });
    await expect.poll(() => soldRow.getByTestId("product-stock").textContent(), POLL).toBe(texts.soldOut);
    expect(await soldRow.getByTestId("product-inventory-cell").textContent()).toBe("0");
    await expectAccessible(page, `products list with the sold-out product (${lang})`);
    await customer.context().close();
    await page.context().close();
  });
});
