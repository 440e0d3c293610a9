import { LENDING_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { DEMO_LENDER_ID, DEMO_LENDING_CUSTOMERS, seedDemoLending } from "./lending.ts";

/** The demo's lending customers give each answer docs/demo-data.md lists for them. */
describeEachDatabase("demo lending", (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
  });
  afterAll(() => app.close());

  it("seeds Nile Electronics' customers: loans, a low balance, no loan, a suspended balance", async () => {
    const m = await testMerchant(app);
    const made = await seedDemoLending(
      app.payments.db,
      {
        generated_at: new Date().toISOString(),
        accounts: [],
        merchants: [
          {
            merchant_id: m.merchantId,
            company_name: "Nile Electronics",
            country: "EGY",
            api_key: "",
            secret_key_test: "",
            secret_key_live: "",
            public_key_test: "",
            public_key_live: "",
            hmac_secret: "",
            integrations: [
              {
                id: m.integrations.card,
                name: "Card",
                type: "online",
                gateway_type: "VPC",
                currency: "EGP",
                is_live: false,
              },
            ],
          },
        ],
      },
      app.payments.dataKey,
      new Date(),
    );
    expect(made).toBe(DEMO_LENDING_CUSTOMERS.length);
    let ip = 0;
    const post = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url, payload, remoteAddress: `10.9.0.${++ip}` });
    const lookup = (national_id: string) =>
      post("/api/checkout/lending/lookup", { lender: DEMO_LENDER_ID, national_id });
    const balance = (national_id: string, reference: string, instalment_no: number, pin: string) =>
      post("/api/checkout/lending/balance", {
        lender: DEMO_LENDER_ID,
        national_id,
        reference,
        instalment_no,
        pin,
      });

    const first = (await lookup("29001011234567")).json();
    expect(first.loans).toHaveLength(1);
    expect(first.loans[0]).toMatchObject({ reference: "NE-LN-1001", instalment_no: 3, total_cents: 251_500 });
    expect((await balance("29001011234567", "NE-LN-1001", 3, "0000")).json().detail).toBe(
      LENDING_MESSAGES.incorrectCredentials,
    );
    expect(
      (await lookup("29512240112345")).json().loans.map((l: { reference: string }) => l.reference),
    ).toEqual(["NE-LN-1003", "NE-LN-1004"]);
    for (const none of ["28807070105678", "29999999999999"])
      expect((await lookup(none)).json().detail).toBe(LENDING_MESSAGES.noLoan);
    const low = await balance("29105152101234", "NE-LN-1002", 6, "4321");
    expect([low.statusCode, low.json().detail]).toEqual([404, LENDING_MESSAGES.notEnoughBalance]);
    const suspended = await balance("29203030208765", "NE-LN-1005", 2, "2222");
    expect([suspended.statusCode, suspended.json().detail]).toEqual([400, LENDING_MESSAGES.paymentFailed]);
  });
});
