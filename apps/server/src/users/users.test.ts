import { createHash } from "node:crypto";
import { AUTH_DETAILS, ERROR_MESSAGES, type PermissionName, USER_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, type FixtureUser, fixtures, type TestSession, unique } from "../test/fixtures.ts";
import { readMailbox } from "../test/mailbox.ts";
import { LINK_DETAILS } from "./users.service.ts";

const STRONG = "Staff-Pa55word-2026!";
const USERS_PERMS: PermissionName[] = [
  "can view staff",
  "can create staff",
  "can update staff",
  "can delete staff",
];

/** Issue 18 item 2: users and permissions, the escalation rule and staff activation, on both databases. */
describeEachDatabase("users and permissions", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let merchantId: number;
  let owner: FixtureUser;
  let ownerSession: TestSession;
  let ip = 0;

  beforeAll(async () => {
    app = await buildTestApp(get().database, { PUBLIC_URL: "https://portal.example.test" });
    fx = fixtures(get().database.db);
    owner = await fx.user("Merchant");
    merchantId = owner.merchant_id!;
    ownerSession = await fx.session(owner);
  });
  afterAll(() => app.close());

  /** Each call from its own address, so the link limits never mix the tests up. */
  const nextIp = () => {
    ip += 1;
    return `203.0.113.${ip}`;
  };
  const add = (payload: Record<string, unknown>, s: TestSession = ownerSession) =>
    app.inject({ method: "POST", url: "/api/users", headers: s.headers, payload });
  const edit = (id: number, payload: Record<string, unknown>, s: TestSession = ownerSession) =>
    app.inject({ method: "PATCH", url: `/api/users/${id}`, headers: s.headers, payload });
  const remove = (id: number, s: TestSession = ownerSession) =>
    app.inject({ method: "DELETE", url: `/api/users/${id}`, headers: s.headers });
  const details = (id: number, s: TestSession = ownerSession) =>
    app.inject({ url: `/api/users/${id}`, headers: s.headers });
  const list = (s: TestSession = ownerSession, query = "") =>
    app.inject({ url: `/api/users${query}`, headers: s.headers });
  const newAddress = () => `${unique("staff")}@example.test`;
  const storedUser = (id: number) =>
    app.payments.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** The activation link's token of the newest e-mail to this address. */
  const activationToken = async (address: string): Promise<string> => {
    const mail = (await readMailbox(app)).find((m) => m.to === address);
    expect(mail, `an e-mail to ${address}`).toBeDefined();
    const link = /https:\/\/portal\.example\.test\/portal2\/(en|ar)\/activate_staff\?token=([\w%-]+)/.exec(
      mail!.text,
    );
    expect(link).not.toBeNull();
    return decodeURIComponent(link![2]!);
  };
  const check = (token: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/activate_staff/check",
      payload: { token },
      remoteAddress: nextIp(),
    });
  const activate = (token: string, password = STRONG) =>
    app.inject({
      method: "POST",
      url: "/api/auth/activate_staff",
      payload: { token, new_password: password },
      remoteAddress: nextIp(),
    });

  it("adds a staff user with their permissions, pending until activated, and e-mails the activation link", async () => {
    const email = newAddress();
    const res = await add({
      first_name: "Mona",
      last_name: "Adel",
      email,
      permissions: ["can view orders"],
      lang: "ar",
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: email,
      email,
      first_name: "Mona",
      last_name: "Adel",
      state: "pending",
      permissions: ["can view orders"],
      is_self: false,
    });
    const mail = (await readMailbox(app)).find((m) => m.to === email)!;
    expect(mail.subject).toContain("Activate your staff account");
    expect(mail.text).toContain("/portal2/ar/activate_staff?token=");
    expect(mail.text).toContain(`username ${email}`);
    expect(mail.text).toContain("وتفعيل حسابك");
    const listed = await list();
    expect(listed.json().results.map((u: { id: number }) => u.id)).toContain(user.id);
    // The owner is not a staff user of the list.
    expect(listed.json().results.map((u: { id: number }) => u.id)).not.toContain(owner.id);
  });

  it("refuses a user without a name or a valid e-mail with the spec's messages, and stores nothing", async () => {
    const before = (await list()).json().count;
    const empty = await add({ permissions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      first_name: [USER_MESSAGES.required],
      email: [USER_MESSAGES.required],
    });
    const bad = await add({ first_name: "Ali", email: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ email: ["Please enter valid email."] });
    // An unknown permission name is refused by the contract.
    const unknownPerm = await add({ first_name: "Ali", email: newAddress(), permissions: ["can fly"] });
    expect(unknownPerm.statusCode).toBe(400);
    expect((await list()).json().count).toBe(before);
  });

  it("answers 'This email seems to be already registered.' for any account's address, in any letter case", async () => {
    const email = newAddress();
    expect((await add({ first_name: "A", email })).statusCode).toBe(201);
    const again = await add({ first_name: "B", email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "email_registered",
      detail: "This email seems to be already registered.",
      fields: { email: ["This email seems to be already registered."] },
    });
    // Another merchant's owner address counts too: usernames are global.
    const other = await fx.user("Merchant");
    const taken = await add({ first_name: "C", email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("email_registered");
  });

  it("allows a new user without permissions, but an edit needs 'Please select one permission at least.'", async () => {
    const res = await add({ first_name: "Nour", email: newAddress(), permissions: [] });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const none = await edit(id, { permissions: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ permissions: ["Please select one permission at least."] });
    const ok = await edit(id, { first_name: "Nour", last_name: "Samir", permissions: ["can view products"] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ last_name: "Samir", permissions: ["can view products"] });
    expect((await details(id)).json().permissions).toEqual(["can view products"]);
  });

  it("applies a change of permissions on the staff member's next request, and ends a deleted user's sessions at once", async () => {
    const staff = await fx.user("MerchantStaff", { merchantId, permissions: ["can view orders"] });
    const s = await fx.session(staff);
    const orders = () => app.inject({ url: "/api/orders", headers: s.headers });
    expect((await orders()).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/products", headers: s.headers })).statusCode).toBe(403);

    const changed = await edit(staff.id, { permissions: ["can view products"] });
    expect(changed.statusCode, changed.body).toBe(200);
    // The same session, its next request: the new permissions hold.
    expect((await orders()).statusCode).toBe(403);
    expect((await app.inject({ url: "/api/products", headers: s.headers })).statusCode).toBe(200);
    const me = await app.inject({ url: "/api/auth/me", headers: s.headers });
    expect(me.json().profile.user.user_permissions).toEqual([5]);

    const bearer = await fx.session(staff);
    expect((await remove(staff.id)).json()).toEqual({ detail: USER_MESSAGES.deleted });
    for (const headers of [s.headers, bearer.bearer])
      expect((await app.inject({ url: "/api/products", headers })).statusCode).toBe(401);
    const sessions = await app.payments.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", staff.id)
      .execute();
    expect(sessions).toEqual([]);
    // Gone from the list and the details; the password no longer signs in.
    expect((await details(staff.id)).statusCode).toBe(404);
    expect((await remove(staff.id)).statusCode).toBe(404);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: staff.username, password: staff.password },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(401);
    // The address is free again for a new staff user; no reset link reaches the deleted account.
    expect((await add({ first_name: "Back", email: staff.email })).statusCode).toBe(201);
    const stored = await storedUser(staff.id);
    expect(stored).toMatchObject({ is_active: false, permissions: [] });
    expect(stored.deleted_at).not.toBeNull();
  });

  it("never lets a staff member grant or take away a permission they do not hold (escalation)", async () => {
    const manager = await fx.user("MerchantStaff", {
      merchantId,
      permissions: [...USERS_PERMS, "can view orders"],
    });
    const ms = await fx.session(manager);
    const before = (await list()).json().count;

    const grant = await add(
      { first_name: "Esc", email: newAddress(), permissions: ["can view orders", "can view api key"] },
      ms,
    );
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toMatchObject({
      code: "permissions_update_failed",
      detail: ERROR_MESSAGES.permissions_update_failed,
      fields: { permissions: ["can view api key"] },
    });
    expect((await list()).json().count).toBe(before);

    // What they hold they may give.
    const made = await add({ first_name: "Ok", email: newAddress(), permissions: ["can view orders"] }, ms);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const raise = await edit(id, { permissions: ["can view orders", "can view api key"] }, ms);
    expect(raise.statusCode).toBe(403);
    expect(raise.json().code).toBe("permissions_update_failed");
    expect((await details(id)).json().permissions).toEqual(["can view orders"]);
    // Nor may they give themselves more.
    const self = await edit(
      manager.id,
      { permissions: [...USERS_PERMS, "can view orders", "can view api key"] },
      ms,
    );
    expect(self.statusCode).toBe(403);
    expect((await storedUser(manager.id)).permissions).not.toContain("can view api key");

    // A colleague holding the API key permission keeps it: the manager cannot take it away.
    const keyHolder = await fx.user("MerchantStaff", {
      merchantId,
      permissions: ["can view api key", "can view orders"],
    });
    const strip = await edit(keyHolder.id, { permissions: ["can view orders"] }, ms);
    expect(strip.statusCode).toBe(403);
    expect((await storedUser(keyHolder.id)).permissions).toContain("can view api key");
    // Changing only what they hold is fine, the rest kept as it is.
    const narrow = await edit(keyHolder.id, { permissions: ["can view api key"] }, ms);
    expect(narrow.statusCode, narrow.body).toBe(200);
    expect(narrow.json().permissions).toEqual(["can view api key"]);
    // The owner holds everything, so may grant it.
    const byOwner = await edit(id, { permissions: ["can view orders", "can view api key"] });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().permissions).toEqual(["can view orders", "can view api key"]);
  });

  it("keeps each merchant's staff to itself and never touches an owner through these routes", async () => {
    const mine = await fx.user("MerchantStaff", { merchantId, permissions: ["can view orders"] });
    const otherOwner = await fx.user("Merchant");
    const theirs = await fx.session(otherOwner);
    expect((await details(mine.id, theirs)).statusCode).toBe(404);
    expect((await edit(mine.id, { permissions: ["can view products"] }, theirs)).statusCode).toBe(404);
    expect((await remove(mine.id, theirs)).statusCode).toBe(404);
    const resend = await app.inject({
      method: "POST",
      url: `/api/users/${mine.id}/resend-activation`,
      headers: theirs.headers,
      payload: {},
    });
    expect(resend.statusCode).toBe(404);
    expect((await list(theirs)).json().count).toBe(0);
    expect((await storedUser(mine.id)).permissions).toEqual(["can view orders"]);
    // The owner of this merchant is not a staff user: not found, unchanged.
    expect((await details(owner.id)).statusCode).toBe(404);
    expect((await edit(owner.id, { permissions: ["can view orders"] })).statusCode).toBe(404);
    // A staff member may not delete their own account.
    const manager = await fx.user("MerchantStaff", { merchantId, permissions: USERS_PERMS });
    const self = await remove(manager.id, await fx.session(manager));
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: "delete_self", detail: USER_MESSAGES.deleteSelf });
  });

  it("finds staff by a prefix of the e-mail or name, and pages", async () => {
    const tag = unique("findme");
    for (const n of [1, 2, 3])
      expect((await add({ first_name: `${tag}-${n}`, email: `${tag}${n}@example.test` })).statusCode).toBe(
        201,
      );
    const found = await list(ownerSession, `?search=${tag.toUpperCase()}&page_size=2`);
    expect(found.json().count).toBe(3);
    expect(found.json().results).toHaveLength(2);
    const page2 = await list(ownerSession, `?search=${tag}&page_size=2&page=2`);
    expect(page2.json().results).toHaveLength(1);
    expect((await list(ownerSession, "?search=%25")).json().count).toBe(0);
  });

  it("activates a staff account once: a weak password keeps the link, a good one signs in, a second use says so", async () => {
    const email = newAddress();
    const made = await add({ first_name: "Sara", email, permissions: ["can view orders"] });
    const token = await activationToken(email);

    // Only a keyed hash of the link is stored: neither the token nor its plain sha256.
    const stored = await app.payments.db
      .selectFrom("password_tokens")
      .select("id")
      .where("user_id", "=", made.json().id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(token);
    expect(stored[0]!.id).not.toBe(createHash("sha256").update(token).digest("hex"));

    expect((await check(token)).json()).toEqual({ state: "valid", username: email });
    const weak = await activate(token, "short");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe("weak_password");
    expect(weak.json().fields.new_password.length).toBeGreaterThan(0);
    expect((await check(token)).json().state).toBe("valid");

    const done = await activate(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().profile.user.username).toBe(email);
    expect(done.json().profile.profile_type).toBe("MerchantStaff");
    expect(String(done.headers["set-cookie"])).toContain("session");
    const me = await app.inject({
      url: "/api/orders",
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect((await details(made.json().id)).json().state).toBe("active");

    expect((await check(token)).json()).toEqual({ state: "used", username: null });
    const again = await activate(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "link_used", detail: LINK_DETAILS.link_used });

    // The chosen password signs in.
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: email, password: STRONG },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
    // Active now: no new activation e-mail.
    const resend = await app.inject({
      method: "POST",
      url: `/api/users/${made.json().id}/resend-activation`,
      headers: ownerSession.headers,
      payload: {},
    });
    expect(resend.statusCode).toBe(409);
  });

  it("says when a link has expired or is unknown, and a resent link replaces the older one", async () => {
    const email = newAddress();
    const made = await add({ first_name: "Omar", email });
    const first = await activationToken(email);
    await app.payments.db
      .updateTable("password_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", made.json().id)
      .execute();
    expect((await check(first)).json().state).toBe("expired");
    const expired = await activate(first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: "link_expired", detail: LINK_DETAILS.link_expired });
    expect((await check("no-such-token")).json().state).toBe("invalid");
    const unknown = await activate("no-such-token");
    expect(unknown.json()).toMatchObject({ code: "invalid_token", detail: AUTH_DETAILS.invalid_token });

    const resend = await app.inject({
      method: "POST",
      url: `/api/users/${made.json().id}/resend-activation`,
      headers: ownerSession.headers,
      payload: { lang: "en" },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const second = await activationToken(email);
    expect(second).not.toBe(first);
    expect((await check(second)).json().state).toBe("valid");
    expect((await activate(second)).statusCode).toBe(200);
  });

  it("ends a deleted pending user's activation link", async () => {
    const email = newAddress();
    const made = await add({ first_name: "Gone", email });
    const token = await activationToken(email);
    expect((await remove(made.json().id)).statusCode).toBe(200);
    expect((await check(token)).json().state).toBe("invalid");
    expect((await activate(token)).statusCode).toBe(400);
  });
});
