import { z } from "zod";
import { COUNTRIES } from "./countries.ts";

/** The dashboard version string the spec shows (merchant-dashboard.md section 9). */
export const DASHBOARD_VERSION = "1.1.5";

/** GET /api/config: what the web app needs before sign-in. */
export const appConfigResponseSchema = z.object({
  country: z.enum(COUNTRIES),
  /** True when e-mail is not sent but kept in the local mailbox (/portal2/{lang}/mailbox). */
  mailbox: z.boolean(),
  version: z.string(),
});
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;

export const mailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

/** GET /api/dev/mailbox: the newest 50 e-mails, newest first. */
export const mailboxResponseSchema = z.object({ messages: z.array(mailboxMessageSchema) });
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;
