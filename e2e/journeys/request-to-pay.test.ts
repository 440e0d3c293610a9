import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { DEMO_PASSWORD, type Lang, mailboxKey, POLL } from "../support/pages.ts";
import { checkoutContext, payWithCard } from "./checkout-helpers.ts";

/**
 * Request to pay (issue 14 item 5; docs/pos-risk.md "Request to pay"), en and ar with axe: merchant.egypt (test
 * data) opens Request to pay from Transactions, the form refuses a percentage tip of 100 with its message, then
 * creates a request of 200.00 EGP with a 12.5% tip and sends it by SMS; the SMS viewer holds the message with
 * the customer page's link; the customer opens it, sees the tip (25.00) and the total (225.00), pays with the
 * sandbox card; the request shows paid with its tip, and its transaction's details show the tip amount. Then
 * Request to pay opens from the side menu, and its state filter stays in the URL across a reload.
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
    percentage: "Percentage tip",
    percentageError: "The tip percentage must be between 0 and 100, both excluded.",
    createdSent: "Request to pay created and sent by SMS.",
    sent: "Sent",
    paid: "Paid",
  },
  ar: {
    percentage: "بقشيش بنسبة مئوية",
    percentageError: "يجب أن تكون نسبة البقشيش بين 0 و100 دون احتسابهما.",
    createdSent: "تم إنشاء طلب الدفع وإرساله برسالة نصية.",
    sent: "تم الإرسال",
    paid: "مدفوع",
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
  return page.getByTestId(testId).evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id.endsWith("-error"))
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(""),
  );
}

/** Mantine's combobox opens with an animation: retry the click until the option shows. */
async function chooseOption(page: Page, testId: string, name: string | RegExp): Promise<void> {
  const option = page.getByRole("option", { name }).first();
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByTestId(testId).click({ force: true });
    try {
      await option.waitFor({ state: "visible", timeout: 3000 });
      await option.click();
      // No Escape here: the dropdown closes on the choice, and an Escape would close the form's modal.
      return;
    } catch {
      await page.keyboard.press("Escape");
    }
  }
  throw new Error(`the option ${String(name)} of ${testId} never showed`);
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("requests-table").getAttribute("aria-busy"), POLL).toBe("false");
}

describe.each(["en", "ar"] as const)("request to pay (%s)", (lang) => {
  const texts = TEXTS[lang];

  it("creates a request with a percentage tip, sends it, and the customer pays it with the tip", async () => {
    const page = await signIn(lang);
    await page.goto(`/portal2/${lang}/transactions`);
    await page.getByTestId("request-to-pay-open").click();
    await page.getByTestId("request-to-pay-page").waitFor(POLL);
    await settled(page);
    await expectAccessible(page, `request to pay list (${lang})`);

    const phone = `010${String(Date.now()).slice(-8)}`;
    await page.getByTestId("request-create").click();
    await page.getByTestId("request-amount").waitFor(POLL);
    await page.getByTestId("request-amount").fill("200.00");
    await page.getByTestId("request-mob-num").fill(phone);
    await page.getByTestId("request-bill-num").fill(`J-${lang}-${Date.now().toString(36)}`);
    await page.getByTestId("request-purpose").fill("Dinner, table 4");
    await chooseOption(page, "request-tip-type", texts.percentage);
    await page.getByTestId("request-tip-value").fill("100");
    await page.getByTestId("request-save-send").click();
    expect(await errorOf(page, "request-tip-value")).toBe(texts.percentageError);
    await expectAccessible(page, `request form with a refused tip (${lang})`);
    await page.getByTestId("request-tip-value").fill("12.5");
    await page.getByTestId("request-save-send").click();
    await page.getByTestId("toast-success").filter({ hasText: texts.createdSent }).first().waitFor(POLL);
    const details = page.getByTestId("request-details");
    await details.getByTestId("request-link").waitFor(POLL);
    expect(await details.getByTestId("request-state").textContent()).toBe(texts.sent);
    const url = (await details.getByTestId("request-link").textContent()) ?? "";
    expect(url).toMatch(/\/checkout\/request\?token=[0-9a-f]{32}$/);
    await expectAccessible(page, `request details (${lang})`);

    // The SMS the customer receives.
    const sms = await page.context().newPage();
    await sms.goto(`/portal2/${lang}/sms`);
    const form = sms.getByTestId("sms-key-form");
    const count = sms.getByTestId("sms-count").filter({ hasText: /\d/ });
    await form.or(count).first().waitFor(POLL);
    if (await form.isVisible()) {
      await sms.getByTestId("sms-key").fill(mailboxKey());
      await sms.getByTestId("sms-open").click();
    }
    const message = sms.getByTestId("sms-message").filter({ hasText: phone });
    await message.first().waitFor(POLL);
    expect(await message.first().textContent()).toContain(url);
    await sms.close();

    // The customer opens the SMS's link, sees the tip and the total, and pays with the sandbox card.
    const customer = await (await checkoutContext(browser, baseUrl)).newPage();
    await customer.goto(`${new URL(url).pathname}${new URL(url).search}&lang=${lang}`);
    await customer.getByTestId("request-page").waitFor(POLL);
    expect(await customer.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await customer.getByTestId("request-tip").textContent()).toContain("25.00");
    expect(await customer.getByTestId("request-total").textContent()).toContain("225.00");
    await expectAccessible(customer, `request customer page (${lang})`);
    await customer.getByTestId("request-pay").click();
    await customer.waitForURL(/\/checkout\/pay\?/, POLL);
    expect(await customer.getByTestId("amount").textContent()).toContain("225.00");
    await payWithCard(customer, "5123456789012346");
    await customer.getByTestId("result-success").waitFor(POLL);
    await customer.context().close();

    // The merchant sees it paid with its tip, and the tip on the transaction.
    await page.reload();
    await settled(page);
    const row = page.getByTestId("requests-table-row").filter({ hasText: phone });
    await row.first().waitFor(POLL);
    await row.first().getByTestId("request-open").click();
    await expect
      .poll(() => page.getByTestId("request-details").getByTestId("request-state").textContent(), POLL)
      .toBe(texts.paid);
    expect(await page.getByTestId("field-tip_cents").textContent()).toContain("25.00");
    expect(await page.getByTestId("field-paid_amount").textContent()).toContain("225.00");
    await page.getByTestId("request-transaction").click();
    await page.waitForURL(/\/transactions\/\d+$/, POLL);
    const tip = page.getByTestId("field-tip_amount");
    await expect.poll(() => tip.textContent(), POLL).toContain("25.00");
    await expectAccessible(page, `transaction with its tip (${lang})`);
    await page.context().close();
  });

  it("opens from the side menu and keeps its state filter in the URL", async () => {
    const page = await signIn(lang);
    // The side menu holds the entry (on a long merchant menu the link may sit outside the visible part of the
    // navbar: follow its address rather than wait for it to scroll into view).
    const href = await page.getByTestId("nav-requestToPay").getAttribute("href");
    expect(href).toBe(`/portal2/${lang}/request-to-pay`);
    await page.goto(href!);
    await page.getByTestId("request-to-pay-page").waitFor(POLL);
    await settled(page);
    await chooseOption(page, "request-state-filter", texts.sent);
    await page.waitForURL(/[?&]state=sent/, POLL);
    await settled(page);
    // Reloaded (or shared), the view keeps its filter: every row is a sent request.
    await page.reload();
    await page.getByTestId("request-to-pay-page").waitFor(POLL);
    await settled(page);
    expect(await page.getByTestId("request-state-filter").inputValue()).toBe(texts.sent);
    const rows = page.getByTestId("requests-table-row");
    await rows.first().waitFor(POLL);
    for (const text of await rows.allTextContents()) expect(text).toContain(texts.sent);
    for (const other of [texts.paid])
      for (const text of await rows.allTextContents()) expect(text).not.toContain(other);
    await expectAccessible(page, `request to pay filtered by state (${lang})`);
    await page.context().close();
  });
});
