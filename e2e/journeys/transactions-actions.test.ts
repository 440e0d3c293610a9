import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
import { type DemoMerchant, paymentToken, TEST_CARD, testIntegration } from "./checkout-helpers.ts";

/**
 * Voiding a transaction in the dashboard (merchant-dashboard.md sections 2 and 8), in English and Arabic.
 * A void needs a successful card payment of the same calendar day in the merchant's time zone, with nothing
 * refunded (packages/domain voids.ts); the demo data's card payments are older, so each journey first pays the
 * way a customer does (public API: auth token, order, payment key; then the sandbox card through the checkout
 * JSON API), then the merchant voids it. Account: merchant.egypt2 (Delta Pharmacy), which no other journey changes.
 */

const USERNAME = "merchant.egypt2";
const COMPANY = "Delta Pharmacy";
/** The published sandbox Mastercard: approved without a 3-D Secure challenge (docs/payments.md). */
const APPROVED_PAN = "5123456789012346";

const TEXT = {
  en: { success: "Transaction void successfully", yes: "Yes", no: "No" },
  ar: { success: "تم إلغاء المعاملة بنجاح", yes: "نعم", no: "لا" },
} as const;

let browser: Browser;
const baseUrl = inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Delta Pharmacy's keys and integrations from DATA_DIR/demo-credentials.json. */
function deltaPharmacy(): DemoMerchant {
  const file = path.join(inject("dataDir"), "demo-credentials.json");
  const { merchants } = JSON.parse(fs.readFileSync(file, "utf8")) as { merchants: DemoMerchant[] };
  const merchant = merchants.find((m) => m.company_name === COMPANY);
  if (!merchant) throw new Error(`${COMPANY} is not in demo-credentials.json`);
  return merchant;
}

/** A new successful card payment of today (test mode), paid with the sandbox card; its transaction id. */
async function payToday(): Promise<number> {
  const merchant = deltaPharmacy();
  const token = await paymentToken(baseUrl, merchant, testIntegration(merchant, "VPC"));
  const [month, year] = TEST_CARD.expiry.split("/");
  const response = await fetch(`${baseUrl}/api/checkout/card`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      payment_token: token,
      card_holder: TEST_CARD.holder,
      pan: APPROVED_PAN,
      expiry_month: month,
      expiry_year: year,
      cvv: TEST_CARD.cvv,
    }),
  });
  const answer = (await response.json()) as {
    state: string;
    transaction?: { id: number; success: boolean; pending: boolean };
  };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  expect(answer).toMatchObject({ state: "done", transaction: { success: true, pending: false } });
  return answer.transaction!.id;
}

interface Details {
  transaction: { id: number; is_voided: boolean; is_live: boolean; status: string };
  actions: { can_void: boolean; can_refund: boolean };
}

async function details(page: Page, id: number): Promise<Details> {
  const response = await page.request.get(`/api/transactions/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Details;
}

describe.each(["en", "ar"] as const)("void a same-day card payment (%s)", (lang: Lang) => {
  it("the merchant voids it from the details page; the spec's message, voided, no second void", async () => {
    const id = await payToday();
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, lang, USERNAME, "partner", demoAccount(USERNAME).password);

    // The server agrees it may be voided now (same day, card, successful, nothing refunded).
    const before = await details(page, id);
    expect(before.transaction).toMatchObject({ id, is_voided: false, is_live: false, status: "success" });
    expect(before.actions.can_void).toBe(true);

    await page.goto(portalPath(lang, `transactions/${id}`));
    await page.getByTestId("tx-details").waitFor();
    await expectLanguage(page, lang);
    expect(await page.getByTestId("tx-details").getAttribute("data-tx-id")).toBe(String(id));
    await expect.poll(() => page.getByTestId("field-is_voided").textContent(), POLL).toBe(TEXT[lang].no);
    const voidButton = page.getByTestId("action-void");
    expect(await voidButton.isEnabled()).toBe(true);
    await expectAccessible(page, `test-mode transaction details, partner layout (${lang})`);

    // The confirmation names the transaction; confirming voids it.
    await voidButton.click();
    const modal = page.getByTestId("void-modal");
    await expect.poll(() => modal.textContent(), POLL).toContain(String(id));
    // Scan once the opening transition is over (a half-faded modal has half the contrast).
    await expect
      .poll(() => modal.locator(".mantine-Modal-content").evaluate((e) => getComputedStyle(e).opacity), POLL)
      .toBe("1");
    await expectAccessible(page, `void confirmation (${lang})`);
    await page.getByTestId("void-modal-confirm").click();
    await page
      .getByTestId("toast-success")
      .filter({ hasText: TEXT[lang].success })
      .first()
      .waitFor({ state: "visible", timeout: 30_000 });
    expect(
      await page.getByTestId("toast-success").filter({ hasText: TEXT[lang].success }).first().textContent(),
    ).toBe(TEXT[lang].success);
    await modal.waitFor({ state: "hidden" });
    // The closing transition must be over before the scan (a fading modal has faded contrast).
    await expect.poll(() => page.locator(".mantine-Modal-content").count(), POLL).toBe(0);

    // The new state: voided on the page and on the server, and the Void (and Refund) action no longer offered.
    await expect.poll(() => page.getByTestId("field-is_voided").textContent(), POLL).toBe(TEXT[lang].yes);
    await expect.poll(() => voidButton.isDisabled(), POLL).toBe(true);
    expect(await page.getByTestId("action-refund").isDisabled()).toBe(true);
    const after = await details(page, id);
    expect(after.transaction.is_voided).toBe(true);
    expect(after.actions).toMatchObject({ can_void: false, can_refund: false });
    await expectAccessible(page, `voided transaction (${lang})`);

    // A reload shows the same: the void is stored, not a client-side state.
    await page.reload();
    await page.getByTestId("tx-details").waitFor();
    await expect.poll(() => page.getByTestId("field-is_voided").textContent(), POLL).toBe(TEXT[lang].yes);
    expect(await page.getByTestId("action-void").isDisabled()).toBe(true);
    await context.close();
  });
});
