import { describe, expect, it } from "vitest";
import {
  hmacMessage,
  hmacOfMessage,
  signToken,
  signTransaction,
  TRANSACTION_HMAC_FIELDS,
  verifyTransaction,
} from "./hmac.ts";

// The reference's verified golden vector (paymob-public-api.md, "HMAC").
const GOLDEN_MESSAGE =
  "1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue";
const GOLDEN_SECRET = "04DC1A9490B8CC2094C011FC055ADCDB";
const GOLDEN_HMAC =
  "fa8ac0b7f3852e60c50e7fdd4ea5ef0bda96030c19dea1d55df8c76d6c08ab1877774662cbb04981dc84839ad4da560bcc8cb53b8973548657f7e8f8d2e79930";

/** A processed-callback obj carrying the golden values, with extra fields the signature ignores. */
const goldenObj = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  profile_id: 302852,
  has_parent_transaction: false,
  order: { id: 217503754, merchant_order_id: "x", items: [] },
  created_at: "2024-06-13T11:33:44.592345",
  currency: "EGP",
  source_data: { type: "card", pan: "2346", sub_type: "MasterCard", tenure: null },
  error_occured: false,
  owner: 302852,
  data: { message: "Approved" },
};

describe("callback HMAC", () => {
  it("reproduces the golden vector from the message", () => {
    expect(hmacOfMessage(GOLDEN_MESSAGE, GOLDEN_SECRET)).toBe(GOLDEN_HMAC);
  });

  it("builds the golden message from a nested processed-callback obj and signs it", () => {
    expect(hmacMessage(goldenObj, TRANSACTION_HMAC_FIELDS)).toBe(GOLDEN_MESSAGE);
    expect(signTransaction(goldenObj, GOLDEN_SECRET)).toBe(GOLDEN_HMAC);
    expect(verifyTransaction(goldenObj, GOLDEN_HMAC.toUpperCase(), GOLDEN_SECRET)).toBe(true);
  });

  it("signs the flat response-callback query the same way (order holds the id, dotted keys are literal)", () => {
    const flat: Record<string, string> = {
      id: "192036465",
      pending: "false",
      amount_cents: "100000",
      success: "true",
      is_auth: "false",
      is_capture: "false",
      is_standalone_payment: "true",
      is_voided: "false",
      is_refunded: "false",
      is_3d_secure: "true",
      integration_id: "4097558",
      has_parent_transaction: "false",
      order: "217503754",
      created_at: "2024-06-13T11:33:44.592345",
      currency: "EGP",
      error_occured: "false",
      owner: "302852",
      "source_data.pan": "2346",
      "source_data.sub_type": "MasterCard",
      "source_data.type": "card",
    };
    expect(signTransaction(flat, GOLDEN_SECRET)).toBe(GOLDEN_HMAC);
    const withOrderId = { ...flat, order_id: flat.order };
    delete (withOrderId as Record<string, string | undefined>).order;
    expect(signTransaction(withOrderId, GOLDEN_SECRET)).toBe(GOLDEN_HMAC);
  });

  it("rejects a tampered amount and a wrong secret", () => {
    expect(verifyTransaction({ ...goldenObj, amount_cents: 100001 }, GOLDEN_HMAC, GOLDEN_SECRET)).toBe(false);
    expect(verifyTransaction(goldenObj, GOLDEN_HMAC, "00000000000000000000000000000000")).toBe(false);
    expect(verifyTransaction(goldenObj, "abc", GOLDEN_SECRET)).toBe(false);
  });

  it("signs token callbacks over their own field order", () => {
    const token = {
      id: 12929738,
      token: "fb9fb86d94ff328efcdfed9b9eef7ac398cb446200c149b96a8ccd43",
      masked_pan: "xxxx-xxxx-xxxx-2346",
      merchant_id: 1058607,
      card_subtype: "MasterCard",
      created_at: "2026-01-20T14:16:05.038717",
      email: "customer@example.com",
      order_id: "454732315",
    };
    const message =
      "MasterCard2026-01-20T14:16:05.038717customer@example.com12929738xxxx-xxxx-xxxx-23461058607454732315fb9fb86d94ff328efcdfed9b9eef7ac398cb446200c149b96a8ccd43";
    expect(signToken(token, GOLDEN_SECRET)).toBe(hmacOfMessage(message, GOLDEN_SECRET));
  });
});
