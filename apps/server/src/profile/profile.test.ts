import { AUTH_DETAILS, MAX_OLD_PASSWORD_ATTEMPTS, PROFILE_PROBLEMS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage } from "../images/images.service.ts";
import { solidPng } from "../images/png.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, type FixtureUser, fixtures, type TestSession } from "../test/fixtures.ts";

const GOOD_BRANDING = {
  brand_name: "Nile Crafts 2",
  business_description: "Hand made pottery, lamps and rugs.",
  account_type: 1,
  sector: 1,
  industry: 101,
  website_url: "https://nile-crafts.example.com",
  facebook_url: "https://www.facebook.com/nilecrafts",
  instagram_url: "instagram.com/nile.crafts",
  whatsapp_number: "+20 100 123 4567",
} as const;

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

describeEachDatabase("profile and settings", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let owner: FixtureUser;
  let ownerSession: TestSession;
  let staffSession: TestSession;
  let otherOwner: FixtureUser;
  let otherSession: TestSession;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    fx = fixtures(get().database.db);
    owner = await fx.user("Merchant");
    ownerSession = await fx.session(owner);
    staffSession = await fx.session(
      await fx.user("MerchantStaff", { merchantId: owner.merchant_id!, permissions: ["can view orders"] }),
    );
    otherOwner = await fx.user("Merchant");
    otherSession = await fx.session(otherOwner);
  });
  afterAll(() => app.close());

  const send = (method: "GET" | "PUT" | "POST", url: string, session: TestSession, payload?: object) =>
    app.inject({ method, url: `/api/merchant/profile${url}`, headers: session.headers, payload });
  const merchantRow = (id: number) =>
    get().database.db.selectFrom("merchants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const attempts = async (userId: number) =>
    (
      await get()
        .database.db.selectFrom("users")
        .select(["failed_old_password_attempts", "is_active"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow()
    ).failed_old_password_attempts;

  describe("GET /api/merchant/profile", () => {
    it("shows the owner the account info, editable, and the staff the same, read only", async () => {
      const res = await send("GET", "", ownerSession);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        merchant_id: owner.merchant_id,
        username: owner.username,
        profile_type: "Merchant",
        can_edit: true,
        status: "no_integrations",
        notification_emails: true,
        contract: null,
      });
      expect(body.branding).toMatchObject({ brand_name: "", account_type: null, sector: null });
      const staff = await send("GET", "", staffSession);
      expect(staff.statusCode).toBe(200);
      expect(staff.json()).toMatchObject({ merchant_id: owner.merchant_id, can_edit: false });
    });

    it("shows test until a live integration is active, then live", async () => {
      const merchant = await fx.merchant();
      const user = await fx.user("Merchant", { merchantId: merchant.id });
      const session = await fx.session(user);
      await fx.integration(merchant.id, { is_live: false });
      expect((await send("GET", "", session)).json().status).toBe("test");
      await fx.integration(merchant.id, { is_live: true });
      expect((await send("GET", "", session)).json().status).toBe("live");
    });

    it("is refused to terminals and banks", async () => {
      const terminal = await fx.terminal(owner.merchant_id!);
      const terminalUser = await fx.user("Terminal", { terminalId: terminal.id });
      expect((await send("GET", "", await fx.session(terminalUser))).statusCode).toBe(403);
      expect((await send("GET", "", await fx.session(await fx.user("Bank")))).statusCode).toBe(403);
    });
  });

  describe("PUT /api/merchant/profile/branding", () => {
    it("saves the branding into the business information and shows it back", async () => {
      const res = await send("PUT", "/branding", ownerSession, GOOD_BRANDING);
      expect(res.statusCode).toBe(200);
      expect(res.json().branding).toEqual({
        ...GOOD_BRANDING,
        whatsapp_number: "+201001234567",
      });
      const row = await merchantRow(owner.merchant_id!);
      expect(row.business_information).toMatchObject({
        brand_name: "Nile Crafts 2",
        business: 1,
        industry: 101,
      });
      expect((await send("GET", "", staffSession)).json().branding.brand_name).toBe("Nile Crafts 2");
      // The other merchant's branding is untouched.
      expect((await send("GET", "", otherSession)).json().branding.brand_name).toBe("");
    });

    it("accepts Arabic and Urdu letters and Arabic-Indic digits", async () => {
      for (const brand of ["متجر النيل ٢", "کتاب گھر لاہور"]) {
        const res = await send("PUT", "/branding", ownerSession, { ...GOOD_BRANDING, brand_name: brand });
        expect(res.statusCode, brand).toBe(200);
        expect(res.json().branding.brand_name).toBe(brand);
      }
    });

    const bad: [string, Record<string, unknown>, string, keyof typeof PROFILE_PROBLEMS][] = [
      ["an empty brand name", { brand_name: "  " }, "brand_name", "required"],
      ["special characters", { brand_name: "Nile Crafts!" }, "brand_name", "letters_only"],
      ["letters of another script", { brand_name: "Nile 工艺" }, "brand_name", "letters_only"],
      [
        "an emoji in the description",
        { business_description: "Best pots 🏺" },
        "business_description",
        "letters_only",
      ],
      ["HTML", { brand_name: "<b>Nile</b>" }, "brand_name", "html_tags"],
      ["a brand name over 100 letters", { brand_name: "a".repeat(101) }, "brand_name", "too_long"],
      [
        "a description over 1000 letters",
        { business_description: "b".repeat(1001) },
        "business_description",
        "too_long",
      ],
      ["a bad website", { website_url: "not a link" }, "website_url", "invalid_url"],
      [
        "a Facebook link elsewhere",
        { facebook_url: "https://example.com/nilecrafts" },
        "facebook_url",
        "invalid_facebook",
      ],
      [
        "a Facebook link without a page",
        { facebook_url: "https://facebook.com/" },
        "facebook_url",
        "invalid_facebook",
      ],
      [
        "an Instagram link elsewhere",
        { instagram_url: "https://facebook.com/nile" },
        "instagram_url",
        "invalid_instagram",
      ],
      ["a short WhatsApp number", { whatsapp_number: "12345" }, "whatsapp_number", "invalid_whatsapp"],
      [
        "letters in the WhatsApp number",
        { whatsapp_number: "+20100abc4567" },
        "whatsapp_number",
        "invalid_whatsapp",
      ],
      ["an industry without a sector", { sector: null, industry: 101 }, "industry", "sector_first"],
      ["an industry of another sector", { sector: 2, industry: 101 }, "industry", "unknown_industry"],
      ["an unknown sector", { sector: 999, industry: null }, "sector", "unknown_sector"],
    ];
    it.each(bad)("refuses %s with its message and writes nothing", async (_label, change, field, problem) => {
      const before = (await merchantRow(owner.merchant_id!)).business_information;
      const res = await send("PUT", "/branding", ownerSession, { ...GOOD_BRANDING, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toEqual([problem]);
      expect(res.json().detail).toBe(PROFILE_PROBLEMS[problem]);
      expect((await merchantRow(owner.merchant_id!)).business_information).toEqual(before);
    });

    it("lets only the owner change it", async () => {
      const res = await send("PUT", "/branding", staffSession, GOOD_BRANDING);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("not_owner");
    });
  });

  describe("PUT /api/merchant/profile/company", () => {
    const company = {
      company_name: "Nile Crafts & Co.",
      phones: ["+201001112222", "٠١٠٠١١١٣٣٣٣"],
      emails: ["sales@nile-crafts.example.com", "support@nile-crafts.example.com"],
    };

    it("refuses a wrong password with the old-password message, changes nothing and counts it", async () => {
      const before = await merchantRow(owner.merchant_id!);
      const res = await send("PUT", "/company", ownerSession, { ...company, password: "Wrong-Pa55word" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "wrong_old_password",
        detail: AUTH_DETAILS.wrong_old_password,
      });
      expect((await merchantRow(owner.merchant_id!)).company_name).toBe(before.company_name);
      expect(await attempts(owner.id)).toBe(1);
    });

    it("checks the phones and e-mails before the password, so a typo costs no attempt", async () => {
      const res = await send("PUT", "/company", ownerSession, {
        ...company,
        phones: ["+201001112222", "12"],
        emails: ["sales@", "ok@nile.example.com"],
        password: "Wrong-Pa55word",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ "phones.1": ["invalid_phone"], "emails.0": ["invalid_email"] });
      expect(await attempts(owner.id)).toBe(1);
      const none = await send("PUT", "/company", ownerSession, {
        ...company,
        company_name: "",
        phones: [],
        password: owner.password,
      });
      expect(none.json().fields).toEqual({ company_name: ["required"], "phones.0": ["required"] });
      const many = await send("PUT", "/company", ownerSession, {
        ...company,
        emails: Array.from({ length: 6 }, (_, i) => `a${i}@nile.example.com`),
        password: owner.password,
      });
      expect(many.json().fields).toEqual({ emails: ["too_many"] });
    });

    it("saves with the right password (phones in ASCII digits) and ends the run of wrong ones", async () => {
      const res = await send("PUT", "/company", ownerSession, { ...company, password: owner.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        company_name: "Nile Crafts & Co.",
        phones: ["+201001112222", "01001113333"],
        emails: company.emails,
      });
      expect(await attempts(owner.id)).toBe(0);
      expect((await send("GET", "", otherSession)).json().company_name).not.toBe("Nile Crafts & Co.");
    });

    it("locks the account after repeated wrong passwords, as a password change does", async () => {
      const user = await fx.user("Merchant");
      const session = await fx.session(user);
      for (let i = 1; i < MAX_OLD_PASSWORD_ATTEMPTS; i++) {
        const res = await send("PUT", "/company", session, { ...company, password: `Wrong-${i}` });
        expect(res.json().code).toBe("wrong_old_password");
      }
      const last = await send("PUT", "/company", session, { ...company, password: "Wrong-last" });
      expect(last.statusCode).toBe(403);
      expect(last.json().code).toBe("account_locked");
      // The session ended with the lock.
      expect((await send("GET", "", session)).statusCode).toBe(401);
    });

    it("lets only the owner change it", async () => {
      const res = await send("PUT", "/company", staffSession, { ...company, password: "x" });
      expect(res.statusCode).toBe(403);
    });
  });

  describe("PUT /api/merchant/profile/notifications", () => {
    it("asks for the password, then switches the notification e-mails", async () => {
      const wrong = await send("PUT", "/notifications", ownerSession, { enabled: false, password: "nope" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe("wrong_old_password");
      expect((await merchantRow(owner.merchant_id!)).notification_emails).toBe(true);
      const off = await send("PUT", "/notifications", ownerSession, {
        enabled: false,
        password: owner.password,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().notification_emails).toBe(false);
      expect((await merchantRow(otherOwner.merchant_id!)).notification_emails).toBe(true);
      const on = await send("PUT", "/notifications", ownerSession, {
        enabled: true,
        password: owner.password,
      });
      expect(on.json().notification_emails).toBe(true);
    });

    it("lets only the owner switch them", async () => {
      expect(
        (await send("PUT", "/notifications", staffSession, { enabled: false, password: "x" })).statusCode,
      ).toBe(403);
    });
  });

  describe("PUT /api/merchant/profile/logo", () => {
    it("uses the merchant's own uploaded logo", async () => {
      const image = await storeImage(get().database.db, owner.merchant_id!, {
        bytes: solidPng(64, 64, [20, 90, 160]),
        name: "logo.png",
      });
      const res = await send("PUT", "/logo", ownerSession, { image_id: image.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().logo_url).toBe(`/api/images/${image.id}`);
    });

    it("refuses another merchant's image and an image over 1 MB", async () => {
      const theirs = await storeImage(get().database.db, otherOwner.merchant_id!, {
        bytes: solidPng(32, 32, [200, 10, 10]),
      });
      const res = await send("PUT", "/logo", ownerSession, { image_id: theirs.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("logo_not_found");
      const big = await storeImage(
        get().database.db,
        owner.merchant_id!,
        { bytes: solidPng(32, 32, [1, 2, 3]) },
        "product",
      );
      await get()
        .database.db.updateTable("images")
        .set({ size_bytes: 1024 * 1024 + 1 })
        .where("id", "=", big.id)
        .execute();
      const large = await send("PUT", "/logo", ownerSession, { image_id: big.id });
      expect(large.statusCode).toBe(400);
      expect(large.json()).toMatchObject({ code: "logo_too_large", detail: "Max size is 1MB." });
    });
  });

  describe("POST /api/merchant/profile/contract", () => {
    it("stores a PDF as the provider contract, which the owner can open and no one else sees", async () => {
      const res = await send("POST", "/contract", ownerSession, {
        name: "signed contract.pdf",
        content_base64: PDF.toString("base64"),
      });
      expect(res.statusCode).toBe(201);
      const contract = res.json().contract;
      expect(contract).toMatchObject({ file_name: "signed contract.pdf", content_type: "application/pdf" });
      const file = await app.inject({
        url: `/api/merchant/documents/${contract.document_id}`,
        headers: ownerSession.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      const intruder = await app.inject({
        url: `/api/merchant/documents/${contract.document_id}`,
        headers: otherSession.headers,
      });
      expect(intruder.statusCode).toBe(404);
      expect((await send("GET", "", otherSession)).json().contract).toBeNull();
    });

    it("refuses a file that is not a PDF, PNG or JPEG by its content, and an empty one", async () => {
      const html = await send("POST", "/contract", ownerSession, {
        name: "contract.pdf",
        content_base64: Buffer.from("<html><script>alert(1)</script></html>").toString("base64"),
      });
      expect(html.statusCode).toBe(400);
      expect(html.json().code).toBe("contract_type");
      const empty = await send("POST", "/contract", ownerSession, { name: "c.pdf", content_base64: "" });
      expect(empty.json().code).toBe("contract_empty");
    });

    it("lets only the owner submit it", async () => {
      const res = await send("POST", "/contract", staffSession, {
        name: "c.pdf",
        content_base64: PDF.toString("base64"),
      });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe("profile rules without a database", () => {
  it("names the problems in the spec's order of checks", async () => {
    const { brandingProblems } = await import("@portal/domain");
    expect(
      brandingProblems({ ...GOOD_BRANDING, facebook_url: "facebook", website_url: "https://ok.example.com" }),
    ).toEqual({ facebook_url: "invalid_facebook" });
  });
});
