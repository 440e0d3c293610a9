import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { DEMO_PASSWORD, type Lang, POLL } from "../support/pages.ts";
import { checkoutContext, payWithCard } from "./checkout-helpers.ts";

/**
 * Checkout customization (docs/settings.md "Checkout customization"), in English and Arabic on the journey's own
 * demo merchants (branding.en, branding.ar: no other journey pays on them): an unreadable colour is refused as
 * the merchant types; a colour, a hidden method, the methods' order and the post-payment text change the live
 * preview; saved, a payment link's customer page and the hosted checkout show the colour and the order, and after
 * the payment the text. The axe scan on the screen, the customer page and the result.
 */

let browser: Browser;
const baseUrl = inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PLUM = "#7a1f5c";
const PLUM_RGB = "rgb(122, 31, 92)";

const TEXTS = {
  en: {
    account: "branding.en",
    unreadable: "The text colour is hard to read on the background colour (contrast",
    thanks: "Thank you! Your order ships tomorrow.",
  },
  ar: {
    account: "branding.ar",
    unreadable: "يصعب قراءة لون النص على لون الخلفية (التباين",
    thanks: "شكرًا لك! يُشحن طلبك غدًا.",
  },
} as const;

async function signIn(lang: Lang): Promise<Page> {
  const context = await newContext(browser, baseUrl);
  await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill(TEXTS[lang].account);
  await page.getByTestId("login-password").fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/, POLL);
  return page;
}

/** The error text Mantine ties to a field (aria-describedby ... -error). */
async function errorOf(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id.endsWith("-error"))
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(""),
  );
}

/** The method rows' names in the order the Payment tab lists them. */
async function rowNames(page: Page): Promise<string[]> {
  return page
    .getByTestId("method-row")
    .evaluateAll((rows) => rows.map((r) => r.querySelector("bdi")?.textContent ?? ""));
}

async function rowId(page: Page, name: string): Promise<string> {
  return (await page.getByTestId("method-row").filter({ hasText: name }).getAttribute("data-id"))!;
}

describe.each(["en", "ar"] as const)("checkout customization (%s)", (lang) => {
  const texts = TEXTS[lang];

  it("customizes the checkout with a live preview, and the hosted checkout shows it", async () => {
    const page = await signIn(lang);
    await page.goto(`/portal2/${lang}/checkout-customization`);
    await page.getByTestId("checkout-customization-page").waitFor(POLL);
    await page.getByTestId("checkout-preview").waitFor(POLL);
    await expectAccessible(page, `checkout customization, branding (${lang})`);

    // Branding: an unreadable text colour is refused on the spot, with the ratio, and Save is off.
    await page.getByTestId("colour-background_color").fill("#ffffff");
    await page.getByTestId("colour-text_color").fill("#bbbbbb");
    await expect.poll(() => errorOf(page, "colour-text_color"), POLL).toContain(texts.unreadable);
    expect(await page.getByTestId("customization-save").isDisabled()).toBe(true);
    await page.getByTestId("colour-text_color").fill("#222222");
    await expect.poll(() => errorOf(page, "colour-text_color"), POLL).toBe("");
    await page.getByTestId("colour-button_text_color").fill("#ffffff");
    await page.getByTestId("colour-primary_color").fill(PLUM);
    await expect.poll(() => page.getByTestId("preview-page").getAttribute("data-primary"), POLL).toBe(PLUM);
    expect(await page.getByTestId("preview-pay").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      PLUM_RGB,
    );

    // Payment: the test card first, the kiosk hidden, the instalments shown.
    await page.getByTestId("tab-payment").click();
    await page.getByTestId("method-row").first().waitFor(POLL);
    const card = await rowId(page, "Card - Test");
    const kiosk = await rowId(page, "Kiosk - Test");
    const installments = await rowId(page, "Installments - Test");
    while ((await rowNames(page))[0] !== "Card - Test") await page.getByTestId(`method-up-${card}`).click();
    await page.getByTestId(`method-visible-${kiosk}`).uncheck();
    await page.getByTestId(`method-visible-${installments}`).check();
    await expect
      .poll(() => page.getByTestId("preview-method").allTextContents(), POLL)
      .toEqual([
        "Card - Test",
        ...(await rowNames(page)).filter((n) => n !== "Card - Test" && n !== "Kiosk - Test"),
      ]);
    expect(await page.getByTestId("preview-method").allTextContents()).not.toContain("Kiosk - Test");
    await expectAccessible(page, `checkout customization, payment (${lang})`);

    // Post-payment: the text shows in the preview; a redirect that is not http(s) is refused, then left empty.
    await page.getByTestId("tab-post-payment").click();
    await page.getByTestId("post-payment-text").fill(texts.thanks);
    await expect.poll(() => page.getByTestId("preview-post-payment").textContent(), POLL).toBe(texts.thanks);
    await page.getByTestId("redirect-url").fill("ftp://shop.example.com");
    await expect.poll(() => errorOf(page, "redirect-url"), POLL).not.toBe("");
    await page.getByTestId("redirect-url").fill("");
    await expectAccessible(page, `checkout customization, post-payment (${lang})`);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/checkout-customization") && r.request().method() === "PUT",
    );
    await page.getByTestId("customization-save").click();
    expect((await saved).status()).toBe(200);

    // A payment link of the merchant, made as the dashboard makes it.
    const link = await page.evaluate(async () => {
      const csrf = document.cookie
        .split("; ")
        .find((c) => c.startsWith("csrf_token="))
        ?.slice("csrf_token=".length);
      const response = await fetch("/api/payment-links", {
        method: "POST",
        credentials: "include",
        headers: {
          accept: "application/json",
          "content-type": "application/json",
          "X-CSRF-Token": decodeURIComponent(csrf ?? ""),
        },
        body: JSON.stringify({
          is_live: false,
          amount_cents: 25000,
          currency: "EGP",
          methods: ["card", "kiosk", "installments"],
          first_name: "Hana",
          email: "hana.samir@example.com",
        }),
      });
      return { status: response.status, body: (await response.json()) as { link_url: string } };
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    await page.context().close();

    // The customer: the merchant's colour, its order, the hidden method left out.
    const customer = await (await checkoutContext(browser, baseUrl)).newPage();
    const url = new URL(link.body.link_url, baseUrl);
    await customer.goto(`${url.pathname}${url.search}&lang=${lang}`);
    await customer.getByTestId("link-page").waitFor(POLL);
    const methods = await customer
      .locator("[data-testid^=link-method-]")
      .evaluateAll((inputs) => inputs.map((i) => i.getAttribute("data-testid")));
    expect(methods).toEqual(["link-method-VPC", "link-method-INSTALLMENT"]);
    expect(await customer.getByTestId("link-pay").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      PLUM_RGB,
    );
    await expectAccessible(customer, `customized customer page (${lang})`);
    await customer.getByTestId("link-pay").click();
    await customer.waitForURL(/\/checkout\/pay\?/, POLL);
    await customer.getByTestId("pay").waitFor(POLL);
    expect(await customer.getByTestId("pay").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      PLUM_RGB,
    );
    await payWithCard(customer, "5123456789012346");
    await customer.getByTestId("result-success").waitFor(POLL);
    expect(await customer.getByTestId("post-payment-text").textContent()).toBe(texts.thanks);
    await expectAccessible(customer, `customized result page (${lang})`);
    await customer.context().close();
  }, 240_000);
});
