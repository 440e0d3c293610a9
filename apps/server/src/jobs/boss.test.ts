import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { bossDb, startBoss } from "./boss.ts";

describeEachDatabase("pg-boss on our connection", (get) => {
  it("creates its schema, runs a job to completion and keeps it in the database", async () => {
    const { database } = get();
    const boss = await startBoss(database, { supervise: false });
    try {
      await boss.createQueue("echo");
      const seen: unknown[] = [];
      await boss.work<{ n: number }>("echo", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        seen.push(job?.data.n);
      });
      const id = await boss.send("echo", { n: 7 });
      expect(id).toBeTruthy();
      await expect.poll(() => seen, { timeout: 15_000, interval: 200 }).toEqual([7]);
      await expect
        .poll(async () => (await boss.getJobById("echo", id!))?.state, { timeout: 15_000, interval: 200 })
        .toBe("completed");
    } finally {
      await boss.stop({ graceful: false, close: false, wait: true });
    }
  });

  it("enqueues inside a transaction: a rolled-back change leaves no job", async () => {
    const { database } = get();
    const boss = await startBoss(database, { supervise: false });
    try {
      await boss.createQueue("tx");
      await expect(
        database.db.transaction().execute(async (trx) => {
          await boss.send("tx", { a: 1 }, { db: bossDb(database, trx) });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await boss.getQueueSize("tx")).toBe(0);
      await database.db.transaction().execute(async (trx) => {
        await boss.send("tx", { a: 2 }, { db: bossDb(database, trx) });
      });
      expect(await boss.getQueueSize("tx")).toBe(1);
    } finally {
      await boss.stop({ graceful: false, close: false, wait: true });
    }
  });
});

describe("pg-boss's writes once the process stopped its queue", () => {
  // A database already closed: every statement fails as Kysely's destroyed driver does.
  const gone = async () => {
    throw new Error("driver has already been destroyed");
  };
  const closed = { exec: gone, db: { executeQuery: gone } as unknown as Kysely<DB> } as unknown as Database;

  it("drops them after the stop (a late job's completion must not crash the process), not before", async () => {
    let stopped = false;
    const db = bossDb(closed, closed.db, () => stopped);
    await expect(db.executeSql("select 1", [])).rejects.toThrow("destroyed");
    await expect(db.executeSql("select $1", [1])).rejects.toThrow("destroyed");
    stopped = true;
    await expect(db.executeSql("select 1", [])).resolves.toEqual({ rows: [] });
    await expect(db.executeSql("select $1", [1])).resolves.toEqual({ rows: [] });
  });
});
