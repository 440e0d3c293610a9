import Fastify from "fastify";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { deleteExpiredAuthRows, LOCAL_MAIL_TEXT_SECONDS } from "../auth/cleanup.ts";
import { loadConfig } from "../config.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { claimDueEmails, enqueueEmail, listMailbox, MAILBOX_SIZE } from "./outbox.repository.ts";
import {
  deliverDueEmails,
  installMailSender,
  MAX_DELIVERY_ATTEMPTS,
  type MailTransport,
  retryDelaySeconds,
} from "./sender.ts";

const mail = (n: number) => ({ to: `user${n}@example.test`, subject: `Subject ${n}`, text: `Body ${n}` });

describeEachDatabase("e-mail outbox", (get) => {
  const db = () => get().database.db;
  const row = (id: number) =>
    db().selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const makeDue = (id: number) =>
    db().updateTable("email_outbox").set({ next_attempt_at: sql`now()` }).where("id", "=", id).execute();

  it("keeps mail local without SMTP and lists it newest first", async () => {
    const first = await enqueueEmail(db(), { smtp: false }, mail(1));
    const second = await enqueueEmail(db(), { smtp: false }, mail(2));
    expect((await row(first)).status).toBe("local");
    const listed = await listMailbox(db());
    expect(listed.slice(0, 2).map((m) => m.id)).toEqual([second, first]);
    expect(listed[0]).toMatchObject({ to: "user2@example.test", subject: "Subject 2", text: "Body 2" });
    // Local mail is never claimed for sending.
    expect((await claimDueEmails(db(), 100)).map((m) => m.id)).not.toContain(first);
  });

  it("shows at most the newest fifty", async () => {
    for (let i = 0; i < MAILBOX_SIZE + 3; i++) await enqueueEmail(db(), { smtp: false }, mail(100 + i));
    const listed = await listMailbox(db());
    expect(listed).toHaveLength(MAILBOX_SIZE);
    expect(listed[0]!.subject).toBe(`Subject ${100 + MAILBOX_SIZE + 2}`);
  });

  it("rolls back the mail with the change that caused it", async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueEmail(trx, { smtp: true }, { ...mail(7), subject: "rolled back" });
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    const found = await db()
      .selectFrom("email_outbox")
      .select("id")
      .where("subject", "=", "rolled back")
      .execute();
    expect(found).toHaveLength(0);
  });

  it("sends queued mail, retries failures with growing delays, and gives up after the last try", async () => {
    await db().deleteFrom("email_outbox").where("status", "=", "queued").execute();
    const good = await enqueueEmail(db(), { smtp: true }, mail(10));
    const bad = await enqueueEmail(db(), { smtp: true }, { ...mail(11), to: "broken@example.test" });
    const sent: string[] = [];
    const transport: MailTransport = {
      async sendMail(m) {
        if (m.to === "broken@example.test") throw new Error("550 mailbox unavailable");
        sent.push(m.to);
      },
    };
    expect(await deliverDueEmails(db(), transport, "Portal <no-reply@portal.test>")).toEqual({
      sent: 1,
      failed: 1,
    });
    expect(sent).toEqual(["user10@example.test"]);
    expect(await row(good)).toMatchObject({ status: "sent", attempts: 1 });
    const failedOnce = await row(bad);
    expect(failedOnce).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: "550 mailbox unavailable",
    });
    // Not due again before its delay.
    expect(await deliverDueEmails(db(), transport, "x")).toEqual({ sent: 0, failed: 0 });
    const wait = (new Date(failedOnce.next_attempt_at).getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(retryDelaySeconds(1) - 5);
    expect(retryDelaySeconds(2)).toBeGreaterThan(retryDelaySeconds(1));

    for (let i = 2; i <= MAX_DELIVERY_ATTEMPTS; i++) {
      await makeDue(bad);
      await deliverDueEmails(db(), transport, "x");
    }
    expect(await row(bad)).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
    await makeDue(bad);
    expect(await deliverDueEmails(db(), transport, "x")).toEqual({ sent: 0, failed: 0 });
  });

  it("keeps no text of a message once SMTP sent it (or gave up): recipient, subject and times stay", async () => {
    await db().deleteFrom("email_outbox").where("status", "=", "queued").execute();
    const link = "https://portal.test/portal2/en/reset-password?token=secret-reset-token";
    const id = await enqueueEmail(
      db(),
      { smtp: true },
      { ...mail(20), text: `Reset: ${link}`, html: `<a href="${link}">Reset</a>` },
    );
    const given = await enqueueEmail(
      db(),
      { smtp: true },
      { ...mail(21), to: "broken@example.test", text: `Code 123456` },
    );
    const transport: MailTransport = {
      async sendMail(m) {
        if (m.to === "broken@example.test") throw new Error("550 mailbox unavailable");
      },
    };
    for (let i = 1; i <= MAX_DELIVERY_ATTEMPTS; i++) {
      await makeDue(given);
      await deliverDueEmails(db(), transport, "x");
    }
    const sent = await row(id);
    expect(sent).toMatchObject({
      status: "sent",
      to_address: "user20@example.test",
      subject: "Subject 20",
      body_text: "",
      body_html: null,
    });
    expect(sent.sent_at).not.toBeNull();
    expect(await row(given)).toMatchObject({
      status: "failed",
      to_address: "broken@example.test",
      body_text: "",
      body_html: null,
    });
  });

  it("empties the local mailbox's texts older than the longest link they carry (7 days), in the clean-up", async () => {
    expect(LOCAL_MAIL_TEXT_SECONDS).toBe(7 * 24 * 3600);
    const old = await enqueueEmail(
      db(),
      { smtp: false },
      { ...mail(30), text: "Reactivate: https://portal.test/r?token=t" },
    );
    const recent = await enqueueEmail(
      db(),
      { smtp: false },
      { ...mail(31), text: "Reset: https://portal.test/x?token=u" },
    );
    const age = (id: number, seconds: number) =>
      db()
        .updateTable("email_outbox")
        .set({ created_at: sql`now() - ${`${seconds} seconds`}::interval` })
        .where("id", "=", id)
        .execute();
    await age(old, LOCAL_MAIL_TEXT_SECONDS + 60);
    await age(recent, LOCAL_MAIL_TEXT_SECONDS - 3600);
    const cleaned = await deleteExpiredAuthRows(db());
    expect(cleaned.localMailTexts).toBeGreaterThanOrEqual(1);
    expect(await row(old)).toMatchObject({
      status: "local",
      subject: "Subject 30",
      body_text: "",
      body_html: null,
    });
    expect((await row(recent)).body_text).toContain("token=u");
  });
});

describeEachDatabase("e-mail sender loop", (get) => {
  it("delivers queued mail from a listening server and stops with it", async () => {
    const db = get().database.db;
    const id = await enqueueEmail(db, { smtp: true }, { ...mail(500), subject: "from the loop" });
    const sent: string[] = [];
    const app = Fastify();
    app.decorate("deps", {
      config: loadConfig({ SMTP_URL: "smtp://127.0.0.1:1" }),
      database: get().database,
    });
    installMailSender(app, { transport: { sendMail: async (m) => void sent.push(m.subject) }, pollMs: 20 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      await vi.waitFor(() => expect(sent).toContain("from the loop"), { timeout: 20_000, interval: 50 });
      await vi.waitFor(async () =>
        expect(
          (await db.selectFrom("email_outbox").select("status").where("id", "=", id).executeTakeFirst())
            ?.status,
        ).toBe("sent"),
      );
    } finally {
      await app.close();
    }
  });
});

describe("e-mail outbox with several senders [postgres]", () => {
  it("never gives one message to two senders", async () => {
    const { createTestDatabase } = await import("../test/databases.ts");
    const test = await createTestDatabase("postgres");
    try {
      const db = test.database.db;
      for (let i = 0; i < 40; i++) await enqueueEmail(db, { smtp: true }, mail(i));
      const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueEmails(db, 10)));
      const ids = claims.flat().map((m) => m.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    } finally {
      await test.drop();
    }
  });
});
