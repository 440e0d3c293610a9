import type { Kysely } from "kysely";
import { CallbackQueue } from "../callbacks/queue.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
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
  callbacks: CallbackQueue;
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
    callbacks: new CallbackQueue(database, settings),
    now: overrides.now ?? (() => new Date()),
  };
}
