import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import { cookie, DEMO_PASSWORD, LoginPage, openContext, pathOf, Shell } from "../support/pages.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Another dashboard signed the merchant in and left its token in the switch cookie (spec section 2). */
async function otherDashboardToken(): Promise<string> {
  const res = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "merchant.uae", password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

it("?sdi with the switch cookie signs in with the other dashboard's token and lands on the merchant layout", async () => {
  const context = await openContext(browser);
  const url = new URL(inject("baseUrl"));
  await context.addCookies([
    { name: "switch_dashboards", value: await otherDashboardToken(), domain: url.hostname, path: "/" },
  ]);
  const page = await context.newPage();
  await page.goto("/portal2/en?sdi=1");
  await new Shell(page).waitForLayout("merchant");
  expect(new URL(page.url()).searchParams.has("sdi")).toBe(false);
  expect(await cookie(context, "switch_dashboards")).toBeUndefined();
  await context.close();
});

it("?sdi with a token that does not work leads to the sign-in page", async () => {
  const context = await openContext(browser);
  const url = new URL(inject("baseUrl"));
  await context.addCookies([
    { name: "switch_dashboards", value: "expired", domain: url.hostname, path: "/" },
  ]);
  const page = await context.newPage();
  await page.goto("/portal2/ar?sdi=1");
  await page.getByTestId("login-form").waitFor({ state: "visible" });
  expect(await pathOf(page)).toBe("/portal2/ar/login");
  await context.close();
});

it("the top-level /delivery address opens the delivery page in the remembered language", async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await page.goto("/delivery");
  await page.getByTestId("delivery-page").waitFor({ state: "visible" });
  expect(await pathOf(page)).toBe("/portal2/en/delivery");
  expect(await page.locator("h1").first().textContent()).toBe("Order delivery");
  await page.goto("/portal2/ar/delivery");
  await expect.poll(() => page.getAttribute("html", "dir")).toBe("rtl");
  await page.getByText("التوصيل").first().waitFor({ state: "visible" });
  await context.close();
});

it("a toast names its close button in both languages and passes the accessibility scan", async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  for (const [lang, name] of [
    ["en", "Close the message"],
    ["ar", "إغلاق الرسالة"],
  ] as const) {
    const login = await new LoginPage(page).open(lang);
    await login.submit("merchant.uae", "not-the-password");
    const toast = page.getByTestId("toast-error").first();
    await toast.waitFor({ state: "visible" });
    expect(await toast.getByRole("button").first().getAttribute("aria-label")).toBe(name);
    await expectAccessible(page, `login with an error toast (${lang})`);
  }
  await context.close();
});
