import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import { DEMO_PASSWORD, openContext, POLL } from "../support/pages.ts";

/**
 * Service-credit packs (docs/onboarding.md): the owner of an Egyptian demo merchant opens /bulk_disbursement with a
 * sign-in token in the query, chooses a pack, confirms, and sees the balance topped up; a link whose token does
 * not work says so. English and Arabic, with the accessibility scan.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInToken(username: string): Promise<string> {
  const res = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const TEXT = {
  en: {
    title: "Service credit",
    pack: "1,500 pounds",
    bought: "Pack bought",
    refused: "This link is not valid",
  },
  ar: {
    title: "رصيد الخدمات",
    pack: "1,500 جنيه",
    bought: "تم شراء الباقة",
    refused: "هذا الرابط لم يعد صالحًا",
  },
} as const;

const amountOf = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

for (const lang of ["en", "ar"] as const) {
  describe(`service-credit packs (${lang})`, () => {
    it("buys a pack with the link's token and shows the balance topped up for 14 days", async () => {
      const token = await signInToken("merchant.egypt");
      const context = await openContext(browser);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`/portal2/${lang}/bulk_disbursement?token=${encodeURIComponent(token)}`);
      await page.getByTestId("service-credit-balance").waitFor();
      await expect.poll(() => page.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      expect(await page.locator("h1, h2").first().textContent()).toContain(TEXT[lang].title);
      const before = amountOf(await page.getByTestId("service-credit-amount").textContent());
      for (const pounds of [1000, 1500, 2000, 3000])
        expect(await page.getByTestId(`service-credit-pack-${pounds}`).count()).toBe(1);
      expect(await page.getByTestId("service-credit-buy").isDisabled()).toBe(true);
      await expectAccessible(page, `service credit (${lang})`);

      await page.getByTestId("service-credit-pack-1500").click();
      expect(await page.getByTestId("service-credit-pack-1500").textContent()).toContain(TEXT[lang].pack);
      await page.getByTestId("service-credit-buy").click();
      await page.getByTestId("service-credit-confirm-confirm").waitFor();
      await expectAccessible(page, `service credit confirmation (${lang})`);
      const sent = page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/acceptance/billspromo" && r.request().method() === "POST",
      );
      await page.getByTestId("service-credit-confirm-confirm").click();
      const answer = await sent;
      expect(answer.status()).toBe(201);
      expect(answer.request().headers().authorization).toBe(`Bearer ${token}`);
      expect(answer.request().postDataJSON()).toEqual({ amount_cents: 150000 });
      await expect
        .poll(async () => amountOf(await page.getByTestId("service-credit-amount").textContent()), POLL)
        .toBe(before + 1500);
      await page.getByTestId("toast-success").waitFor();
      expect(await page.getByTestId("toast-success").textContent()).toContain(TEXT[lang].bought);
      expect((await page.getByTestId("service-credit-expiry").textContent())?.trim()).not.toBe("");
      await expectAccessible(page, `service credit bought (${lang})`);
      await context.close();
    }, 180_000);

    it("says so when the link's token does not work", async () => {
      const context = await openContext(browser);
      const page = await context.newPage();
      await page.goto(`/portal2/${lang}/bulk_disbursement?token=not-a-token`);
      await page.getByTestId("service-credit-refused").waitFor();
      expect(await page.getByTestId("service-credit-refused").textContent()).toContain(TEXT[lang].refused);
      expect(await page.getByTestId("service-credit-packs").count()).toBe(0);
      await expectAccessible(page, `service credit refused (${lang})`);
      await context.close();
    }, 120_000);
  });
}
