import { AUTH_DETAILS, REGISTRATION_MESSAGES, VALIDATION_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, signIn, unique } from "../test/fixtures.ts";
import { readMailbox } from "../test/mailbox.ts";
import { LINK_DETAILS } from "./registration.service.ts";

const STRONG = "Register-Pa55word!";
const EGYPT = "accept.example.com";
const UAE = "portal.uae.example.com";
const PAKISTAN = "pk.portal.example";

/** Issue 16 items 1 and 2: registration, its e-mail confirmation and growth referrals, on both databases. */
describeEachDatabase("registration and growth", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let ip = 0;
  let phoneSerial = 0;

  beforeAll(async () => {
    app = await buildTestApp(get().database, { PUBLIC_URL: "https://portal.example.test" });
    fx = fixtures(get().database.db);
  });
  afterAll(() => app.close());

  /** Each call from its own address, so the rate limits never mix the tests up. */
  const nextIp = () => {
    ip += 1;
    return `198.51.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
  };
  const newPhone = () => {
    phoneSerial += 1;
    return `+2010${String(Date.now() % 1_000_000).padStart(6, "0")}${String(phoneSerial).padStart(2, "0")}`;
  };
  const newEmail = () => `${unique("reg")}@example.test`;
  const form = (over: Record<string, unknown> = {}) => ({
    full_name: "Mona Adel",
    company_name: "Mona's Bakery",
    email: newEmail(),
    phone: newPhone(),
    password: STRONG,
    confirm_password: STRONG,
    lang: "en",
    ...over,
  });
  const registerAt = (host: string, payload: Record<string, unknown>, remoteAddress = nextIp()) =>
    app.inject({ method: "POST", url: "/api/auth/register", headers: { host }, payload, remoteAddress });
  const confirmLink = (token: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/register/confirm",
      payload: { token },
      remoteAddress: nextIp(),
    });
  const db = () => app.payments.db;

  /** The confirmation link's language and token of the newest e-mail to this address. */
  const linkOf = async (address: string): Promise<{ lang: string; token: string }> => {
    const mail = (await readMailbox(app)).find((m) => m.to === address);
    expect(mail, `an e-mail to ${address}`).toBeDefined();
    const link = /https:\/\/portal\.example\.test\/portal2\/(en|ar)\/register\/success\?token=([\w%-]+)/.exec(
      mail!.text,
    );
    expect(link, mail!.text).not.toBeNull();
    return { lang: link![1]!, token: decodeURIComponent(link![2]!) };
  };

  it("registers a merchant with test integrations and keys, confirms the e-mail once, then signs in", async () => {
    const payload = form({ email: `  ${newEmail().toUpperCase()} ` });
    const email = (payload.email as string).trim().toLowerCase();
    const made = await registerAt(EGYPT, payload);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ detail: REGISTRATION_MESSAGES.registered, email });

    const owner = await db()
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({
      username: email,
      first_name: "Mona",
      last_name: "Adel",
      profile_type: "Merchant",
      country: "EGY",
      is_active: false,
      pending_activation: true,
    });
    expect(owner.password_hash).not.toContain(STRONG);
    const merchant = await db()
      .selectFrom("merchants")
      .selectAll()
      .where("id", "=", owner.merchant_id!)
      .executeTakeFirstOrThrow();
    expect(merchant).toMatchObject({
      company_name: "Mona's Bakery",
      country: "EGY",
      filled_business_data: false,
    });
    const integrations = await db()
      .selectFrom("integrations")
      .select(["is_live", "currency", "type"])
      .where("merchant_id", "=", merchant.id)
      .execute();
    expect(integrations).toEqual([{ is_live: false, currency: "EGP", type: "online" }]);
    const keys = await db()
      .selectFrom("merchant_keys")
      .select(["kind", "is_live"])
      .where("merchant_id", "=", merchant.id)
      .where("revoked_at", "is", null)
      .execute();
    expect(keys.some((k) => k.kind === "api")).toBe(true);
    expect(keys.some((k) => k.kind === "secret" && !k.is_live)).toBe(true);
    expect(keys.some((k) => k.kind === "public" && !k.is_live)).toBe(true);
    expect(merchant.hmac_secret_enc).not.toBeNull();

    // Not before the e-mail is confirmed.
    const early = await signIn(app, email, STRONG, nextIp());
    expect(early.response.statusCode).toBe(403);
    expect(early.response.json()).toMatchObject({
      code: "email_not_confirmed",
      detail: AUTH_DETAILS.email_not_confirmed,
    });

    const { lang, token } = await linkOf(email);
    expect(lang).toBe("en");
    // Only a keyed hash of the link is stored.
    const stored = await db()
      .selectFrom("password_tokens")
      .select("id")
      .where("user_id", "=", owner.id)
      .where("purpose", "=", "confirm_email")
      .executeTakeFirstOrThrow();
    expect(stored.id).not.toBe(token);
    expect(stored.id).not.toContain(token);

    const confirmed = await confirmLink(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ detail: REGISTRATION_MESSAGES.confirmed, username: email });
    const again = await confirmLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "link_used", detail: LINK_DETAILS.link_used });

    const { response } = await signIn(app, email, STRONG, nextIp());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile).toMatchObject({ filled_business_data: false, merchant_id: merchant.id });
  });

  it("answers every rule of the form with its message, on the server as on the page", async () => {
    const bad = await registerAt(
      EGYPT,
      form({
        full_name: "Mona",
        company_name: "<b>Shop</b>",
        email: "not-an-email",
        phone: "1234567",
        password: "short",
        confirm_password: "other",
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "validation",
      fields: {
        full_name: [VALIDATION_MESSAGES.invalid_full_name],
        company_name: [VALIDATION_MESSAGES.html_tags],
        email: [VALIDATION_MESSAGES.invalid_email],
        phone: [VALIDATION_MESSAGES.invalid_phone],
        password: [REGISTRATION_MESSAGES.weakPassword],
        confirm_password: [REGISTRATION_MESSAGES.passwordMismatch],
      },
    });
    const empty = await registerAt(EGYPT, { lang: "en" });
    expect(empty.statusCode).toBe(400);
    for (const field of ["full_name", "company_name", "email", "phone", "password", "confirm_password"])
      expect(empty.json().fields[field]).toEqual([VALIDATION_MESSAGES.required]);
    // A 16-digit phone is too long; 8 digits with a + prefix, or Arabic-Indic digits, are fine.
    expect((await registerAt(EGYPT, form({ phone: "1234567890123456" }))).statusCode).toBe(400);
    expect((await registerAt(EGYPT, form({ phone: "+٢٠١٠٩٨٧٦٥٤٣٢١" }))).statusCode).toBe(201);
    expect(
      (await registerAt(EGYPT, form({ full_name: "<script>x</script> y" }))).json().fields.full_name,
    ).toEqual([VALIDATION_MESSAGES.html_tags]);
    // Arabic names are names.
    expect((await registerAt(EGYPT, form({ full_name: "منى عادل" }))).statusCode).toBe(201);
  });

  it("answers a duplicate e-mail or phone with a clear message", async () => {
    const first = form();
    expect((await registerAt(EGYPT, first)).statusCode).toBe(201);
    const sameEmail = await registerAt(EGYPT, form({ email: (first.email as string).toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      code: "email_registered",
      detail: REGISTRATION_MESSAGES.emailRegistered,
      fields: { email: [REGISTRATION_MESSAGES.emailRegistered] },
    });
    const samePhone = await registerAt(EGYPT, form({ phone: first.phone }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({
      code: "phone_registered",
      detail: REGISTRATION_MESSAGES.phoneRegistered,
    });
    // An existing user's address (not a registration) is taken too.
    const user = await fx.user("Merchant");
    const existing = await db()
      .selectFrom("users")
      .select("email")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect((await registerAt(EGYPT, form({ email: existing.email }))).json().code).toBe("email_registered");
  });

  it("creates exactly one merchant from 20 concurrent registrations with the same e-mail", async () => {
    const email = newEmail();
    const before = await db()
      .selectFrom("merchants")
      .select(sql<string>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 20 }, () => registerAt(EGYPT, form({ email }))));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().code).toBe("email_registered");
    const after = await db()
      .selectFrom("merchants")
      .select(sql<string>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const owners = await db().selectFrom("users").select("id").where("email", "=", email).execute();
    expect(owners).toHaveLength(1);
  });

  it("refuses an expired or unknown link and sends a new one on request", async () => {
    const payload = form({ lang: "ar" });
    expect((await registerAt(EGYPT, payload)).statusCode).toBe(201);
    const email = payload.email as string;
    const { lang, token } = await linkOf(email);
    expect(lang).toBe("ar");
    await db()
      .updateTable("password_tokens")
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where("purpose", "=", "confirm_email")
      .where("user_id", "=", db().selectFrom("users").select("id").where("email", "=", email))
      .execute();
    const expired = await confirmLink(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: "link_expired", detail: LINK_DETAILS.link_expired });
    const unknown = await confirmLink("no-such-token");
    expect(unknown.json()).toMatchObject({ code: "invalid_token", detail: LINK_DETAILS.invalid_token });

    const resent = await app.inject({
      method: "POST",
      url: "/api/auth/register/resend",
      payload: { email: email.toUpperCase(), lang: "en" },
      remoteAddress: nextIp(),
    });
    expect(resent.json()).toEqual({ detail: REGISTRATION_MESSAGES.resent });
    const fresh = await linkOf(email);
    expect(fresh.token).not.toBe(token);
    expect((await confirmLink(fresh.token)).statusCode).toBe(200);
    // Same answer for an address without a waiting registration, and no e-mail.
    const nobody = await app.inject({
      method: "POST",
      url: "/api/auth/register/resend",
      payload: { email: "nobody@example.test" },
      remoteAddress: nextIp(),
    });
    expect(nobody.json()).toEqual({ detail: REGISTRATION_MESSAGES.resent });
    expect((await readMailbox(app)).some((m) => m.to === "nobody@example.test")).toBe(false);
  });

  it("offers no registration in Pakistan, and asks the emirate in the UAE", async () => {
    const pak = await registerAt(PAKISTAN, form());
    expect(pak.statusCode).toBe(404);
    const noEmirate = await registerAt(UAE, form({ phone: "+971501234567" }));
    expect(noEmirate.statusCode).toBe(400);
    expect(noEmirate.json().fields).toEqual({ emirate: [REGISTRATION_MESSAGES.emirate] });
    const payload = form({
      emirate: "dubai",
      phone: `+9715${String(Date.now() % 100_000_000).padStart(8, "0")}`,
    });
    const ok = await registerAt(UAE, payload);
    expect(ok.statusCode, ok.body).toBe(201);
    const merchant = await db()
      .selectFrom("merchants")
      .select(["country", "business_information"])
      .where(sql<boolean>`emails @> ${JSON.stringify([payload.email])}::jsonb`)
      .executeTakeFirstOrThrow();
    expect(merchant.country).toBe("ARE");
    expect(Object.keys(merchant.business_information)).toContain("address_governorate");
    const integration = await db()
      .selectFrom("integrations as i")
      .innerJoin("merchants as m", "m.id", "i.merchant_id")
      .select("i.currency")
      .where(sql<boolean>`m.emails @> ${JSON.stringify([payload.email])}::jsonb`)
      .executeTakeFirstOrThrow();
    expect(integration.currency).toBe("AED");
  });

  describe("growth", () => {
    it("gives a merchant a referral code, records sign-ups through it and lists them", async () => {
      const referrer = await fx.user("Merchant");
      const session = await fx.session(referrer);
      const first = await app.inject({ url: "/api/growth/referring", headers: session.headers });
      expect(first.statusCode, first.body).toBe(200);
      const answer = first.json();
      expect(answer).toMatchObject({ count: 0, confirmed_count: 0, signups: [] });
      expect(answer.code).toMatch(/^[A-Z2-9]{8}$/);
      expect(answer.signup_path).toBe(`/growth/signup?code=${answer.code}`);
      // Stable: the same code the next time.
      const second = await app.inject({ url: "/api/growth/referring", headers: session.headers });
      expect(second.json().code).toBe(answer.code);

      const known = await app.inject({
        url: `/api/growth/codes/${answer.code.toLowerCase()}`,
        remoteAddress: nextIp(),
      });
      expect(known.statusCode).toBe(200);
      expect(known.json().code).toBe(answer.code);

      const payload = form({ company_name: "Referred Shop", referral_code: answer.code.toLowerCase() });
      expect((await registerAt(EGYPT, payload)).statusCode).toBe(201);
      const listed = (await app.inject({ url: "/api/growth/referring", headers: session.headers })).json();
      expect(listed).toMatchObject({
        count: 1,
        confirmed_count: 0,
        signups: [{ company_name: "Referred Shop", confirmed: false }],
      });
      const { token } = await linkOf(payload.email as string);
      await confirmLink(token);
      const after = (await app.inject({ url: "/api/growth/referring", headers: session.headers })).json();
      expect(after).toMatchObject({ count: 1, confirmed_count: 1, signups: [{ confirmed: true }] });

      // Another merchant sees none of them.
      const other = await fx.session(await fx.user("Merchant"));
      const theirs = (await app.inject({ url: "/api/growth/referring", headers: other.headers })).json();
      expect(theirs.count).toBe(0);
      expect(theirs.code).not.toBe(answer.code);
    });

    it("says an unknown referral code is unknown, and records nothing", async () => {
      const unknown = await app.inject({ url: "/api/growth/codes/NOSUCHCO", remoteAddress: nextIp() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        code: "unknown_referral_code",
        detail: REGISTRATION_MESSAGES.unknownCode,
      });
      const payload = form({ referral_code: "NOSUCHCO" });
      const refused = await registerAt(EGYPT, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "unknown_referral_code" });
      const made = await db().selectFrom("users").select("id").where("email", "=", payload.email).execute();
      expect(made).toHaveLength(0);
    });

    it("needs a merchant's session", async () => {
      expect((await app.inject({ url: "/api/growth/referring" })).statusCode).toBe(401);
      const bank = await fx.session(await fx.user("Bank"));
      expect((await app.inject({ url: "/api/growth/referring", headers: bank.headers })).statusCode).toBe(
        403,
      );
    });
  });
});
