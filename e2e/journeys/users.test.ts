import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  expectLanguage,
  expectToast,
  fillNewPassword,
  MailboxPage,
  openContext,
  POLL,
  portalPath,
  Shell,
  signIn,
  waitForPath,
} from "../support/pages.ts";

/**
 * Users and permissions (issue 18 item 2, docs/settings.md "Users and permissions"), in English and Arabic against
 * the real server: merchant.uae's owner adds a staff user with only the orders permission (the form's messages on
 * the way: required fields, an address already registered, an edit without a permission), the activation e-mail
 * arrives in the local mailbox, the new user opens its link, chooses a password and is signed in, sees Orders and
 * gets the no-permission page elsewhere; the used link then says so. Each language adds its own new address, so
 * merchant.uae gains two staff users per run and nothing else changes (docs/e2e.md).
 */

const PASSWORD = "Staff@2026x";

const TEXTS = {
  en: {
    title: "Users",
    required: "This field is required.",
    registered: "This email seems to be already registered.",
    selectPermission: "Please select one permission at least.",
    created: "The user was added. An activation e-mail is on its way.",
    pending: "Waiting for activation",
    orders: "Orders",
    view: "View",
    used: "This activation link has already been used. Sign in with your password.",
    noPermission: "You cannot view this page",
  },
  ar: {
    title: "المستخدمون",
    required: "هذا الحقل مطلوب.",
    registered: "يبدو أن هذا البريد الإلكتروني مسجّل بالفعل.",
    selectPermission: "يرجى اختيار صلاحية واحدة على الأقل.",
    created: "تمت إضافة المستخدم. بريد التفعيل في طريقه إليه.",
    pending: "بانتظار التفعيل",
    orders: "الطلبات",
    view: "عرض",
    used: "سبق استخدام رابط التفعيل هذا. سجّل الدخول بكلمة مرورك.",
    noPermission: "لا يمكنك عرض هذه الصفحة",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("users-table").getAttribute("aria-busy"), POLL).toBe("false");
}

describe.each(["en", "ar"] as const)("users and permissions (%s)", (lang) => {
  it("the owner adds an orders-only staff user, who activates from the e-mail and sees only Orders", async () => {
    const texts = TEXTS[lang];
    const email = `journey.${lang}.${Date.now()}@example.test`;

    // The owner's Users screen.
    const ownerContext = await openContext(browser);
    const owner = await ownerContext.newPage();
    await signIn(owner, lang, "merchant.uae", "merchant");
    await owner.goto(portalPath(lang, "users"));
    await expectLanguage(owner, lang);
    await owner.getByTestId("users-page").waitFor();
    await settled(owner);
    expect(await owner.getByRole("heading", { level: 1 }).first().textContent()).toContain(texts.title);
    // The demo team admin is listed.
    await owner.getByTestId("users-table").getByText("admin.uae@example.com").waitFor();
    await expectAccessible(owner, `users list (${lang})`);

    // Add: the required fields first, then an address already registered (the team admin's).
    await owner.getByTestId("user-add").click();
    const modal = owner.getByTestId("user-add-modal");
    await modal.getByTestId("user-save").click();
    await modal.getByText(texts.required).first().waitFor();
    expect(await modal.getByText(texts.required).count()).toBe(2);
    await expectAccessible(owner, `add user with errors (${lang})`);
    await modal.getByTestId("user-first-name").fill(lang === "en" ? "Layla" : "ليلى");
    await modal.getByTestId("user-last-name").fill(lang === "en" ? "Hassan" : "حسن");
    await modal.getByTestId("user-email").fill("admin.uae@example.com");
    await modal.getByTestId("perm-can-view-orders").check();
    await modal.getByTestId("user-save").click();
    await modal.getByText(texts.registered).waitFor();
    // Permissions the owner holds can all be given; the new address goes through.
    await modal.getByTestId("user-email").fill(email);
    await modal.getByTestId("user-save").click();
    await expectToast(owner, "success", texts.created);
    await modal.waitFor({ state: "detached" });
    await settled(owner);

    // Its details: waiting for activation, Orders: View only.
    const row = owner.getByTestId("users-table").locator("tr", { hasText: email });
    await row.getByTestId("user-open").click();
    const details = owner.getByTestId("user-details");
    await details.getByTestId("user-details-body").waitFor();
    expect(await details.getByTestId("user-state").textContent()).toBe(texts.pending);
    const summary = details.getByTestId("user-permission-summary");
    expect(await summary.locator("tbody tr").count()).toBe(1);
    expect(await summary.locator("tbody tr").first().textContent()).toBe(`${texts.orders}${texts.view}`);
    await expectAccessible(owner, `user details (${lang})`);

    // An edit needs one permission at least; cancelled, it changes nothing.
    await details.getByTestId("user-edit").click();
    await details.getByTestId("perm-can-view-orders").uncheck();
    await details.getByTestId("user-save").click();
    await details.getByTestId("user-permissions-error").filter({ hasText: texts.selectPermission }).waitFor();
    await expectAccessible(owner, `edit user without a permission (${lang})`);
    await details.getByTestId("user-cancel").click();
    await details.getByTestId("user-details-body").waitFor();
    await ownerContext.close();

    // The new staff member: the activation e-mail, the link, a password, signed in.
    const staffContext = await openContext(browser);
    const staff = await staffContext.newPage();
    const mailbox = await new MailboxPage(staff).open(lang);
    const href = await mailbox.followLink(email, "Activate your staff account");
    expect(href).toContain(`/portal2/${lang}/activate_staff?token=`);
    await expectLanguage(staff, lang);
    await staff.getByTestId("activate-form").waitFor();
    expect(await staff.getByTestId("activate-username").textContent()).toContain(email);
    await expectAccessible(staff, `activate staff (${lang})`);
    await fillNewPassword(staff, PASSWORD);
    await staff.getByTestId("activate-submit").click();
    const shell = new Shell(staff);
    await shell.waitForLayout("merchant");

    // Only Orders: the menu has it and none of the other permissioned screens; they give the no-permission page.
    await shell.nav("orders").waitFor();
    for (const screen of ["transactions", "products", "users", "paymentIntegrations", "transfers"])
      expect(await shell.nav(screen).count(), screen).toBe(0);
    await staff.goto(portalPath(lang, "orders"));
    await staff.getByTestId("orders-page").waitFor();
    for (const path of ["users", "transactions", "products"]) {
      await staff.goto(portalPath(lang, path));
      const denied = staff.getByTestId("no-permission");
      await denied.waitFor();
      expect(await denied.textContent()).toContain(texts.noPermission);
    }

    // The link works once.
    await staff.goto(href);
    const problem = staff.getByTestId("activate-problem");
    await problem.waitFor();
    expect(await problem.getAttribute("data-problem")).toBe("used");
    expect(await problem.textContent()).toContain(texts.used);
    await expectAccessible(staff, `used activation link (${lang})`);
    await waitForPath(staff, portalPath(lang, "activate_staff"));
    await staffContext.close();
  }, 180_000);
});
