import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { DB } from "../db/schema.ts";
import { claimDueEmails, markFailed, markSent } from "./outbox.repository.ts";

/** What the sender needs of nodemailer; tests pass a fake. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
  }): Promise<unknown>;
}

/** Tries per message before it is marked failed; with the backoff below that spans about four hours. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait before the next try after `attempts` failed ones: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Claims and sends one batch of due messages; returns how many were sent and how many failed this time. */
export async function deliverDueEmails(
  db: Kysely<DB>,
  transport: MailTransport,
  from: string,
  batchSize = 10,
): Promise<{ sent: number; failed: number }> {
  const claimed = await claimDueEmails(db, batchSize);
  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    try {
      await transport.sendMail({
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body_text,
        ...(mail.body_html ? { html: mail.body_html } : {}),
      });
      await markSent(db, mail.id);
      sent++;
    } catch (error) {
      const retry = mail.attempts < MAX_DELIVERY_ATTEMPTS ? retryDelaySeconds(mail.attempts) : undefined;
      await markFailed(db, mail.id, errorText(error), retry);
      failed++;
    }
  }
  return { sent, failed };
}

const POLL_MS = 5_000;

/**
 * With SMTP_URL set, each listening server process polls the outbox and delivers what is due. Claims are
 * row-locked, so any number of processes can run this side by side. Without SMTP_URL nothing is sent: the
 * messages stay in the local mailbox.
 */
export function installMailSender(
  app: FastifyInstance,
  opts: { transport?: MailTransport; pollMs?: number } = {},
): void {
  const { transport, pollMs = POLL_MS } = opts;
  const { smtpUrl, mailFrom } = app.deps.config;
  if (!smtpUrl && !transport) return;
  const mailer = transport ?? nodemailer.createTransport(smtpUrl);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  const tick = async () => {
    try {
      // Drain what is due, a batch at a time, then wait for the next poll.
      for (;;) {
        const { sent, failed } = await deliverDueEmails(app.deps.database.db, mailer, mailFrom);
        if (sent + failed > 0) app.log.info({ sent, failed }, "e-mail delivery");
        if (stopped || sent + failed === 0) break;
      }
    } catch (error) {
      app.log.error({ err: { message: errorText(error) } }, "e-mail delivery failed");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, pollMs);
    timer.unref();
  };

  app.addHook("onListen", async () => schedule());
  app.addHook("onClose", async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
