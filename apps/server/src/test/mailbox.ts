import type { MailboxMessage } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { MAILBOX_KEY_HEADER, mailboxKey } from "../mail/mailbox-key.ts";

/** The header that opens the local mailbox of this app (its key is derived from the app's data key). */
export function mailboxHeaders(app: FastifyInstance): Record<string, string> {
  return { [MAILBOX_KEY_HEADER]: mailboxKey(app.payments.dataKey) };
}

/** The local mailbox's messages, newest first, read with the key. */
export async function readMailbox(app: FastifyInstance): Promise<MailboxMessage[]> {
  const response = await app.inject({ url: "/api/dev/mailbox", headers: mailboxHeaders(app) });
  if (response.statusCode !== 200) throw new Error(`mailbox answered ${response.statusCode}`);
  return response.json<{ messages: MailboxMessage[] }>().messages;
}
