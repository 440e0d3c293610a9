import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signTransaction } from "../callbacks/hmac.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "./test-support.ts";

describeEachDatabase("payment flow", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app, { redirectUrl: "https://merchant.example/return" });
  });
  afterAll(() => app.close());

  it("pays an intention with the sandbox card and redirects with a signed response callback", async () => {
    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    const response = await payCard(app, token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.state).toBe("done");
    expect(body.transaction).toMatchObject({ success: true, pending: false, txn_response_code: "APPROVED" });
    const url = new URL(body.redirect_url);
    expect(url.origin + url.pathname).toBe("https://merchant.example/return");
    const flat = Object.fromEntries(url.searchParams);
    expect(flat.success).toBe("true");
    expect(flat["source_data.pan"]).toBe("2346");
    expect(signTransaction(flat, m.keys.hmacSecret)).toBe(flat.hmac);
  });
});
