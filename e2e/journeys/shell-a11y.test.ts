import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import { expectLanguage, LANGS, openContext, portalPath } from "../support/pages.ts";

/**
 * An axe scan of each public page in both languages. The signed-in pages (landings, placeholder, no-permission,
 * change password, the reached reset and reactivate pages) are scanned inside their journeys.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PUBLIC_PAGES: { path: string; ready: string }[] = [
  { path: "login", ready: "login-form" },
  { path: "forgetpassword", ready: "forgot-form" },
  { path: "reset-password?token=not-a-real-token", ready: "reset-form" },
  { path: "reactivate?token=not-a-real-token", ready: "reactivate-submit" },
  // Without the key in this tab the mailbox asks for it.
  { path: "mailbox", ready: "mailbox-open" },
  { path: "register", ready: "register-form" },
];

describe.each(LANGS)("public pages (%s)", (lang) => {
  it.each(PUBLIC_PAGES)("$path has no serious or critical axe violation", async ({ path, ready }) => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto(portalPath(lang, path));
    await page.getByTestId(ready).first().waitFor();
    await expectLanguage(page, lang);
    await expectAccessible(page, `${path} (${lang})`);
    await context.close();
  });
});
