import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";

/** Home and reports (issue 5) against the real server and its demo data, in English and Arabic. */
interface Credentials {
  accounts: { username: string; password: string; profile_type: string; country: string }[];
}

function passwordOf(username: string): string {
  const file = path.join(inject("dataDir"), "demo-credentials.json");
  const credentials = JSON.parse(fs.readFileSync(file, "utf8")) as Credentials;
  const account = credentials.accounts.find((a) => a.username === username);
  if (!account) throw new Error(`${username} is not in demo-credentials.json`);
  return account.password;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(username: string, lang: "en" | "ar" = "en"): Promise<Page> {
  const context = await newContext(browser, inject("baseUrl"));
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill(passwordOf(username));
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/);
  return page;
}

/** A calendar date `offset` days from today, YYYY-MM-DD. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** "05 نوفمبر" (chart label) or "05 نوفمبر 2026" (range text): Arabic month names, Latin digits. */
function arabicDate(date: string, withYear: boolean): string {
  const [year, month, dd] = date.split("-");
  const name = new Intl.DateTimeFormat("ar", { month: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(Number(year), Number(month) - 1, 1)),
  );
  return withYear ? `${dd} ${name} ${year}` : `${dd} ${name}`;
}

const search = (page: Page) => new URL(page.url()).searchParams;
const attr = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).first().getAttribute(name);

/** Waits until the figures on screen answer the current URL (no request in flight). */
async function settled(page: Page, screen: "home-screen" | "reports-screen"): Promise<void> {
  await expect.poll(() => attr(page, screen, "aria-busy"), { timeout: 30_000 }).toBe("false");
}

describe("merchant home", () => {
  it("English: cards and charts follow period, comparison, granularity and currency; all of it in the URL", async () => {
    const page = await signIn("merchant.egypt");
    await settled(page, "home-screen");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Home");
    expect([...search(page).keys()]).toEqual([]);
    // default: last 30 days, daily, compared with the previous 30 days
    expect(await page.getByTestId("period-select").inputValue()).toBe("last_30_days");
    const points30 = Number(await attr(page, "chart-insights", "data-points"));
    expect(points30).toBeGreaterThanOrEqual(30);
    const total30 = await attr(page, "card-total", "data-value");
    expect(await page.getByTestId("card-total-value").textContent()).toContain("EGP");
    expect(await page.getByTestId("change").count()).toBe(6);
    expect(await page.getByTestId("period-range").textContent()).toMatch(/ to .*Compared with /);
    for (const id of [
      "card-successful",
      "card-declined",
      "card-pending",
      "card-orders",
      "card-ordersWithDelivery",
    ])
      await expect.poll(() => page.getByTestId(id).isVisible()).toBe(true);
    // every chart carries a data table with a caption
    expect(await page.getByTestId("chart-table-insights").locator("caption").textContent()).toBe(
      "Business insights: data of the chart",
    );
    expect(await page.getByTestId("chart-table-insights").locator("tbody tr").count()).toBe(points30);
    await expectAccessible(page, "home (en)");

    // period: last 7 days
    await page.getByTestId("period-select").selectOption("last_7_days");
    await expect.poll(() => search(page).get("period")).toBe("last_7_days");
    await settled(page, "home-screen");
    await expect.poll(async () => Number(await attr(page, "chart-insights", "data-points"))).toBeLessThan(10);
    expect(await attr(page, "card-total", "data-value")).not.toBe(total30);

    // granularity: hourly gives one point per hour
    await page.getByTestId("granularity-select").selectOption("hourly");
    await expect.poll(() => search(page).get("granularity")).toBe("hourly");
    await settled(page, "home-screen");
    await expect
      .poll(async () => Number(await attr(page, "chart-insights", "data-points")))
      .toBeGreaterThan(24 * 6);

    // comparison: none removes every change, previous year brings them back
    await page.getByTestId("comparison-select").selectOption("none");
    await expect.poll(() => search(page).get("comparison")).toBe("none");
    await settled(page, "home-screen");
    await expect.poll(() => page.getByTestId("change").count()).toBe(0);
    expect(await page.getByTestId("period-range").textContent()).not.toContain("Compared with");
    await page.getByTestId("comparison-select").selectOption("previous_year");
    await expect.poll(() => search(page).get("comparison")).toBe("previous_year");
    await settled(page, "home-screen");
    await expect.poll(() => page.getByTestId("change").count()).toBe(6);
    const direction = await attr(page, "change", "data-direction");
    expect(["up", "down", "flat", "new"]).toContain(direction);

    // a second currency is shown on its own, never added to the first
    const egpTotal = await attr(page, "card-total", "data-value");
    await page.getByTestId("currency-select").getByText("USD", { exact: true }).click();
    await expect.poll(() => search(page).get("currency")).toBe("USD");
    await expect.poll(() => attr(page, "home-figures", "data-currency")).toBe("USD");
    expect(await page.getByTestId("card-total-value").textContent()).toContain("$");
    expect(await attr(page, "card-total", "data-value")).not.toBe(egpTotal);

    // a reload keeps the whole view
    await page.reload();
    await settled(page, "home-screen");
    expect(await page.getByTestId("period-select").inputValue()).toBe("last_7_days");
    expect(await page.getByTestId("granularity-select").inputValue()).toBe("hourly");
    expect(await page.getByTestId("comparison-select").inputValue()).toBe("previous_year");
    expect(await attr(page, "home-figures", "data-currency")).toBe("USD");

    // recent transactions link to their details
    const link = page.getByTestId("recent-transaction-link").first();
    const id = (await link.textContent())?.trim();
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/portal2/en/transactions/${id}`);
    await page.context().close();
  });

  it("Arabic: right-to-left charts with Arabic labels; a custom range from the URL; accessible", async () => {
    const page = await signIn("merchant.egypt", "ar");
    // ten days ending eleven days ago (the demo data is relative to today)
    const from = day(-20);
    const to = day(-11);
    await page.goto(`/portal2/ar/home?period=custom&from=${from}&to=${to}&granularity=daily`);
    await settled(page, "home-screen");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    await expect.poll(() => page.locator("h1").textContent()).toBe("الرئيسية");
    expect(await page.getByTestId("period-select").inputValue()).toBe("custom");
    expect(await page.getByTestId("period-range").textContent()).toContain(
      `من ${arabicDate(from, true)} إلى ${arabicDate(to, true)}`,
    );
    // ten days, drawn from right to left: the chart starts with the last day, the table with the first
    expect(await attr(page, "chart-insights", "data-points")).toBe("10");
    expect(await attr(page, "chart-insights", "data-dir")).toBe("rtl");
    expect(await attr(page, "chart-drawing-insights", "data-first-label")).toBe(arabicDate(to, false));
    const firstRow = page.getByTestId("chart-table-insights").locator("tbody tr").first().locator("th");
    expect(await firstRow.textContent()).toBe(arabicDate(from, false));
    expect(await page.getByTestId("card-total").locator("h3").textContent()).toBe("إجمالي الحجم");
    await expectAccessible(page, "home (ar)");

    await page.getByTestId("granularity-select").selectOption("weekly");
    await expect.poll(() => search(page).get("granularity")).toBe("weekly");
    await settled(page, "home-screen");
    await expect.poll(async () => Number(await attr(page, "chart-insights", "data-points"))).toBeLessThan(10);
    expect(search(page).get("from")).toBe(from);

    await page.getByTestId("period-select").selectOption("this_year");
    await expect.poll(() => search(page).get("period")).toBe("this_year");
    expect(search(page).get("from")).toBeNull();
    await page.getByTestId("granularity-select").selectOption("monthly");
    await settled(page, "home-screen");
    await expect.poll(() => attr(page, "chart-drawing-insights", "data-first-label")).toMatch(/^\D+ \d{4}$/);
    await page.getByTestId("chart-table-toggle-insights").click();
    expect(await page.getByTestId("chart-table-insights").isVisible()).toBe(true);
    await expectAccessible(page, "home with a data table (ar)");
    await page.context().close();
  });

  it("an account without a live integration is asked to start accepting; the banner stays dismissed", async () => {
    const page = await signIn("testonly.uae");
    await settled(page, "home-screen");
    await expect.poll(() => page.getByTestId("start-accepting").isVisible()).toBe(true);
    expect(await page.getByTestId("start-accepting-action").getAttribute("href")).toBe(
      "/portal2/en/payment-integrations",
    );
    await expect.poll(() => page.getByTestId("new-dashboard-banner").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Dismiss the new dashboard banner" }).click();
    await expect.poll(() => page.getByTestId("new-dashboard-banner").count()).toBe(0);
    await page.reload();
    await settled(page, "home-screen");
    expect(await page.getByTestId("new-dashboard-banner").count()).toBe(0);
    await expectAccessible(page, "home without a live integration (test mode)");
    await page.context().close();
  });
});

describe("reports overview", () => {
  it("shows the overview cards and chart areas, follows the channel and period in both languages", async () => {
    const page = await signIn("merchant.egypt");
    await page.goto("/portal2/en/reports");
    await settled(page, "reports-screen");
    for (const id of [
      "card-netSales",
      "card-grossSales",
      "card-totalTransfers",
      "card-transactions",
      "card-newCustomers",
      "card-averageSpend",
      "card-totalRefunds",
      "card-balance",
    ])
      await expect.poll(() => page.getByTestId(id).isVisible()).toBe(true);
    for (const id of [
      "volume",
      "branches",
      "methods",
      "refunds",
      "transactions",
      "customers",
      "transfers",
      "cards",
      "perDay",
    ])
      expect(await page.getByTestId(`chart-${id}`).count(), id).toBe(1);
    const allCount = await attr(page, "card-transactions", "data-value");
    await expectAccessible(page, "reports (en)");

    await page.getByTestId("channel-select").selectOption("POS");
    await expect.poll(() => search(page).get("channel")).toBe("POS");
    await settled(page, "reports-screen");
    await expect.poll(() => attr(page, "card-transactions", "data-value")).not.toBe(allCount);
    expect(Number(await attr(page, "card-transactions", "data-value"))).toBeLessThan(Number(allCount));

    // a period the server refuses (hourly over a year) says why; another granularity brings the figures back
    await page.goto("/portal2/en/reports?period=last_year&granularity=hourly");
    await expect
      .poll(() => page.getByTestId("analytics-invalid-period").isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await page.getByTestId("analytics-retry").isVisible()).toBe(true);
    await page.getByTestId("granularity-select").selectOption("monthly");
    await settled(page, "reports-screen");
    await expect.poll(() => page.getByTestId("report-figures").isVisible()).toBe(true);
    expect(Number(await attr(page, "chart-volume", "data-points"))).toBe(12);
    await page.getByTestId("channel-select").selectOption("POS");
    await expect.poll(() => search(page).get("channel")).toBe("POS");

    await page.getByTestId("lang-switch").click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/portal2/ar/reports");
    expect(search(page).get("channel")).toBe("POS");
    expect(search(page).get("granularity")).toBe("monthly");
    await settled(page, "reports-screen");
    await expect.poll(() => page.locator("h1").textContent()).toBe("التقارير");
    expect(await attr(page, "chart-volume", "data-dir")).toBe("rtl");
    await expectAccessible(page, "reports (ar)");
    await page.context().close();
  });
});
