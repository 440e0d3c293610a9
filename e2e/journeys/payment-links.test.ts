import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { DEMO_PASSWORD, type Lang, POLL } from "../support/pages.ts";
import { checkoutContext, demoMerchant, payWithCard } from "./checkout-helpers.ts";

/**
 * Payment links (issue 13 items 3, 7 and 8), en and ar: merchant.egypt (test data) opens the payment links list,
 * the create form refuses an empty form with the spec's words, a logo that is not an image is refused with the
 * spec's message, then a link is created with a real PNG logo; its details show the QR code with a PNG download.
 * A customer opens the link's page (merchant, logo, amount), pays with the test card, and the dashboard shows the
 * link paid. A second link is cancelled after a confirmation and its page refuses it; a demo link past its expiry
 * is shown expired and its page refuses it too. Each run uses fresh references.
 */

let browser: Browser;
const baseUrl = inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const TEXTS = {
  en: {
    required: "This field is required.",
    payment: "Please select one payment at least.",
    fileType: "The uploaded file type is not accepted please upload a valid image.",
    paid: "Paid",
    canceled: "Cancelled",
    expired: "Expired",
    linkCanceled: "This payment link was cancelled",
    linkExpired: "This payment link has expired",
    qr: (id: string) => `QR code of payment link ${id}`,
  },
  ar: {
    required: "هذا الحقل مطلوب.",
    payment: "يرجى اختيار طريقة دفع واحدة على الأقل.",
    fileType: "نوع الملف المرفوع غير مقبول، يرجى رفع صورة صالحة.",
    paid: "مدفوع",
    canceled: "ملغى",
    expired: "منتهي الصلاحية",
    linkCanceled: "تم إلغاء رابط الدفع هذا",
    linkExpired: "انتهت صلاحية رابط الدفع هذا",
    qr: (id: string) => `رمز الاستجابة السريعة لرابط الدفع ${id}`,
  },
} as const;

async function signIn(lang: Lang): Promise<Page> {
  const context = await newContext(browser, baseUrl);
  await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill("merchant.egypt");
  await page.getByTestId("login-password").fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/, POLL);
  return page;
}

/** The error text Mantine ties to a field (aria-describedby ... -error). */
async function errorOf(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => {
    const own = (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id.endsWith("-error"))
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join("");
    return own || (el.closest("[role=group], fieldset")?.querySelector("[id$=-error]")?.textContent ?? "");
  });
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("links-table").getAttribute("aria-busy"), POLL).toBe("false");
}

/** Fills and submits the create form with the test card method; answers the new link's id and customer URL. */
async function createLink(page: Page, lang: Lang, reference: string): Promise<{ id: string; url: string }> {
  await page.goto(`/portal2/${lang}/payment-links/new`);
  await page.getByTestId("new-payment-link-page").waitFor(POLL);
  await page.getByTestId("link-amount").fill("150.50");
  await page.getByTestId("link-method-card").check({ force: true });
  await page.getByTestId("link-reference").fill(reference);
  await page.getByTestId("link-first-name").fill("Hana");
  await page.getByTestId("link-last-name").fill("Samir");
  await page.getByTestId("link-email").fill("hana.samir@example.com");
  await page.getByTestId("link-description").fill("Two chocolate cakes");
  await page.getByTestId("link-submit").click();
  await page.waitForURL(/\/payment-links\?/, POLL);
  await page.getByTestId("link-url").waitFor(POLL);
  const id = new URL(page.url()).searchParams.get("open")!;
  const url = (await page.getByTestId("link-url").textContent())!;
  return { id, url };
}

describe.each(["en", "ar"] as const)("payment links (%s)", (lang) => {
  const texts = TEXTS[lang];
  const stamp = `${lang.toUpperCase()}${Date.now().toString(36)}`;

  it("creates a link with a logo, shows its QR code, a customer pays it and the dashboard shows it paid", async () => {
    const merchant = demoMerchant(inject("dataDir"));
    const page = await signIn(lang);
    await page.goto(`/portal2/${lang}/payment-links`);
    await page.getByTestId("payment-links-page").waitFor(POLL);
    await settled(page);
    await expectAccessible(page, `payment links list (${lang})`);

    await page.getByTestId("link-create").click();
    await page.getByTestId("new-payment-link-page").waitFor(POLL);
    await page.getByTestId("link-submit").click();
    expect(await errorOf(page, "link-amount")).toBe(texts.required);
    await expect.poll(() => page.getByTestId("link-methods").textContent(), POLL).toContain(texts.payment);
    await expectAccessible(page, `create payment link with errors (${lang})`);

    // Not an image: refused by the server with the spec's message, nothing kept.
    const drop = page.getByTestId("link-logo-drop").locator("input[type=file]");
    await drop.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image at all"),
    });
    await expect.poll(() => page.getByTestId("link-logo-error").textContent(), POLL).toBe(texts.fileType);
    await drop.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("link-logo-preview").waitFor(POLL);

    await page.getByTestId("link-amount").fill("150.50");
    await page.getByTestId("link-method-card").check({ force: true });
    const reference = `PL-${stamp}`;
    await page.getByTestId("link-reference").fill(reference);
    await page.getByTestId("link-first-name").fill("Hana");
    await page.getByTestId("link-email").fill("hana.samir@example.com");
    await page.getByTestId("link-submit").click();
    await page.waitForURL(/\/payment-links\?/, POLL);
    await page.getByTestId("link-url").waitFor(POLL);
    const id = new URL(page.url()).searchParams.get("open")!;
    await page.getByRole("img", { name: texts.qr(id) }).waitFor(POLL);
    expect(await page.getByTestId("link-qr-download").getAttribute("download")).toBe(
      `payment-link-${id}.png`,
    );
    const url = (await page.getByTestId("link-url").textContent())!;
    expect(url).toMatch(/\/checkout\/link\?token=[0-9a-f]{32}$/);
    await expectAccessible(page, `payment link details with QR (${lang})`);

    // The customer.
    const customer = await (await checkoutContext(browser, baseUrl)).newPage();
    await customer.goto(`${new URL(url).pathname}${new URL(url).search}&lang=${lang}`);
    await customer.getByTestId("link-page").waitFor(POLL);
    expect(await customer.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await customer.locator("h1").textContent()).toContain(merchant.company_name);
    expect(await customer.locator("img.logo").getAttribute("src")).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
    expect(await customer.getByTestId("amount").textContent()).toContain("150.50");
    await expectAccessible(customer, `customer page (${lang})`);
    await customer.getByTestId("link-pay").click();
    await customer.waitForURL(/\/checkout\/pay\?/, POLL);
    await payWithCard(customer, "5123456789012346");
    await customer.getByTestId("result-success").waitFor(POLL);
    await customer.context().close();

    await page.reload();
    await page.getByTestId("link-url").waitFor(POLL);
    await expect
      .poll(
        () => page.getByTestId("link-details").getByTestId("link-state").getAttribute("data-status"),
        POLL,
      )
      .toBe("paid");
    expect(await page.getByTestId("link-details").getByTestId("link-state").textContent()).toBe(texts.paid);
    await page.context().close();
  });

  it("a cancelled link and an expired one are refused on their customer page", async () => {
    const page = await signIn(lang);
    const { url } = await createLink(page, lang, `PC-${stamp}`);
    await page.getByTestId("link-cancel").click();
    await page.getByTestId("link-cancel-confirm-confirm").waitFor(POLL);
    await expectAccessible(page, `cancel confirmation (${lang})`);
    await page.getByTestId("link-cancel-confirm-confirm").click();
    await expect
      .poll(
        () => page.getByTestId("link-details").getByTestId("link-state").getAttribute("data-status"),
        POLL,
      )
      .toBe("canceled");

    const customer = await (await checkoutContext(browser, baseUrl)).newPage();
    await customer.goto(`${new URL(url).pathname}${new URL(url).search}&lang=${lang}`);
    await customer.getByTestId("link-canceled").waitFor(POLL);
    expect(await customer.getByTestId("link-canceled").textContent()).toContain(texts.linkCanceled);
    expect(await customer.getByTestId("link-pay").count()).toBe(0);
    await expectAccessible(customer, `cancelled link page (${lang})`);

    // A demo link past its expiry.
    await page.goto(`/portal2/${lang}/payment-links?status=expired`);
    await settled(page);
    const row = page.getByTestId("links-table-row").filter({ hasText: "PL-T-2005" });
    await row.waitFor(POLL);
    expect(await row.getByTestId("link-state").textContent()).toBe(texts.expired);
    await row.getByTestId("link-open").click();
    await page.getByTestId("link-url").waitFor(POLL);
    const expiredUrl = (await page.getByTestId("link-url").textContent())!;
    await customer.goto(`${new URL(expiredUrl).pathname}${new URL(expiredUrl).search}&lang=${lang}`);
    await customer.getByTestId("link-expired").waitFor(POLL);
    expect(await customer.getByTestId("link-expired").textContent()).toContain(texts.linkExpired);
    await customer.context().close();
    await page.context().close();
  });
});
