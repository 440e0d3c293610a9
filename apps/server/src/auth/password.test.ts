import { MAX_OLD_PASSWORD_ATTEMPTS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures, signIn, type TestSession } from "../test/fixtures.ts";
import { readMailbox } from "../test/mailbox.ts";
import { FORGOT_LIMITS } from "./auth.service.ts";

const STRONG = "New-Pa55word!";

describeEachDatabase("passwords", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database, { PUBLIC_URL: "https://portal.example.test" });
    fx = fixtures(get().database.db);
  });
  afterAll(() => app.close());

  const db = () => get().database.db;
  const changePassword = (session: TestSession, old_password: string, new_password: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/change_password",
      headers: session.headers,
      payload: { old_password, new_password },
    });
  const mailbox = () => readMailbox(app);
  /** The token of the newest link of that kind e-mailed to the address. */
  const linkToken = async (to: string, page: "reset-password" | "reactivate") => {
    const mail = (await mailbox()).find((m) => m.to === to && m.text.includes(`/${page}?`));
    expect(mail, `an e-mail to ${to} with a ${page} link`).toBeDefined();
    const match = new RegExp(
      `https://portal\\.example\\.test/portal2/en/${page}\\?token=([A-Za-z0-9_-]+)`,
    ).exec(mail!.text);
    expect(match).not.toBeNull();
    return match![1]!;
  };
  const userRow = (id: number) =>
    db()
      .selectFrom("users")
      .select(["is_active", "is_temp_password", "failed_old_password_attempts"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const sessionCount = async (userId: number) =>
    (await db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

  describe("change password", () => {
    it("refuses a weak new password with the problems of each rule", async () => {
      const user = await fx.user("Merchant");
      const r = await changePassword(await fx.session(user), user.password, "abc");
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({
        code: "weak_password",
        fields: { new_password: ["too_short", "no_uppercase", "no_digit", "no_special"] },
      });
      expect((await signIn(app, user.username, user.password)).response.statusCode).toBe(200);
    });

    it("changes it, signs out other devices and keeps this one", async () => {
      const user = await fx.user("Merchant");
      const here = await fx.session(user);
      const elsewhere = await fx.session(user);
      const r = await changePassword(here, user.password, STRONG);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ detail: "Your request completed successfully." });
      expect((await app.inject({ url: "/api/auth/me", headers: here.bearer })).statusCode).toBe(200);
      expect((await app.inject({ url: "/api/auth/me", headers: elsewhere.bearer })).statusCode).toBe(401);
      expect((await signIn(app, user.username, user.password)).response.statusCode).toBe(401);
      expect((await signIn(app, user.username, STRONG)).response.statusCode).toBe(200);
    });

    it("answers wrong_old_password and counts the run, which a right old password ends", async () => {
      const user = await fx.user("Merchant");
      const session = await fx.session(user);
      for (let i = 1; i < MAX_OLD_PASSWORD_ATTEMPTS; i++) {
        const r = await changePassword(session, "Not-The-0ld", STRONG);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({
          code: "wrong_old_password",
          detail: "The old password entered is incorrect.",
        });
      }
      expect((await userRow(user.id)).failed_old_password_attempts).toBe(MAX_OLD_PASSWORD_ATTEMPTS - 1);
      // Right old password (even with a weak new one) ends the run of wrong ones.
      expect((await changePassword(session, user.password, "weak")).statusCode).toBe(400);
      expect((await userRow(user.id)).failed_old_password_attempts).toBe(0);
      expect((await changePassword(session, "Not-The-0ld", STRONG)).statusCode).toBe(400);
      expect(await userRow(user.id)).toMatchObject({ is_active: true, failed_old_password_attempts: 1 });
    });

    it(`locks the account after ${MAX_OLD_PASSWORD_ATTEMPTS} wrong old passwords, e-mails a reactivation link that works once`, async () => {
      const user = await fx.user("MerchantStaff", { permissions: ["can view orders"] });
      const session = await fx.session(user);
      const other = await fx.session(user);
      let last = await changePassword(session, "Not-The-0ld", STRONG);
      for (let i = 1; i < MAX_OLD_PASSWORD_ATTEMPTS; i++)
        last = await changePassword(session, "Not-The-0ld", STRONG);
      expect(last.statusCode).toBe(403);
      expect(last.json()).toEqual({
        code: "account_locked",
        detail:
          "Your account has been blocked after several wrong attempts. A reactivation link was sent to your e-mail.",
      });
      expect((await userRow(user.id)).is_active).toBe(false);
      expect(await sessionCount(user.id)).toBe(0);
      expect((await app.inject({ url: "/api/auth/me", headers: other.bearer })).statusCode).toBe(401);
      expect((await signIn(app, user.username, user.password)).response.json().code).toBe("account_inactive");

      const mails = (await mailbox()).filter((m) => m.to === user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("Reactivate your account");
      expect(mails[0]!.text).toContain("لتفعيله من جديد"); // the Arabic half
      const token = await linkToken(user.email, "reactivate");

      const bad = await app.inject({
        method: "POST",
        url: "/api/auth/reactivate",
        payload: { token: "nope" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("invalid_token");
      const ok = await app.inject({ method: "POST", url: "/api/auth/reactivate", payload: { token } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ detail: "Your account is active again. You can sign in now." });
      expect(await userRow(user.id)).toMatchObject({ is_active: true, failed_old_password_attempts: 0 });
      expect((await signIn(app, user.username, user.password)).response.statusCode).toBe(200);
      const again = await app.inject({ method: "POST", url: "/api/auth/reactivate", payload: { token } });
      expect(again.json().code).toBe("invalid_token");
    });
  });

  describe("temporary password", () => {
    it("signs in to a temp session that may only read /me, change the password and log out", async () => {
      const user = await fx.user("Merchant", { isTempPassword: true });
      const { response, session } = await signIn(app, user.username, user.password);
      expect(response.json().profile.is_temp_password).toBe(true);
      expect((await app.inject({ url: "/api/auth/me", headers: session!.headers })).statusCode).toBe(200);
      const blocked = await app.inject({
        url: "/api/auth/merchant_staff/permission/list_perms",
        headers: session!.headers,
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe("password_change_required");

      expect((await changePassword(session!, user.password, STRONG)).statusCode).toBe(200);
      // The same session is now a full one.
      const perms = await app.inject({
        url: "/api/auth/merchant_staff/permission/list_perms",
        headers: session!.headers,
      });
      expect(perms.statusCode).toBe(200);
      const me = await app.inject({ url: "/api/auth/me", headers: session!.headers });
      expect(me.json().profile.is_temp_password).toBe(false);
      expect((await userRow(user.id)).is_temp_password).toBe(false);
    });
  });

  describe("forgot and reset", () => {
    it("answers the same for known and unknown addresses, and e-mails only the known one", async () => {
      const user = await fx.user("Merchant");
      const before = (await mailbox()).length;
      for (const email of [user.email.toUpperCase(), "nobody@example.test"]) {
        const r = await app.inject({ method: "POST", url: "/api/auth/forgot_password", payload: { email } });
        expect(r.statusCode).toBe(200);
        expect(r.json()).toEqual({
          detail: "If this e-mail belongs to an account, a reset link has been sent.",
        });
      }
      const mails = await mailbox();
      expect(mails.length).toBe(before + 1);
      expect(mails[0]).toMatchObject({
        to: user.email,
        subject: expect.stringContaining("Reset your password"),
      });
    });

    it("resets the password with the e-mailed link once, ending every session", async () => {
      const user = await fx.user("Merchant");
      const session = await fx.session(user);
      await app.inject({ method: "POST", url: "/api/auth/forgot_password", payload: { email: user.email } });
      const token = await linkToken(user.email, "reset-password");

      const weak = await app.inject({
        method: "POST",
        url: "/api/auth/reset_password",
        payload: { token, new_password: "short" },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({
        code: "weak_password",
        fields: { new_password: expect.any(Array) },
      });

      const ok = await app.inject({
        method: "POST",
        url: "/api/auth/reset_password",
        payload: { token, new_password: STRONG },
      });
      expect(ok.statusCode).toBe(200);
      expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).statusCode).toBe(401);
      expect((await signIn(app, user.username, user.password)).response.statusCode).toBe(401);
      expect((await signIn(app, user.username, STRONG)).response.statusCode).toBe(200);

      const reused = await app.inject({
        method: "POST",
        url: "/api/auth/reset_password",
        payload: { token, new_password: "Another-Pa55word" },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({
        code: "invalid_token",
        detail: "This link is invalid or has expired.",
      });
    });

    it("refuses an expired link", async () => {
      const user = await fx.user("Merchant");
      await app.inject({ method: "POST", url: "/api/auth/forgot_password", payload: { email: user.email } });
      const token = await linkToken(user.email, "reset-password");
      await db()
        .updateTable("password_tokens")
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where("user_id", "=", user.id)
        .execute();
      const r = await app.inject({
        method: "POST",
        url: "/api/auth/reset_password",
        payload: { token, new_password: STRONG },
      });
      expect(r.json().code).toBe("invalid_token");
    });

    it("reactivates a locked account", async () => {
      const user = await fx.user("Merchant", { isActive: false });
      await app.inject({ method: "POST", url: "/api/auth/forgot_password", payload: { email: user.email } });
      const token = await linkToken(user.email, "reset-password");
      const r = await app.inject({
        method: "POST",
        url: "/api/auth/reset_password",
        payload: { token, new_password: STRONG },
      });
      expect(r.statusCode).toBe(200);
      expect((await userRow(user.id)).is_active).toBe(true);
      expect((await signIn(app, user.username, STRONG)).response.statusCode).toBe(200);
    });

    it("limits reset e-mails per address", async () => {
      const user = await fx.user("Merchant");
      const ask = () =>
        app.inject({
          method: "POST",
          url: "/api/auth/forgot_password",
          payload: { email: user.email },
          remoteAddress: "192.0.2.10",
        });
      for (let i = 0; i < FORGOT_LIMITS.email.limit; i++) expect((await ask()).statusCode).toBe(200);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe("too_many_requests");
      expect((await mailbox()).filter((m) => m.to === user.email)).toHaveLength(FORGOT_LIMITS.email.limit);
    });
  });
});
