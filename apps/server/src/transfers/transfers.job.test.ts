import { expect, it } from "vitest";
import { startBoss } from "../jobs/boss.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { queueTransfers, TRANSFERS_QUEUE } from "./transfers.job.ts";

describeEachDatabase("the daily transfers schedule on pg-boss", (get) => {
  it("queues a day's job (pg-boss accepts its slot) and makes one job of the repeated sends", async () => {
    const boss = await startBoss(get().database, { supervise: false });
    try {
      await boss.createQueue(TRANSFERS_QUEUE);
      const day = `2020-01-0${1 + Math.floor(Math.random() * 9)}`;
      const first = await queueTransfers(boss, day);
      expect(first).toBeTruthy();
      expect(await queueTransfers(boss, day)).toBeNull();
      expect((await boss.getJobById(TRANSFERS_QUEUE, first!))?.data).toEqual({ day });
    } finally {
      await boss.stop({ graceful: false, close: false, wait: true });
    }
  });
});
