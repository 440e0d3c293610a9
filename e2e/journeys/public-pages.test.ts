import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  type Lang,
  LoginPage,
  openContext,
  POLL,
  portalPath,
  Shell,
} from "../support/pages.ts";

/**
 * Public and host pages (docs/onboarding.md "Public and host pages"), in English and Arabic with the axe scan:
 * the delivery page (also from the top-level /delivery), the wallet-provider onboarding result (success, failure),
 * and the wallet-provider and telecom-merchant hosts' own pages, chosen by host: the journeys' server answers on
 * localhost, and Chromium sends wallet.localhost and telecom.localhost there too (the default host patterns).
 */
const TEXT = {
  en: {
    delivery: "Order delivery",
    walletBrand: "WalletPay Merchants",
    telecomBrand: "TelcoPay Business",
    success: "Your wallet account is connected",
    failure: "Your wallet account could not be connected",
  },
  ar: {
    delivery: "توصيل الطلبات",
    walletBrand: "تجار والت باي",
    telecomBrand: "تيلكو باي للأعمال",
    success: "تم ربط حساب محفظتك",
    failure: "تعذّر ربط حساب محفظتك",
  },
} as const;

/** The journeys' server on another host name that resolves to this machine (wallet.localhost:PORT). */
function onHost(name: string): string {
  const url = new URL(inject("baseUrl"));
  url.hostname = `${name}.localhost`;
  return url.origin;
}

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function pageOn(origin?: string) {
  const context = origin ? await newContext(browser, origin) : await openContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

describe.each(["en", "ar"] as const)("public and host pages (%s)", (lang: Lang) => {
  it("the delivery page: how it works, what is needed, sign in or create an account", async () => {
    const page = await pageOn();
    await page.goto(portalPath(lang, "delivery"));
    await page.getByTestId("delivery-page").waitFor();
    await expectLanguage(page, lang);
    await expect.poll(() => page.locator("h1").textContent(), POLL).toBe(TEXT[lang].delivery);
    expect(await page.getByTestId("delivery-steps").locator("li").count()).toBe(4);
    await page.getByTestId("delivery-sign-in").waitFor();
    // localhost is the UAE, where sign-up exists.
    await page.getByTestId("delivery-register").waitFor();
    await expectAccessible(page, `delivery (${lang})`);
    await page.getByTestId("delivery-sign-in").click();
    await new LoginPage(page).form.waitFor();
    expect(new URL(page.url()).pathname).toBe(portalPath(lang, "login"));

    // The spec's top-level /delivery leads to the same page in the remembered language.
    await page.goto("/delivery");
    await page.getByTestId("delivery-page").waitFor();
    expect(new URL(page.url()).pathname).toBe(portalPath(lang, "delivery"));
  });

  it("the wallet-provider onboarding result: success and failure, with the reference and the way on", async () => {
    const page = await pageOn();
    await page.goto(`${portalPath(lang, "wallet-onboarding/result")}?status=success&reference=WP-2026-0042`);
    const result = page.getByTestId("wallet-onboarding-result");
    await result.waitFor();
    await expectLanguage(page, lang);
    expect(await result.getAttribute("data-status")).toBe("success");
    await expect
      .poll(() => page.getByTestId("wallet-onboarding-message").textContent(), POLL)
      .toContain(TEXT[lang].success);
    expect(await page.getByTestId("wallet-onboarding-reference").textContent()).toContain("WP-2026-0042");
    await page.getByTestId("wallet-onboarding-sign-in").waitFor();
    await expectAccessible(page, `wallet onboarding success (${lang})`);

    await page.goto(`${portalPath(lang, "wallet-onboarding/result")}?status=failed&reference=WP-2026-0043`);
    await page.locator('[data-testid="wallet-onboarding-result"][data-status="failure"]').waitFor();
    await expect
      .poll(() => page.getByTestId("wallet-onboarding-message").textContent(), POLL)
      .toContain(TEXT[lang].failure);
    expect(await page.getByTestId("wallet-onboarding-message").getAttribute("role")).toBe("alert");
    await expectAccessible(page, `wallet onboarding failure (${lang})`);

    // Markup in the reference is never shown; an unknown status is not a success.
    await page.goto(`${portalPath(lang, "wallet-onboarding/result")}?status=maybe&reference=%3Cb%3Ex`);
    await page.locator('[data-testid="wallet-onboarding-result"][data-status="unknown"]').waitFor();
    expect(await page.getByTestId("wallet-onboarding-reference").count()).toBe(0);
  });

  it("the wallet-provider host: its own login and forgot-password pages, its home falls back to login", async () => {
    const page = await pageOn(onHost("wallet"));
    await page.goto(portalPath(lang, "login"));
    const frame = page.locator('[data-host-brand="wallet"]');
    await frame.waitFor();
    await new LoginPage(page).form.waitFor();
    await expectLanguage(page, lang);
    await expect
      .poll(() => page.getByTestId("host-brand-mark").textContent(), POLL)
      .toContain(TEXT[lang].walletBrand);
    await page.getByTestId("host-brand-note").waitFor();
    await expectAccessible(page, `wallet host login (${lang})`);

    await page.goto(portalPath(lang, "forgetpassword"));
    await page.locator('[data-host-brand="wallet"]').waitFor();
    await expectAccessible(page, `wallet host forgot password (${lang})`);

    await page.goto(portalPath(lang));
    await new LoginPage(page).form.waitFor();
    expect(new URL(page.url()).pathname).toBe(portalPath(lang, "login"));

    // The same sign-in as the provider's own page: a merchant lands on the dashboard.
    const username = "merchant.egypt";
    await new LoginPage(page).submit(username, demoAccount(username).password);
    await new Shell(page).waitForLayout("merchant");
  });

  it("the telecom-merchant host: its own login page; the provider's own host keeps its own", async () => {
    const page = await pageOn(onHost("telecom"));
    await page.goto(portalPath(lang, "login"));
    await page.locator('[data-host-brand="telecom"]').waitFor();
    await new LoginPage(page).form.waitFor();
    await expect
      .poll(() => page.getByTestId("host-brand-mark").textContent(), POLL)
      .toContain(TEXT[lang].telecomBrand);
    await expectAccessible(page, `telecom host login (${lang})`);

    await page.goto(portalPath(lang, "forgetpassword"));
    await page.locator('[data-host-brand="telecom"]').waitFor();

    const own = await pageOn();
    await own.goto(portalPath(lang, "login"));
    await new LoginPage(own).form.waitFor();
    expect(await own.locator("[data-host-brand]").count()).toBe(0);
  });
});
