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
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * The bank's back-office (docs/backoffice.md), in English and Arabic: bank.egypt lands on the merchants summary,
 * reviews a merchant's application (its documents, a comment, documents received, approve), rejects another with
 * a listed reason and flags a third suspicious. Each language works on its own demo merchants (demo/backoffice.ts),
 * so the two runs and other journeys never meet; bank.egypt's account itself is unchanged.
 */

const MERCHANTS = {
  en: { review: "Nile Textiles", reject: "Sinai Tours", flag: "Red Sea Diving" },
  ar: { review: "Delta Olive Oil", reject: "Luxor Books", flag: "Fayoum Pottery" },
} as const;

const TEXT = {
  en: {
    title: "Merchants",
    noComments: "No comments to show yet!",
    done: "Your request completed successfully.",
    approved: "Approved",
    rejected: "Rejected",
    suspicious: "Suspicious",
    rejectReason: "Expired NID",
    suspicionReason: "Missing URL",
  },
  ar: {
    title: "التجار",
    noComments: "لا توجد تعليقات لعرضها بعد!",
    done: "تم تنفيذ طلبك بنجاح.",
    approved: "مقبول",
    rejected: "مرفوض",
    suspicious: "مشتبه به",
    rejectReason: "الرقم القومي منتهي الصلاحية",
    suspicionReason: "الرابط مفقود",
  },
} as const;

interface Listed {
  results: { id: number; company_name: string }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The id of a demo merchant of the bank, by its name (the list API, with the page's session). */
async function merchantId(page: Page, name: string): Promise<number> {
  const response = await page
    .context()
    .request.get(new URL("/api/bank/merchants?page_size=100", page.url()).href);
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as Listed).results.find((m) => m.company_name === name);
  if (!found) throw new Error(`demo merchant ${name} is missing`);
  return found.id;
}

async function openDetails(page: Page, lang: Lang, id: number): Promise<void> {
  await page.goto(portalPath(lang, `merchants/${id}`));
  await page.getByTestId("merchant-details").waitFor();
}

/** Opens an action dialog (a click during a re-render of the page may be lost on a loaded machine: try again). */
async function openDialog(page: Page, openId: string, submitId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (await page.getByTestId(submitId).isVisible()) return;
    await page
      .getByTestId(openId)
      .click({ timeout: 8_000 })
      .catch(() => undefined);
    try {
      await page.getByTestId(submitId).waitFor({ timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

/** Picks an option of a Mantine select by its visible label. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

describe.each(["en", "ar"] as const)("back-office merchants (%s)", (lang: Lang) => {
  const names = MERCHANTS[lang];
  const text = TEXT[lang];

  it("lands on the merchants summary with the totals header and the bank's merchants", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    await page.goto(portalPath(lang, "merchants"));
    await page.getByTestId("merchants-page").waitFor();
    await expectLanguage(page, lang);
    await expect.poll(() => page.locator("h1").first().textContent(), POLL).toBe(text.title);
    await expect
      .poll(() => page.getByTestId("merchants-table").getAttribute("aria-busy"), { timeout: 30_000 })
      .toBe("false");
    expect(await page.getByTestId("merchant-link").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("total-TOTAL").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // The status filter narrows the list to rejected merchants only.
    await page.goto(portalPath(lang, "merchants?status=rejected"));
    await expect
      .poll(() => page.getByTestId("merchants-table").getAttribute("aria-busy"), { timeout: 30_000 })
      .toBe("false");
    const statuses = await page
      .getByTestId("merchants-table")
      .getByTestId("merchant-status")
      .allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    for (const s of statuses) expect(s.trim()).toBe(text.rejected);
    await expectAccessible(page, `merchants summary (${lang})`);
    await context.close();
  });

  it("the merchant admin page: totals and the stage filter; bank staff without the right get the no-permission page", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    await page.goto(portalPath(lang, "merchant-admin?stage=pending_verification"));
    await page.getByTestId("merchant-admin-page").waitFor();
    await expect.poll(() => page.getByTestId("admin-total-merchants").count(), POLL).toBe(1);
    expect(
      Number(await page.getByTestId("admin-total-merchants").getAttribute("data-value")),
    ).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId("merchant-admin-table").getAttribute("aria-busy"), { timeout: 30_000 })
      .toBe("false");
    expect(await page.getByTestId("merchant-admin-table-row").count()).toBeGreaterThan(0);
    await expectAccessible(page, `merchant admin page (${lang})`);
    await context.close();

    const staffContext = await openContext(browser);
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, lang, "bankstaff.egypt", "bank", demoAccount("bankstaff.egypt").password);
    await staffPage.goto(portalPath(lang, "merchant-admin"));
    await staffPage.getByTestId("no-permission").waitFor();
    await staffContext.close();
  });

  it("reviews an application: documents, a comment, documents received, approve", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    const id = await merchantId(page, names.review);
    await openDetails(page, lang, id);
    await expectLanguage(page, lang);
    expect(await page.getByTestId("merchant-details").getAttribute("data-status")).toBe("pending");

    // The application's documents: each viewable with its true type.
    const docs = page.getByTestId("merchant-document");
    expect(await docs.count()).toBe(6);
    const href = await page.getByTestId("merchant-document-view").first().getAttribute("href");
    const file = await context.request.get(new URL(href!, page.url()).href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await file.body()).subarray(1, 4).toString()).toBe("PNG");

    // A comment, where there was none.
    expect(await page.getByTestId("merchant-comments-empty").textContent()).toBe(text.noComments);
    await page.getByTestId("merchant-comment-input").fill(`Checked the contract (${lang})`);
    await page.getByTestId("merchant-comment-submit").click();
    await expect.poll(() => page.getByTestId("merchant-comment").count(), POLL).toBe(1);
    expect(await page.getByTestId("merchant-comment").textContent()).toContain(
      `Checked the contract (${lang})`,
    );

    // Documents received, after a confirmation.
    await page.getByTestId("merchant-docs-received").click();
    await page.getByTestId("merchant-docs-confirm-confirm").click();
    await expectToast(page, "success", text.done);
    await page.getByTestId("merchant-docs-not-received").waitFor();

    // Approve with a reason: the merchant is approved and live, and the approval is recorded.
    await openDialog(page, "merchant-approve-open", "merchant-approve-submit");
    await expectAccessible(page, `approve dialog (${lang})`);
    await page.getByTestId("merchant-approve-reason").fill("Contract and national ID verified");
    await page.getByTestId("merchant-approve-submit").click();
    await expect
      .poll(() => page.getByTestId("merchant-details").getAttribute("data-status"), POLL)
      .toBe("approved");
    expect((await page.getByTestId("merchant-status").first().textContent())?.trim()).toBe(text.approved);
    const approvals = page.getByTestId("merchant-approvals");
    await expect.poll(() => approvals.locator('[data-action="approved"]').count(), POLL).toBe(1);
    expect(await approvals.locator('[data-action="approved"]').textContent()).toContain("bank.egypt");
    await expect.poll(() => approvals.locator('[data-action="docs_received"]').count(), POLL).toBe(1);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectAccessible(page, `merchant details (${lang})`);
    await context.close();
  });

  it("rejects a merchant with a listed reason", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    await openDetails(page, lang, await merchantId(page, names.reject));
    await openDialog(page, "merchant-reject-open", "merchant-reject-submit");
    // No reason: the dialog says so and nothing is sent.
    await page.getByTestId("merchant-reject-submit").click();
    await page.getByTestId("merchant-reject-error").waitFor();
    await choose(page, "merchant-reject-reason", text.rejectReason);
    await page.getByTestId("merchant-reject-submit").click();
    await expect
      .poll(() => page.getByTestId("merchant-details").getAttribute("data-status"), POLL)
      .toBe("rejected");
    expect(await page.getByTestId("field-rejection_reason").textContent()).toBe(text.rejectReason);
    // Rejected: reject is no longer offered.
    expect(await page.getByTestId("merchant-reject-open").count()).toBe(0);
    await context.close();
  });

  it("flags a merchant suspicious with a reason from the suspicion list", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    await openDetails(page, lang, await merchantId(page, names.flag));
    await openDialog(page, "merchant-suspicious-open", "merchant-suspicious-dialog-submit");
    await choose(page, "merchant-suspicion-reason", text.suspicionReason);
    await page.getByTestId("merchant-suspicious-dialog-submit").click();
    await page.getByTestId("merchant-not-suspicious").waitFor();
    expect((await page.getByTestId("merchant-suspicious").first().textContent())?.trim()).toBe(
      text.suspicious,
    );
    expect(await page.getByTestId("field-suspicion_reason").textContent()).toBe(text.suspicionReason);
    // The dialog's closing transition is over before the scan (a fading dialog has no contrast to speak of).
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectAccessible(page, `suspicious merchant (${lang})`);
    await context.close();
  });
});
