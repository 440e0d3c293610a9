import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { newContext } from "./browser.ts";

/** Page objects of the dashboard shell (apps/web), built on the data-testids of docs/web.md. */

export type Lang = "en" | "ar";
export const LANGS: readonly Lang[] = ["en", "ar"];
export const DEMO_PASSWORD = "Demo@2026";
/** expect.poll waits 1 s by default: too short for a lazily loaded screen or catalogue on a busy machine. */
export const POLL = { timeout: 15_000 } as const;

export interface DemoAccount {
  username: string;
  password: string;
  profile_type: string;
  country: string;
}

/** The demo accounts the server wrote at its first start (DATA_DIR/demo-credentials.json). */
export function demoAccounts(): DemoAccount[] {
  const file = path.join(inject("dataDir"), "demo-credentials.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { accounts: DemoAccount[] }).accounts;
}

/** The key of the local mailbox, written beside the demo accounts (the page and GET /api/dev/mailbox need it). */
export function mailboxKey(): string {
  const file = path.join(inject("dataDir"), "demo-credentials.json");
  const key = (JSON.parse(fs.readFileSync(file, "utf8")) as { mailbox_key?: string }).mailbox_key;
  if (!key) throw new Error("no mailbox_key in demo-credentials.json");
  return key;
}

export function demoAccount(username: string): DemoAccount {
  const account = demoAccounts().find((a) => a.username === username);
  if (!account) throw new Error(`no demo account ${username} in demo-credentials.json`);
  return account;
}

/** The demo users' e-mail addresses are <username>@example.com. */
export const emailOf = (username: string) => `${username}@example.com`;

export const portalPath = (lang: Lang, rest = "") => `/portal2/${lang}${rest ? `/${rest}` : ""}`;

export async function openContext(browser: Browser): Promise<BrowserContext> {
  return newContext(browser, inject("baseUrl"));
}

/** <html dir lang> of the page: rtl/ar in Arabic, ltr/en in English. */
export async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  await expect.poll(() => page.getAttribute("html", "lang"), POLL).toBe(lang);
  expect(await page.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
  expect(await page.getByTestId("lang-switch").first().getAttribute("data-lang")).toBe(lang);
}

/** A toast of the given kind whose text contains `text` becomes visible. */
export async function expectToast(
  page: Page,
  kind: "success" | "warning" | "error" | "info",
  text: string,
): Promise<void> {
  await page.getByTestId(`toast-${kind}`).filter({ hasText: text }).first().waitFor({ state: "visible" });
}

export async function pathOf(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

export class LoginPage {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByTestId("login-form");
  }

  async open(lang: Lang): Promise<this> {
    await this.page.goto(portalPath(lang, "login"));
    await this.form.waitFor();
    return this;
  }

  /** Fills and submits the form; the caller waits for what follows (landing, toast, change password). */
  async submit(username: string, password: string): Promise<void> {
    await this.page.getByTestId("login-username").fill(username);
    await this.page.getByTestId("login-password").fill(password);
    await this.page.getByTestId("login-submit").click();
  }
}

export type LayoutKind = "merchant" | "bank" | "terminal" | "partner";

/** The signed-in shell: layout root, header, side menu, live/test switch, logout. */
export class Shell {
  constructor(readonly page: Page) {}

  layout(kind: LayoutKind): Locator {
    return this.page.getByTestId(`layout-${kind}`);
  }

  async waitForLayout(kind: LayoutKind): Promise<Locator> {
    const root = this.layout(kind);
    await root.waitFor({ state: "visible" });
    return root;
  }

  get sideMenu(): Locator {
    return this.page.getByTestId("side-menu");
  }

  nav(screen: string): Locator {
    return this.page.getByTestId(`nav-${screen}`);
  }

  get header(): Locator {
    return this.page.getByRole("banner");
  }

  get liveToggle(): Locator {
    return this.page.getByTestId("live-toggle");
  }

  get testDataIndicator(): Locator {
    return this.page.getByTestId("test-data-indicator");
  }

  async liveMode(): Promise<string | null> {
    return this.liveToggle.getAttribute("data-mode");
  }

  /** Mantine's switch input is visually hidden under its track: the click goes through the label. */
  async flipLiveMode(): Promise<void> {
    await this.liveToggle.click({ force: true });
  }

  async switchLanguage(): Promise<void> {
    await this.page.getByTestId("lang-switch").first().click();
  }

  async logout(): Promise<void> {
    await this.page.getByTestId("logout").click();
  }
}

/** Signs in from the login page of `lang` and waits for the layout. */
export async function signIn(
  page: Page,
  lang: Lang,
  username: string,
  layout: LayoutKind,
  password = DEMO_PASSWORD,
): Promise<Shell> {
  await (await new LoginPage(page).open(lang)).submit(username, password);
  const shell = new Shell(page);
  await shell.waitForLayout(layout);
  return shell;
}

/** The local mailbox page (/portal2/{lang}/mailbox). */
export class MailboxPage {
  constructor(readonly page: Page) {}

  /** Opens the page and gives it the mailbox key (remembered in the tab, so later visits go straight in). */
  async open(lang: Lang): Promise<this> {
    await this.page.goto(portalPath(lang, "mailbox"));
    const form = this.page.getByTestId("mailbox-key-form");
    const count = this.page.getByTestId("mailbox-count").filter({ hasText: /\d/ });
    await form.or(count).first().waitFor();
    if (await form.isVisible()) {
      await this.page.getByTestId("mailbox-key").fill(mailboxKey());
      await this.page.getByTestId("mailbox-open").click();
    }
    await count.waitFor();
    return this;
  }

  message(to: string, subject: string): Locator {
    return this.page.getByTestId("mailbox-message").filter({ hasText: to }).filter({ hasText: subject });
  }

  /**
   * Opens the newest message to `to` whose subject contains `subject` and follows its link (a full page load).
   * The mailbox is shared by every journey of the run, so messages are picked by recipient and subject.
   */
  async followLink(to: string, subject: string): Promise<string> {
    const message = this.message(to, subject).first();
    await message.waitFor();
    const link = message.getByTestId("mailbox-link-in-message").first();
    if (!(await link.isVisible())) await message.getByRole("button").first().click();
    await link.waitFor({ state: "visible" });
    const href = (await link.getAttribute("href")) ?? "";
    await link.click();
    await this.page.waitForURL((url) => href.endsWith(url.pathname + url.search));
    return href;
  }
}

/** Types a new password (and its confirmation) on the reset or change-password form. */
export async function fillNewPassword(page: Page, password: string): Promise<void> {
  await page.getByTestId("new-password").fill(password);
  await page.getByTestId("confirm-password").fill(password);
}

/** The rule items of `password-rules`: rule code -> met. */
export async function passwordRules(page: Page): Promise<Record<string, boolean>> {
  const items = page.getByTestId("password-rules").locator("[data-rule]");
  const rules: Record<string, boolean> = {};
  for (const item of await items.all()) {
    const rule = await item.getAttribute("data-rule");
    if (rule) rules[rule] = (await item.getAttribute("data-met")) === "true";
  }
  return rules;
}

/** GET /api/auth/me from the page's own context (its cookies). */
export async function meStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch("/api/auth/me", { credentials: "same-origin" })).status);
}

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}
