import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  type Lang,
  openContext,
  POLL,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * Tutorials (merchant-dashboard.md: six parts), in English and Arabic with the axe scan: merchant.egypt opens
 * Tutorials from the side menu, sees the six parts, moves with Next and with the arrow keys, the part is kept in
 * the address across a reload, and a part's button opens the screen it explains.
 */
const TEXT = {
  en: { title: "Tutorials", intro: "Introduction", transactions: "Transactions", invoices: "Invoices" },
  ar: { title: "الدروس التعليمية", intro: "مقدمة", transactions: "المعاملات", invoices: "الفواتير" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["en", "ar"] as const)("tutorials (%s)", (lang: Lang) => {
  it("six parts, Next and arrow keys, the part in the address, a part opens its screen", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);
    await page.goto(portalPath(lang, "tutorials"));
    await page.getByTestId("tutorial-parts").waitFor();
    await expectLanguage(page, lang);
    await expect.poll(() => page.locator("h1").textContent(), POLL).toBe(TEXT[lang].title);
    expect(await page.getByTestId("tutorial-parts").getByRole("tab").count()).toBe(6);
    const intro = page.getByTestId("tutorial-introduction");
    await expect.poll(() => intro.locator("h2").textContent(), POLL).toBe(TEXT[lang].intro);
    expect(await intro.getByTestId("tutorial-steps").locator("li").count()).toBeGreaterThanOrEqual(4);
    await expectAccessible(page, `tutorials, introduction (${lang})`);

    await intro.getByTestId("tutorial-next").click();
    const transactions = page.getByTestId("tutorial-transactions");
    await expect.poll(() => transactions.locator("h2").textContent(), POLL).toBe(TEXT[lang].transactions);
    await expect.poll(() => new URL(page.url()).searchParams.get("part"), POLL).toBe("transactions");

    // Keyboard: the tabs move with the arrow keys (down on the wide screen's vertical list).
    await page.getByTestId("tutorial-tab-transactions").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const invoices = page.getByTestId("tutorial-invoices");
    await expect.poll(() => invoices.locator("h2").textContent(), POLL).toBe(TEXT[lang].invoices);

    await page.reload();
    await expect
      .poll(() => page.getByTestId("tutorial-invoices").locator("h2").textContent(), POLL)
      .toBe(TEXT[lang].invoices);
    await expectAccessible(page, `tutorials, invoices after a reload (${lang})`);

    await page.getByTestId("tutorial-invoices").getByTestId("tutorial-open-screen").click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe(portalPath(lang, "invoices"));
    await context.close();
  }, 240_000);
});
