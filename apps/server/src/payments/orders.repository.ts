import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The payment core's orders, payment keys, intentions, payment links and cash payments: every query of
 * orders.service.ts, intentions.service.ts, links.service.ts and cash.service.ts (issue 11). Functions take a
 * `db` handle, which is the caller's transaction when they run inside one, and the caller's scope.
 */

/** A merchant's country (the time zone of the provider's times, the client secret's prefix). */
export function merchantCountry(db: Kysely<DB>, merchantId: number): Promise<{ country: string }> {
  return db.selectFrom("merchants").select("country").where("id", "=", merchantId).executeTakeFirstOrThrow();
}
