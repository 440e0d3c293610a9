import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import {
  demoTransferStatuses,
  hasChargebacks,
  setDemoBankAccounts,
  settleDay,
  utcDay,
} from "../transfers/settlement.repository.ts";

/**
 * Demo transfers (docs/transfers.md): every merchant but Delta Pharmacy (merchant.egypt2, which shows 'There is
 * no bank account.') gets a bank account, then the real job settles the demo history up to yesterday (daily over
 * the last 30 days, twice a month before), and the transfers of the last days are put in each status:
 * Successful (paid) up to 8 days back, then Transferred, Approved, and Pending for the last three days.
 */
const NO_ACCOUNT = "Delta Pharmacy";
const DAY_MS = 86_400_000;

export async function seedDemoTransfers(trx: Kysely<DB>, now: Date): Promise<{ transfers: number }> {
  await setDemoBankAccounts(trx, NO_ACCOUNT);
  const first = await trx
    .selectFrom("transactions")
    .select((eb) => eb.fn.min("created_at").as("first"))
    .executeTakeFirst();
  if (!first?.first) return { transfers: 0 };
  const withChargebacks = await hasChargebacks(trx);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  let transfers = 0;
  // Daily over the last 30 days; before, twice a month (the 1st and the 15th), which keeps the demo's start quick.
  const daily = utcDay(new Date(now.getTime() - 30 * DAY_MS));
  for (let day = utcDay(new Date(first.first)); day <= yesterday; ) {
    if (day >= daily || day.endsWith("-01") || day.endsWith("-15"))
      transfers += (await settleDay(trx, day, now, withChargebacks)).transfers;
    day = utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
  }
  await demoTransferStatuses(trx, now);
  return { transfers };
}
