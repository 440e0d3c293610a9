import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { DEMO_PASSWORD, POLL } from "../support/pages.ts";
import { demoMerchant, testIntegration } from "./checkout-helpers.ts";

/**
 * Bulk invoices (issue 13 item 5), en and ar: merchant.egypt (test data) uploads a CSV with bad rows, sees every
 * bad cell marked with the reason in its language, fixes them in place, creates the invoices and finds the
 * upload in the history; a file over 500 rows is refused with the too-large message. Each run uses fresh
 * merchant invoice ids, so runs and languages do not collide.
 */

const COLUMNS = [
  "full_name",
  "phone_number",
  "email",
  "merchant_order_id",
  "order_name",
  "order_description",
  "amount",
  "currency",
  "integration_id",
  "delivery_needed",
  "expiry_date",
  "expiry_hour",
  "send_email",
  "send_sms",
] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

let browser: Browser;
let integrationId: number;
const baseUrl = inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
  integrationId = testIntegration(demoMerchant(inject("dataDir")), "VPC");
});
afterAll(async () => {
  await browser?.close();
});

function row(o: Partial<Row>): Row {
  return {
    full_name: "Hana Samir",
    phone_number: "01005550000",
    email: "hana@example.com",
    merchant_order_id: "",
    order_name: "Office chairs",
    order_description: "Two chairs",
    amount: "250.75",
    currency: "EGP",
    integration_id: String(integrationId),
    delivery_needed: "no",
    expiry_date: "",
    expiry_hour: "",
    send_email: "no",
    send_sms: "no",
    ...o,
  };
}

function csv(rows: Row[]): Buffer {
  return Buffer.from(
    [COLUMNS.join(","), ...rows.map((r) => COLUMNS.map((c) => r[c]).join(","))].join("\r\n"),
  );
}

async function openScreen(lang: "en" | "ar"): Promise<Page> {
  const context = await newContext(browser, baseUrl);
  await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill("merchant.egypt");
  await page.getByTestId("login-password").fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/, POLL);
  // Through the header's Create menu, as a merchant gets there.
  await page.getByTestId("create-menu").click();
  await page.getByTestId("create-bulkInvoices").click();
  await page.getByTestId("bulk-invoices-page").waitFor();
  return page;
}

async function upload(page: Page, name: string, content: Buffer): Promise<void> {
  await page.getByTestId("bulk-file-input").setInputFiles({ name, mimeType: "text/csv", buffer: content });
}

const TEXTS = {
  en: {
    email: "Please enter valid email.",
    amount: "Please enter valid Amount.",
    phone: "Please enter valid phone number.",
    yesNo: "Enter yes or no.",
    tooLarge: "more than 500 invoice rows",
  },
  ar: {
    email: "يرجى إدخال بريد إلكتروني صحيح.",
    amount: "يرجى إدخال مبلغ صحيح.",
    phone: "يرجى إدخال رقم هاتف صحيح.",
    yesNo: "أدخل نعم أو لا.",
    tooLarge: "أكثر من 500 صف",
  },
};

describe("bulk invoices", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`uploads a file with bad rows, shows the marks, fixes them and creates the invoices (${lang})`, async () => {
      const page = await openScreen(lang);
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      await expectAccessible(page, `bulk invoices (${lang})`);

      // Too large: refused before any preview.
      await upload(page, "too-many.csv", csv(Array.from({ length: 501 }, () => row({}))));
      await expect
        .poll(() => page.getByTestId("bulk-upload-error").textContent(), POLL)
        .toContain(TEXTS[lang].tooLarge);
      expect(await page.getByTestId("bulk-preview").count()).toBe(0);

      const run = `${lang.toUpperCase()}${Date.now().toString(36)}`;
      await upload(
        page,
        `invoices-${run}.csv`,
        csv([
          row({ merchant_order_id: `${run}-1`, send_email: "yes" }),
          row({ merchant_order_id: `${run}-2`, email: "nope" }),
          row({ merchant_order_id: `${run}-3`, amount: "-5", phone_number: "12" }),
          row({ merchant_order_id: `${run}-4`, send_sms: "maybe" }),
        ]),
      );
      const preview = page.getByTestId("bulk-preview");
      await preview.waitFor(POLL);
      expect(new URL(page.url()).searchParams.get("upload")).toMatch(/^\d+$/);
      const cell = (line: number, column: string) => page.getByTestId(`bulk-cell-${line}-${column}`);
      expect(await cell(3, "email").getAttribute("data-problem")).toBe("invalid_email");
      expect(await cell(3, "email").textContent()).toContain(TEXTS[lang].email);
      expect(await cell(4, "amount").textContent()).toContain(TEXTS[lang].amount);
      expect(await cell(4, "phone_number").textContent()).toContain(TEXTS[lang].phone);
      expect(await cell(5, "send_sms").textContent()).toContain(TEXTS[lang].yesNo);
      expect(await page.getByTestId("bulk-count-invalid").textContent()).toContain("3");
      await expectAccessible(page, `bulk preview with marks (${lang})`);

      // Fix the three bad rows in place.
      const fix = async (line: number, values: Record<string, string>) => {
        await page.getByTestId(`bulk-fix-${line}`).click();
        const save = page.getByTestId("bulk-fix-save");
        await save.waitFor(POLL);
        for (const [column, value] of Object.entries(values))
          await page.getByTestId(`bulk-fix-${column}`).fill(value);
        if (line === 3) await expectAccessible(page, `bulk fix row (${lang})`);
        await save.click();
        await save.waitFor({ state: "detached", ...POLL });
      };
      await fix(3, { email: "sara@example.com" });
      await fix(4, { amount: "99.50", phone_number: "01005550001" });
      await fix(5, { send_sms: "yes" });
      await expect.poll(() => page.getByTestId("bulk-count-invalid").textContent(), POLL).toContain("0");

      await page.getByTestId("bulk-submit").click();
      await page.getByTestId("bulk-submit-confirm-confirm").click();
      const result = page.getByTestId("bulk-result");
      await result.waitFor(POLL);
      expect(await result.textContent()).toContain("4");
      expect(await preview.getAttribute("data-status")).toBe("submitted");
      // The sending job sends the e-mail and the SMS the rows asked for.
      await expect.poll(() => page.getByTestId("bulk-sending").getAttribute("data-state"), POLL).toBe("done");
      await expectAccessible(page, `bulk submitted (${lang})`);

      const history = page.getByTestId("bulk-history-table");
      await expect.poll(() => history.textContent(), POLL).toContain(`invoices-${run}.csv`);

      // The invoices exist: the invoices list finds one by its merchant invoice id.
      const found = await page.evaluate(async (id) => {
        const res = await fetch(`/api/invoices?is_live=false&search=${encodeURIComponent(id)}`, {
          credentials: "include",
        });
        return ((await res.json()) as { count: number }).count;
      }, `${run}-3`);
      expect(found).toBe(1);
      await page.context().close();
    });
  }
});
