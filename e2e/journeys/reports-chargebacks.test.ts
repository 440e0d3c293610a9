import type { Browser, Download } from "playwright-core";
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
 * Reports and chargebacks (back-office.md "Reports" and "Chargebacks", docs/transfers.md) against the demo data, in
 * English and Arabic with the axe scan: merchant.egypt asks for a transactions report, sees it Pending, then
 * ready, downloads it and sees it downloaded; it opens an open chargeback, is refused a file that is not a PNG,
 * JPG or PDF (checked by content on the server), answers with a PDF and sees it under review; bank.egypt sees
 * its merchant's chargebacks.
 */

const TEXT = {
  en: {
    submitted: "Request Submitted",
    fileType: "Upload a PNG, JPG, JPEG or PDF file.",
    underReview: "Under Review",
    chargebacks: "Chargebacks",
  },
  ar: {
    submitted: "تم إرسال الطلب",
    fileType: "ارفع ملفًا بصيغة PNG أو JPG أو JPEG أو PDF.",
    underReview: "قيد المراجعة",
    chargebacks: "المبالغ المستردة بالاعتراض",
  },
} as const;

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["en", "ar"] as const)("reports and chargebacks (%s)", (lang: Lang) => {
  it("a report goes from Pending to downloaded", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    // The machine is shared by every journey and build: give actions time.
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);
    // Reached from the Reports screen's tab.
    await page.goto(portalPath(lang, "reports"));
    await page.getByTestId("report-tab-files").click();
    await page.getByTestId("report-files-page").waitFor();
    await expectLanguage(page, lang);
    const table = page.getByTestId("reports-table");
    // The demo's reports: ready ones with Download.
    await expect.poll(() => table.getByTestId("report-download").count(), POLL).toBeGreaterThan(0);
    await expectAccessible(page, `reports (${lang})`);

    // Transactions of this month up to today, successful only.
    await page.getByTestId("report-range").click();
    const days = page.locator(".mantine-DatePickerInput-day:not([data-outside]):not([disabled])");
    await days.first().click();
    await page.locator(".mantine-DatePickerInput-day[data-today]").first().click();
    await page.getByTestId("report-status").click();
    await page.getByRole("option").nth(1).click();
    const created = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/reports" && r.request().method() === "POST",
    );
    await page.getByTestId("report-submit").click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const report = (await answer.json()) as { id: number; state: string; status: string; type: string };
    expect(report).toMatchObject({ state: "pending", status: "trx_success", type: "transactions" });
    await expectToast(page, "success", TEXT[lang].submitted);

    // Pending until the job has written it, then Download.
    const row = table.locator(`[data-testid="reports-table-row"][data-row-id="${report.id}"]`);
    await row.waitFor();
    const states: string[] = [];
    await expect
      .poll(
        async () => {
          const state = (await row.getByTestId("report-download").count())
            ? "ready"
            : (await row.getByTestId("report-pending").count())
              ? "pending"
              : "other";
          if (states.at(-1) !== state) states.push(state);
          return state;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe("ready");
    // The table showed it Pending first (the server's answer above was Pending as well).
    expect(states[0]).toBe("pending");
    const download: Promise<Download> = page.waitForEvent("download");
    await row.getByTestId("report-download").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`transactions-${report.id}.xlsx`);
    await expect.poll(() => row.getByTestId("report-downloaded").count(), POLL).toBe(1);
    await expectAccessible(page, `report downloaded (${lang})`);
    await context.close();
  }, 240_000);

  it("a chargeback is answered with evidence", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    // The machine is shared by every journey and build: give actions time.
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "merchant.egypt", "merchant", demoAccount("merchant.egypt").password);
    await page.goto(portalPath(lang, "chargebacks"));
    await page.getByTestId("chargebacks-page").waitFor();
    await expectLanguage(page, lang);
    await expect.poll(() => page.locator("h1").textContent(), POLL).toBe(TEXT[lang].chargebacks);
    const table = page.getByTestId("chargebacks-table");
    await expect.poll(() => table.getByTestId("chargeback-open").count(), POLL).toBeGreaterThan(3);
    // The demo's chargebacks are in several states.
    const statuses = await table
      .getByTestId("chargeback-status")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-status")));
    expect(new Set(statuses).size).toBeGreaterThan(2);
    await expectAccessible(page, `chargebacks (${lang})`);

    // An open one.
    await page.goto(`${portalPath(lang, "chargebacks")}?status=open`);
    await expect
      .poll(() => table.getByTestId("chargeback-status").first().getAttribute("data-status"), POLL)
      .toBe("open");
    await table.getByTestId("chargeback-open").first().click();
    const details = page.getByTestId("chargeback-details");
    await details.waitFor();
    expect(await details.getAttribute("data-status")).toBe("open");
    for (const key of [
      "transaction_id",
      "order_id",
      "amount",
      "status",
      "chargeback_date",
      "vat_cents",
      "accept_fees_cents",
      "parent_transaction_id",
      "integration_id",
    ])
      expect(await page.getByTestId(`field-${key}`).count()).toBe(1);
    await page.getByTestId("answer-form").waitFor();
    await expectAccessible(page, `chargeback details (${lang})`);

    // A file named .png that is not one: the server reads its content and refuses it.
    const input = page.locator('[data-testid="answer-form"] input[type="file"]');
    await input.setInputFiles({
      name: "receipt.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image"),
    });
    await page.getByTestId("evidence-submit").click();
    const problem = page.getByTestId("answer-problem");
    await expect.poll(() => problem.getAttribute("data-problem"), POLL).toBe("fileType");
    expect((await problem.textContent())?.trim()).toBe(TEXT[lang].fileType);
    await expectAccessible(page, `evidence refused (${lang})`);

    await input.setInputFiles({ name: "delivery-receipt.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByTestId("evidence-note-input").fill("Delivered and signed for.");
    const sent = page.waitForResponse(
      (r) =>
        /\/api\/chargebacks\/\d+\/evidence$/.test(new URL(r.url()).pathname) &&
        r.request().method() === "POST",
    );
    await page.getByTestId("evidence-submit").click();
    expect((await sent).status()).toBe(200);
    await expect.poll(() => details.getAttribute("data-status"), { timeout: 60_000 }).toBe("under_review");
    expect((await page.getByTestId("field-status").textContent())?.trim()).toBe(TEXT[lang].underReview);
    await expect.poll(() => page.getByTestId("evidence-file").count(), POLL).toBe(1);
    expect(await page.getByTestId("answer-form").count()).toBe(0);
    await expectAccessible(page, `chargeback answered (${lang})`);
    await context.close();
  }, 240_000);

  it("a bank sees its merchants' chargebacks", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    // The machine is shared by every journey and build: give actions time.
    page.setDefaultTimeout(60_000);
    await signIn(page, lang, "bank.egypt", "bank", demoAccount("bank.egypt").password);
    await page.goto(portalPath(lang, "chargebacks"));
    await page.getByTestId("chargebacks-page").waitFor();
    await expect.poll(() => page.getByTestId("chargeback-open").count(), POLL).toBeGreaterThan(0);
    const href = await page.getByTestId("chargeback-open").first().getAttribute("href");
    await page.goto(href ?? "");
    await page.getByTestId("chargeback-details").waitFor();
    // The bank reads; only the merchant answers.
    expect(await page.getByTestId("answer-form").count()).toBe(0);
    await expectAccessible(page, `bank chargeback details (${lang})`);
    await context.close();
  }, 240_000);
});
