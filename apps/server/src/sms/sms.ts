import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { insertSms, type OutgoingSms } from "./outbox.repository.ts";

export type { OutgoingSms } from "./outbox.repository.ts";

/**
 * Sending a text message, for any feature (invoices now, request-to-pay later): `sendSms(trx, message)` writes it
 * to the SMS outbox in the caller's transaction, so the message exists if and only if the change commits. No SMS
 * provider is integrated yet: every message stays 'local' and the local SMS viewer (GET /api/dev/sms, behind the
 * mailbox key) shows it, as the local mailbox does for e-mail. A provider's sender would claim 'queued' rows.
 */
export async function sendSms(db: Kysely<DB>, message: OutgoingSms): Promise<number> {
  return insertSms(db, message, "local");
}
