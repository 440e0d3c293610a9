import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  expectToast,
  LANGS,
  type Lang,
  openContext,
  POLL,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * The Developers page (issue 15 item 4; docs/payments.md "Test helpers"), in English and Arabic with axe:
 * merchant.egypt in test mode sees its demo test deliveries with their bodies and signatures, moves its test clock
 * forward by a minute, replays a delivery (a new manual attempt is listed first; the demo's callback address is
 * not reachable here, so the replay is told as not accepted), then resets the clock after a confirmation. The
 * clock is reset in the same test, so later journeys of merchant.egypt see real time.
 */
const TEXT = {
  en: { moved: "The test clock was moved.", minutes: "Minutes" },
  ar: { moved: "تم تحريك ساعة الاختبار.", minutes: "دقائق" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LANGS)("developers (%s)", (lang: Lang) => {
  it("shows the test deliveries, moves the test clock, replays a delivery and resets the clock", {
    timeout: 240_000,
  }, async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);
    // Test mode (the header's toggle keeps its choice in this cookie).
    const origin = new URL(page.url()).origin;
    await context.addCookies([{ name: "is_live_mode", value: "false", url: origin }]);
    await page.goto(portalPath(lang, "developers"));
    await page.getByTestId("developers-page").waitFor();
    await expectLanguage(page, lang);
    const cards = page.getByTestId("developers-delivery");
    await expect.poll(() => cards.count(), POLL).toBeGreaterThan(0);
    await expectAccessible(page, `developers (${lang})`);

    const offset = page.getByTestId("developers-clock-offset");
    try {
      await page.getByTestId("developers-clock-amount").fill("1");
      await page.getByTestId("developers-clock-unit").click();
      await page.getByRole("option", { name: TEXT[lang].minutes }).click();
      await page.getByTestId("developers-clock-advance").click();
      await expectToast(page, "success", TEXT[lang].moved);
      await expect.poll(() => offset.getAttribute("data-offset-ms"), POLL).toBe("60000");

      const before = await cards.count();
      const first = await cards.first().getAttribute("data-delivery-id");
      await cards.first().getByTestId("developers-replay").click();
      await expect.poll(() => cards.first().getAttribute("data-delivery-id"), POLL).not.toBe(first);
      expect(await cards.count()).toBeGreaterThanOrEqual(before);
      await expectAccessible(page, `developers after a replay (${lang})`);
    } finally {
      await page.getByTestId("developers-clock-reset").click();
      await page.getByTestId("developers-clock-reset-modal-confirm").click();
      await expect.poll(() => offset.getAttribute("data-offset-ms"), POLL).toBe("0");
    }
    await context.close();
  });
});
