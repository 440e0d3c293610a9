import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, signIn } from "../test/fixtures.ts";
import { mailboxHeaders, readMailbox } from "../test/mailbox.ts";

describeEachDatabase("logs", (get) => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp(
      { config: loadConfig({ LOG_LEVEL: "trace", SERVE_WEB: "false" }), database: get().database },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => app.close());

  it("never contain a password, token, cookie, CSRF value or reset token through sign-in and reset", async () => {
    const fx = fixtures(get().database.db);
    const user = await fx.user("Merchant", { password: "Secret-0ld-Pa55" });
    const secrets: string[] = [user.password];

    // A wrong password, a malformed body carrying a password, then a right sign-in.
    await signIn(app, user.username, "Wrong-Secret-Pa55");
    secrets.push("Wrong-Secret-Pa55");
    await app.inject({ method: "POST", url: "/api/auth/login", payload: { password: "Lonely-Secret-Pa55" } });
    secrets.push("Lonely-Secret-Pa55");
    const { session } = await signIn(app, user.username, user.password);
    secrets.push(session!.token, session!.csrfToken, session!.headers.cookie!);

    await app.inject({ url: "/api/auth/me", headers: session!.headers });
    await app.inject({
      method: "POST",
      url: "/api/auth/change_password?token=in-the-query",
      headers: session!.headers,
      payload: { old_password: user.password, new_password: "Changed-Secret-Pa55" },
    });
    secrets.push("Changed-Secret-Pa55", "in-the-query");
    // A CSRF failure logs the attempt, not the values.
    await app.inject({
      method: "POST",
      url: "/api/auth/change_password",
      headers: { cookie: session!.headers.cookie!, "x-csrf-token": "Forged-Csrf-Value" },
      payload: { old_password: "x", new_password: "y" },
    });
    secrets.push("Forged-Csrf-Value");

    await app.inject({ method: "POST", url: "/api/auth/forgot_password", payload: { email: user.email } });
    const mail = (await readMailbox(app))[0]!;
    secrets.push(mailboxHeaders(app)["x-mailbox-key"]!);
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    secrets.push(resetToken);
    await app.inject({
      method: "POST",
      url: "/api/auth/reset_password",
      payload: { token: resetToken, new_password: "Reset-Secret-Pa55" },
    });
    secrets.push("Reset-Secret-Pa55");
    await app.inject({
      method: "POST",
      url: "/api/auth/reactivate",
      payload: { token: "Guessed-Reactivation" },
    });
    secrets.push("Guessed-Reactivation");
    await app.inject({ url: "/api/auth/logout", headers: { authorization: `Bearer ${session!.token}` } });

    const log = lines.join("");
    // The capture works: requests and the sign-in were logged.
    expect(log).toContain('"url":"/api/auth/login"');
    expect(log).toContain("signed in");
    expect(log).toContain('"url":"/api/auth/change_password"');
    for (const secret of secrets) expect(log, "a secret in the logs").not.toContain(secret);
  });
});
