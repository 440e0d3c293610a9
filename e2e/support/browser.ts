import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

/** Debian's chromium; the journeys fail (never skip) when it is missing. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  try {
    return execFileSync("which", ["chromium"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error(
      "Chromium is missing: install it with `apt-get install -y chromium` (browser journeys need it).",
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
}

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  let summary = await accessibilityFaults(page);
  // A toast that starts to close while axe reads the page (its auto-close, under a loaded machine's slow scan) is
  // half transparent for that frame: a CI run failed on a notification's text so. A fault that is real is there
  // again once the page has settled; one made by a transition is not.
  if (summary.length > 0) {
    await page.waitForTimeout(500);
    summary = await accessibilityFaults(page);
  }
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

/** axe's serious and critical faults of the page as it is once its finite animations have ended. */
async function accessibilityFaults(page: Page): Promise<string[]> {
  // A toast or a dialog still fading in is half transparent: axe would measure the contrast of a frame the user
  // sees for a few milliseconds (a CI run failed on a notification mid-transition). Scan once the finite
  // animations and transitions have ended; loaders spin forever and are not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== "running" ||
              a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  // Text the colour of its background (1:1) is left by axe "to review" (it might be hidden on purpose); on our
  // screens it is a fault (the badges' teal on teal, issue 10), so those nodes fail like any violation.
  const sameColour = results.incomplete
    .filter((v) => v.id === "color-contrast")
    .map((v) => ({
      ...v,
      impact: "serious" as const,
      nodes: v.nodes.filter((n) =>
        n.any.some((c) => (c.data as { messageKey?: string } | null)?.messageKey === "equalRatio"),
      ),
    }))
    .filter((v) => v.nodes.length > 0);
  const bad = [...results.violations, ...sameColour].filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  return bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -- ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
