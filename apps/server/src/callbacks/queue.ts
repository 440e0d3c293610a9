import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { bossDb, startBoss } from "../jobs/boss.ts";
import type { PaymentSettings } from "../payments/settings.ts";

/** The pg-boss queue of callback deliveries: one job per delivery attempt. */
export const CALLBACK_QUEUE = "payments-callback";

export interface CallbackJob {
  transactionId: number;
  kind: "TRANSACTION" | "TOKEN";
  /** For TOKEN callbacks: the saved card token. */
  cardTokenId?: number;
  /** 1 for the first delivery of an event or a manual resend; retries count up to the maximum. */
  attempt: number;
  trigger: "event" | "retry" | "manual";
}

/**
 * Enqueues deliveries in the caller's database transaction, so a callback exists exactly when the change that
 * causes it commits. pg-boss is started lazily; call ready() before opening a transaction (on PGlite the
 * start-up needs the single connection a transaction would hold).
 */
export class CallbackQueue {
  #boss: Promise<PgBoss> | undefined;
  #started: PgBoss | undefined;

  constructor(
    private readonly database: Database,
    private readonly settings: PaymentSettings,
  ) {}

  ready(): Promise<PgBoss> {
    this.#boss ??= (async () => {
      const boss = await startBoss(this.database, { supervise: false });
      await boss.createQueue(CALLBACK_QUEUE);
      this.#started = boss;
      return boss;
    })();
    return this.#boss;
  }

  async enqueue(trx: Kysely<DB>, job: CallbackJob, delaySeconds = 0): Promise<void> {
    const boss = this.#started;
    if (!boss) throw new Error("CallbackQueue.ready() must be awaited before enqueueing");
    await boss.send(CALLBACK_QUEUE, job, {
      db: bossDb(this.database, trx),
      startAfter: delaySeconds > 0 ? new Date(Date.now() + delaySeconds * 1000) : undefined,
      expireInSeconds: this.settings.callbackJobExpireSeconds,
      // pg-boss retries only a job whose process died mid-delivery (expired while active) or that threw;
      // failed deliveries are retried by the delivery itself, as new jobs with the doubling delay.
      retryLimit: 5,
      retryDelay: 1,
    });
  }

  async stop(): Promise<void> {
    const boss = this.#boss ? await this.#boss.catch(() => undefined) : undefined;
    this.#boss = undefined;
    this.#started = undefined;
    await boss?.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }
}
