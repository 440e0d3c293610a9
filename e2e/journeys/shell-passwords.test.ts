import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  DEMO_PASSWORD,
  emailOf,
  expectLanguage,
  expectToast,
  fillNewPassword,
  LoginPage,
  MailboxPage,
  openContext,
  POLL,
  passwordRules,
  portalPath,
  Shell,
  signIn,
  waitForPath,
} from "../support/pages.ts";

/**
 * Journeys that change passwords. Each uses a demo account no other journey signs in with, since every journey
 * shares one server: staff2.saudi (lockout), staff2.oman (forgot password), temp.egypt (temporary password).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NEW_PASSWORD = "Fresh@2026x";

async function submitChangePassword(page: Page, oldPassword: string): Promise<number> {
  await page.getByTestId("old-password").fill(oldPassword);
  await fillNewPassword(page, NEW_PASSWORD);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/auth/change_password")),
    page.getByTestId("change-password-submit").click(),
  ]);
  return answer.status();
}

describe("lockout", () => {
  it("locks the account after 5 wrong old passwords; the e-mailed link reactivates it", async () => {
    const username = "staff2.saudi";
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, "en", username, "merchant");
    await page.goto(portalPath("en", "changepassword"));
    await page.getByTestId("change-password-form").waitFor();
    await expectAccessible(page, "change password (en)");

    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await submitChangePassword(page, `Wrong@2026-${attempt}`)).toBe(400);
      await expectToast(page, "error", "The old password entered is incorrect.");
    }
    expect(await submitChangePassword(page, "Wrong@2026-5")).toBe(403);
    await expectToast(
      page,
      "error",
      "Your account has been blocked after several wrong attempts. A reactivation link was sent to your e-mail.",
    );
    await waitForPath(page, portalPath("en", "login"));

    // Locked: the right password no longer signs in.
    await new LoginPage(page).submit(username, DEMO_PASSWORD);
    await expectToast(
      page,
      "error",
      "Your account is deactivated. Check your e-mail for the reactivation link.",
    );

    const mailbox = await new MailboxPage(page).open("en");
    const href = await mailbox.followLink(emailOf(username), "Reactivate your account");
    expect(href).toContain("/portal2/en/reactivate?token=");
    await page.getByTestId("reactivate-submit").waitFor();
    await expectAccessible(page, "reactivate (en)");

    // The same link in Arabic (the token is only used by the button).
    await page.goto(href.replace("/portal2/en/", "/portal2/ar/"));
    await expectLanguage(page, "ar");
    await page.getByTestId("reactivate-submit").waitFor();
    await expectAccessible(page, "reactivate (ar)");
    await page.getByTestId("reactivate-submit").click();
    const done = page.getByTestId("reactivate-done");
    await done.waitFor();
    expect(await done.textContent()).toContain("حسابك نشط مرة أخرى. يمكنك تسجيل الدخول الآن.");
    await expectAccessible(page, "reactivated (ar)");

    await signIn(page, "ar", username, "merchant");
    await context.close();
  });
});

describe("forgot password", () => {
  it("e-mails a reset link; the new password (rules shown live) signs in and the old one does not", async () => {
    const username = "staff2.oman";
    const context = await openContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).open("en");
    await page.getByTestId("forgot-link").click();
    await waitForPath(page, portalPath("en", "forgetpassword"));
    await page.getByTestId("forgot-form").waitFor();
    await expectAccessible(page, "forgot password (en)");
    await page.getByTestId("forgot-email").fill(emailOf(username));
    await page.getByTestId("forgot-submit").click();
    const sent = page.getByTestId("forgot-sent");
    await sent.waitFor();
    expect(await sent.textContent()).toContain(
      "If this e-mail belongs to an account, a reset link has been sent.",
    );
    await expectAccessible(page, "forgot password sent (en)");

    const mailbox = await new MailboxPage(page).open("en");
    expect(await mailbox.message(emailOf(username), "Reset your password").count()).toBe(1);
    await expectAccessible(page, "mailbox (en)");
    const href = await mailbox.followLink(emailOf(username), "Reset your password");
    expect(href).toContain("/portal2/en/reset-password?token=");
    await page.getByTestId("reset-form").waitFor();

    // The rules tick off while typing.
    await page.getByTestId("new-password").fill("abc");
    await expect
      .poll(() => passwordRules(page), POLL)
      .toMatchObject({
        too_short: false,
        no_lowercase: true,
        no_uppercase: false,
        no_digit: false,
        no_special: false,
      });
    await page.getByTestId("new-password").fill("Abcdefg1");
    await expect
      .poll(() => passwordRules(page), POLL)
      .toMatchObject({
        too_short: true,
        no_lowercase: true,
        no_uppercase: true,
        no_digit: true,
        no_special: false,
      });
    const newPassword = "Sahara@2026x";
    await fillNewPassword(page, newPassword);
    await expect
      .poll(async () => Object.values(await passwordRules(page)).every((met) => met), POLL)
      .toBe(true);
    await expectAccessible(page, "reset password (en)");
    await page.getByTestId("reset-submit").click();
    await page.getByTestId("reset-done").waitFor();

    await signIn(page, "en", username, "merchant", newPassword);
    await context.close();

    const other = await openContext(browser);
    const again = await other.newPage();
    await (await new LoginPage(again).open("en")).submit(username, DEMO_PASSWORD);
    await expectToast(again, "error", "Incorrect credentials. Please check your username and password.");
    expect(await new LoginPage(again).form.isVisible()).toBe(true);
    await other.close();
  });
});

describe("temporary password", () => {
  it("sends temp.egypt to change password, then to its landing", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await (await new LoginPage(page).open("ar")).submit("temp.egypt", DEMO_PASSWORD);
    await waitForPath(page, portalPath("ar", "changepassword"));
    const form = page.getByTestId("change-password-form");
    await form.waitFor();
    await expectLanguage(page, "ar");
    expect(await page.locator("main, body").first().textContent()).toContain(
      "سجّلت الدخول بكلمة مرور مؤقتة. يرجى اختيار كلمة مرور خاصة بك للمتابعة.",
    );
    await expectAccessible(page, "change temporary password (ar)");

    expect(await submitChangePassword(page, DEMO_PASSWORD)).toBe(200);
    const shell = new Shell(page);
    await shell.waitForLayout("merchant");
    await waitForPath(page, portalPath("ar", "home"));
    await context.close();
  });
});
