import { errorResponseSchema, mailboxResponseSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../security/errors.ts";
import { isMailboxKey, MAILBOX_KEY_HEADER } from "./mailbox-key.ts";
import { listMailbox } from "./outbox.ts";

/**
 * The local mailbox: with no SMTP server configured, e-mails are kept and shown here so a person running the
 * portal on their machine can follow reset and reactivation links. It holds other people's reset links, so it
 * opens only with the mailbox key printed at start-up (config.mailbox off: it does not exist). A missing or wrong
 * key answers the same 404 as a route that does not exist.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dev/mailbox",
    {
      config: { public: true },
      schema: {
        tags: ["dev"],
        summary: "E-mails kept locally (local use only: needs the mailbox key printed at start-up)",
        headers: z.object({ [MAILBOX_KEY_HEADER]: z.string().optional() }),
        response: { 200: mailboxResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const open =
        app.deps.config.mailbox && isMailboxKey(request.headers[MAILBOX_KEY_HEADER], app.payments.dataKey);
      if (!open) throw new HttpError(404, "not_found", "Not found.");
      return { messages: await listMailbox(app.deps.database.db) };
    },
  );
};
