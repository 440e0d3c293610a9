import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { settleAfterReply } from "../http/after-reply.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures } from "../test/fixtures.ts";
import { mailboxHeaders } from "../test/mailbox.ts";
import { MAILBOX_KEY_HEADER, mailboxKey } from "./mailbox-key.ts";

/** Issue 10 item 2: the local mailbox holds other people's reset links, so it opens only with its key. */
describeEachDatabase("local mailbox", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database, { PUBLIC_URL: "https://portal.example.test" });
    fx = fixtures(get().database.db);
  });
  afterAll(() => app.close());

  const read = (target: FastifyInstance, headers: Record<string, string> = {}) =>
    target.inject({ url: "/api/dev/mailbox", headers });

  it("answers 404 like an unknown route without the key and with a wrong one, 200 with the right one", async () => {
    const unknown = await app.inject({ url: "/api/dev/no-such-route" });
    const without = await read(app);
    const wrong = await read(app, { [MAILBOX_KEY_HEADER]: "not-the-key" });
    const almost = await read(app, { [MAILBOX_KEY_HEADER]: `${mailboxHeaders(app)[MAILBOX_KEY_HEADER]}x` });
    for (const refused of [without, wrong, almost]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(unknown.json());
    }
    const right = await read(app, mailboxHeaders(app));
    expect(right.statusCode).toBe(200);
    expect(right.json()).toHaveProperty("messages");
  });

  it("does not show another user's reset link to someone without the key", async () => {
    const victim = await fx.user("Merchant");
    const forgot = await app.inject({
      method: "POST",
      url: "/api/auth/forgot_password",
      payload: { email: victim.email },
    });
    expect(forgot.statusCode).toBe(200);
    const outsider = await read(app);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain(victim.email);
    expect(outsider.body).not.toContain("reset-password");
    // The mail is there (sent after the answer): the key holder sees it.
    await settleAfterReply(app.deps.database.db);
    const holder = await read(app, mailboxHeaders(app));
    expect(holder.body).toContain(victim.email);
    expect(holder.body).toContain("reset-password?token=");
  });

  describe("a real deployment has no mailbox, even with the key", () => {
    it.each([
      ["SMTP_URL set", { SMTP_URL: "smtp://127.0.0.1:2525" }],
      ["NODE_ENV=production", { NODE_ENV: "production" }],
      ["MAILBOX=off", { MAILBOX: "off" }],
    ])("%s", async (_label, env) => {
      const other = await buildTestApp(get().database, env);
      try {
        const response = await read(other, mailboxHeaders(other));
        expect(response.statusCode).toBe(404);
        expect((await other.inject({ url: "/api/config" })).json().mailbox).toBe(false);
      } finally {
        await other.close();
      }
    });

    it("MAILBOX=on keeps it (with its key) in production without SMTP", async () => {
      const other = await buildTestApp(get().database, { NODE_ENV: "production", MAILBOX: "on" });
      try {
        expect((await read(other)).statusCode).toBe(404);
        expect((await read(other, mailboxHeaders(other))).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  });
});

describe("mailbox configuration and key", () => {
  it("is on by default locally, off with SMTP, in production, or when told", () => {
    expect(loadConfig({}).mailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: "smtp://x" }).mailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }).mailbox).toBe(false);
    expect(loadConfig({ MAILBOX: "off" }).mailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", MAILBOX: "on" }).mailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: "smtp://x", MAILBOX: "on" }).mailbox).toBe(false);
    expect(() => loadConfig({ MAILBOX: "yes" })).toThrow(/MAILBOX/);
  });

  it("derives a different key from a different data key", () => {
    const a = mailboxKey(Buffer.alloc(32, 1));
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(mailboxKey(Buffer.alloc(32, 1))).toBe(a);
    expect(mailboxKey(Buffer.alloc(32, 2))).not.toBe(a);
  });
});
