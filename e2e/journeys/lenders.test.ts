import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  expectToast,
  type Lang,
  openContext,
  POLL,
  signIn,
} from "../support/pages.ts";

/**
 * Lender management (issue 14; docs/pos-risk.md "Lenders"), in English and Arabic with axe: bank.egypt opens
 * Lenders from its menu and sees the demo lender; the add dialog refuses a missing merchant and a bad page id
 * with their messages in the page's language; it adds one of its merchants as a lender (a fresh page id per run,
 * so the runs never meet), then disables it in the edit dialog and the row says so. The demo lender is untouched.
 */

const TEXT = {
  en: {
    merchantError: "Choose a merchant of your bank.",
    publicIdError:
      "Use 3 to 40 lowercase letters, digits and dashes, starting and ending with a letter or digit.",
    added: "Lender added successfully",
    edited: "Lender updated successfully",
    disabled: "Disabled",
    active: "Active",
  },
  ar: {
    merchantError: "اختر تاجرًا تابعًا لبنكك.",
    publicIdError: "استخدم من 3 إلى 40 حرفًا لاتينيًا صغيرًا أو رقمًا أو شرطة، يبدأ وينتهي بحرف أو رقم.",
    added: "تمت إضافة المُقرض بنجاح",
    edited: "تم تحديث المُقرض بنجاح",
    disabled: "معطّل",
    active: "مفعّل",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The error text Mantine ties to a field (aria-describedby ... -error). */
async function errorOf(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id.endsWith("-error"))
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(""),
  );
}

/** Mantine's combobox opens with an animation: retry the click until an option shows, then take the first. */
async function chooseFirst(page: Page, testId: string): Promise<void> {
  const option = page.getByRole("option").first();
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByTestId(testId).click({ force: true });
    try {
      await option.waitFor({ state: "visible", timeout: 3000 });
      await option.click();
      return;
    } catch {
      await page.keyboard.press("Escape");
    }
  }
  throw new Error(`no option of ${testId} ever showed`);
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("lenders-table").getAttribute("aria-busy"), POLL).toBe("false");
}

describe.each(["en", "ar"] as const)("lenders (%s)", (lang: Lang) => {
  const text = TEXT[lang];

  it("adds a lender with its checks, then disables its page", async () => {
    const page = await (await openContext(browser)).newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    await page.getByTestId("nav-lenders").click();
    await page.getByTestId("lenders-page").waitFor(POLL);
    await expectLanguage(page, lang);
    await settled(page);
    await page.getByTestId("lenders-table-row").filter({ hasText: "nile-electronics" }).first().waitFor(POLL);
    await expectAccessible(page, `lenders (${lang})`);

    await page.getByTestId("lender-add").click();
    await page.getByTestId("lender-dialog").waitFor(POLL);
    await page.getByTestId("lender-public-id").fill("Bad id");
    await page.getByTestId("lender-submit").click();
    await expect.poll(() => errorOf(page, "lender-merchant"), POLL).toBe(text.merchantError);
    expect(await errorOf(page, "lender-public-id")).toBe(text.publicIdError);
    await expectAccessible(page, `lender dialog with refusals (${lang})`);

    const publicId = `journey-${lang}-${Date.now().toString(36)}`;
    await chooseFirst(page, "lender-merchant");
    await chooseFirst(page, "lender-integration");
    await page.getByTestId("lender-public-id").fill(publicId);
    await page.getByTestId("lender-submit").click();
    await expectToast(page, "success", text.added);
    await settled(page);
    const row = page.getByTestId("lenders-table-row").filter({ hasText: publicId });
    await row.first().waitFor(POLL);
    expect(await row.first().textContent()).toContain(text.active);

    await row.first().getByTestId("lender-edit").click();
    await page.getByTestId("lender-dialog").waitFor(POLL);
    await page.getByTestId("lender-active").uncheck({ force: true });
    await page.getByTestId("lender-submit").click();
    await expectToast(page, "success", text.edited);
    await expect.poll(() => row.first().textContent(), POLL).toContain(text.disabled);
    await expectAccessible(page, `lenders after disabling (${lang})`);
    await page.context().close();
  });
});
