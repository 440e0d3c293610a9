import { describe, expect, it } from "vitest";
import { checkoutElement, SAMPLE_AMOUNT, serverCall } from "./codeSamples.ts";

describe("walkthrough code samples", () => {
  const input = {
    base: "https://portal.example",
    publicKey: "egy_pk_test_abc",
    integrationId: 42,
    currency: "EGP",
  };

  it("the server call creates an intention with the secret key, the test integration and matching item amounts", () => {
    const code = serverCall(input);
    expect(code).toContain("curl -X POST https://portal.example/v1/intention/");
    expect(code).toContain('Authorization: Token $SECRET_KEY"');
    expect(code).toContain('"payment_methods": [42]');
    const body = JSON.parse(code.slice(code.indexOf("'") + 1, code.lastIndexOf("'")));
    expect(body.amount).toBe(SAMPLE_AMOUNT);
    expect(
      body.items.reduce((s: number, i: { amount: number; quantity: number }) => s + i.amount * i.quantity, 0),
    ).toBe(body.amount);
    expect(body.currency).toBe("EGP");
  });

  it("without a test integration the call names the placeholder to replace", () => {
    expect(serverCall({ ...input, integrationId: null })).toContain('"payment_methods": [INTEGRATION_ID]');
  });

  it("the element mounts the unified checkout with the merchant's own public key", () => {
    const code = checkoutElement(input);
    expect(code).toContain('const publicKey = "egy_pk_test_abc";');
    expect(code).toContain('new URL("/unifiedcheckout/", "https://portal.example")');
    expect(code).toContain('url.searchParams.set("clientSecret", clientSecret)');
  });
});
