import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  expectLanguage,
  expectToast,
  type Lang,
  openContext,
  POLL,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * Branches, terminals and the terminal API (issue 14 items 1 and 2, docs/pos-risk.md) in English and Arabic with
 * the axe scan: merchant.egypt (Nile Electronics, live) adds a branch (every field required first), sees its
 * details card, adds a terminal to it and copies the live key shown once; the terminal then takes a card-present
 * payment through POST /api/terminal/payments, which appears in transactions with origin and channel POS, and in
 * the terminal's own figures. merchant.uae has no terminal and sees "You haven't set up a POS".
 */

const TEXT = {
  en: {
    required: "This field is required.",
    added: "Add Branches Successfully",
    edited: "Edit Branchs Successfully",
    terminalAdded: "Terminal added successfully.",
    noPos: "You haven't set up a POS",
    channel: "Point of sale (POS)",
    origin: "POS",
    city: "Cairo",
    address: "5 Journey Street, Zamalek",
  },
  ar: {
    required: "هذا الحقل مطلوب.",
    added: "تمت إضافة الفروع بنجاح",
    edited: "تم تعديل الفروع بنجاح",
    terminalAdded: "تمت إضافة الجهاز بنجاح.",
    noPos: "لم تقم بإعداد نقطة بيع بعد",
    channel: "نقاط البيع",
    origin: "نقاط البيع",
    city: "الإسكندرية",
    address: "٥ شارع الرحلة، سموحة",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["en", "ar"] as const)("branches and terminals (%s)", (lang: Lang) => {
  it("adds a branch and a terminal, and a POS payment appears in transactions", {
    timeout: 300_000,
  }, async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const suffix = `${lang.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    const branchName = lang === "en" ? `Journey Branch ${suffix}` : `فرع الرحلة ${suffix}`;
    const branchId = `J-${suffix}`;

    await signIn(page, lang, "merchant.egypt", "merchant");
    await page.goto(portalPath(lang, "branches"));
    await page.getByTestId("branches-page").waitFor();
    await expectLanguage(page, lang);
    const branchRows = page.getByTestId("branches-table").getByTestId("branch-select");
    await expect.poll(() => branchRows.count(), POLL).toBeGreaterThan(0);
    await expectAccessible(page, `branches (${lang})`);

    // Add: every field required, then saved.
    await page.getByTestId("branch-add").click();
    const dialog = page.getByTestId("branch-dialog");
    await page.getByTestId("branch-submit").click();
    await expect.poll(() => dialog.getByText(TEXT[lang].required).count(), POLL).toBe(4);
    await expectAccessible(page, `branch dialog errors (${lang})`);
    await page.getByTestId("branch-branch_name").fill(branchName);
    await page.getByTestId("branch-branch_id").fill(branchId);
    await page.getByTestId("branch-city").fill(TEXT[lang].city);
    await page.getByTestId("branch-address").fill(TEXT[lang].address);
    await page.getByTestId("branch-submit").click();
    await expectToast(page, "success", TEXT[lang].added);
    await page.getByTestId("branch-branch_name").waitFor({ state: "detached" });

    // Its details card, then an edit.
    const mine = page.getByTestId("branches-table").locator("tr", { hasText: branchId });
    await mine.getByTestId("branch-select").click();
    const card = page.getByTestId("branch-details");
    await card.waitFor();
    expect(await card.textContent()).toContain(TEXT[lang].address);
    await expectAccessible(page, `branch details (${lang})`);
    await mine.getByTestId("branch-edit").click();
    await page.getByTestId("branch-address").fill(`${TEXT[lang].address} 2`);
    await page.getByTestId("branch-submit").click();
    await expectToast(page, "success", TEXT[lang].edited);
    await expect.poll(() => card.textContent(), POLL).toContain(`${TEXT[lang].address} 2`);

    // A terminal in the new branch; its keys are shown once.
    await page.goto(portalPath(lang, "terminals"));
    await page.getByTestId("terminals-table").waitFor();
    await expectAccessible(page, `terminals (${lang})`);
    await page.getByTestId("terminal-add").click();
    await page.getByTestId("terminal-branch").click();
    await page.getByRole("option", { name: new RegExp(branchId) }).click();
    await page.getByTestId("terminal-submit").click();
    await expectToast(page, "success", TEXT[lang].terminalAdded);
    // The modal's root is not itself visible (Mantine): wait for what it shows.
    await page.getByTestId("terminal-key-live").waitFor();
    const liveKey = ((await page.getByTestId("terminal-key-live").textContent()) ?? "").trim();
    expect(liveKey).toMatch(/^egy_tk_live_[0-9a-f]{64}$/);
    await expectAccessible(page, `terminal keys (${lang})`);
    await page.getByTestId("terminal-keys-done").click();
    await page.getByTestId("terminal-key-live").waitFor({ state: "detached" });
    const row = page.getByTestId("terminals-table").locator("tr", { hasText: branchId });
    await expect.poll(() => row.count(), POLL).toBe(1);
    const terminalCode = ((await row.getByTestId("terminal-open").textContent()) ?? "").trim();

    // The terminal takes a card-present payment with its own key.
    const amount = 4321 + (lang === "ar" ? 1 : 0);
    const res = await fetch(new URL("/api/terminal/payments", inject("baseUrl")), {
      method: "POST",
      headers: { authorization: `Terminal ${liveKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        amount_cents: amount,
        card: { pan: "5123456789012346", expiry_month: 12, expiry_year: 2039 },
        entry_mode: "contactless",
      }),
    });
    expect(res.status).toBe(200);
    const payment = (await res.json()) as {
      id: number;
      status: string;
      channel: string;
      terminal_id: string;
    };
    expect(payment).toMatchObject({ status: "success", channel: "POS", terminal_id: terminalCode });

    // In transactions: origin POS in the list's filter, channel POS in the details.
    await page.goto(`${portalPath(lang, "transactions")}?origin=POS`);
    const txRow = page.locator(`[data-testid="tx-table-row"][data-row-id="${payment.id}"]`);
    await expect.poll(() => txRow.count(), POLL).toBe(1);
    await expectAccessible(page, `transactions of origin POS (${lang})`);
    await page.goto(portalPath(lang, `transactions/${payment.id}`));
    await page.getByTestId("tx-details").waitFor();
    await expect
      .poll(() => page.getByTestId("field-channel").first().textContent(), POLL)
      .toBe(TEXT[lang].channel);
    expect(await page.getByTestId("field-origin").first().textContent()).toBe(TEXT[lang].origin);

    // The terminal's own figures count it.
    await page.goto(portalPath(lang, "terminals"));
    await row.getByTestId("terminal-open").click();
    await page.getByTestId("terminal-details").waitFor();
    await expect.poll(() => page.getByTestId("field-transactions").textContent(), POLL).toMatch(/^[1١]$/);
    await expectAccessible(page, `terminal details (${lang})`);
    await context.close();
  });

  it("tells a merchant without terminals that it has no POS", { timeout: 180_000 }, async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.uae", "merchant");
    await page.goto(portalPath(lang, "terminals"));
    const empty = page.getByTestId("terminals-no-pos");
    await empty.waitFor();
    expect(await empty.textContent()).toContain(TEXT[lang].noPos);
    await page.getByTestId("terminals-home").waitFor();
    await expectAccessible(page, `no POS (${lang})`);
    await context.close();
  });
});
