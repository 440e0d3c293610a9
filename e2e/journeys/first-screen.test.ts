import { spawnSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchBrowser, newContext } from "../support/browser.ts";
import { repoRoot } from "../support/server.ts";

/**
 * The sign-in page's JavaScript budget (scripts/check-budgets.mjs) counts files it finds in the build. Here a
 * browser loads the page and we compare: every JavaScript file it downloads before the form shows (and the network
 * is quiet) must be one the budget counts, and the budget must count no file the page does not download.
 */
type Report = Record<string, Record<string, { ok: boolean; kb: number; files: Record<string, number> }>>;

let browser: Browser;
let budget: Report;
beforeAll(async () => {
  browser = await launchBrowser();
  const run = spawnSync(process.execPath, ["scripts/check-budgets.mjs", "--json"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  budget = JSON.parse(run.stdout) as Report;
});
afterAll(async () => {
  await browser?.close();
});

for (const lang of ["en", "ar"] as const) {
  it(`the budget counts exactly the JavaScript /portal2/${lang}/login downloads`, async () => {
    const screen = budget["apps/web"]?.[`login (${lang})`];
    expect(screen, "budget report").toBeDefined();
    const context = await newContext(browser, inject("baseUrl"));
    const page = await context.newPage();
    const downloaded = new Set<string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/portal2/") && url.pathname.endsWith(".js"))
        downloaded.add(url.pathname.slice("/portal2/".length));
    });
    await page.goto(`/portal2/${lang}/login`);
    await page.getByTestId("login-form").waitFor();
    await page.waitForLoadState("networkidle");
    expect([...downloaded].sort()).toEqual(Object.keys(screen?.files ?? {}).sort());
    expect(screen?.ok, `${screen?.kb} KB gzipped`).toBe(true);
    await context.close();
  });
}
