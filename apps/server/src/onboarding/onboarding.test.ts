import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, type TestSession } from "../test/fixtures.ts";

const FINAL = {
  business: 1,
  legal_papers: true,
  commercial_register: true,
  tax_card: false,
  integration: true,
  standalone: false,
  social_media: true,
  retail: true,
  business_description: "Phones and laptops",
  brand_name: "Nile Gadgets",
  sector: 1,
  industry: 101,
  address_governorate: "Cairo",
  address_district: "Nasr City",
  address_street: "Abbas El Akkad",
  address_building: "12",
  address_floor: "3",
  website_url: "https://nile-gadgets.example.com",
  facebook_url: "https://facebook.com/nilegadgets",
  instagram_url: "",
};

describeEachDatabase("onboarding questionnaire", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let owner: TestSession;
  let merchantId: number;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    fx = fixtures(get().database.db);
    const user = await fx.user("Merchant");
    merchantId = user.merchant_id!;
    owner = await fx.session(user);
  });
  afterAll(() => app.close());

  const post = (session: TestSession, payload: unknown, withCsrf = true) =>
    app.inject({
      method: "POST",
      url: "/api/auth/business_information",
      headers: withCsrf ? session.headers : { cookie: session.headers.cookie },
      payload: payload as Record<string, unknown>,
    });
  const merchantRow = () =>
    get()
      .database.db.selectFrom("merchants")
      .select(["business_information", "filled_business_data"])
      .where("id", "=", merchantId)
      .executeTakeFirstOrThrow();

  describe("GET /api/auth/sector-industry", () => {
    it("lists sectors with their industries in English by default and Arabic on request", async () => {
      const en = await app.inject({ url: "/api/auth/sector-industry", headers: owner.headers });
      expect(en.statusCode).toBe(200);
      const list = en.json();
      expect(list.length).toBeGreaterThan(3);
      expect(list[0]).toMatchObject({ id: 1, title: "Retail" });
      expect(list[0].industries[0]).toEqual({ id: 101, title: "Electronics" });
      const ar = await app.inject({
        url: "/api/auth/sector-industry",
        headers: { ...owner.headers, "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" },
      });
      expect(ar.json()[0]).toMatchObject({ id: 1, title: "التجزئة" });
      expect(ar.json()[0].industries[0].title).toBe("الإلكترونيات");
    });

    it("needs a session", async () => {
      const response = await app.inject({ url: "/api/auth/sector-industry" });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("POST /api/auth/business_information", () => {
    it("saves step 2 partially without marking the business data filled", async () => {
      const response = await post(owner, {
        business: 0,
        integration: false,
        standalone: true,
        retail: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ business: 0, filled_business_data: false });
      const row = await merchantRow();
      expect(row.filled_business_data).toBe(false);
      expect(row.business_information).toMatchObject({ business: 0, standalone: true, integration: false });
    });

    it("lists the invalid field names followed by 'Is not a valid .'", async () => {
      const response = await post(owner, {
        ...FINAL,
        brand_name: "",
        industry: 201,
        address_building: "twelve",
        website_url: "not a url",
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.detail).toBe("brand_name, industry, address_building, website_url Is not a valid .");
      expect(Object.keys(body.fields).sort()).toEqual(
        ["address_building", "brand_name", "industry", "website_url"].sort(),
      );
      expect(body.fields.brand_name).toEqual(["Is not a valid ."]);
      expect((await merchantRow()).filled_business_data).toBe(false);
    });

    it("needs business and at least one channel", async () => {
      const response = await post(owner, { integration: false, standalone: false, retail: false });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe("business, integration, standalone, retail Is not a valid .");
    });

    it("refuses HTML in texts", async () => {
      const response = await post(owner, { ...FINAL, business_description: "<b>Phones</b>" });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(["business_description"]);
    });

    it("saves the final submit and marks the business data filled, seen by the session answer", async () => {
      const response = await post(owner, FINAL);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ business: 1, filled_business_data: true });
      const row = await merchantRow();
      expect(row.filled_business_data).toBe(true);
      expect(row.business_information).toMatchObject({
        business: 1,
        brand_name: "Nile Gadgets",
        sector: 1,
        industry: 101,
        standalone: false,
        retail: true,
        address_floor: "3",
      });
      const me = await app.inject({ url: "/api/auth/me", headers: owner.headers });
      expect(me.json().profile.filled_business_data).toBe(true);
    });

    it("lets merchant staff answer for their merchant", async () => {
      const staff = await fx.user("MerchantStaff", { permissions: [] });
      const session = await fx.session(staff);
      const response = await post(session, FINAL);
      expect(response.statusCode).toBe(200);
      const row = await get()
        .database.db.selectFrom("merchants")
        .select("filled_business_data")
        .where("id", "=", staff.merchant_id!)
        .executeTakeFirstOrThrow();
      expect(row.filled_business_data).toBe(true);
    });

    it("refuses other profiles, missing sessions and missing CSRF", async () => {
      const bank = await fx.session(await fx.user("Bank"));
      expect((await post(bank, FINAL)).statusCode).toBe(403);
      const terminal = await fx.session(await fx.user("Terminal"));
      expect((await post(terminal, FINAL)).statusCode).toBe(403);
      const anonymous = await app.inject({
        method: "POST",
        url: "/api/auth/business_information",
        payload: FINAL,
      });
      expect(anonymous.statusCode).toBe(401);
      const other = await fx.user("Merchant");
      const otherSession = await fx.session(other);
      expect((await post(otherSession, FINAL, false)).statusCode).toBe(403);
      const row = await get()
        .database.db.selectFrom("merchants")
        .select("filled_business_data")
        .where("id", "=", other.merchant_id!)
        .executeTakeFirstOrThrow();
      expect(row.filled_business_data).toBe(false);
    });
  });
});
