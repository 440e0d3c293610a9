import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  openContext,
  POLL,
  portalPath,
  Shell,
  signIn,
} from "../support/pages.ts";

/**
 * The merchants' first-login onboarding popup (docs/onboarding.md) with the demo owner merchant.new, whose
 * business data is not filled. Arabic first (step 1 only), then the English journey that completes it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const USERNAME = "merchant.new";

async function signedIn(lang: "en" | "ar"): Promise<{ page: Page; shell: Shell }> {
  const page = await (await openContext(browser)).newPage();
  const shell = await signIn(page, lang, USERNAME, "merchant", demoAccount(USERNAME).password);
  return { page, shell };
}

const step = (page: Page) => page.getByTestId("onboarding").getAttribute("data-step");

describe("onboarding popup", () => {
  it("shows step 1 in Arabic, right to left, accessible", async () => {
    const { page } = await signedIn("ar");
    await page.getByTestId("onboarding").waitFor({ state: "visible" });
    await expectLanguage(page, "ar");
    const modal = page.getByRole("dialog");
    await expect.poll(() => modal.textContent(), POLL).toContain("أخبرنا المزيد عن نفسك");
    expect(await modal.textContent()).toContain("هل أنت فرد أم نشاط تجاري؟");
    expect(await page.getByTestId("onboarding-progress-text").textContent()).toBe("الخطوة 1 من 3");
    expect(await page.getByTestId("onboarding-next").isDisabled()).toBe(true);
    expect(await page.getByTestId("home-screen").count()).toBe(0);
    // Keyboard: focus the first radio and choose it with the space bar.
    await page.getByTestId("onboarding-individual").focus();
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByTestId("onboarding-next").isDisabled(), POLL).toBe(false);
    await expectAccessible(page, "onboarding step 1 (ar)");
    await page.context().close();
  });

  it("completes the three steps in English, reloads into the dashboard and never shows again", async () => {
    const { page } = await signedIn("en");
    await page.getByTestId("onboarding").waitFor({ state: "visible" });
    expect(await step(page)).toBe("1");
    expect(await page.getByTestId("onboarding-progress").getAttribute("data-value")).toBe("33.33");
    await page.getByTestId("onboarding-company").check();
    await page.getByTestId("onboarding-next").click();

    await expect.poll(() => step(page), POLL).toBe("2");
    expect(await page.getByTestId("onboarding-next").isDisabled()).toBe(true);
    await page.getByTestId("onboarding-back").click();
    await expect.poll(() => step(page), POLL).toBe("1");
    expect(await page.getByTestId("onboarding-company").isChecked()).toBe(true);
    await page.getByTestId("onboarding-next").click();
    await expect.poll(() => step(page), POLL).toBe("2");
    await page.getByTestId("onboarding-retail").check();
    await page.getByTestId("onboarding-integration").check();
    await page.getByTestId("onboarding-next").click();

    await expect.poll(() => step(page), POLL).toBe("3");
    expect(await page.getByTestId("onboarding-progress").getAttribute("data-value")).toBe("100");
    const submit = page.getByTestId("onboarding-submit");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId("onboarding-brand").fill("Alex Sea Foods");
    await expect
      .poll(() => page.getByTestId("onboarding-sector").locator("option").count(), POLL)
      .toBeGreaterThan(2);
    await page.getByTestId("onboarding-sector").selectOption({ label: "Food and beverage" });
    await page.getByTestId("onboarding-industry").selectOption({ label: "Restaurants" });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId("onboarding-description").fill("Fresh fish and seafood");
    await page.getByTestId("onboarding-state").selectOption({ label: "Alexandria" });
    await page.getByTestId("onboarding-city").selectOption({ label: "Other" });
    await page.getByTestId("onboarding-city-other").fill("Montaza");
    await page.getByTestId("onboarding-street").fill("Corniche Road");
    await page.getByTestId("onboarding-building").fill("7a");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId("onboarding-building").fill("7");
    await page.getByTestId("onboarding-floor").fill("2");
    await page.getByTestId("onboarding-website").fill("https://alex-seafood.example.com");
    expect(await submit.isDisabled()).toBe(false);

    const reloaded = page.waitForEvent("load", { timeout: 20_000 });
    await submit.click();
    await page.getByTestId("onboarding-done").waitFor({ state: "visible" });
    await reloaded;
    await new Shell(page).waitForLayout("merchant");
    await page.getByTestId("home-screen").first().waitFor({ state: "visible", timeout: 30_000 });
    expect(await page.getByTestId("onboarding-modal").count()).toBe(0);
    await page.context().close();

    const again = await signedIn("en");
    await again.page.waitForURL((url) => url.pathname === portalPath("en", "home"));
    await again.page.getByTestId("home-screen").first().waitFor({ state: "visible", timeout: 30_000 });
    expect(await again.page.getByTestId("onboarding-modal").count()).toBe(0);
    await again.page.context().close();
  });
});
