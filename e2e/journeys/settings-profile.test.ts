import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  DEMO_PASSWORD,
  expectToast,
  fillNewPassword,
  openContext,
  POLL,
  portalPath,
  signIn,
  waitForPath,
} from "../support/pages.ts";

/**
 * Profile and settings (issue 18 item 1, docs/settings.md), in English and Arabic with the axe scan, as
 * merchant.profile (Alexandria Crafts), an account no other journey signs in with (docs/e2e.md "Accounts"): the
 * owner edits the business branding with a bad Facebook link (the message shows, nothing saved), then a good one
 * (saved, shown after a reload); then changes the password from Settings with a wrong old password (the spec's
 * message) and then the right one, which ends the run of wrong ones so the account never locks across runs.
 */

const USERNAME = "merchant.profile";

const TEXTS = {
  en: {
    badFacebook: "Please enter a valid Facebook link.",
    done: "Your request completed successfully.",
    wrongOld: "The old password entered is incorrect.",
    brand: "Alexandria Crafts Studio",
  },
  ar: {
    badFacebook: "يرجى إدخال رابط فيسبوك صحيح.",
    done: "تم تنفيذ طلبك بنجاح.",
    wrongOld: "كلمة المرور القديمة التي أدخلتها غير صحيحة.",
    brand: "حرف الإسكندرية",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function saveBranding(page: Page): Promise<number> {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/merchant/profile/branding")),
    page.getByTestId("branding-save").click(),
  ]);
  return answer.status();
}

describe.each(["en", "ar"] as const)("profile and settings (%s)", (lang) => {
  const texts = TEXTS[lang];

  it("edits the branding: a bad link is refused with its message, a good one is saved and kept", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, USERNAME, "merchant");
    await page.goto(portalPath(lang, "profile"));
    await page.getByTestId("branding-section").waitFor();
    await expect.poll(() => page.getByTestId("field-merchant_id").textContent(), POLL).toMatch(/^\d+$/);
    await expectAccessible(page, `profile (${lang})`);

    const facebook = page.getByTestId("branding-facebook_url");
    await facebook.fill("https://example.com/alexandria-crafts");
    // The rule shows as soon as the field has changed, and Save does not send the form.
    await page.getByText(texts.badFacebook).waitFor();
    await page.getByTestId("branding-save").click();
    await page.getByText(texts.badFacebook).waitFor();
    await expectAccessible(page, `profile with a field error (${lang})`);

    const link = `https://www.facebook.com/alexandriacrafts.${lang}`;
    await facebook.fill(link);
    await page.getByTestId("branding-brand_name").fill(texts.brand);
    await expect.poll(() => page.getByText(texts.badFacebook).count(), POLL).toBe(0);
    expect(await saveBranding(page)).toBe(200);
    await expectToast(page, "success", texts.done);

    await page.reload();
    await page.getByTestId("branding-section").waitFor();
    await expect.poll(() => page.getByTestId("branding-facebook_url").inputValue(), POLL).toBe(link);
    expect(await page.getByTestId("branding-brand_name").inputValue()).toBe(texts.brand);
    await context.close();
  });

  it("changes the password from Settings: a wrong old password gets the spec's message", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, USERNAME, "merchant");
    await page.goto(portalPath(lang, "settings"));
    await page.getByTestId("settings-notifications").waitFor();
    await expectAccessible(page, `settings (${lang})`);

    await page.getByTestId("settings-change-password").click();
    await waitForPath(page, portalPath(lang, "changepassword"));
    await page.getByTestId("old-password").fill("Wrong@2026-old");
    await fillNewPassword(page, DEMO_PASSWORD);
    const [wrong] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/auth/change_password")),
      page.getByTestId("change-password-submit").click(),
    ]);
    expect(wrong.status()).toBe(400);
    await expectToast(page, "error", texts.wrongOld);
    await expectAccessible(page, `change password with a wrong old password (${lang})`);

    // The right old password (the same new one, so the account stays as the demo left it) ends the run.
    await page.getByTestId("old-password").fill(DEMO_PASSWORD);
    const [right] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/auth/change_password")),
      page.getByTestId("change-password-submit").click(),
    ]);
    expect(right.status()).toBe(200);
    await expectToast(page, "success", texts.done);
    await context.close();
  });
});
