import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { MAILBOX_KEY_HEADER } from "./auth.ts";

/**
 * The local SMS viewer (apps/server/src/sms): with no SMS provider configured, text messages are kept in the SMS
 * outbox and shown here, behind the same key as the local mailbox (a missing or wrong key: the same 404 as a
 * route that does not exist).
 */
export const smsMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/** GET /api/dev/sms: the newest 50 text messages, newest first. */
export const smsBoxResponseSchema = z.object({ messages: z.array(smsMessageSchema) });
export type SmsBoxResponse = z.infer<typeof smsBoxResponseSchema>;

export const smsBoxApi = {
  messages: route({
    method: "GET",
    path: "/api/dev/sms",
    access: { public: true },
    tags: ["dev"],
    summary: "Text messages kept locally (local use only: needs the mailbox key printed at start-up)",
    headers: z.object({ [MAILBOX_KEY_HEADER]: z.string().optional() }),
    answers: { 200: smsBoxResponseSchema, 404: errorResponseSchema },
  }),
};
