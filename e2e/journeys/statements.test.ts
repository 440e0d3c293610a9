import { readFile } from "node:fs/promises";
import type { Browser, Download } from "playwright-core";
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
 * Monthly statements (merchant-dashboard.md "Statements", docs/settings.md) against the demo data, in English and
 * Arabic with the axe scan: merchant.egypt is subscribed and has three months of statements built by the job,
 * each New; a statement with the New badge is downloaded as PDF (a real, non-empty PDF) and its badge goes. Each
 * language downloads one, so the demo keeps a New one for the other language.
 */

const TEXT = {
  en: { title: "Statements", fileEnd: "-en.pdf" },
  ar: { title: "كشوف الحساب", fileEnd: "-ar.pdf" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["en", "ar"] as const)("statements (%s)", (lang: Lang) => {
  it("a statement with a New badge downloads as PDF and the badge goes", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/statements" && r.request().method() === "GET",
    );
    await page.goto(portalPath(lang, "statements"));
    const list = (await (await listed).json()) as {
      count: number;
      results: { id: number; is_new: boolean }[];
    };
    await page.getByTestId("statements-page").waitFor();
    await expectLanguage(page, lang);
    await expect.poll(() => page.locator("h1").textContent(), POLL).toBe(TEXT[lang].title);
    expect(list.count).toBeGreaterThanOrEqual(3);
    // The MONTHLY STATEMENT switch: the demo merchant is subscribed.
    const toggle = page.getByTestId("statements-subscription");
    await expect.poll(() => toggle.isChecked(), POLL).toBe(true);

    const table = page.getByTestId("statements-table");
    await expect.poll(() => table.getByTestId("statement-new").count(), POLL).toBeGreaterThan(0);
    await expectAccessible(page, `statements list (${lang})`);
    const fresh = list.results.find((s) => s.is_new);
    expect(fresh).toBeDefined();
    const row = table.locator(`[data-row-id="${fresh?.id}"]`);
    expect(await row.getByTestId("statement-new").count()).toBe(1);

    const download: Promise<Download> = page.waitForEvent("download");
    await row.getByTestId("statement-download-pdf").click();
    const file = await download;
    expect(file.suggestedFilename().endsWith(TEXT[lang].fileEnd)).toBe(true);
    const path = await file.path();
    const bytes = await readFile(path);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    await expect.poll(() => row.getByTestId("statement-new").count(), POLL).toBe(0);
    await expectAccessible(page, `statement downloaded (${lang})`);
    await context.close();
  }, 240_000);
});
