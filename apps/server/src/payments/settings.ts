/**
 * Payment-core settings from the environment (documented in docs/payments.md). None is a secret.
 */
export interface PaymentSettings {
  /** First retry of a failed processed callback after this many seconds; each next one waits twice as long. */
  callbackRetryBaseSeconds: number;
  /** Deliveries per transaction event when auto callback retrial is on (the spec's 15). */
  callbackMaxAttempts: number;
  /** How long one callback POST may take before it counts as failed. */
  callbackTimeoutMs: number;
  /** A delivery job still active after this long belonged to a stopped process and is run again. */
  callbackJobExpireSeconds: number;
  /** How often this process runs the job queue's maintenance (expiry of such jobs, archiving). */
  jobMaintenanceSeconds: number;
  /** Deliveries one process runs at once. */
  callbackConcurrency: number;
  /** How often an idle worker looks for due deliveries. */
  callbackPollSeconds: number;
  /** Callbacks may reach loopback and private networks (local testing only; callbacks/address-guard.ts). */
  callbackAllowPrivateNetworks: boolean;
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}`);
  return value;
}

export function paymentSettings(env: NodeJS.ProcessEnv = process.env): PaymentSettings {
  return {
    callbackRetryBaseSeconds: number(env, "CALLBACK_RETRY_BASE_SECONDS", 30, 0),
    callbackMaxAttempts: 15,
    callbackTimeoutMs: number(env, "CALLBACK_TIMEOUT_MS", 10_000, 100),
    callbackJobExpireSeconds: Math.round(number(env, "CALLBACK_JOB_EXPIRE_SECONDS", 60, 1)),
    jobMaintenanceSeconds: number(env, "JOB_MAINTENANCE_SECONDS", 30, 1),
    callbackConcurrency: Math.round(number(env, "CALLBACK_CONCURRENCY", 20, 1)),
    callbackPollSeconds: number(env, "CALLBACK_POLL_SECONDS", 0.5, 0.5),
    callbackAllowPrivateNetworks: env.CALLBACK_ALLOW_PRIVATE_NETWORKS === "true",
  };
}
