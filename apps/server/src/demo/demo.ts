import fs from "node:fs";
import path from "node:path";
import { COUNTRIES, type Country } from "@portal/domain";
import { sql } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { mailboxKey } from "../mail/mailbox-key.ts";
import { loadDataKey } from "../security/keys.ts";
import { ensurePrivateDir } from "../security/private-dir.ts";
import { seedDemoActivation } from "./activation.ts";
import { seedDemoBackoffice } from "./backoffice.ts";
import { seedDemoBulkInvoices } from "./bulk-invoices.ts";
import { seedDemoChargebacks, seedDemoReports } from "./chargebacks-reports.ts";
import { seedDemoCheckoutCustomization } from "./checkout-customization.ts";
import {
  type DemoAccount,
  type DemoCredentials,
  type DemoMerchantCredentials,
  type DemoOptions,
  generateDemoData,
} from "./generate.ts";
import { seedDemoIframes } from "./iframes.ts";
import { seedDemoInvoices } from "./invoices.ts";
import { seedDemoLending } from "./lending.ts";
import { seedDemoPaymentLinks } from "./payment-links.ts";
import { seedDemoPos } from "./pos.ts";
import { seedDemoProducts } from "./products.ts";
import { seedDemoProfiles } from "./profile.ts";
import { seedDemoRegistration } from "./registration.ts";
import { seedDemoRequestsToPay } from "./request-to-pay.ts";
import { seedDemoRisk } from "./risk.ts";
import { seedDemoServiceCredit } from "./service-credit.ts";
import { seedDemoStatements } from "./statements.ts";
import { nextIds, storeDataset } from "./store.ts";
import { seedDemoTerminalReports } from "./terminal-reports.ts";
import { seedDemoTransfers } from "./transfers.ts";
import { seedDemoWalkthrough } from "./walkthrough.ts";

export const CREDENTIALS_FILE = "demo-credentials.json";

export interface DemoSummary {
  credentialsFile: string;
  /** True when this call created the demo data, false when it found it in place. */
  created: boolean;
  accounts: DemoAccount[];
  merchants: DemoMerchantCredentials[];
  /** The key of the local mailbox (printed only when the mailbox is on). */
  mailboxKey: string;
  /** Rows written per table (created only). */
  counts?: Record<string, number>;
}

/** Any fixed number: it only has to be the same for every server process sharing one database. */
const DEMO_LOCK_ID = 7_240_315;

export function credentialsPath(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, CREDENTIALS_FILE);
}

export function writeCredentials(file: string, credentials: DemoCredentials): void {
  ensurePrivateDir(path.dirname(file));
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync's mode only applies when creating; an older file keeps its mode otherwise.
  fs.chmodSync(file, 0o600);
}

export function readCredentials(file: string): DemoCredentials | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as DemoCredentials;
  } catch {
    return undefined;
  }
}

/**
 * Creates the demo data when the database has no users yet (first start), inside one transaction guarded by an
 * advisory lock so that several server processes starting together create it once. Writes the sign-ins and
 * merchant keys to DATA_DIR/demo-credentials.json (mode 0600). With data already in place it returns the summary
 * of the existing credentials file, or undefined when there is none.
 */
export async function ensureDemoData(
  database: Database,
  config: Pick<Config, "dataDir"> & Partial<Pick<Config, "publicUrl">>,
  options: DemoOptions = {},
): Promise<DemoSummary | undefined> {
  const file = credentialsPath(config);
  const dataKey = loadDataKey(config.dataDir);
  const created = await database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_LOCK_ID})`.execute(trx);
    const anyUser = await trx.selectFrom("users").select("id").limit(1).executeTakeFirst();
    if (anyUser) return undefined;
    const data = generateDemoData({ ...options, idBase: options.idBase ?? (await nextIds(trx)) });
    await storeDataset(trx, data, dataKey);
    await seedDemoProducts(trx, data.credentials, options.now ?? new Date());
    await seedDemoIframes(trx, data.credentials, options.now ?? new Date());
    await seedDemoServiceCredit(trx, data.credentials, options.now ?? new Date());
    await seedDemoChargebacks(trx, dataKey, options.now ?? new Date());
    await seedDemoTransfers(trx, options.now ?? new Date());
    await seedDemoStatements(trx, data.credentials, options.now ?? new Date());
    await seedDemoInvoices(trx, data.credentials, options.now ?? new Date());
    await seedDemoPaymentLinks(trx, data.credentials, options.now ?? new Date());
    await seedDemoBulkInvoices(trx, data.credentials, options.now ?? new Date());
    await seedDemoBackoffice(trx, options.now ?? new Date());
    await seedDemoActivation(trx, data.credentials, dataKey, options.now ?? new Date());
    await seedDemoReports(trx, config.dataDir, options.now ?? new Date());
    await seedDemoProfiles(trx, data.credentials, options.now ?? new Date());
    await seedDemoWalkthrough(trx, data.credentials, dataKey, options.now ?? new Date(), config.publicUrl);
    await seedDemoRegistration(trx, data.credentials, options.now ?? new Date());
    await seedDemoCheckoutCustomization(trx, data.credentials, dataKey, options.now ?? new Date());
    await seedDemoPos(trx, data.credentials, dataKey, options.now ?? new Date());
    await seedDemoRequestsToPay(trx, data.credentials, dataKey, options.now ?? new Date(), config.publicUrl);
    await seedDemoLending(trx, data.credentials, dataKey, options.now ?? new Date());
    await seedDemoTerminalReports(trx, options.now ?? new Date());
    await seedDemoRisk(trx, data.credentials, dataKey, options.now ?? new Date());
    return data;
  });
  const mailbox = mailboxKey(dataKey);
  if (!created) {
    const existing = readCredentials(file);
    if (!existing) return undefined;
    // A file written before the mailbox had a key gets it added.
    if (existing.mailbox_key !== mailbox) writeCredentials(file, { ...existing, mailbox_key: mailbox });
    return {
      credentialsFile: file,
      created: false,
      accounts: existing.accounts,
      merchants: existing.merchants,
      mailboxKey: mailbox,
    };
  }
  writeCredentials(file, { ...created.credentials, mailbox_key: mailbox });
  return {
    credentialsFile: file,
    created: true,
    accounts: created.credentials.accounts,
    merchants: created.credentials.merchants,
    mailboxKey: mailbox,
    counts: {
      merchants: created.merchants.length,
      users: created.users.length,
      integrations: created.integrations.length,
      customers: created.customers.length,
      orders: created.orders.length,
      payment_links: created.paymentLinks.length,
      transactions: created.transactions.length,
    },
  };
}

const COUNTRY_NAMES: Record<Country, string> = {
  EGY: "Egypt",
  ARE: "United Arab Emirates",
  SAU: "Saudi Arabia",
  PAK: "Pakistan",
  OMN: "Oman",
};

/** The sign-in block printed at start-up: every demo account, grouped by country. Keys stay in the file. */
export function formatDemoSummary(summary: DemoSummary, config: Pick<Config, "publicUrl">): string {
  const lines: string[] = [];
  if (summary.created && summary.counts) {
    const c = summary.counts;
    lines.push(
      `Demo data created: ${c.merchants} merchants, ${c.users} users, ${c.orders} orders, ${c.transactions} transactions.`,
    );
  }
  lines.push(
    `Demo sign-ins at ${config.publicUrl}/portal2/en/login (all listed with merchant API keys in ${summary.credentialsFile}):`,
  );
  for (const country of COUNTRIES) {
    const accounts = summary.accounts.filter((a) => a.country === country);
    if (accounts.length === 0) continue;
    lines.push(`  ${COUNTRY_NAMES[country]} (${country})`);
    for (const a of accounts) {
      const note = a.username.startsWith("temp.") ? "  (temporary password: asks for a new one)" : "";
      lines.push(`    ${a.profile_type.padEnd(14)} ${a.username.padEnd(18)} ${a.password}${note}`);
    }
  }
  lines.push(
    "  The dashboard's country follows the host name (localhost is the UAE); set COUNTRY_OVERRIDE to choose one.",
  );
  return lines.join("\n");
}

export function printDemoSummary(summary: DemoSummary, config: Pick<Config, "publicUrl">): void {
  console.log(`\n${formatDemoSummary(summary, config)}`);
}
