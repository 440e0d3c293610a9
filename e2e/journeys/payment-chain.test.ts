import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newContext } from "../support/browser.ts";
import { demoAccount, expectLanguage, LANGS, type Lang, signIn } from "../support/pages.ts";
import { payWithCard } from "./checkout-helpers.ts";

/**
 * The whole chain of issue 3 in one journey, in English and in Arabic: a merchant adds a test card integration
 * whose processed callback points at a local receiver, copies the keys from the API keys screen; the merchant's
 * server (this test) creates an intention with the copied secret key; a customer pays it on the unified
 * checkout; the receiver gets the signed processed callback, verified here with the copied HMAC secret; the
 * dashboard lists and shows the payment, refunds part of it and refuses a refund over what is left.
 *
 * merchant.pakistan is this journey's own account (docs/e2e.md): it adds integrations and recreates the test
 * secret key, which no other journey may see.
 */

const USERNAME = "merchant.pakistan";
const POLL = { timeout: 30_000 } as const;
const AMOUNT_CENTS = 250_000; // PKR 2,500.00
const REFUND = "100.00";

const TEXTS = {
  en: {
    added: "Integration added to your profile.",
    copied: "Copied",
    paid: "Payment successful",
    refunded: "Transaction refund successfully",
    overLimit: "Please enter the amount less than (Transaction amount - Refunded amount).",
    gateway: "VPC (card)",
  },
  ar: {
    added: "تمت إضافة التكامل إلى ملفك الشخصي.",
    copied: "تم النسخ",
    paid: "تم الدفع بنجاح",
    refunded: "تم استرداد المعاملة بنجاح",
    overLimit: "يرجى إدخال مبلغ أقل من (مبلغ المعاملة - المبلغ المسترد).",
    gateway: "بطاقة",
  },
} as const;

// ---------------------------------------------------------------------------------------------------------
// The merchant's callback receiver and its own signature check (written from docs/payments.md, not imported
// from the server, so it checks the server independently).

interface Received {
  query: URLSearchParams;
  body: { type?: string; obj?: Record<string, unknown> };
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      try {
        received.push({
          query: new URL(req.url ?? "/", "http://127.0.0.1").searchParams,
          body: JSON.parse(raw) as Received["body"],
        });
      } catch {
        // not JSON: recorded as nothing, and answered 400 below
        res.statusCode = 400;
      }
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/payments/processed`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const HMAC_FIELDS = [
  "amount_cents",
  "created_at",
  "currency",
  "error_occured",
  "has_parent_transaction",
  "id",
  "integration_id",
  "is_3d_secure",
  "is_auth",
  "is_capture",
  "is_refunded",
  "is_standalone_payment",
  "is_voided",
  "order.id",
  "owner",
  "pending",
  "source_data.pan",
  "source_data.sub_type",
  "source_data.type",
  "success",
];

function valueAt(obj: Record<string, unknown>, path: string): unknown {
  let current: unknown = obj;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** HMAC-SHA512 over the listed values concatenated without separators (booleans true/false), lowercase hex. */
function expectedHmac(obj: Record<string, unknown>, secret: string): string {
  const message = HMAC_FIELDS.map((field) => {
    const value = valueAt(obj, field);
    return value === null || value === undefined ? "" : String(value);
  }).join("");
  return createHmac("sha512", secret).update(message, "utf8").digest("hex");
}

function signedBy(obj: Record<string, unknown>, hmac: string, secret: string): boolean {
  const expected = Buffer.from(expectedHmac(obj, secret));
  const got = Buffer.from(hmac);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

// ---------------------------------------------------------------------------------------------------------

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const baseUrl = inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

async function expectToast(page: Page, kind: "success" | "error", text: string): Promise<void> {
  await expect
    .poll(() => page.getByTestId(`toast-${kind}`).allTextContents(), POLL)
    .toEqual(expect.arrayContaining([text]));
}

/** Clicks a Copy key button and answers what it wrote to the clipboard. */
async function copied(page: Page, button: string, toast: string): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.getByTestId(button).click();
  await expectToast(page, "success", toast);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The merchant signed in, with test data chosen, in a context that may read the clipboard. */
async function merchantPage(lang: Lang): Promise<Page> {
  const context = await newContext(browser, baseUrl);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseUrl).origin });
  await context.addCookies([{ name: "is_live_mode", value: "false", url: baseUrl }]);
  const page = await context.newPage();
  await signIn(page, lang, USERNAME, "merchant", demoAccount(USERNAME).password);
  await expectLanguage(page, lang);
  return page;
}

describe.each(LANGS)("payment chain (%s)", (lang) => {
  it("integration and keys from the dashboard, intention, customer payment, signed callback, dashboard refund", async () => {
    const texts = TEXTS[lang];
    const page = await merchantPage(lang);

    // 1. The merchant adds a test card integration whose processed callback is the receiver.
    await page.getByTestId("nav-paymentIntegrations").click();
    await page.waitForURL(/\/payment-integrations$/, POLL);
    await expect
      .poll(() => page.getByTestId("integrations-table").getAttribute("aria-busy"), POLL)
      .toBe("false");
    const name = `Chain ${lang} ${Date.now()}`;
    await page.getByTestId("integration-add").click();
    await page.getByTestId("integration-name").waitFor(POLL);
    await page.getByTestId("integration-name").fill(name);
    await page.getByTestId("integration-processed-url").fill(receiver.url);
    await page.getByTestId("integration-add-submit").click();
    await expectToast(page, "success", texts.added);
    await page.getByTestId("integration-add-modal").waitFor({ state: "detached", ...POLL });
    const row = page.getByTestId("integrations-table-row").filter({ hasText: name });
    await row.waitFor(POLL);
    const integrationId = Number(await row.getAttribute("data-row-id"));
    expect(integrationId).toBeGreaterThan(0);
    await row.getByTestId("integration-open").click();
    const details = page.getByTestId("integration-details");
    await details.getByTestId("field-processed_callback_url").waitFor(POLL);
    expect(await details.getByTestId("field-processed_callback_url").textContent()).toBe(receiver.url);
    expect(await details.getByTestId("field-gateway").textContent()).toBe(texts.gateway);
    expect(await details.getByTestId("field-currency").textContent()).toBe("PKR");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached", ...POLL });

    // 2. Its keys, from the API keys screen: public key and HMAC secret are shown, the secret key is recreated.
    await page.getByTestId("nav-apiKeys").click();
    await page.waitForURL(/\/api-keys$/, POLL);
    await page.getByTestId("key-public-test-value").waitFor(POLL);
    const publicKey = (await page.getByTestId("key-public-test-value").textContent()) ?? "";
    expect(publicKey).toMatch(/^pak_pk_test_/);
    expect(await copied(page, "key-public-test-copy", texts.copied)).toBe(publicKey);
    const hmacShown = (await page.getByTestId("key-hmac-test-value").textContent()) ?? "";
    const hmacSecret = await copied(page, "key-hmac-test-copy", texts.copied);
    expect(hmacSecret).toBe(hmacShown);
    expect(hmacSecret).toMatch(/^[0-9A-F]{32}$/);
    // Secret keys are stored hashed: the screen shows only a prefix until the key is recreated.
    expect(await page.getByTestId("key-secret-test-value").textContent()).toMatch(/…$/);
    await page.getByTestId("key-secret-test-refresh").click();
    await page.getByTestId("key-refresh-confirm").click();
    await page.getByTestId("key-new-value").waitFor(POLL);
    const secretShown = (await page.getByTestId("key-new-value").textContent()) ?? "";
    const secretKey = await copied(page, "key-new-copy", texts.copied);
    expect(secretKey).toBe(secretShown);
    expect(secretKey).toMatch(/^pak_sk_test_[0-9a-f]{64}$/);
    await page.keyboard.press("Escape");
    // The modal's root stays in the page; its content goes.
    await page.getByTestId("key-new-value").waitFor({ state: "detached", ...POLL });

    // 3. The merchant's server creates an intention with the copied secret key.
    const merchantOrderId = `chain-${lang}-${Date.now()}`;
    const created = await fetch(`${baseUrl}/v1/intention/`, {
      method: "POST",
      headers: { authorization: `Token ${secretKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        amount: AMOUNT_CENTS,
        currency: "PKR",
        payment_methods: [integrationId],
        items: [{ name: "Atlas of Punjab", amount: AMOUNT_CENTS, description: "Hardcover", quantity: 1 }],
        billing_data: {
          first_name: "Ayesha",
          last_name: "Khan",
          email: "ayesha.khan@example.com",
          phone_number: "+923001234567",
        },
        special_reference: merchantOrderId,
      }),
    });
    const intention = (await created.json()) as { client_secret: string; intention_order_id: number };
    expect(created.status, JSON.stringify(intention)).toBe(201);

    // 4. A customer pays on the unified checkout, in the page's language.
    const customer = await (await newContext(browser, baseUrl)).newPage();
    const query = new URLSearchParams({ publicKey, clientSecret: intention.client_secret, lang });
    await customer.goto(`/unifiedcheckout/?${query}`);
    await customer.getByTestId("pay").waitFor(POLL);
    expect(new URL(customer.url()).pathname).toBe("/checkout/unified");
    expect(await customer.getAttribute("html", "lang")).toBe(lang);
    expect(await customer.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await customer.getByTestId("amount").textContent()).toContain("2,500.00");
    await expectAccessible(customer, `unified checkout card form (${lang})`);
    if (lang === "en") {
      // The published sandbox card, as the test-mode note on the page gives it: approved without a challenge.
      const card = ((await customer.locator(".test-mode .nowrap").textContent()) ?? "").replace(/\s/g, "");
      expect(card).toBe("5123456789012346");
      await payWithCard(customer, card);
    } else {
      // The 3-D Secure test card: the bank's step asks for the one-time password (123456 in test mode).
      await payWithCard(customer, "4000000000003220");
      await customer.getByTestId("three-ds").waitFor(POLL);
      await customer.getByLabel("كلمة المرور لمرة واحدة").fill("123456");
      await customer.getByTestId("verify").click();
    }
    await customer.getByTestId("result-success").waitFor(POLL);
    expect(await customer.locator("h1").textContent()).toBe(texts.paid);
    expect(await customer.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    const transactionId = Number(new URL(customer.url()).searchParams.get("id"));
    expect(transactionId).toBeGreaterThan(0);
    await customer.context().close();

    // 5. The receiver gets the processed callback, signed with the HMAC secret the screen showed.
    const callbackOf = (id: number) =>
      receiver.received.find((r) => r.body.type === "TRANSACTION" && r.body.obj?.id === id);
    await expect.poll(() => callbackOf(transactionId) !== undefined, { timeout: 60_000 }).toBe(true);
    const callback = callbackOf(transactionId)!;
    const obj = callback.body.obj!;
    expect(obj).toMatchObject({
      success: true,
      pending: false,
      amount_cents: AMOUNT_CENTS,
      currency: "PKR",
      integration_id: integrationId,
      is_live: false,
      order: { id: intention.intention_order_id, merchant_order_id: merchantOrderId },
    });
    const hmac = callback.query.get("hmac") ?? "";
    expect(hmac).toMatch(/^[0-9a-f]{128}$/);
    expect(signedBy(obj, hmac, hmacSecret)).toBe(true);
    // The check can fail: another amount, or another secret, does not match the signature.
    expect(signedBy({ ...obj, amount_cents: AMOUNT_CENTS + 1 }, hmac, hmacSecret)).toBe(false);
    expect(signedBy(obj, hmac, "0".repeat(32))).toBe(false);

    // 6. The dashboard lists the payment and shows its details, with the delivered callback.
    await page.goto(`/portal2/${lang}/transactions`);
    await expect.poll(() => page.getByTestId("tx-table").getAttribute("aria-busy"), POLL).toBe("false");
    expect(await page.getByTestId("data-mode-indicator").getAttribute("data-mode")).toBe("test");
    const listed = page.locator(`[data-testid="tx-table-row"][data-row-id="${transactionId}"]`);
    await listed.waitFor(POLL);
    expect(await listed.getByTestId("tx-status").getAttribute("data-status")).toBe("success");
    await listed.getByTestId("tx-link").click();
    const txDetails = page.getByTestId("tx-details");
    await txDetails.waitFor(POLL);
    expect(await txDetails.getAttribute("data-tx-id")).toBe(String(transactionId));
    const fields = page.getByTestId("tx-fields");
    expect(await fields.getByTestId("field-integration_id").textContent()).toBe(String(integrationId));
    expect(await fields.getByTestId("field-amount").textContent()).toContain("2,500.00");
    expect(await fields.getByTestId("field-currency").textContent()).toBe("PKR");
    expect(await fields.getByTestId("field-order_id").textContent()).toBe(
      String(intention.intention_order_id),
    );
    await expect
      .poll(async () => {
        const log = page.getByTestId("callback-log");
        if (await log.count()) return (await log.textContent()) ?? "";
        await page.reload();
        await txDetails.waitFor(POLL);
        return "";
      }, POLL)
      .toContain(receiver.url);
    expect(await page.getByTestId("callback-log").textContent()).toContain("(200)");

    // 7. A partial refund succeeds; a refund of more than is left is refused with the spec's message.
    await page.getByTestId("action-refund").click();
    await page.getByTestId("refund-amount").waitFor(POLL);
    await page.getByTestId("refund-amount").fill(REFUND);
    await page.getByTestId("refund-submit").click();
    await expectToast(page, "success", texts.refunded);
    await expect
      .poll(() => fields.getByTestId("field-refunded_amount").textContent(), POLL)
      .toContain(REFUND);
    await page.getByTestId("refund-amount").waitFor({ state: "detached", ...POLL });

    await page.getByTestId("action-refund").click();
    await page.getByTestId("refund-amount").waitFor(POLL);
    await page.getByTestId("refund-amount").fill("2500.00");
    await page.getByTestId("refund-submit").click();
    await expect.poll(() => page.getByTestId("refund-modal").textContent(), POLL).toContain(texts.overLimit);
    expect(await fields.getByTestId("field-refunded_amount").textContent()).toContain(REFUND);

    // The refund reached the merchant's server too, signed the same way.
    const refundCallback = () =>
      receiver.received.find(
        (r) => r.body.obj?.parent_transaction === transactionId && r.body.obj?.is_refund === true,
      );
    await expect.poll(() => refundCallback() !== undefined, { timeout: 60_000 }).toBe(true);
    const refundObj = refundCallback()!.body.obj!;
    expect(refundObj).toMatchObject({ amount_cents: 10_000, success: true, has_parent_transaction: true });
    expect(signedBy(refundObj, refundCallback()!.query.get("hmac") ?? "", hmacSecret)).toBe(true);
    await page.context().close();
  }, 300_000);
});
