import type {
  AppConfigResponse,
  LoginResponse,
  MailboxMessage as MailboxMessageOfContract,
} from "@portal/domain";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { type AppConfig, authApi, type MailboxMessage } from "./auth.api.ts";

type Sent = { url: string; init: RequestInit };
let sent: Sent[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal("window", { location: { origin: "http://localhost", protocol: "http:" } });
  vi.stubGlobal("document", { cookie: "" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify({ detail: "ok" }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const headersOf = (s: Sent) => s.init.headers as Record<string, string>;

describe("auth calls through the contracts", () => {
  it("the app config and the mailbox message are the contracts' answers, not hand-written twins", () => {
    expectTypeOf<AppConfig>().toEqualTypeOf<AppConfigResponse>();
    // The twin said `id: number | string`; the contract answers an integer.
    expectTypeOf<MailboxMessage>().toEqualTypeOf<MailboxMessageOfContract>();
    expectTypeOf(authApi.login).returns.resolves.toEqualTypeOf<LoginResponse>();
  });

  it("signs in with a JSON body on the login route", async () => {
    await authApi.login({ username: "owner.egypt", password: "secret" });
    expect(sent[0]?.url).toBe("/api/auth/login");
    expect(sent[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ username: "owner.egypt", password: "secret" });
  });

  it("resets a password with the token and the new password", async () => {
    await authApi.resetPassword("tok", "N3w!password");
    expect(sent[0]?.url).toBe("/api/auth/reset_password");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ token: "tok", new_password: "N3w!password" });
  });

  it("opens the mailbox with its key header and switches dashboards with a bearer token", async () => {
    await authApi.mailbox("the-key");
    expect(sent[0]?.url).toBe("/api/dev/mailbox");
    expect(sent[0]?.init.method).toBe("GET");
    expect(headersOf(sent[0]!)["x-mailbox-key"]).toBe("the-key");
    expect(headersOf(sent[0]!).Authorization).toBeUndefined();

    await authApi.switchDashboard("other-token");
    expect(sent[1]?.url).toBe("/dashboard/v1/switch/old-dashboard");
    expect(headersOf(sent[1]!).Authorization).toBe("Bearer other-token");
  });

  it("logs out and reads the session and the config with GET", async () => {
    await authApi.logout();
    await authApi.me();
    await authApi.config();
    expect(sent.map((s) => `${s.init.method} ${s.url}`)).toEqual([
      "GET /api/auth/logout",
      "GET /api/auth/me",
      "GET /api/config",
    ]);
  });
});
