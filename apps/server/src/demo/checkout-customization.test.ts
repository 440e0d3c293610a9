import { contrastProblems } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { customizationOf } from "../checkout-customization/checkout-customization.service.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { BRANDING_ACCOUNTS, seedDemoCheckoutCustomization } from "./checkout-customization.ts";
import type { DemoCredentials } from "./generate.ts";

describeEachDatabase("demo checkout customization", (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
  });
  afterAll(() => app.close());

  it("two journey merchants with a readable customized checkout: kiosk first, instalments hidden, a thank-you text", async () => {
    const db = app.payments.db;
    const credentials: DemoCredentials = { generated_at: "", accounts: [], merchants: [] };
    await seedDemoCheckoutCustomization(db, credentials, app.payments.dataKey, new Date());
    expect(credentials.accounts.map((a) => a.username)).toEqual(BRANDING_ACCOUNTS.map((a) => a.username));
    for (const account of BRANDING_ACCOUNTS) {
      const owner = await db
        .selectFrom("users")
        .select("merchant_id")
        .where("username", "=", account.username)
        .executeTakeFirstOrThrow();
      const saved = await customizationOf(db, owner.merchant_id!);
      expect(saved.saved).toBe(true);
      expect(saved.company_name).toBe(account.company);
      expect(contrastProblems(saved)).toEqual([]);
      expect(saved.methods.map((m) => [m.gateway_type, m.is_live, m.visible])).toEqual([
        ["CAGG", false, true],
        ["VPC", false, true],
        ["INSTALLMENT", false, false],
        ["VPC", true, true],
      ]);
      expect(saved.post_payment_text).toBe(account.thanks);
    }
  });
});
