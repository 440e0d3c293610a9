import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import { demoAccount, openContext, POLL, portalPath, signIn } from "../support/pages.ts";

/**
 * The first-use audit found the Arabic screens showing raw codes and English (issue 10, item 10): VPC, CASH,
 * VALU, Ecommerce, debit, Approved, TRANSACTION, "(Callback)", Github. In Arabic, the transactions list, a card
 * payment's details (every section open) and the integrations screen (list and an integration's details) show
 * none of them. Read only: merchant.egypt changes nothing.
 */

const RAW = ["VPC", "CASH", "VALU", "Ecommerce", "debit", "Approved", "TRANSACTION", "(Callback)", "Github"];
/** Codes the second review still found in Arabic (origins, the bank's totals header): also never shown. */
RAW.push("IFRAME", "PRODUCT", "INVOICE", "OTHER", "UIG", "CAGG", "MPAY");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The raw strings the page's visible text still holds (case-sensitive, whole words). */
async function rawStrings(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: what a person sees, rendered, not hidden nodes
  const text = await page.locator("main").innerText();
  return RAW.filter((raw) => {
    const escaped = raw.replace(/[()]/g, "\\$&");
    return new RegExp(raw.startsWith("(") ? escaped : `\\b${escaped}\\b`).test(text);
  });
}

interface Details {
  transaction: { id: number; type: string; card_type: string | null; channel: string };
  error: { message: string | null };
}

/** A successful debit-card payment (VPC, Ecommerce, "Approved") of the signed-in merchant, from the API. */
async function debitCardPayment(page: Page): Promise<number> {
  for (let p = 1; p <= 5; p++) {
    const res = await page.request.get(
      `/api/transactions?type=VPC&status=success&is_live=true&page=${p}&page_size=50`,
    );
    expect(res.status()).toBe(200);
    const list = (await res.json()) as { results: { id: number; trnx_type: string }[] };
    for (const item of list.results.filter((i) => i.trnx_type === "standalone")) {
      const d = (await (await page.request.get(`/api/transactions/${item.id}`)).json()) as Details;
      if (d.transaction.card_type === "debit" && d.transaction.channel === "Ecommerce") return item.id;
    }
  }
  throw new Error("no live debit-card payment of merchant.egypt in the demo data");
}

describe("Arabic screens show words, not raw codes", () => {
  it("transactions list, a card payment's details and the integrations screen", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, "ar", "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);

    await page.goto(portalPath("ar", "transactions"));
    await expect
      .poll(() => page.getByTestId("tx-table").getAttribute("aria-busy"), { timeout: 30_000 })
      .toBe("false");
    await expect.poll(() => page.getByTestId("tx-link").count(), POLL).toBeGreaterThan(0);
    expect(await rawStrings(page), "transactions list").toEqual([]);

    const id = await debitCardPayment(page);
    await page.goto(portalPath("ar", `transactions/${id}`));
    await page.getByTestId("section-transaction").waitFor(POLL);
    // Open every section that is closed, so their contents are on screen too.
    const closed = page.locator('[data-testid^="section-"] button[aria-expanded="false"]');
    for (let left = await closed.count(); left > 0; left = await closed.count()) {
      await closed.first().click();
      await expect.poll(() => closed.count(), POLL).toBeLessThan(left);
    }
    // biome-ignore lint/performance/useDomNodeTextContent: what a person sees, rendered, not hidden nodes
    const text = await page.locator("main").innerText();
    // The fields that held the raw codes are there, in words.
    expect(text).toContain("خصم مباشر");
    expect(text).toContain("التجارة الإلكترونية");
    expect(text).toContain("تمت الموافقة");
    expect(await rawStrings(page), `transaction ${id}`).toEqual([]);
    await expectAccessible(page, "transaction details, every section open (ar)");

    await page.goto(portalPath("ar", "payment-integrations"));
    await page.getByTestId("integrations-page").waitFor(POLL);
    await expect
      .poll(() => page.getByTestId("integrations-table").getAttribute("aria-busy"), POLL)
      .toBe("false");
    await expect.poll(() => page.getByTestId("integration-open").count(), POLL).toBeGreaterThan(0);
    expect(await rawStrings(page), "integrations list").toEqual([]);
    const cardRow = page.getByTestId("integrations-table-row").filter({ hasText: "Online Card" }).first();
    await cardRow.getByTestId("integration-open").click();
    const details = page.getByTestId("integration-details");
    await details.getByTestId("field-gateway").waitFor(POLL);
    expect(await details.getByTestId("field-gateway").textContent()).toBe("بطاقة");
    // biome-ignore lint/performance/useDomNodeTextContent: what a person sees, rendered, not hidden nodes
    const modalText = await details.innerText();
    expect(RAW.filter((raw) => new RegExp(`\\b${raw.replace(/[()]/g, "\\$&")}`).test(modalText))).toEqual([]);
    await context.close();
  });
});
