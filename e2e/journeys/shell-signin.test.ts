import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  DEMO_PASSWORD,
  demoAccount,
  expectLanguage,
  LANGS,
  type LayoutKind,
  openContext,
  POLL,
  pathOf,
  portalPath,
  type Shell,
  signIn,
} from "../support/pages.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Each profile type, its layout, its menu kind and its landing screen (docs/web.md, "Role landing"). */
const PROFILES: {
  username: string;
  profileType: string;
  layout: LayoutKind;
  menu: string;
  landing: string;
}[] = [
  {
    username: "merchant.egypt",
    profileType: "Merchant",
    layout: "merchant",
    menu: "merchant",
    landing: "home",
  },
  {
    username: "staff1.egypt",
    profileType: "MerchantStaff",
    layout: "merchant",
    menu: "merchant",
    landing: "home",
  },
  { username: "bank.egypt", profileType: "Bank", layout: "bank", menu: "bank", landing: "merchants" },
  {
    username: "bankstaff.egypt",
    profileType: "BankStaff",
    layout: "bank",
    menu: "bank",
    landing: "merchants",
  },
  {
    username: "terminal.egypt",
    profileType: "Terminal",
    layout: "terminal",
    menu: "terminal",
    landing: "terminal-reports",
  },
  { username: "partner", profileType: "Partner", layout: "partner", menu: "partner", landing: "merchants" },
  // The partner-branded merchant: the partner's layout and logo with the merchant's menu.
  {
    username: "merchant.egypt2",
    profileType: "Merchant",
    layout: "partner",
    menu: "merchant",
    landing: "home",
  },
];

const TRANSACTIONS = { en: "Transactions", ar: "المعاملات" } as const;
/** The product's name in the header: the bank's dashboard for bank users, the merchant dashboard otherwise. */
const PRODUCT = {
  bank: { en: "Bank Dashboard", ar: "لوحة تحكم البنك" },
  merchant: { en: "Merchant Dashboard", ar: "لوحة تحكم التاجر" },
} as const;

describe.each(LANGS)("sign-in as each profile type (%s)", (lang) => {
  it.each(PROFILES)("$profileType $username lands on its layout", async (profile) => {
    const account = demoAccount(profile.username);
    expect(account.profile_type).toBe(profile.profileType);
    expect(account.password).toBe(DEMO_PASSWORD);

    const context = await openContext(browser);
    const page = await context.newPage();
    const shell: Shell = await signIn(page, lang, profile.username, profile.layout);

    expect(await pathOf(page)).toBe(portalPath(lang, profile.landing));
    expect(await shell.layout(profile.layout).getAttribute("data-menu")).toBe(profile.menu);
    await expectLanguage(page, lang);
    expect(await shell.header.isVisible()).toBe(true);
    expect(await shell.sideMenu.isVisible()).toBe(true);
    // Every one of these menus lists Transactions, named in the page's language.
    expect((await shell.nav("transactions").textContent())?.trim()).toBe(TRANSACTIONS[lang]);

    if (profile.menu === "bank" || profile.menu === "merchant") {
      const product = PRODUCT[profile.menu][lang];
      if (profile.username !== "merchant.egypt2") expect(await shell.header.textContent()).toContain(product);
      else expect(await shell.header.locator(`img[alt="${product}"]`).count()).toBe(1);
    }

    if (profile.username === "merchant.egypt2") {
      // The partner's logo is served and really loads.
      const logo = shell.header.locator('img[src$="/portal2/demo/partner-logo.svg"]');
      await logo.waitFor();
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL)
        .toBeGreaterThan(0);
    }

    await expectAccessible(page, `${profile.username} landing (${lang})`);
    await context.close();
  });
});
