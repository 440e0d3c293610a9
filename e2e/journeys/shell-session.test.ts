import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  cookie,
  expectLanguage,
  expectToast,
  LANGS,
  LoginPage,
  meStatus,
  openContext,
  POLL,
  pathOf,
  portalPath,
  Shell,
  signIn,
  waitForPath,
} from "../support/pages.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TEXT = {
  en: {
    transactions: "Transactions",
    notOwner: "Only the account owner can activate the account.",
    loginTitle: "Sign in to your dashboard",
    loggedOut: "You have logged-out successfully",
    noPermission: "You cannot view this page",
  },
  ar: {
    transactions: "المعاملات",
    notOwner: "يمكن لمالك الحساب فقط تفعيل الحساب.",
    loginTitle: "تسجيل الدخول إلى لوحة التحكم",
    loggedOut: "تم تسجيل الخروج بنجاح",
    noPermission: "لا يمكنك عرض هذه الصفحة",
  },
} as const;

describe("language switch", () => {
  it("keeps the path, flips the direction and changes the texts, signed out and signed in", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const login = await new LoginPage(page).open("en");
    await expectLanguage(page, "en");
    expect(await page.locator("h1").first().textContent()).toContain(TEXT.en.loginTitle);
    await page.getByTestId("lang-switch").first().click();
    await waitForPath(page, portalPath("ar", "login"));
    await expectLanguage(page, "ar");
    await expect.poll(() => page.locator("h1").first().textContent(), POLL).toContain(TEXT.ar.loginTitle);
    expect(await login.form.isVisible()).toBe(true);

    // Signed in, on a screen (account activation, which a staff user may not fill): the switch keeps the screen.
    const shell = await signIn(page, "ar", "staff1.uae", "merchant");
    await page.goto(portalPath("ar", "activate-account"));
    const screen = page.getByTestId("activation-screen");
    await screen.waitFor();
    await expect.poll(() => screen.textContent(), POLL).toContain(TEXT.ar.notOwner);
    await expectAccessible(page, "activation screen refused to staff (ar)");

    await shell.switchLanguage();
    await waitForPath(page, portalPath("en", "activate-account"));
    await expectLanguage(page, "en");
    await expect.poll(() => screen.textContent(), POLL).toContain(TEXT.en.notOwner);
    expect((await shell.nav("transactions").textContent())?.trim()).toBe(TEXT.en.transactions);
    expect(await cookie(context, "lang")).toBe("en");
    await expectAccessible(page, "activation screen refused to staff (en)");

    await shell.switchLanguage();
    await waitForPath(page, portalPath("ar", "activate-account"));
    await expectLanguage(page, "ar");
    await expect.poll(() => shell.nav("transactions").textContent(), POLL).toBe(TEXT.ar.transactions);
    expect(await cookie(context, "lang")).toBe("ar");
    await context.close();
  });
});

describe.each(LANGS)("logout (%s)", (lang) => {
  it("warns, waits, ends the session on the server and keeps the language and live-mode cookies", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const shell = await signIn(page, lang, "merchant.uae", "merchant");
    await shell.flipLiveMode();
    await expect.poll(() => cookie(context, "is_live_mode"), POLL).toBe("false");
    expect(await cookie(context, "portal_session")).toBeTruthy();

    await shell.logout();
    await expectToast(page, "warning", TEXT[lang].loggedOut);
    // The toast comes first; the login page only after the 3-second delay.
    expect(await pathOf(page)).not.toBe(portalPath(lang, "login"));
    await waitForPath(page, portalPath(lang, "login"));
    await new LoginPage(page).form.waitFor();
    await expectLanguage(page, lang);

    expect(await meStatus(page)).toBe(401);
    expect(await cookie(context, "portal_session")).toBeUndefined();
    expect(await cookie(context, "lang")).toBe(lang);
    expect(await cookie(context, "is_live_mode")).toBe("false");
    await context.close();
  });
});

describe("live/test toggle", () => {
  it("sets is_live_mode, shows the test-data banner in test mode and keeps the mode over a reload", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const shell = await signIn(page, "en", "merchant.oman", "merchant");
    // A merchant with a live integration starts live (no cookie yet).
    expect(await shell.liveMode()).toBe("live");
    expect(await shell.liveToggle.isDisabled()).toBe(false);
    expect(await shell.testDataIndicator.count()).toBe(0);

    await shell.flipLiveMode();
    await expect.poll(() => shell.liveMode(), POLL).toBe("test");
    expect(await cookie(context, "is_live_mode")).toBe("false");
    await shell.testDataIndicator.waitFor();
    await expectAccessible(page, "merchant landing in test mode (en)");

    await page.reload();
    await shell.waitForLayout("merchant");
    expect(await shell.liveMode()).toBe("test");
    await shell.testDataIndicator.waitFor();

    await shell.flipLiveMode();
    await expect.poll(() => shell.liveMode(), POLL).toBe("live");
    expect(await cookie(context, "is_live_mode")).toBe("true");
    await expect.poll(() => shell.testDataIndicator.count(), POLL).toBe(0);
    await context.close();
  });

  it.each(LANGS)(
    "is disabled, in test mode, for an account without a live integration (%s)",
    async (lang) => {
      const context = await openContext(browser);
      const page = await context.newPage();
      const shell = await signIn(page, lang, "testonly.uae", "merchant");
      expect(await shell.liveToggle.isDisabled()).toBe(true);
      expect(await shell.liveMode()).toBe("test");
      await shell.testDataIndicator.waitFor();
      const hint = await page.locator("#live-mode-hint").textContent();
      expect(hint).toBe(
        lang === "en"
          ? "Live mode becomes available once your account has a live payment integration."
          : "يتاح الوضع المباشر عندما يكون لحسابك تكامل دفع مباشر.",
      );
      await expectAccessible(page, `landing without a live integration (${lang})`);
      await context.close();
    },
  );
});

describe.each(LANGS)("deep link and permissions (%s)", (lang) => {
  it("brings a signed-out visitor back to the page asked for after sign-in", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const wanted = portalPath(lang, "tutorials");
    await page.goto(wanted);
    const login = new LoginPage(page);
    await login.form.waitFor();
    await login.submit("merchant.saudi", "Demo@2026");
    await new Shell(page).waitForLayout("merchant");
    await waitForPath(page, wanted);
    // The screen asked for, not the landing: the tutorials' six parts.
    await page.getByTestId("tutorial-parts").waitFor();
    expect(await page.getByTestId("tutorial-parts").getByRole("tab").count()).toBe(6);
    await context.close();
  });

  it("shows the no-permission page for a screen the staff user may not see", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const shell = await signIn(page, lang, "staff2.egypt", "merchant");
    // staff2 only views: no products in its menu, and the products URL answers with the no-permission page.
    expect(await shell.nav("products").count()).toBe(0);
    await page.goto(portalPath(lang, "products"));
    const denied = page.getByTestId("no-permission");
    await denied.waitFor();
    expect(await denied.textContent()).toContain(TEXT[lang].noPermission);
    expect(await pathOf(page)).toBe(portalPath(lang, "products"));
    await expectLanguage(page, lang);
    await expectAccessible(page, `no-permission page (${lang})`);
    await context.close();
  });
});
