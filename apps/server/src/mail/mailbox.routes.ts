import { MAILBOX_KEY_HEADER, mailboxApi } from "@portal/domain";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { isMailboxKey } from "./mailbox-key.ts";
import { listMailbox } from "./outbox.repository.ts";

/**
 * The guard of the local viewers (this mailbox, the SMS viewer of sms/sms.routes.ts): they exist only while
 * config.mailbox is on, and open only with the mailbox key printed at start-up. A missing or wrong key answers
 * the same 404 as a route that does not exist.
 */
export function requireMailboxKey(app: FastifyInstance, request: FastifyRequest): void {
  const open =
    app.deps.config.mailbox && isMailboxKey(request.headers[MAILBOX_KEY_HEADER], app.payments.dataKey);
  if (!open) throw new HttpError(404, "not_found", "Not found.");
}

/**
 * The local mailbox: with no SMTP server configured, e-mails are kept and shown here so a person running the
 * portal on their machine can follow reset and reactivation links. It holds other people's reset links, so it
 * opens only with the mailbox key (requireMailboxKey; config.mailbox off: it does not exist).
 */
export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  implement(app, mailboxApi.messages, async (request) => {
    requireMailboxKey(app, request);
    return { messages: await listMailbox(app.deps.database.db) };
  });
};
