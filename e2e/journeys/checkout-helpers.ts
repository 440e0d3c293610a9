import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newContext } from "../support/browser.ts";

/**
 * What the checkout journeys share: payments made the way a merchant's server makes them (the provider's public
 * API with the demo merchant's keys from DATA_DIR/demo-credentials.json), and a browser context in which the
 * merchant's own site (any other origin) answers with a stub page.
 */

interface DemoIntegration {
  id: number;
  gateway_type: string;
  currency: string;
  is_live: boolean;
}

export interface DemoMerchant {
  merchant_id: number;
  company_name: string;
  country: string;
  api_key: string;
  secret_key_test: string;
  public_key_test: string;
  integrations: DemoIntegration[];
}

/** The first Egyptian demo merchant, with its test integrations. */
export function demoMerchant(dataDir: string): DemoMerchant {
  const file = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
    merchants: DemoMerchant[];
  };
  const merchant = file.merchants.find((m) => m.country === "EGY");
  if (!merchant) throw new Error("no Egyptian demo merchant in demo-credentials.json");
  return merchant;
}

/** The merchant's test integration in EGP for a gateway (VPC card, UIG wallet, CAGG kiosk, VALU). */
export function testIntegration(merchant: DemoMerchant, gateway: string): number {
  const found = merchant.integrations.find(
    (i) => i.gateway_type === gateway && !i.is_live && i.currency === "EGP",
  );
  if (!found) throw new Error(`demo merchant has no test ${gateway} integration in EGP`);
  return found.id;
}

async function post<T>(baseUrl: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const BILLING = {
  apartment: "NA",
  email: "mona.adel@example.com",
  floor: "NA",
  first_name: "Mona",
  street: "NA",
  building: "NA",
  phone_number: "+201010101010",
  shipping_method: "NA",
  postal_code: "NA",
  city: "Cairo",
  country: "EG",
  last_name: "Adel",
  state: "NA",
};

export const AMOUNT_CENTS = 149999;

/** A payment token as a merchant server gets one: auth token, order, payment key (the legacy flow). */
export async function paymentToken(baseUrl: string, merchant: DemoMerchant, integrationId: number) {
  const { token } = await post<{ token: string }>(baseUrl, "/api/auth/tokens", { api_key: merchant.api_key });
  const order = await post<{ id: number }>(baseUrl, "/api/ecommerce/orders", {
    auth_token: token,
    delivery_needed: "false",
    amount_cents: AMOUNT_CENTS,
    currency: "EGP",
    merchant_order_id: `journey-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    items: [],
  });
  const key = await post<{ token: string }>(baseUrl, "/api/acceptance/payment_keys", {
    auth_token: token,
    amount_cents: AMOUNT_CENTS,
    expiration: 3600,
    order_id: order.id,
    billing_data: BILLING,
    currency: "EGP",
    integration_id: integrationId,
    lock_order_when_paid: "false",
  });
  return key.token;
}

/** The unified checkout URL of a new intention (the Intention API) offering the given integrations. */
export async function intentionUrl(baseUrl: string, merchant: DemoMerchant, integrationIds: number[]) {
  const intention = await post<{ client_secret: string }>(
    baseUrl,
    "/v1/intention/",
    {
      amount: AMOUNT_CENTS,
      currency: "EGP",
      payment_methods: integrationIds,
      items: [{ name: "Headphones", amount: AMOUNT_CENTS, description: "Wireless", quantity: 1 }],
      billing_data: {
        first_name: "Mona",
        last_name: "Adel",
        email: "mona.adel@example.com",
        phone_number: "01010101010",
      },
      redirection_url: "https://shop.example.com/thank-you",
    },
    { authorization: `Token ${merchant.secret_key_test}` },
  );
  const query = new URLSearchParams({
    publicKey: merchant.public_key_test,
    clientSecret: intention.client_secret,
  });
  return `/unifiedcheckout/?${query}`;
}

export const MERCHANT_STUB = "Merchant site (stub)";

/** A browser context where every origin but the portal's answers with a stub page: the merchant's site. */
export async function checkoutContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await newContext(browser, baseUrl);
  const portal = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== portal,
    (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Shop</title><h1>${MERCHANT_STUB}</h1></html>`,
      }),
  );
  return context;
}

export const TEST_CARD = { holder: "Test Account", expiry: "01/39", cvv: "123" };

/** Types a card into the form the way a customer does and presses Pay. */
export async function payWithCard(page: Page, pan: string): Promise<void> {
  await page.getByLabel(/Name on card|الاسم على البطاقة/).fill(TEST_CARD.holder);
  await page.locator("#cc-number").pressSequentially(pan);
  await page.locator("#cc-exp").pressSequentially(TEST_CARD.expiry.replace("/", ""));
  await page.locator("#cc-csc").fill(TEST_CARD.cvv);
  await page.getByTestId("pay").click();
}
