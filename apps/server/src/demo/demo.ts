import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";

export interface DemoSummary {
  credentialsFile: string;
  accounts: { username: string; password: string; profile_type: string; country: string }[];
}

/** Placeholder until the generator lands: creates nothing. */
export async function ensureDemoData(_database: Database, _config: Config): Promise<DemoSummary | undefined> {
  return undefined;
}

export function printDemoSummary(summary: DemoSummary, _config: Config): void {
  console.log(`Demo sign-ins (also in ${summary.credentialsFile}):`);
  for (const a of summary.accounts)
    console.log(`  ${a.profile_type.padEnd(14)} ${a.country}  ${a.username} / ${a.password}`);
}
