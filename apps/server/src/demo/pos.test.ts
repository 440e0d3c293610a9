import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import type { DemoCredentials } from "./generate.ts";
import { seedDemoPos } from "./pos.ts";

describeEachDatabase("demo branches and terminals", (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
  });
  afterAll(() => app.close());

  it("gives Nile Electronics branches, terminals and POS payments, and every named branch a row", async () => {
    const db = app.payments.db;
    const fx = fixtures(db);
    const nile = await fx.merchant({ country: "EGY" });
    await fx.integration(nile.id, { type: "card_present", gateway_type: "card_present" });
    await fx.terminal(nile.id, { terminal_code: `T-EGY-${nile.id}01`, branch_name: "Nasr City Branch" });
    const bankMerchant = await fx.merchant({ country: "EGY" });
    await fx.terminal(bankMerchant.id, { branch_name: "Downtown", city: "Cairo" });
    const credentials = {
      merchants: [{ country: "EGY", merchant_id: nile.id }],
    } as unknown as DemoCredentials; // only the merchants' country and id are read
    const payments = await seedDemoPos(db, credentials, app.payments.dataKey, new Date());
    expect(payments).toBe(42);

    const terminals = await db
      .selectFrom("terminals")
      .select(["id", "branch_id", "merchant_id"])
      .where("merchant_id", "in", [nile.id, bankMerchant.id])
      .execute();
    expect(terminals).toHaveLength(5);
    expect(terminals.every((t) => t.branch_id !== null)).toBe(true);
    const pos = await db
      .selectFrom("transactions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("merchant_id", "=", nile.id)
      .where("channel", "=", "POS")
      .where("origin", "=", "POS")
      .executeTakeFirstOrThrow();
    expect(Number(pos.n)).toBe(42);
    const keys = await db
      .selectFrom("terminal_keys")
      .select("id")
      .where("merchant_id", "=", nile.id)
      .execute();
    expect(keys).toHaveLength(8);
    const branch = await db
      .selectFrom("merchant_branches")
      .selectAll()
      .where("merchant_id", "=", bankMerchant.id)
      .executeTakeFirstOrThrow();
    expect(branch).toMatchObject({ branch_name: "Downtown", city: "Cairo" });
  });
});
