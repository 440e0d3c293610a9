import fs from "node:fs";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";

/**
 * Iframes (issue 18 item 7, docs/settings.md "Iframes"), in English and Arabic against the real server:
 * merchant.egypt sees its demo iframes, adds one whose script tries to reach the dashboard (its cookies, its
 * storage, the parent page's DOM, a credentialed call to /api/auth/me) and writes what it got into its own page;
 * the preview (sandboxed, from the checkout side) and the same link opened directly as a page show that every
 * attempt failed; then the iframe is edited, duplicated, and both are deleted after the confirmation, and the link
 * answers 404. The account ends as it began.
 */

const POLL = { timeout: 30_000 };

function passwordOf(username: string): string {
  const file = path.join(inject("dataDir"), "demo-credentials.json");
  const credentials = JSON.parse(fs.readFileSync(file, "utf8")) as {
    accounts: { username: string; password: string }[];
  };
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

async function signIn(lang: "en" | "ar"): Promise<Page> {
  const context = await newContext(browser, inject("baseUrl"));
  const page = await context.newPage();
  await page.goto(`/portal2/${lang}/login`);
  await page.getByTestId("login-username").fill("merchant.egypt");
  await page.getByTestId("login-password").fill(passwordOf("merchant.egypt"));
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/portal2\/(en|ar)\/home/, POLL);
  return page;
}

/** The script of the hostile iframe: each attempt's outcome, written into its own page as JSON. */
const PROBE_JS = `
const out = { origin: self.origin };
const attempt = (key, fn) => { try { out[key] = "got:" + String(fn()); } catch (e) { out[key] = "error:" + e.name; } };
attempt("cookie", () => document.cookie);
attempt("localStorage", () => localStorage.length);
attempt("sessionStorage", () => sessionStorage.length);
attempt("parentDom", () => window.parent === window ? "no parent" : parent.document.body.innerHTML.length);
attempt("topUrl", () => top === window ? "no parent" : top.location.href);
fetch("/api/auth/me", { credentials: "include" })
  .then((r) => r.text().then((t) => "got:" + r.status + ":" + t.slice(0, 80)))
  .catch((e) => "error:" + e.name)
  .then((v) => {
    out.fetch = v;
    document.getElementById("probe").textContent = JSON.stringify(out);
  });
`;

type Probe = Record<
  "origin" | "cookie" | "localStorage" | "sessionStorage" | "parentDom" | "topUrl" | "fetch",
  string
>;

async function probeOf(frame: Frame | Page): Promise<Probe> {
  const probe = frame.locator("#probe");
  await expect.poll(async () => (await probe.textContent())?.startsWith("{") ?? false, POLL).toBe(true);
  return JSON.parse((await probe.textContent()) ?? "{}") as Probe;
}

/** Every attempt failed: an opaque origin, no cookie or storage, no parent DOM, no call to the dashboard's API. */
function expectNothingReached(probe: Probe, framed: boolean): void {
  expect(probe.origin).toBe("null");
  expect(probe.cookie).toBe("error:SecurityError");
  expect(probe.localStorage).toBe("error:SecurityError");
  expect(probe.sessionStorage).toBe("error:SecurityError");
  expect(probe.parentDom).toBe(framed ? "error:SecurityError" : "got:no parent");
  if (framed) expect(probe.topUrl).toBe("error:SecurityError");
  expect(probe.fetch).toBe("error:TypeError");
}

const TEXTS = {
  en: {
    title: "Iframes",
    intro: /Your account has \d+ of at most 10 iframes/,
    created: "Iframe added.",
    updated: "Iframe saved.",
    duplicated: "Iframe duplicated.",
    deleted: "Iframe deleted successfully",
    copyOf: (name: string) => `Copy of ${name}`,
  },
  ar: {
    title: "الإطارات المضمّنة",
    intro: /لدى حسابك \d+ من 10 إطارات كحدّ أقصى/,
    created: "تمت إضافة الإطار.",
    updated: "تم حفظ الإطار.",
    duplicated: "تم نسخ الإطار.",
    deleted: "تم حذف الإطار بنجاح",
    copyOf: (name: string) => `نسخة من ${name}`,
  },
} as const;

describe.each(["en", "ar"] as const)("iframes (%s)", (lang) => {
  it("adds an iframe, previews it sandboxed (its script reaches nothing of the dashboard, also opened directly), edits, duplicates and deletes", async () => {
    const texts = TEXTS[lang];
    const page = await signIn(lang);
    const apiCallsFromFrames: string[] = [];
    page.context().on("request", (request) => {
      const frame = request.frame();
      if (request.url().includes("/api/") && frame !== page.mainFrame() && frame.page() === page)
        apiCallsFromFrames.push(request.url());
    });
    await page.goto(`/portal2/${lang}/iframes`);
    await expect
      .poll(() => page.locator("html").getAttribute("dir"), POLL)
      .toBe(lang === "ar" ? "rtl" : "ltr");
    await page.getByRole("heading", { name: texts.title }).waitFor(POLL);
    await expect.poll(() => page.getByTestId("iframes-intro").textContent(), POLL).toMatch(texts.intro);
    // The demo's iframes are listed.
    await page.getByTestId("iframe-row").filter({ hasText: "Delivery notice" }).waitFor(POLL);
    await expectAccessible(page, `iframes list (${lang})`);

    // Add: the name is required.
    const name = `Journey ${lang} ${Date.now().toString(36)}`;
    await page.getByTestId("iframe-add").click();
    const form = page.getByTestId("iframe-add-modal");
    await form.getByTestId("iframe-save").click();
    await form.getByText(lang === "ar" ? "هذا الحقل مطلوب." : "This field is required.").waitFor(POLL);
    await form.getByTestId("iframe-name").fill(name);
    await form.getByTestId("iframe-description").fill("Tries to reach the dashboard");
    await form.getByTestId("iframe-html").fill('<h1>Probe</h1><p id="probe">waiting</p>');
    await form.getByTestId("iframe-javascript").fill(PROBE_JS);
    await form.getByTestId("iframe-css").fill("h1 { color: #0b5394; font-family: sans-serif; }");
    await expectAccessible(page, `iframe form (${lang})`);
    await form.getByTestId("iframe-save").click();
    await page.getByText(texts.created).first().waitFor(POLL);
    const row = page.getByTestId("iframe-row").filter({ hasText: name });
    await row.waitFor(POLL);

    // Preview: the document comes from the checkout side into <iframe sandbox="allow-scripts">.
    await row.getByTestId("iframe-preview").click();
    const modal = page.getByTestId("iframe-preview-modal");
    const frameElement = modal.getByTestId("iframe-preview-frame");
    await frameElement.waitFor(POLL);
    expect(await frameElement.getAttribute("sandbox")).toBe("allow-scripts");
    const src = (await frameElement.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/checkout\/iframes\/[A-Za-z0-9_-]{32}$/);
    const frame = await (await frameElement.elementHandle())?.contentFrame();
    if (!frame) throw new Error("the preview has no frame");
    expectNothingReached(await probeOf(frame), true);
    // The embed code names the published link and the sandbox.
    const snippet = (await modal.getByTestId("iframe-embed-snippet").textContent()) ?? "";
    expect(snippet).toContain(`${src}"`);
    expect(snippet).toContain('sandbox="allow-scripts"');
    await expectAccessible(page, `iframe preview (${lang})`);
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached", ...POLL });

    // The same link opened directly as a page, in the signed-in browser: still an opaque origin, nothing reached.
    const direct = await page.context().newPage();
    const answer = await direct.goto(src);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["content-security-policy"]).toContain("sandbox allow-scripts");
    expectNothingReached(await probeOf(direct), false);
    await direct.close();
    // The dashboard's own session was there to steal, and no frame called its API.
    expect((await page.context().cookies()).length).toBeGreaterThan(0);
    expect(apiCallsFromFrames).toEqual([]);

    // Edit: a new name, the link stays.
    await row.getByTestId("iframe-edit").click();
    const edit = page.getByTestId("iframe-edit-modal");
    await edit.getByTestId("iframe-name").waitFor(POLL);
    const edited = `${name} v2`;
    await edit.getByTestId("iframe-name").fill(edited);
    await edit.getByTestId("iframe-save").click();
    await page.getByText(texts.updated).first().waitFor(POLL);
    const editedRow = page.getByTestId("iframe-row").filter({ hasText: edited });
    await editedRow.waitFor(POLL);

    // Duplicate: a copy named in the page's language.
    await editedRow.getByTestId("iframe-duplicate").click();
    await page.getByText(texts.duplicated).first().waitFor(POLL);
    const copyRow = page.getByTestId("iframe-row").filter({ hasText: texts.copyOf(edited) });
    await copyRow.waitFor(POLL);

    // Delete both, each after the confirmation; the link then answers 404.
    for (const target of [copyRow, page.getByTestId("iframe-row").filter({ hasText: edited }).first()]) {
      await target.getByTestId("iframe-delete").click();
      const confirm = page.getByTestId("iframe-delete-modal-confirm");
      await confirm.waitFor(POLL);
      await expectAccessible(page, `iframe delete confirmation (${lang})`);
      await confirm.click();
      await target.waitFor({ state: "detached", ...POLL });
    }
    await page.getByText(texts.deleted).first().waitFor(POLL);
    expect(await page.getByTestId("iframe-row").filter({ hasText: name }).count()).toBe(0);
    const gone = await page.request.get(src);
    expect(gone.status()).toBe(404);
    await page.context().close();
  }, 240_000);
});
