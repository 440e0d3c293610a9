import type { SmsMessage } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The SMS outbox's queries (table sms_outbox, 0024_invoices_sms): written in the transaction of the change that
 * causes a message, read by the local SMS viewer.
 */

export interface OutgoingSms {
  /** The number as stored (digits, an optional leading +). */
  to: string;
  text: string;
  /** The merchant the message is sent for (null: the portal's own). */
  merchantId: number | null;
}

export async function insertSms(
  db: Kysely<DB>,
  sms: OutgoingSms,
  status: "queued" | "local",
): Promise<number> {
  const row = await db
    .insertInto("sms_outbox")
    .values({ merchant_id: sms.merchantId, to_number: sms.to, body: sms.text, status })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export const SMS_BOX_SIZE = 50;

/** The local SMS viewer: messages kept because no SMS provider was configured, newest first. */
export async function listSmsBox(db: Kysely<DB>, limit = SMS_BOX_SIZE): Promise<SmsMessage[]> {
  const rows = await db
    .selectFrom("sms_outbox")
    .select(["id", "to_number", "body", "created_at"])
    .where("status", "=", "local")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_number,
    text: r.body,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
