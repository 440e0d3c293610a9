import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  expectToast,
  LANGS,
  type Lang,
  portalPath,
  signIn,
} from "../support/pages.ts";
import { payWithCard } from "./checkout-helpers.ts";

/**
 * The checkout integration walkthrough (issue 18 item 6, docs/settings.md), in English and Arabic with the axe
 * scan: the merchant walks through the test steps, takes its keys from the walkthrough (a new test secret key,
 * shown once), its server creates an intention with them and a customer pays it with the sandbox card; the
 * walkthrough notices the payment by itself and unlocks the live keys; Done completes the onboarding and shows
 * the summaries; Start Over brings back the welcome page and locks live again.
 *
 * walkthrough.en and walkthrough.ar (Aswan Crafts, Siwa Dates) are this journey's own accounts (docs/e2e.md): it
 * recreates their test secret key and resets their walkthrough.
 */

const POLL = { timeout: 30_000 } as const;
const AMOUNT_CENTS = 10000;

const TEXT = {
  en: {
    title: "Checkout integration",
    test: "Test Integration",
    live: "Live Integration",
    copied: "Copied",
    startedOver: "The walkthrough starts again.",
    paid: "Payment successful",
  },
  ar: {
    title: "تكامل صفحة الدفع",
    test: "تكامل الاختبار",
    live: "التكامل الحي",
    copied: "تم النسخ",
    startedOver: "بدأ الدليل من جديد.",
    paid: "تم الدفع بنجاح",
  },
} as const;

let browser: Browser;
const baseUrl = inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function view(page: Page): Promise<string | null> {
  return page.getByTestId("walkthrough-page").getAttribute("data-view");
}

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? "").trim();
}

describe.each(LANGS)("checkout integration walkthrough (%s)", (lang: Lang) => {
  it("test steps, a real test payment with the merchant's own keys, live unlocked, Done, Start Over", async () => {
    const username = `walkthrough.${lang}`;
    const context = await newContext(browser, baseUrl);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: new URL(baseUrl).origin,
    });
    await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
    const page = await context.newPage();
    // The first page of a run on a loaded machine may take longer than a navigation's 30 s.
    await page.goto(portalPath(lang, "login"), { timeout: 120_000 });
    await signIn(page, lang, username, "merchant", demoAccount(username).password);
    await page.goto(portalPath(lang, "checkout"));
    await expectLanguage(page, lang);
    await expect.poll(() => view(page), POLL).toBe("welcome");
    expect(await page.locator("h1").textContent()).toBe(TEXT[lang].title);
    await expectAccessible(page, `walkthrough welcome (${lang})`);

    // Walk me through: step 1, the keys. The public key is shown whole; the secret key by its prefix only.
    await page.getByTestId("walkthrough-walk-me").click();
    await expect.poll(() => view(page), POLL).toBe("test");
    expect(await page.getByTestId("walkthrough-test").getAttribute("data-step")).toBe("1");
    expect(await page.getByTestId("walkthrough-test").locator("h2").textContent()).toBe(TEXT[lang].test);
    const publicKey = await text(page, "walkthrough-test-public-value");
    expect(publicKey).toMatch(/^egy_pk_test_/);
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await page.getByTestId("walkthrough-test-public-copy").click();
    await expectToast(page, "success", TEXT[lang].copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicKey);
    expect(await text(page, "walkthrough-test-secret-value")).toMatch(/^egy_sk_test_.*…$/);
    await expectAccessible(page, `walkthrough step 1 (${lang})`);
    // A new test secret key, after the confirmation, shown this once.
    await page.getByTestId("walkthrough-secret-test-new").click();
    await page.getByTestId("walkthrough-secret-test-confirm-confirm").click();
    await page.getByTestId("walkthrough-secret-test-fresh").waitFor(POLL);
    const secretKey = await text(page, "walkthrough-secret-test-fresh");
    expect(secretKey).toMatch(/^egy_sk_test_[0-9a-f]{64}$/);
    await page.keyboard.press("Escape");
    await page.getByTestId("walkthrough-secret-test-fresh").waitFor({ state: "detached", ...POLL });

    // Step 2: the server call and the element, with the merchant's own public key and test integration.
    await page.getByTestId("walkthrough-next").click();
    await expect.poll(() => page.getByTestId("walkthrough-test").getAttribute("data-step"), POLL).toBe("2");
    const serverCall = await text(page, "walkthrough-code-server");
    expect(serverCall).toContain(`${new URL(baseUrl).origin}/v1/intention/`);
    const integrationId = Number(/"payment_methods": \[(\d+)\]/.exec(serverCall)?.[1]);
    expect(integrationId).toBeGreaterThan(0);
    expect(await text(page, "walkthrough-code-element")).toContain(`const publicKey = "${publicKey}";`);
    await expectAccessible(page, `walkthrough step 2 (${lang})`);
    // Back and Next move between the steps; the server keeps the step (a reload resumes there).
    await page.getByTestId("walkthrough-back").click();
    await expect.poll(() => page.getByTestId("walkthrough-test").getAttribute("data-step"), POLL).toBe("1");
    await page.getByTestId("walkthrough-next").click();
    await expect.poll(() => page.getByTestId("walkthrough-test").getAttribute("data-step"), POLL).toBe("2");
    await page.getByTestId("walkthrough-next").click();
    await expect.poll(() => page.getByTestId("walkthrough-test").getAttribute("data-step"), POLL).toBe("3");
    await page.reload();
    await expect.poll(() => page.getByTestId("walkthrough-test").getAttribute("data-step"), POLL).toBe("3");

    // Step 3: waiting for the payment; Done stays disabled until it arrives.
    await page.getByTestId("walkthrough-waiting").waitFor(POLL);
    expect(await page.getByTestId("walkthrough-done").isDisabled()).toBe(true);
    await expectAccessible(page, `walkthrough step 3 (${lang})`);

    // The merchant's server creates an intention with the keys taken from the walkthrough, as step 2 shows.
    const created = await fetch(`${baseUrl}/v1/intention/`, {
      method: "POST",
      headers: { authorization: `Token ${secretKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        amount: AMOUNT_CENTS,
        currency: "EGP",
        payment_methods: [integrationId],
        items: [{ name: "Test item", amount: AMOUNT_CENTS, description: "Walkthrough", quantity: 1 }],
        billing_data: {
          first_name: "Test",
          last_name: "Account",
          email: "test@example.com",
          phone_number: "+201000000000",
        },
        special_reference: `walkthrough-${lang}-${Date.now()}`,
      }),
    });
    const intention = (await created.json()) as { client_secret: string };
    expect(created.status, JSON.stringify(intention)).toBe(201);

    // A customer pays it on the unified checkout with the sandbox card step 3 lists.
    expect(await page.getByTestId("walkthrough-cards").textContent()).toContain("5123456789012346");
    const customer = await (await newContext(browser, baseUrl)).newPage();
    await customer.goto(
      `/unifiedcheckout/?${new URLSearchParams({ publicKey, clientSecret: intention.client_secret, lang })}`,
    );
    await customer.getByTestId("pay").waitFor(POLL);
    await payWithCard(customer, "5123456789012346");
    await customer.getByTestId("result-success").waitFor(POLL);
    expect(await customer.locator("h1").textContent()).toBe(TEXT[lang].paid);
    const transactionId = Number(new URL(customer.url()).searchParams.get("id"));
    await customer.context().close();

    // The walkthrough notices the payment by itself and moves to the live keys.
    await expect.poll(() => view(page), { timeout: 60_000 }).toBe("live");
    expect(await page.getByTestId("walkthrough-live").locator("h2").textContent()).toBe(TEXT[lang].live);
    expect(await text(page, "walkthrough-live-public-value")).toMatch(/^egy_pk_live_/);
    expect(await text(page, "walkthrough-live-secret-value")).toMatch(/^egy_sk_live_.*…$/);
    await expectAccessible(page, `walkthrough live (${lang})`);
    // Back to step 3 shows the payment received, and Done there leads to live again.
    await page.getByTestId("walkthrough-back").click();
    await page.getByTestId("walkthrough-payment-received").waitFor(POLL);
    expect(await text(page, "walkthrough-payment-received")).toContain(String(transactionId));
    await page.getByTestId("walkthrough-done").click();
    await expect.poll(() => view(page), POLL).toBe("live");

    // Done completes the onboarding: the Integrate-with page with both cards and the summaries.
    await page.getByTestId("walkthrough-live-done").click();
    await expect.poll(() => view(page), POLL).toBe("integrate");
    expect(await page.getByTestId("walkthrough-status").getAttribute("data-status")).toBe("complete");
    expect(await page.getByTestId("walkthrough-card-test").getAttribute("data-done")).toBe("true");
    expect(await page.getByTestId("walkthrough-card-live").getAttribute("data-locked")).toBe("false");
    await page.getByTestId("walkthrough-summary").waitFor(POLL);
    expect(await page.getByTestId("walkthrough-summary").getAttribute("data-live")).toBe("false");
    expect(Number(await text(page, "summary-intentions-created"))).toBeGreaterThanOrEqual(1);
    expect(await text(page, "summary-intentions-paid")).toBe("1");
    expect(await text(page, "summary-paying")).toBe("1");
    expect(await page.getByTestId("summary-methods").textContent()).toContain(String(integrationId));
    await expectAccessible(page, `walkthrough integrate with (${lang})`);

    // Start Over, confirmed: the welcome page again, kept by the server; Start integration shows live locked.
    await page.getByTestId("walkthrough-start-over").click();
    await page.getByTestId("walkthrough-start-over-modal-confirm").click();
    await expectToast(page, "success", TEXT[lang].startedOver);
    await expect.poll(() => view(page), POLL).toBe("welcome");
    await page.reload();
    await expect.poll(() => view(page), POLL).toBe("welcome");
    await page.getByTestId("walkthrough-start").click();
    await expect.poll(() => view(page), POLL).toBe("integrate");
    expect(await page.getByTestId("walkthrough-card-live").getAttribute("data-locked")).toBe("true");
    expect(await page.getByTestId("walkthrough-open-live").isDisabled()).toBe(true);
    await page.getByTestId("walkthrough-summary-locked").waitFor(POLL);
    await expectAccessible(page, `walkthrough live locked (${lang})`);
    await context.close();
  }, 300_000);
});
