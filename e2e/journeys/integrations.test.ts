import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";

/** Payment integrations and API keys (issue 3) against the real server and its demo data, in English and Arabic. */
interface Credentials {
  accounts: { username: string; password: string }[];
}

function passwordOf(username: string): string {
  const file = path.join(inject("dataDir"), "demo-credentials.json");
  const credentials = JSON.parse(fs.readFileSync(file, "utf8")) as Credentials;
  const account = credentials.accounts.find((a) => a.username === username);
  if (!account) throw new Error(`${username} is not in demo-credentials.json`);
  return account.password;
}

const POLL = { timeout: 30_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in with test data chosen (test integrations may always be added, live ones only by live merchants). */
async function signIn(username: string, lang: "en" | "ar"): Promise<Page> {
  const baseUrl = inject("baseUrl");
  const context = await newContext(browser, baseUrl);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseUrl).origin });
  await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill(passwordOf(username));
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/, POLL);
  return page;
}

async function expectToast(page: Page, kind: "success" | "error", text: string): Promise<void> {
  await expect
    .poll(() => page.getByTestId(`toast-${kind}`).allTextContents(), POLL)
    .toEqual(expect.arrayContaining([text]));
}

/**
 * Toasts close after 4 seconds; the shared toast's close button has no accessible name yet (app/Toasts.tsx), so
 * the accessibility checks run once the toasts of this journey's own actions are gone.
 */
async function toastsGone(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-testid^="toast-"]').count(), POLL).toBe(0);
}

/** Mantine's select opens with an animation: retry the click until the option shows. */
async function chooseOption(page: Page, testId: string, name: string): Promise<void> {
  const option = page.getByRole("option", { name, exact: true });
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByTestId(testId).click();
    try {
      await option.waitFor({ state: "visible", timeout: 3000 });
      await option.click();
      return;
    } catch {
      await page.keyboard.press("Escape");
    }
  }
  throw new Error(`the option ${name} of ${testId} never showed`);
}

async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId("integrations-table").getAttribute("aria-busy"), POLL)
    .toBe("false");
}

const TEXTS = {
  en: {
    added: "Integration added to your profile.",
    edited: "process completed successfully.",
    copied: "Copied",
    title: "Payment Integrations",
  },
  ar: {
    added: "تمت إضافة التكامل إلى ملفك الشخصي.",
    edited: "تمت العملية بنجاح.",
    copied: "تم النسخ",
    title: "عمليات تكامل الدفع",
  },
} as const;

describe.each(["en", "ar"] as const)("payment integrations and API keys (%s)", (lang) => {
  it("adds an integration, sees it in the list, edits its callback url, copies a key", async () => {
    const texts = TEXTS[lang];
    const page = await signIn("merchant.egypt", lang);
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");

    await page.getByTestId("nav-paymentIntegrations").click();
    await page.waitForURL(/\/payment-integrations$/, POLL);
    await page.getByTestId("integrations-page").waitFor(POLL);
    await settled(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), POLL).toBe(texts.title);
    await expectAccessible(page, `integrations list (${lang})`);

    const name = `Journey ${lang} ${Date.now()}`;
    await page.getByTestId("integration-add").click();
    // Mantine's modal root has no box of its own: wait for its first field.
    await page.getByTestId("integration-name").waitFor(POLL);
    await page.getByTestId("integration-name").fill(name);
    await page.getByTestId("integration-processed-url").fill("https://merchant.example/processed");
    await expectAccessible(page, `add integration (${lang})`);
    await page.getByTestId("integration-add-submit").click();
    await expectToast(page, "success", texts.added);
    await page.getByTestId("integration-add-modal").waitFor({ state: "detached", ...POLL });

    const row = page.getByTestId("integrations-table-row").filter({ hasText: name });
    await row.waitFor(POLL);
    await row.getByTestId("integration-open").click();
    const details = page.getByTestId("integration-details");
    await details.getByTestId("field-processed_callback_url").waitFor(POLL);
    expect(await details.getByTestId("field-processed_callback_url").textContent()).toBe(
      "https://merchant.example/processed",
    );
    await toastsGone(page);
    await expectAccessible(page, `integration details (${lang})`);

    await details.getByTestId("integration-edit-callbacks").click();
    await details.getByTestId("integration-edit-processed-url").fill("https://merchant.example/edited");
    await details.getByTestId("integration-callbacks-save").click();
    await expectToast(page, "success", texts.edited);
    await expect
      .poll(() => details.getByTestId("field-processed_callback_url").textContent(), POLL)
      .toBe("https://merchant.example/edited");
    // The auto callback retrial switch asks for confirmation first.
    const retrial = details.getByTestId("integration-retrial");
    expect(await retrial.getAttribute("data-enabled")).toBe("false");
    await retrial.click({ force: true });
    await page.getByTestId("integration-retrial-confirm").click();
    await expect.poll(() => retrial.getAttribute("data-enabled"), POLL).toBe("true");
    await page.getByTestId("integration-retrial-confirm").waitFor({ state: "detached", ...POLL });
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached", ...POLL });

    // 'Show N entries' is kept in the URL: a reload keeps the page size.
    await chooseOption(page, "integrations-table-page-size", "25");
    await expect.poll(() => new URL(page.url()).searchParams.get("page_size"), POLL).toBe("25");
    await settled(page);
    await page.reload();
    await page.getByTestId("integrations-page").waitFor(POLL);
    await settled(page);
    expect(new URL(page.url()).searchParams.get("page_size")).toBe("25");
    expect(await page.getByTestId("integrations-table-page-size").inputValue()).toBe("25");

    await page.getByTestId("nav-apiKeys").click();
    await page.waitForURL(/\/api-keys$/, POLL);
    const value = page.getByTestId("key-public-test-value");
    await value.waitFor(POLL);
    await toastsGone(page);
    await expectAccessible(page, `API keys (${lang})`);
    const shown = (await value.textContent()) ?? "";
    expect(shown).toMatch(/^egy_pk_test_/);
    await page.getByTestId("key-public-test-copy").click();
    await expectToast(page, "success", texts.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await page.context().close();
  });
});
