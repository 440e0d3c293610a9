import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sniffImage } from "../images/images.service.ts";
import { testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { demoPng, seedDemoProducts } from "./products.ts";

describeEachDatabase("demo products", (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
  });
  afterAll(() => app.close());

  it("gives the first Egyptian merchant products in each mode: one sold out, one with an image", async () => {
    expect(sniffImage(demoPng())).toBe("image/png");
    const m = await testMerchant(app);
    const integrations = [
      {
        id: m.integrations.card,
        name: "Card",
        type: "online",
        gateway_type: "VPC",
        currency: "EGP",
        is_live: false,
      },
      {
        id: m.integrations.liveCard,
        name: "Live",
        type: "online",
        gateway_type: "VPC",
        currency: "EGP",
        is_live: true,
      },
    ];
    const made = await seedDemoProducts(
      app.payments.db,
      {
        generated_at: new Date().toISOString(),
        accounts: [],
        merchants: [
          {
            merchant_id: m.merchantId,
            company_name: "Demo",
            country: "EGY",
            api_key: "",
            secret_key_test: "",
            secret_key_live: "",
            public_key_test: "",
            public_key_live: "",
            hmac_secret: "",
            integrations,
          },
        ],
      },
      new Date(),
    );
    expect(made).toBe(8);
    const rows = await app.payments.db
      .selectFrom("products")
      .selectAll()
      .where("merchant_id", "=", m.merchantId)
      .where("is_live", "=", false)
      .execute();
    expect(rows.some((r) => r.inventory === 0)).toBe(true);
    const withImage = rows.find((r) => r.image_id !== null);
    expect(withImage).toBeDefined();
    const image = await app.inject({ url: `/api/images/${withImage!.image_id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
  });
});
