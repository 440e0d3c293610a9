import type { MailboxMessage } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { settleAfterReply } from "../http/after-reply.ts";
import { MAILBOX_KEY_HEADER, mailboxKey } from "../mail/mailbox-key.ts";

/** The header that opens the local mailbox of this app (its key is derived from the app's data key). */
export function mailboxHeaders(app: FastifyInstance): Record<string, string> {
  return { [MAILBOX_KEY_HEADER]: mailboxKey(app.payments.dataKey) };
}

/** The local mailbox's messages, newest first, read with the key. */
export async function readMailbox(app: FastifyInstance): Promise<MailboxMessage[]> {
  // forgot_password sends its e-mail after answering: wait for it.
  await settleAfterReply(app.deps.database.db);
  const response = await app.inject({ url: "/api/dev/mailbox", headers: mailboxHeaders(app) });
  if (response.statusCode !== 200) throw new Error(`mailbox answered ${response.statusCode}`);
  return response.json<{ messages: MailboxMessage[] }>().messages;
}
