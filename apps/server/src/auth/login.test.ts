import { loginResponseSchema, permissionId, SESSION_COOKIE } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, signIn } from "../test/fixtures.ts";
import { LOGIN_LIMITS } from "./auth.service.ts";

describeEachDatabase("sign-in", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    fx = fixtures(get().database.db);
  });
  afterAll(() => app.close());

  describe("answers the provider's sign-in shape for each profile type", () => {
    it("Merchant: profile.id is the merchant, live integration and partner branding", async () => {
      const partner = await fx.partner({ time_zone: "Asia/Dubai", logo_url: "/p.png" });
      const merchant = await fx.merchant({ partner_id: partner.id, sector: "Retail", is_mobadra: true });
      await fx.integration(merchant.id, { is_live: true });
      const user = await fx.user("Merchant", { merchantId: merchant.id, firstName: "Mona" });
      const { response } = await signIn(app, user.username, user.password);
      expect(response.statusCode).toBe(200);
      const body = loginResponseSchema.parse(response.json());
      expect(body.profile).toMatchObject({
        id: merchant.id,
        merchant_id: merchant.id,
        profile_type: "Merchant",
        company_name: merchant.company_name,
        sector: "Retail",
        is_mobadra: true,
        has_live_integration: true,
        is_temp_password: false,
        portal_config: null,
        bank_name: null,
        country: "EGY",
        name: null,
      });
      expect(body.profile.user).toMatchObject({ id: user.id, username: user.username, first_name: "Mona" });
      // An owner holds every merchant permission, but none of the bank's.
      expect(body.profile.user.user_permissions).toContain(permissionId("can view orders"));
      expect(body.profile.user.user_permissions).not.toContain(permissionId("can review merchants"));
      expect(body.acq_partner).toEqual({
        partner_code: partner.code,
        is_redirect_to_new_portal: false,
        partner_logo: "/p.png",
        partner_logo_small: null,
        partner_css: expect.objectContaining({ header_background: "#102030", menu_color: "#405060" }),
        partner_time_zone: "Asia/Dubai",
      });
      expect(body.token).not.toBe("");
      expect(body.csrf_token).not.toBe(body.token);
    });

    it("MerchantStaff: only the stored permissions; test-only merchant has no live integration", async () => {
      const merchant = await fx.merchant();
      await fx.integration(merchant.id, { is_live: false });
      const user = await fx.user("MerchantStaff", {
        merchantId: merchant.id,
        permissions: ["can view orders", "can view transactions"],
      });
      const body = loginResponseSchema.parse(
        (await signIn(app, user.username, user.password)).response.json(),
      );
      expect(body.profile).toMatchObject({
        id: merchant.id,
        profile_type: "MerchantStaff",
        has_live_integration: false,
      });
      expect(body.profile.user.user_permissions).toEqual(
        [permissionId("can view orders"), permissionId("can view transactions")].sort((a, b) => a - b),
      );
      expect(body.acq_partner).toBeNull();
    });

    it("Bank and BankStaff: profile.id is the bank, with bank_name and portal_config", async () => {
      const bank = await fx.bank({ name: "Nile Bank", country: "EGY" });
      const owner = await fx.user("Bank", {
        bankId: bank.id,
        portalConfig: { qr_code: true, add_merchant: false },
      });
      const staff = await fx.user("BankStaff", { bankId: bank.id, permissions: ["can view merchants"] });
      const a = loginResponseSchema.parse(
        (await signIn(app, owner.username, owner.password)).response.json(),
      );
      expect(a.profile).toMatchObject({
        id: bank.id,
        profile_type: "Bank",
        bank_name: "Nile Bank",
        merchant_id: null,
        portal_config: { qr_code: true, add_merchant: false },
      });
      expect(a.profile.user.user_permissions).toContain(permissionId("can review merchants"));
      const b = loginResponseSchema.parse(
        (await signIn(app, staff.username, staff.password)).response.json(),
      );
      expect(b.profile).toMatchObject({ id: bank.id, profile_type: "BankStaff", bank_name: "Nile Bank" });
      expect(b.profile.portal_config).toEqual({ qr_code: false, add_merchant: false });
      expect(b.profile.user.user_permissions).toEqual([permissionId("can view merchants")]);
    });

    it("Terminal: profile.id is the terminal, merchant_id its merchant", async () => {
      const user = await fx.user("Terminal", { country: "OMN" });
      const body = loginResponseSchema.parse(
        (await signIn(app, user.username, user.password)).response.json(),
      );
      expect(body.profile).toMatchObject({
        id: user.terminal_id,
        merchant_id: user.merchant_id,
        profile_type: "Terminal",
        country: "OMN",
      });
      expect(body.acq_partner).toBeNull();
    });

    it("Partner: profile.id is the partner, with name, code, domain and branding", async () => {
      const partner = await fx.partner({ domain: "pay.partner.test", onboarding_partner: true });
      const user = await fx.user("Partner", { partnerId: partner.id });
      const body = loginResponseSchema.parse(
        (await signIn(app, user.username, user.password)).response.json(),
      );
      expect(body.profile).toMatchObject({
        id: partner.id,
        profile_type: "Partner",
        name: partner.name,
        code: partner.code,
        domain: "pay.partner.test",
        onboarding_partner: true,
        merchant_id: null,
      });
      expect(body.acq_partner?.partner_code).toBe(partner.code);
      expect(body.acq_partner?.partner_time_zone).toBe("Africa/Cairo");
    });
  });

  it("sets an HttpOnly session cookie and a readable CSRF cookie, and accepts any letter case of the username", async () => {
    const user = await fx.user("Merchant");
    const { response } = await signIn(app, user.username.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const cookies = response.cookies;
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    const csrf = cookies.find((c) => c.name === "csrf_token");
    expect(session).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      value: response.json().token,
    });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.value).toBe(response.json().csrf_token);
    // Only the hash of the token is stored.
    const rows = await get()
      .database.db.selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(response.json().token);
  });

  it("refuses a wrong password and an unknown username alike", async () => {
    const user = await fx.user("Merchant");
    for (const [username, password] of [
      [user.username, "Wrong-Pa55word"],
      ["nobody-here", user.password],
    ] as const) {
      const { response } = await signIn(app, username, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: "incorrect credentials", code: "invalid_credentials" });
    }
  });

  it("refuses a deactivated account, but only to someone who knows its password", async () => {
    const user = await fx.user("Merchant", { isActive: false });
    const right = await signIn(app, user.username, user.password);
    expect(right.response.statusCode).toBe(403);
    expect(right.response.json()).toEqual({
      code: "account_inactive",
      detail: "Your account is deactivated. Check your e-mail for the reactivation link.",
    });
    expect((await signIn(app, user.username, "Wrong-Pa55word")).response.statusCode).toBe(401);
  });

  it("answers 400 with field messages for a malformed body", async () => {
    const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "validation", fields: { username: expect.any(Array) } });
  });

  it("limits tries per IP and username in the database, and lets another IP through", async () => {
    const user = await fx.user("Merchant");
    const ip = "203.0.113.7";
    for (let i = 0; i < LOGIN_LIMITS.ipUser.limit; i++)
      expect((await signIn(app, user.username, "Wrong-Pa55word", ip)).response.statusCode).toBe(401);
    // Even the right password is refused now, without being checked.
    const limited = await signIn(app, user.username, user.password, ip);
    expect(limited.response.statusCode).toBe(429);
    expect(limited.response.json()).toEqual({
      code: "rate_limited",
      detail: "Too many sign-in attempts. Please try again later.",
    });
    expect(Number(limited.response.headers["retry-after"])).toBeGreaterThan(0);
    const counter = await get()
      .database.db.selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", `login:ip-user:${ip}:${user.username.toLowerCase()}`)
      .executeTakeFirstOrThrow();
    expect(counter.hits).toBe(LOGIN_LIMITS.ipUser.limit + 1);
    expect((await signIn(app, user.username, user.password, "198.51.100.9")).response.statusCode).toBe(200);
  });

  it("counts one IPv6 /64 as one address: tries from its many addresses share the counter", async () => {
    const user = await fx.user("Merchant");
    for (let i = 1; i <= LOGIN_LIMITS.ipUser.limit; i++)
      expect(
        (await signIn(app, user.username, "Wrong-Pa55word", `2001:db8:77:1::${i.toString(16)}`)).response
          .statusCode,
      ).toBe(401);
    const sameNet = await signIn(app, user.username, user.password, "2001:db8:77:1:ffff:1234:5678:9abc");
    expect(sameNet.response.statusCode).toBe(429);
    expect((await signIn(app, user.username, user.password, "2001:db8:77:2::1")).response.statusCode).toBe(
      200,
    );
  });

  it("counts failures only: successful sign-ins give their hit back", async () => {
    const user = await fx.user("Merchant");
    const ip = "203.0.113.9";
    await signIn(app, user.username, "Wrong-Pa55word", ip);
    for (let i = 0; i < 3; i++)
      expect((await signIn(app, user.username, user.password, ip)).response.statusCode).toBe(200);
    const hits = async (key: string) =>
      (
        await get()
          .database.db.selectFrom("rate_limits")
          .select("hits")
          .where("key", "=", key)
          .executeTakeFirst()
      )?.hits;
    expect(await hits(`login:user:${user.username.toLowerCase()}`)).toBe(1);
    expect(await hits(`login:ip:${ip}`)).toBe(1);
    expect(await hits(`login:ip-user:${ip}:${user.username.toLowerCase()}`)).toBeUndefined();
  });

  it("limits one username from many addresses", async () => {
    const user = await fx.user("Merchant");
    await get()
      .database.db.insertInto("rate_limits")
      .values({
        key: `login:user:${user.username.toLowerCase()}`,
        hits: LOGIN_LIMITS.user.limit,
        reset_at: new Date(Date.now() + 60_000),
      })
      .execute();
    expect((await signIn(app, user.username, user.password, "192.0.2.44")).response.statusCode).toBe(429);
  });

  it("starts a new window once the old one has passed", async () => {
    const user = await fx.user("Merchant");
    const ip = "203.0.113.8";
    await get()
      .database.db.insertInto("rate_limits")
      .values({
        key: `login:ip-user:${ip}:${user.username.toLowerCase()}`,
        hits: 99,
        reset_at: new Date(Date.now() - 1000),
      })
      .execute();
    expect((await signIn(app, user.username, user.password, ip)).response.statusCode).toBe(200);
  });
});
