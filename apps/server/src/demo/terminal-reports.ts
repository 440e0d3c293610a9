import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { closeDemoDays } from "../terminal-reports/closing.service.ts";

/** How many ended business days of the demo's card-present payments are closed into terminal reports. */
export const DEMO_CLOSED_DAYS = 14;

/**
 * Demo terminal reports (docs/pos-risk.md "Terminal reports"): the last two weeks of business days closed by the
 * closing job's own statement inside the demo's transaction, so the demo terminal user (terminal.egypt), the
 * merchants with terminals and their banks see real reports built from the demo's POS payments; the job's first
 * run then finds those days closed and carries on from there.
 */
export async function seedDemoTerminalReports(trx: Kysely<DB>, now: Date): Promise<void> {
  await closeDemoDays(trx, now, DEMO_CLOSED_DAYS);
}
