import { AUTH_DETAILS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { settleAfterReply } from "../http/after-reply.ts";
import { hashPassword } from "../security/passwords.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type Fixtures, fixtures } from "../test/fixtures.ts";
import { readMailbox } from "../test/mailbox.ts";
import { LINK_LIMITS } from "./auth.service.ts";
import { sendResetLinks } from "./reset-links.ts";

// Counted, otherwise real: the password hash and forgot_password's work after the reply.
const gate = vi.hoisted(() => ({ hold: undefined as Promise<void> | undefined }));
vi.mock("../security/passwords.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../security/passwords.ts")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});
vi.mock("./reset-links.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./reset-links.ts")>();
  return {
    ...real,
    sendResetLinks: vi.fn(async (...args: Parameters<typeof real.sendResetLinks>) => {
      await gate.hold;
      return real.sendResetLinks(...args);
    }),
  };
});

const STRONG = "A-new-Password-2026!";

/** Issue 10 follow-ups: forgot_password tells nothing by its time; reset and reactivate are limited and cheap to refuse. */
describeEachDatabase("e-mailed links", (get) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  beforeAll(async () => {
    app = await buildTestApp(get().database, { PUBLIC_URL: "https://portal.example.test" });
    fx = fixtures(get().database.db);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    vi.mocked(hashPassword).mockClear();
    vi.mocked(sendResetLinks).mockClear();
  });

  const post = (url: string, payload: object, ip: string) =>
    app.inject({ method: "POST", url, payload, remoteAddress: ip });

  it("forgot_password answers known and unknown addresses alike, before either is looked up", async () => {
    const user = await fx.user("Merchant");
    const unknown = `nobody-${Date.now()}@example.test`;
    let release!: () => void;
    gate.hold = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const known = await post("/api/auth/forgot_password", { email: user.email }, "198.51.100.81");
      const none = await post("/api/auth/forgot_password", { email: unknown }, "198.51.100.81");
      // Both answered while their lookups are still held: the answer waits for neither.
      expect(known.statusCode).toBe(200);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual(known.json());
      // The unknown address goes through the same work as the known one.
      expect(vi.mocked(sendResetLinks).mock.calls.map((c) => c[1])).toEqual([
        user.email.toLowerCase(),
        unknown,
      ]);
    } finally {
      release();
      gate.hold = undefined;
    }
    await settleAfterReply(app.deps.database.db);
    const mails = await readMailbox(app);
    expect(mails.filter((m) => m.to === user.email && m.text.includes("reset-password?token="))).toHaveLength(
      1,
    );
    expect(mails.filter((m) => m.to === unknown)).toHaveLength(0);
  });

  it("reset_password checks the token before hashing the new password", async () => {
    const refused = await post(
      "/api/auth/reset_password",
      { token: "not-a-token", new_password: STRONG },
      "198.51.100.82",
    );
    expect(refused.statusCode).toBe(400);
    expect(hashPassword).not.toHaveBeenCalled();

    const user = await fx.user("Merchant");
    await post("/api/auth/forgot_password", { email: user.email }, "198.51.100.82");
    const mail = (await readMailbox(app)).find((m) => m.to === user.email)!;
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const done = await post("/api/auth/reset_password", { token, new_password: STRONG }, "198.51.100.82");
    expect(done.statusCode, done.body).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      "reset_password",
      { token: "not-a-token", new_password: STRONG },
      LINK_LIMITS.reset.limit,
      "198.51.100.83",
    ],
    ["reactivate", { token: "not-a-token" }, LINK_LIMITS.reactivate.limit, "198.51.100.84"],
  ] as const)(
    "%s is rate limited per address: 429 with Retry-After and a message",
    async (route, payload, limit, ip) => {
      for (let i = 0; i < limit; i++)
        expect((await post(`/api/auth/${route}`, payload, ip)).statusCode).toBe(400);
      const refused = await post(`/api/auth/${route}`, payload, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ detail: AUTH_DETAILS.too_many_requests });
      // Another address is not refused.
      expect((await post(`/api/auth/${route}`, payload, "198.51.100.85")).statusCode).toBe(400);
    },
  );
});
