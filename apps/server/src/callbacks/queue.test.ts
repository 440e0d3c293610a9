import type { FastifyInstance } from "fastify";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/database.ts";
import { MIGRATIONS } from "../db/migrate.ts";
import { startBoss } from "../jobs/boss.ts";
import {
  callbackReceiver,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { enqueueCallbacks, releaseCallbackJobs, takeCallbackJobs } from "./callbacks.repository.ts";
import { type CallbackJob, MAX_TAKEN } from "./queue.ts";
import { startCallbackWorker } from "./worker.ts";

type Receiver = Awaited<ReturnType<typeof callbackReceiver>>;

describeEachDatabase("callback outbox", (get) => {
  let app: FastifyInstance;
  let receiver: Receiver;
  let m: TestMerchant;
  beforeAll(async () => {
    receiver = await callbackReceiver();
    app = await buildTestApp(get().database);
    m = await testMerchant(app, { callbackUrl: receiver.url });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });
  const db = () => app.payments.db;
  const rows = (transactionId: number) =>
    db().selectFrom("callback_jobs").selectAll().where("transaction_id", "=", transactionId).execute();
  const paid = async () => {
    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    return (await payCard(app, token)).json().transaction.id as number;
  };

  it("writes the job with the payment; a taken job is leased, then due again when the lease ends", async () => {
    const id = await paid();
    const [row] = await rows(id);
    expect(row).toMatchObject({ kind: "TRANSACTION", trigger: "event", attempt: 1, taken: 0 });

    const taken = (await takeCallbackJobs(db(), 100, 60)).filter((t) => t.job.transactionId === id);
    expect(taken).toEqual([
      {
        id: Number(row!.id),
        taken: 1,
        job: { transactionId: id, kind: "TRANSACTION", attempt: 1, trigger: "event" },
      },
    ]);
    // Leased: no other worker takes it.
    expect((await takeCallbackJobs(db(), 100, 60)).some((t) => t.job.transactionId === id)).toBe(false);
    // Our own failure gives it back at once (delay 0); it is taken again, counted.
    await releaseCallbackJobs(db(), [Number(row!.id)], 0);
    const again = (await takeCallbackJobs(db(), 100, 60)).find((t) => t.job.transactionId === id);
    expect(again?.taken).toBe(2);
    await db().deleteFrom("callback_jobs").where("transaction_id", "=", id).execute();
  });

  it("a delayed job is not due before its time", async () => {
    const id = await paid();
    await db().deleteFrom("callback_jobs").where("transaction_id", "=", id).execute();
    const job: CallbackJob = { transactionId: id, kind: "TRANSACTION", attempt: 2, trigger: "retry" };
    await enqueueCallbacks(db(), [job], 3600);
    expect((await takeCallbackJobs(db(), 100, 60)).some((t) => t.job.transactionId === id)).toBe(false);
    const [row] = await rows(id);
    expect(row!.run_at.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    await db().deleteFrom("callback_jobs").where("transaction_id", "=", id).execute();
  });

  it("the worker delivers a job and deletes it; a job taken too often is parked, not delivered", async () => {
    const delivered = await paid();
    const parked = await paid();
    await db()
      .updateTable("callback_jobs")
      .set({ taken: MAX_TAKEN })
      .where("transaction_id", "=", parked)
      .execute();
    const worker = await startCallbackWorker(app.payments, app.log);
    try {
      await expect.poll(async () => (await rows(delivered)).length, { timeout: 20_000 }).toBe(0);
      const attempts = await db()
        .selectFrom("callback_attempts")
        .select(["transaction_id", "status_code"])
        .where("transaction_id", "in", [delivered, parked])
        .execute();
      expect(attempts).toEqual([{ transaction_id: delivered, status_code: 200 }]);
      const [row] = await rows(parked);
      expect(row?.taken).toBe(MAX_TAKEN + 1);
      // Parked: due at infinity (the drivers answer that timestamp as the text "infinity").
      expect(String(row!.run_at)).toMatch(/^infinity$/i);
    } finally {
      await worker.stop();
    }
  });

  it("an idle worker takes a card payment's callback at once, not after its polling interval", async () => {
    const settings = app.payments.settings;
    const poll = settings.callbackPollSeconds;
    settings.callbackPollSeconds = 60;
    const worker = await startCallbackWorker(app.payments, app.log);
    try {
      // Let the worker find nothing and go to sleep for its (long) interval.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const id = await paid();
      await expect.poll(async () => (await rows(id)).length, { timeout: 10_000, interval: 20 }).toBe(0);
      expect(receiver.received.some((r) => JSON.parse(r.body).obj?.id === id)).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await worker.stop();
      settings.callbackPollSeconds = poll;
    }
  });

  it("enqueues many jobs in one statement, all or none", async () => {
    const id = await paid();
    await db().deleteFrom("callback_jobs").where("transaction_id", "=", id).execute();
    const job: CallbackJob = { transactionId: id, kind: "TRANSACTION", attempt: 1, trigger: "manual" };
    await expect(
      enqueueCallbacks(db(), [job, { ...job, trigger: "bogus" as CallbackJob["trigger"] }]),
    ).rejects.toThrow();
    expect(await rows(id)).toEqual([]);
    await enqueueCallbacks(db(), [job, job]);
    expect(await rows(id)).toHaveLength(2);
    await db().deleteFrom("callback_jobs").where("transaction_id", "=", id).execute();
  });
});

describe("migration 0011 moves callbacks still waiting in pg-boss into the outbox", () => {
  it("keeps pending deliveries, drops finished ones", async () => {
    const database = await openPglite(undefined);
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => MIGRATIONS } });
      const before = await migrator.migrateTo("0010_order_totals_rollup");
      expect(before.error).toBeUndefined();
      const boss = await startBoss(database, { supervise: false });
      await boss.createQueue("payments-callback");
      await boss.send("payments-callback", {
        transactionId: 41,
        kind: "TRANSACTION",
        attempt: 1,
        trigger: "event",
      });
      await boss.send("payments-callback", {
        transactionId: 42,
        kind: "TOKEN",
        cardTokenId: 7,
        attempt: 3,
        trigger: "retry",
      });
      const done = await boss.send("payments-callback", {
        transactionId: 43,
        kind: "TRANSACTION",
        attempt: 1,
        trigger: "event",
      });
      // One delivery in flight (active), one finished; set directly, as pg-boss's fetch may not yet see a job
      // sent within the same millisecond.
      await sql`update pgboss.job set state = 'active', started_on = now()
        where name = 'payments-callback' and data->>'transactionId' = '41'`.execute(database.db);
      await sql`update pgboss.job set state = 'completed', completed_on = now() where id = ${done!}::uuid`.execute(
        database.db,
      );
      await boss.stop({ graceful: false, close: false, wait: true });

      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      const moved = await database.db
        .selectFrom("callback_jobs")
        .select(["transaction_id", "kind", "card_token_id", "attempt", "trigger"])
        .orderBy("transaction_id")
        .execute();
      expect(moved).toEqual([
        { transaction_id: 41, kind: "TRANSACTION", card_token_id: null, attempt: 1, trigger: "event" },
        { transaction_id: 42, kind: "TOKEN", card_token_id: 7, attempt: 3, trigger: "retry" },
      ]);
      const left = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = 'payments-callback' and state in ('created', 'retry', 'active')`.execute(database.db);
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
