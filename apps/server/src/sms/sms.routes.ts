import { smsBoxApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { requireMailboxKey } from "../mail/mailbox.routes.ts";
import { listSmsBox } from "./outbox.repository.ts";

/** The local SMS viewer: the SMS outbox's local messages, behind the local mailbox's key and switch. */
export const smsBoxRoutes: FastifyPluginAsync = async (app) => {
  implement(app, smsBoxApi.messages, async (request) => {
    requireMailboxKey(app, request);
    return { messages: await listSmsBox(app.deps.database.db) };
  });
};
