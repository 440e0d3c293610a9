import type { MailboxMessage } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The e-mail outbox's queries (table email_outbox): written in the transaction of the change that causes a mail,
 * claimed under a lease and marked by the sender (mail/sender.ts), read by the local mailbox, emptied by the
 * clean-up (auth/cleanup.ts).
 */

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutboxMode {
  /** With SMTP the row waits for the sender ('queued'); without, it stays for the local mailbox ('local'). */
  smtp: boolean;
}

/**
 * Writes an e-mail to the outbox. Pass the transaction of the change that causes it, so the mail exists if and
 * only if the change commits; the sender delivers it afterwards.
 */
export async function enqueueEmail(db: Kysely<DB>, mode: OutboxMode, email: OutgoingEmail): Promise<number> {
  const row = await db
    .insertInto("email_outbox")
    .values({
      to_address: email.to,
      subject: email.subject,
      body_text: email.text,
      body_html: email.html ?? null,
      status: mode.smtp ? "queued" : "local",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export const MAILBOX_SIZE = 50;

/** The local mailbox: mails kept because no SMTP server was configured, newest first. */
export async function listMailbox(db: Kysely<DB>, limit = MAILBOX_SIZE): Promise<MailboxMessage[]> {
  const rows = await db
    .selectFrom("email_outbox")
    .select(["id", "to_address", "subject", "body_text", "created_at"])
    .where("status", "=", "local")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.body_text,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

export interface ClaimedEmail {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/** How long a claimed message is held by its sender; a sender that dies lets it go again after this. */
export const CLAIM_LEASE_SECONDS = 300;

/**
 * Claims up to `limit` due messages for this sender. `for update skip locked` lets several processes claim at
 * once without taking the same row; moving next_attempt_at forward is the lease that keeps others off it
 * after this short transaction commits.
 */
export async function claimDueEmails(db: Kysely<DB>, limit: number): Promise<ClaimedEmail[]> {
  const { rows } = await sql<ClaimedEmail>`
    update email_outbox set
      attempts = attempts + 1,
      next_attempt_at = now() + ${`${CLAIM_LEASE_SECONDS} seconds`}::interval
    where id in (
      select id from email_outbox
      where status = 'queued' and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, to_address, subject, body_text, body_html, attempts`.execute(db);
  return rows;
}

/**
 * What an e-mail carries (reset and reactivation links, refund one-time codes) stays usable for a while, so its
 * text is not kept once it has left: a sent (or given-up) message keeps its recipient, subject and times only.
 */
const CLEARED_BODY = { body_text: "", body_html: null } as const;

export async function markSent(db: Kysely<DB>, id: number): Promise<void> {
  await db
    .updateTable("email_outbox")
    .set({ status: "sent", sent_at: sql`now()`, last_error: null, ...CLEARED_BODY })
    .where("id", "=", id)
    .execute();
}

/** Records a failed try: retried after `retryInSeconds`, or given up ('failed') when that is undefined. */
export async function markFailed(
  db: Kysely<DB>,
  id: number,
  error: string,
  retryInSeconds: number | undefined,
): Promise<void> {
  await db
    .updateTable("email_outbox")
    .set(
      retryInSeconds === undefined
        ? { status: "failed", last_error: error, ...CLEARED_BODY }
        : { last_error: error, next_attempt_at: sql`now() + ${`${retryInSeconds} seconds`}::interval` },
    )
    .where("id", "=", id)
    .execute();
}

/**
 * The local mailbox (no SMTP) keeps a message's text only as long as the longest-lived thing it can carry (the
 * caller passes it: a reactivation link's 7 days); after that the text is emptied, the row kept. Answers how many.
 */
export async function purgeOldLocalMailText(db: Kysely<DB>, keepSeconds: number): Promise<number> {
  const r = await db
    .updateTable("email_outbox")
    .set(CLEARED_BODY)
    .where("status", "=", "local")
    .where("created_at", "<", sql<Date>`now() - ${`${keepSeconds} seconds`}::interval`)
    .where((eb) => eb.or([eb("body_text", "<>", ""), eb("body_html", "is not", null)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
