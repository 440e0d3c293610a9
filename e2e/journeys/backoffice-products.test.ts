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
 * Card and QR approvals and the partner's merchants (docs/backoffice.md), in English and Arabic: bank.egypt
 * approves a live merchant's QR payments after a confirmation and rejects its cards with a listed reason (each
 * language on its own demo merchant: Aswan Spices, Siwa Dates); the demo partner lands on its own merchants.
 */

const MERCHANT = { en: "Aswan Spices", ar: "Siwa Dates" } as const;
const TEXT = {
  en: {
    done: "Your request completed successfully.",
    approved: "Approved",
    rejected: "Rejected",
    reason: "Expired NID",
    title: "Merchants",
  },
  ar: {
    done: "تم تنفيذ طلبك بنجاح.",
    approved: "مقبول",
    rejected: "مرفوض",
    reason: "الرقم القومي منتهي الصلاحية",
    title: "التجار",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function merchantId(page: Page, name: string): Promise<number> {
  const response = await page
    .context()
    .request.get(new URL("/api/bank/merchants?page_size=100", page.url()).href);
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as { results: { id: number; company_name: string }[] }).results.find(
    (m) => m.company_name === name,
  );
  if (!found) throw new Error(`demo merchant ${name} is missing`);
  return found.id;
}

/** Clicks `openId` until `waitId` shows (a click during a re-render may be lost on a loaded machine). */
async function openUntil(page: Page, openId: string, waitId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (await page.getByTestId(waitId).isVisible()) return;
    await page
      .getByTestId(openId)
      .click({ timeout: 8_000 })
      .catch(() => undefined);
    try {
      await page.getByTestId(waitId).waitFor({ timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

describe.each(["en", "ar"] as const)("card and QR approvals, partner merchants (%s)", (lang: Lang) => {
  const text = TEXT[lang];

  it("approves QR payments after a confirmation and rejects cards with a listed reason", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    const id = await merchantId(page, MERCHANT[lang]);
    await page.goto(portalPath(lang, `merchants/${id}`));
    await page.getByTestId("merchant-details").waitFor();
    await expectLanguage(page, lang);
    const qr = page.getByTestId("merchant-qr-approval").first();
    const card = page.getByTestId("merchant-card-approval").first();
    await expect.poll(() => card.getAttribute("data-status"), POLL).toBe("approved");
    expect(await qr.getAttribute("data-status")).toBe("pending");

    await openUntil(page, "merchant-qr-approve-open", "merchant-qr-approve-confirm-confirm");
    await expectAccessible(page, `QR approval confirmation (${lang})`);
    await page.getByTestId("merchant-qr-approve-confirm-confirm").click();
    await expectToast(page, "success", text.done);
    await expect.poll(() => qr.getAttribute("data-status"), POLL).toBe("approved");
    expect((await qr.textContent())?.trim()).toBe(text.approved);
    expect(await page.getByTestId("merchant-qr-approve-open").count()).toBe(0);

    await openUntil(page, "merchant-card-reject-open", "merchant-card-reject-submit");
    // No reason: the dialog says so and nothing is sent.
    await page.getByTestId("merchant-card-reject-submit").click();
    await page.getByTestId("merchant-card-reject-error").waitFor();
    await page.getByTestId("merchant-card-reject-reason").click();
    await page.getByRole("option", { name: text.reason, exact: true }).click();
    await page.getByTestId("merchant-card-reject-submit").click();
    await expect.poll(() => card.getAttribute("data-status"), POLL).toBe("rejected");
    expect((await card.textContent())?.trim()).toBe(text.rejected);
    expect(await page.getByTestId("field-card_rejection_reason").textContent()).toBe(text.reason);
    const approvals = page.getByTestId("merchant-approvals");
    await expect.poll(() => approvals.locator('[data-action="card_rejected"]').count(), POLL).toBe(1);
    expect(await approvals.locator('[data-action="qr_approved"]').textContent()).toContain("bank.egypt");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectAccessible(page, `merchant details with card and QR approvals (${lang})`);

    // The summary shows both statuses.
    await page.goto(portalPath(lang, `merchants?id=${id}`));
    await expect
      .poll(() => page.getByTestId("merchants-table").getAttribute("aria-busy"), { timeout: 30_000 })
      .toBe("false");
    expect(await page.getByTestId("merchant-card-approval").first().getAttribute("data-status")).toBe(
      "rejected",
    );
    expect(await page.getByTestId("merchant-qr-approval").first().getAttribute("data-status")).toBe(
      "approved",
    );
    await context.close();
  });

  it("lands the partner on its own merchants", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, "partner", "partner", demoAccount("partner").password);
    await page.goto(portalPath(lang, "merchants"));
    await page.getByTestId("partner-merchants-page").waitFor();
    await expectLanguage(page, lang);
    await expect.poll(() => page.locator("h1").first().textContent(), POLL).toBe(text.title);
    await expect
      .poll(() => page.getByTestId("partner-merchants-table").getAttribute("aria-busy"), { timeout: 30_000 })
      .toBe("false");
    const rows = page.getByTestId("partner-merchants-table").locator("tbody tr");
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(0);
    // The partner's merchants only: none of the bank's own journey merchants.
    expect(await page.getByTestId("partner-merchants-table").textContent()).not.toContain(MERCHANT.en);
    await expectAccessible(page, `partner merchants (${lang})`);
    await context.close();
  });
});
