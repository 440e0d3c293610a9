import { errorResponseSchema, mailboxResponseSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../security/errors.ts";
import { listMailbox } from "./outbox.ts";

/**
 * The local mailbox: with no SMTP server configured, e-mails are kept and shown here so a person running the
 * portal on their machine can follow reset and reactivation links. With SMTP_URL set it does not exist.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dev/mailbox",
    {
      config: { public: true },
      schema: {
        tags: ["dev"],
        summary: "E-mails kept locally (only without SMTP_URL)",
        response: { 200: mailboxResponseSchema, 404: errorResponseSchema },
      },
    },
    async () => {
      if (app.deps.config.smtpUrl) throw new HttpError(404, "not_found", "Not found.");
      return { messages: await listMailbox(app.deps.database.db) };
    },
  );
};
