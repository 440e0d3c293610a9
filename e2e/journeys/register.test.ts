import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  LANGS,
  type Lang,
  LoginPage,
  MailboxPage,
  openContext,
  POLL,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * Registration and growth (docs/onboarding.md "Registration and growth"), in English and Arabic: a stranger
 * opens the register link of the sign-in page, the form's rules answer, a network failure shows the spec's text,
 * the account is created, the confirmation e-mail's link (local mailbox) confirms it, the new owner signs in and
 * meets the first-login popup; a second registration with the same e-mail is refused. The journeys' server runs
 * on localhost, which is a UAE host: the form asks for the emirate. Pakistan (forced with the browser's
 * country_override) has neither the link nor the page. Growth: Nile Electronics' referral page lists the demo
 * sign-ups, and its link opens the sign-up page with the referrer named; an unknown code says so.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "Journey-Pa55word!";
const SUBJECT = "Confirm your e-mail address";
const NETWORK_ERROR: Record<Lang, string> = {
  en: "Oops,Network Error ,Please Try Again",
  ar: "عذرًا، خطأ في الشبكة، يرجى المحاولة مرة أخرى",
};
const EMAIL_TAKEN: Record<Lang, string> = {
  en: "This email seems to be already registered.",
  ar: "يبدو أن هذا البريد الإلكتروني مسجّل بالفعل.",
};

const run = Date.now() % 100_000_000;
/** The machine is shared and loaded: generous waits, never fixed sleeps. */
const SLOW = 300_000;

async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  page.setDefaultNavigationTimeout(120_000);
  return page;
}
const field = (page: Page, name: string) => page.getByTestId(`register-${name}`);

async function fillForm(page: Page, v: { name: string; company: string; email: string; phone: string }) {
  await field(page, "full-name").fill(v.name);
  await field(page, "company-name").fill(v.company);
  await field(page, "email").fill(v.email);
  await field(page, "phone").fill(v.phone);
  await field(page, "emirate").selectOption("dubai");
  await field(page, "password").fill(PASSWORD);
  await field(page, "confirm-password").fill(PASSWORD);
}

describe.each(LANGS)("registration (%s)", (lang) => {
  const email = `journey.${lang}.${run}@example.com`;
  const phone = `+9715${lang === "en" ? "1" : "2"}${String(run).padStart(8, "0").slice(-7)}`;
  const values = {
    name: lang === "en" ? "Rania Haddad" : "رانيا حداد",
    company: lang === "en" ? `Dubai Spices ${run}` : `توابل دبي ${run}`,
    email,
    phone,
  };

  it(
    "registers from the sign-in page's link, confirms the e-mail, signs in and meets the popup",
    async () => {
      const context = await openContext(browser);
      const page = await slowPage(context);
      await new LoginPage(page).open(lang);
      await page.getByTestId("register-link").click();
      await page.getByTestId("register-form").waitFor();
      await expectLanguage(page, lang);
      expect(await page.getByTestId("register-form").getAttribute("data-country")).toBe("ARE");

      // Every rule answers under its field, in the page's language.
      await page.getByTestId("register-submit").click();
      await expect.poll(() => page.locator('[aria-invalid="true"]').count(), POLL).toBeGreaterThanOrEqual(5);
      await field(page, "email").fill("not-an-email");
      await field(page, "email").blur();
      await expectAccessible(page, `register form with errors (${lang})`);

      // No answer at all: the spec's text, word for word.
      await page.route("**/api/auth/register", (route) => route.abort("failed"));
      await fillForm(page, values);
      await page.getByTestId("register-submit").click();
      await expect
        .poll(() => page.getByTestId("register-error").textContent(), POLL)
        .toBe(NETWORK_ERROR[lang]);
      await page.unroute("**/api/auth/register");

      await page.getByTestId("register-submit").click();
      await page.getByTestId("register-check-mail").waitFor();
      expect(await page.getByTestId("register-check-mail").textContent()).toContain(email);
      await expectAccessible(page, `register success (${lang})`);

      // The same e-mail again: refused with a clear message under the e-mail.
      await page.goto(portalPath(lang, "register"));
      await page.getByTestId("register-form").waitFor();
      await fillForm(page, { ...values, phone: `${phone.slice(0, -1)}9` });
      await page.getByTestId("register-submit").click();
      await page.getByText(EMAIL_TAKEN[lang]).waitFor();

      // Confirm from the local mailbox, then sign in with the e-mail as username.
      await new MailboxPage(page).open(lang);
      await new MailboxPage(page).followLink(email, SUBJECT);
      await page.getByTestId("register-confirmed").waitFor();
      expect(await page.getByTestId("register-username").textContent()).toBe(email);
      await page.getByTestId("register-sign-in").click();
      await page.getByTestId("login-form").waitFor();
      await new LoginPage(page).submit(email, PASSWORD);
      await page.getByTestId("onboarding").waitFor({ state: "visible" });
      expect(await page.getByTestId("onboarding").getAttribute("data-step")).toBe("1");
      await context.close();
    },
    SLOW,
  );
});

describe("registration in Pakistan", () => {
  it(
    "has no register link and no register page",
    async () => {
      const context = await openContext(browser);
      const page = await slowPage(context);
      await page.goto(portalPath("en", "login"));
      await page.evaluate(() => localStorage.setItem("country_override", "PAK"));
      await new LoginPage(page).open("en");
      await page.getByTestId("login-submit").waitFor();
      expect(await page.getByTestId("register-link").count()).toBe(0);
      await page.goto(portalPath("en", "register"));
      await page.getByTestId("login-form").waitFor();
      expect(new URL(page.url()).pathname).toBe("/portal2/en/login");
      expect(await page.getByTestId("register-form").count()).toBe(0);
      await page.goto(portalPath("ar", "growth/signup?code=NILE2026"));
      await page.getByTestId("login-form").waitFor();
      expect(await page.getByTestId("register-link").count()).toBe(0);
      await context.close();
    },
    SLOW,
  );
});

describe.each(LANGS)("growth (%s)", (lang) => {
  it(
    "lists the referring merchant's sign-ups and opens its link to a sign-up page naming it",
    async () => {
      const context = await openContext(browser);
      const page = await slowPage(context);
      await signIn(page, lang, "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);
      await page.goto(portalPath(lang, "growth/referring"));
      await page.getByTestId("referring").waitFor();
      await expectLanguage(page, lang);
      expect(await page.getByTestId("referring-code").textContent()).toBe("NILE2026");
      await expect.poll(() => page.getByTestId("referring-row").count(), POLL).toBeGreaterThanOrEqual(3);
      expect(await page.getByTestId("referring-signups").textContent()).toContain("Luxor Leather");
      const link = (await page.getByTestId("referring-link").inputValue()) ?? "";
      expect(link).toContain(`/portal2/${lang}/growth/signup?code=NILE2026`);
      await expectAccessible(page, `growth referring (${lang})`);
      await context.close();

      const visitor = await openContext(browser);
      const signup = await slowPage(visitor);
      await signup.goto(new URL(link).pathname + new URL(link).search);
      await signup.getByTestId("signup-referrer").waitFor();
      expect(await signup.getByTestId("signup-referrer").textContent()).toContain("Nile Electronics");
      await signup.getByTestId("register-form").waitFor();
      await expectAccessible(signup, `growth signup (${lang})`);
      await signup.goto(portalPath(lang, "growth/signup?code=NOSUCHCO"));
      await signup.getByTestId("signup-unknown-code").waitFor();
      await visitor.close();
    },
    SLOW,
  );
});
