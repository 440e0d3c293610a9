/**
 * The walkthrough's code (docs/payments.md "The Intention API (Checkout V2)"): the merchant's server creates an
 * intention with its secret key, then the page mounts the unified checkout with the public key and the
 * intention's client secret. The merchant's own public key and test integration are filled in; the secret key
 * stays a variable, since only its prefix can be shown.
 */

export interface SampleInput {
  /** The portal's address (the page's origin). */
  base: string;
  publicKey: string;
  /** The test card integration's id, or null when the merchant has none yet. */
  integrationId: number | null;
  currency: string;
}

/** 100.00 in a two-decimal currency (10.000 in OMR): the sample's amount, in minor units as the API takes it. */
export const SAMPLE_AMOUNT = 10000;

export function serverCall(input: SampleInput): string {
  const method = input.integrationId ?? "INTEGRATION_ID";
  return [
    `curl -X POST ${input.base}/v1/intention/ \\`,
    `  -H "Authorization: Token $SECRET_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{`,
    `    "amount": ${SAMPLE_AMOUNT},`,
    `    "currency": "${input.currency}",`,
    `    "payment_methods": [${method}],`,
    `    "items": [{"name": "Test item", "amount": ${SAMPLE_AMOUNT}, "description": "Walkthrough", "quantity": 1}],`,
    `    "billing_data": {"first_name": "Test", "last_name": "Account", "email": "test@example.com", "phone_number": "+201000000000"},`,
    `    "special_reference": "walkthrough-1"`,
    `  }'`,
  ].join("\n");
}

export function checkoutElement(input: SampleInput): string {
  return [
    `<div id="checkout"></div>`,
    `<script>`,
    `  const publicKey = "${input.publicKey}";`,
    `  function mountCheckout(clientSecret) {`,
    `    const url = new URL("/unifiedcheckout/", "${input.base}");`,
    `    url.searchParams.set("publicKey", publicKey);`,
    `    url.searchParams.set("clientSecret", clientSecret);`,
    `    const frame = document.createElement("iframe");`,
    `    frame.src = url.href;`,
    `    frame.title = "Checkout";`,
    `    frame.style.cssText = "width: 100%; height: 640px; border: 0";`,
    `    document.getElementById("checkout").replaceChildren(frame);`,
    `  }`,
    `</script>`,
  ].join("\n");
}

/** The sandbox's test cards (docs/payments.md "Test cards, wallets and kiosks"). */
export const TEST_CARDS = [
  { number: "5123456789012346", brand: "Mastercard", outcome: "approved" },
  { number: "5123450000000008", brand: "Mastercard", outcome: "approved" },
  { number: "4111111111111111", brand: "Visa", outcome: "approved" },
  { number: "4000000000003220", brand: "Visa", outcome: "challenge" },
  { number: "4000000000000002", brand: "Visa", outcome: "declined" },
] as const;
export const TEST_CARD_HOLDER = "Test Account";
export const TEST_CARD_EXPIRY = "01/39";
export const TEST_CARD_CVV = "123";
export const TEST_OTP = "123456";

/** Copies a text to the clipboard; answers whether it worked. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
