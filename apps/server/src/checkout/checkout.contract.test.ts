import { checkoutApi, errorResponseSchema } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { z } from "zod";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";

/**
 * The checkout contract (packages/domain/src/api/checkout.ts) says what the server really answers: each answer
 * parses with its contract schema to exactly itself (no field the contract leaves out, none it names missing).
 * The checkout app's types come from these schemas; its hand-written twin said `message` and
 * `txn_response_code` could be null and `method.type` could be missing, which the server never answers.
 */
function exactly(schema: z.ZodType, body: unknown): void {
  expect(schema.parse(body)).toStrictEqual(body);
}

describeEachDatabase("the checkout API answers what its contract says", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
  });
  afterAll(() => app.close());

  it("a payment's method has its type", async () => {
    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    const response = await app.inject({
      url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    exactly(checkoutApi.payment.answers[200], response.json());
    expect(response.json().method.type).toBe("online");
  });

  it("a declined card answers its message and response code as text", async () => {
    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    const response = await payCard(app, token, { pan: "4000000000000002" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    exactly(checkoutApi.card.answers[200], body);
    expect(body.transaction.success).toBe(false);
    expect(typeof body.transaction.message).toBe("string");
    expect(body.transaction.message).not.toBe("");
    expect(typeof body.transaction.txn_response_code).toBe("string");
  });

  it("a 3-D Secure card answers a challenge, then the result", async () => {
    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    const challenge = (await payCard(app, token, { pan: "4000000000003220" })).json();
    exactly(checkoutApi.card.answers[200], challenge);
    expect(challenge.state).toBe("challenge");
    const response = await app.inject({
      method: "POST",
      url: "/api/checkout/3ds",
      payload: { payment_token: token, challenge_id: challenge.challenge_id, otp: "123456" },
    });
    expect(response.statusCode, response.body).toBe(200);
    exactly(checkoutApi.threeDs.answers[200], response.json());
    expect(response.json().transaction).toMatchObject({ success: true, txn_response_code: "APPROVED" });
  });

  it("a kiosk reference is text with its expiry", async () => {
    const { token } = await paymentTokenFor(app, m, m.integrations.kiosk);
    const response = await app.inject({
      method: "POST",
      url: "/api/checkout/kiosk",
      payload: { payment_token: token },
    });
    expect(response.statusCode, response.body).toBe(200);
    exactly(checkoutApi.kiosk.answers[200], response.json());
  });

  it("an intention lists its methods, and a failure is the one error shape with its code", async () => {
    const { clientSecret } = await paymentTokenFor(app, m, m.integrations.card);
    const query = new URLSearchParams({ public_key: m.keys.publicKeyTest, client_secret: clientSecret });
    const response = await app.inject({ url: `/api/checkout/intention?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    exactly(checkoutApi.intention.answers[200], response.json());

    const unknown = await app.inject({ url: "/api/checkout/payment?payment_token=nope" });
    expect(unknown.statusCode).toBe(404);
    exactly(errorResponseSchema, unknown.json());
    expect(unknown.json().code).toBe("invalid_token");
  });
});
