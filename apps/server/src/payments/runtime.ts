import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { JobRunner } from "../jobs/boss.ts";
import { loadDataKey } from "../security/keys.ts";
import type { Acquirer } from "./acquirer.ts";
import { type PaymentSettings, paymentSettings } from "./settings.ts";
import { SimulatorAcquirer } from "./simulator.ts";

/** What the payment core's services need: one per server process (app.payments). */
export interface PaymentsRuntime {
  database: Database;
  db: Kysely<DB>;
  /** Decrypts HMAC secrets and card tokens, derives payment tokens. */
  dataKey: Buffer;
  acquirer: Acquirer;
  publicUrl: string;
  settings: PaymentSettings;
  /** pg-boss for the exports' jobs (callbacks go through the callback_jobs outbox, callbacks/queue.ts). */
  jobs: JobRunner;
  now(): Date;
}

export interface RuntimeOverrides {
  dataKey?: Buffer;
  acquirer?: Acquirer;
  settings?: Partial<PaymentSettings>;
  now?: () => Date;
}

export function createPaymentsRuntime(
  config: Config,
  database: Database,
  overrides: RuntimeOverrides = {},
): PaymentsRuntime {
  const settings = { ...paymentSettings(), ...overrides.settings };
  return {
    database,
    db: database.db,
    dataKey: overrides.dataKey ?? loadDataKey(config.dataDir),
    acquirer: overrides.acquirer ?? new SimulatorAcquirer(),
    publicUrl: config.publicUrl,
    settings,
    jobs: new JobRunner(database),
    now: overrides.now ?? (() => new Date()),
  };
}
