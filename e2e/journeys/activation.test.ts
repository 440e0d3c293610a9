import { deflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser.ts";
import {
  demoAccount,
  expectLanguage,
  LANGS,
  type Lang,
  openContext,
  portalPath,
  signIn,
} from "../support/pages.ts";

/**
 * The account activation wizard (issue 16 item 4, docs/onboarding.md "Account activation — web"), in English and
 * Arabic with the axe scan: from the header's Activate Account, the Skip dialog (Keep Adding), each step's
 * refusals in the page's language, documents by a real drag-and-drop event and by the file chooser, a wrong type
 * and the same file twice refused, a reload that resumes at the saved step, then Submit and the success message.
 * English settles to a bank account, Arabic to a wallet.
 *
 * activation.en and activation.ar are this journey's own merchants (their application is a draft in the demo),
 * so the two languages never meet.
 */

const POLL = { timeout: 30_000 } as const;

const TEXT = {
  en: {
    title: "Activate your account",
    skipTitle: "Skip the Account Activation",
    required: "This field is required.",
    otherShort: "Please specify your industry in at least 3 characters.",
    choosePayment: "Choose at least one payment method.",
    wrongType: "The uploaded file type is not accepted please upload a valid image.",
    duplicate: "You have uploaded this file before.",
    iban: "Incorrect IBAN.",
    phone: "Phone number is not correct",
    terms: "Please accept the terms and conditions to submit.",
    success: "You have completed on boarding successfully.",
    other: "Other",
    bank: "Banque Misr",
    lastStep: "Last Step",
  },
  ar: {
    title: "فعّل حسابك",
    skipTitle: "تخطي تفعيل الحساب",
    required: "هذا الحقل مطلوب.",
    otherShort: "يرجى تحديد مجالك في 3 أحرف على الأقل.",
    choosePayment: "اختر وسيلة دفع واحدة على الأقل.",
    wrongType: "نوع الملف المرفوع غير مقبول، يرجى رفع صورة صالحة.",
    duplicate: "لقد رفعت هذا الملف من قبل.",
    iban: "رقم الآيبان غير صحيح.",
    phone: "رقم الهاتف غير صحيح",
    terms: "يرجى قبول الشروط والأحكام للإرسال.",
    success: "لقد أكملت التسجيل بنجاح.",
    other: "أخرى",
    bank: "بنك مصر",
    lastStep: "الخطوة الأخيرة",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// ------------------------------------------------------------------------------------------- small real PNGs

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid 2x2 RGB PNG of one colour: each seed gives other bytes (the server refuses the same file twice). */
function png(seed: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, seed & 0xff, (seed * 7) & 0xff, (seed * 13) & 0xff, seed & 0xff, 40, 90]);
  const pixels = Buffer.concat([row, row]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ------------------------------------------------------------------------------------------------ the page

const wizardStep = (page: Page) => page.getByTestId("activation-wizard").getAttribute("data-step");

async function saveAndContinue(page: Page, next: string): Promise<void> {
  await page.getByTestId("activation-save").click();
  await expect.poll(() => wizardStep(page), POLL).toBe(next);
}

/** A real drop: a DataTransfer built in the page carries the file through dragenter, dragover and drop. */
async function dropFile(page: Page, kind: string, name: string, type: string, bytes: Buffer): Promise<void> {
  await page.getByTestId(`activation-doc-${kind}-drop`).evaluate(
    (element, file) => {
      const data = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], file.name, { type: file.type }));
      for (const event of ["dragenter", "dragover", "drop"])
        element.dispatchEvent(
          new DragEvent(event, { bubbles: true, cancelable: true, dataTransfer: transfer }),
        );
    },
    { name, type, base64: bytes.toString("base64") },
  );
}

async function chooseFile(page: Page, kind: string, name: string, bytes: Buffer): Promise<void> {
  await page
    .getByTestId(`activation-doc-${kind}-drop`)
    .locator("input[type=file]")
    .setInputFiles({ name, mimeType: "image/png", buffer: bytes });
}

async function expectUploaded(page: Page, kind: string): Promise<void> {
  await page.getByTestId(`activation-doc-${kind}-preview`).waitFor({ state: "visible", timeout: 30_000 });
}

async function chooseOption(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe.each(LANGS)("account activation wizard (%s)", (lang: Lang) => {
  const text = TEXT[lang];
  const username = `activation.${lang}`;
  const seed = lang === "en" ? 10 : 100;

  it("fills the five steps with their rules, resumes after a reload and submits", async () => {
    const page = await (await openContext(browser)).newPage();
    await signIn(page, lang, username, "merchant", demoAccount(username).password);
    await expectLanguage(page, lang);

    // From the header's Activate Account.
    await page.getByTestId("activate-account").click();
    await page.getByTestId("activation-wizard").waitFor({ state: "visible", timeout: 30_000 });
    expect(await page.locator("h1").first().textContent()).toContain(text.title);
    expect(await wizardStep(page)).toBe("business_info");
    expect(await page.getByTestId("activation-steps-left").getAttribute("data-count")).toBe("5");
    await expectAccessible(page, `activation business info (${lang})`);

    // The Skip dialog: Keep Adding stays on the wizard.
    await page.getByTestId("activation-skip").click();
    const dialog = page.getByTestId("activation-skip-dialog");
    await dialog.waitFor({ state: "visible" });
    expect(await page.locator(".mantine-Modal-content").textContent()).toContain(text.skipTitle);
    await expectAccessible(page, `activation skip dialog (${lang})`);
    await page.getByTestId("activation-keep-adding").click();
    await dialog.waitFor({ state: "hidden" });

    // Business Info: required, then the other-industry rule.
    await page.getByTestId("activation-save").click();
    await expect
      .poll(() => page.getByTestId("activation-business-type").textContent(), POLL)
      .toContain(text.required);
    await page.getByTestId("activation-business-registered_company").check();
    await chooseOption(page, "activation-industry", text.other);
    await page.getByTestId("activation-industry-other").fill("ab");
    await page.getByTestId("activation-save").click();
    await expect.poll(() => page.getByText(text.otherShort).count(), POLL).toBe(1);
    await page.getByTestId("activation-industry-other").fill("Handmade crafts");
    await page.getByTestId("activation-online-presence").fill("https://www.instagram.com/nile.crafts");
    await saveAndContinue(page, "payment_solutions");

    // Payment Solutions: at least one.
    await page.getByTestId("activation-save").click();
    await expect
      .poll(() => page.getByTestId("activation-payment-solutions").textContent(), POLL)
      .toContain(text.choosePayment);
    await page.getByTestId("activation-solution-online_card").check();
    await page.getByTestId("activation-solution-pos").check();
    await saveAndContinue(page, "documents");

    // A reload resumes at the first step not saved, with what was saved.
    await page.reload();
    await page.getByTestId("activation-wizard").waitFor({ state: "visible", timeout: 30_000 });
    expect(await wizardStep(page)).toBe("documents");
    expect(await page.getByTestId("activation-steps-left").getAttribute("data-count")).toBe("3");
    await page.getByTestId("activation-back").click();
    await expect.poll(() => wizardStep(page), POLL).toBe("payment_solutions");
    expect(await page.getByTestId("activation-solution-pos").isChecked()).toBe(true);
    await saveAndContinue(page, "documents");

    // Documents: a wrong type refused (a text file dropped, then a text file named .png), a real drop, the
    // chooser, and the same file twice refused.
    await dropFile(page, "national_id_front", "notes.txt", "text/plain", Buffer.from("not an image"));
    await expect
      .poll(() => page.getByTestId("activation-doc-national_id_front-error").textContent(), POLL)
      .toBe(text.wrongType);
    await chooseFile(page, "national_id_front", "fake.png", Buffer.from("<svg onload=alert(1)></svg>"));
    await expect
      .poll(() => page.getByTestId("activation-doc-national_id_front-error").textContent(), POLL)
      .toBe(text.wrongType);
    await dropFile(page, "national_id_front", "id-front.png", "image/png", png(seed));
    await expectUploaded(page, "national_id_front");
    await chooseFile(page, "national_id_back", "id-back-again.png", png(seed));
    await expect
      .poll(() => page.getByTestId("activation-doc-national_id_back-error").textContent(), POLL)
      .toBe(text.duplicate);
    const kinds = [
      "national_id_back",
      "proof_of_residence",
      "company_registration",
      "tax_card",
      "rent_contract",
      "utility_bill",
    ];
    for (const [index, kind] of kinds.entries()) {
      await chooseFile(page, kind, `${kind}.png`, png(seed + index + 1));
      await expectUploaded(page, kind);
    }
    await expectAccessible(page, `activation documents (${lang})`);
    await saveAndContinue(page, "settlements");

    // Settlements: English to a bank account (IBAN refused, then a valid one), Arabic to a wallet.
    if (lang === "en") {
      await chooseOption(page, "activation-bank", text.bank);
      await page.getByTestId("activation-account-name").fill("Nile Crafts Trading");
      await page.getByTestId("activation-account-number").fill("1002003004005");
      await page.getByTestId("activation-iban").fill("EG380019000500000000263180003");
      await page.getByTestId("activation-save").click();
      await expect.poll(() => page.getByText(text.iban, { exact: true }).count(), POLL).toBe(1);
      await page.getByTestId("activation-iban").fill("EG380019000500000000263180002");
    } else {
      await page.getByTestId("activation-settlement-wallet").check();
      await page.getByTestId("activation-wallet-phone").fill("0101234");
      await page.getByTestId("activation-save").click();
      await expect.poll(() => page.getByText(text.phone, { exact: true }).count(), POLL).toBe(1);
      await page.getByTestId("activation-wallet-phone").fill("01012345678");
    }
    await expectAccessible(page, `activation settlements (${lang})`);
    await saveAndContinue(page, "terms");

    // Terms: 17 sections in a focusable scroll region, the last step, the required checkbox, Submit.
    expect(await page.getByTestId("activation-last-step").textContent()).toBe(text.lastStep);
    expect(await page.getByTestId("activation-terms-section").count()).toBe(17);
    expect(await page.getByTestId("activation-terms-text").getAttribute("tabindex")).toBe("0");
    await expectAccessible(page, `activation terms (${lang})`);
    await page.getByTestId("activation-submit").click();
    await expect.poll(() => page.getByText(text.terms, { exact: true }).count(), POLL).toBe(1);
    await page.getByTestId("activation-terms-accept").check();
    await page.getByTestId("activation-submit").click();
    await expect.poll(() => page.getByTestId("activation-success").textContent(), POLL).toBe(text.success);
    await expectAccessible(page, `activation submitted (${lang})`);

    // Submitted: the wizard does not open again.
    await page.goto(portalPath(lang, "activate-account"));
    await page.getByTestId("activation-submitted").waitFor({ state: "visible", timeout: 30_000 });
    expect(await page.getByTestId("activation-wizard").count()).toBe(0);
    await page.context().close();
  }, 600_000);
});
