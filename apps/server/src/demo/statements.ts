import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { saveSubscription } from "../statements/statements.repository.ts";
import { buildZoneMonth, monthToState, previousMonth, zones } from "../statements/statements.service.ts";
import type { DemoCredentials } from "./generate.ts";

/** How many ended months of statements each demo merchant has. */
export const DEMO_STATEMENT_MONTHS = 3;

/**
 * Demo statements (docs/settings.md "Monthly statements"): every demo merchant is subscribed to the MONTHLY
 * STATEMENT service, and the job's own code builds its statements of the last three ended months (oldest first,
 * so each opening balance is carried from the month before), all New. No mails: they are history, and the local
 * mailbox stays for the journeys' activation and reset mails. Seeded after the transfers and chargebacks.
 */
export async function seedDemoStatements(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<number> {
  for (const m of credentials.merchants) await saveSubscription(db, m.merchant_id, true, null);
  let made = 0;
  for (let back = DEMO_STATEMENT_MONTHS - 1; back >= 0; back -= 1) {
    for (const [timeZone, countries] of zones()) {
      let month = monthToState(now, timeZone);
      for (let i = 0; i < back; i += 1) month = previousMonth(month);
      made += (await buildZoneMonth(db, null, countries, timeZone, month)).statements;
    }
  }
  return made;
}
