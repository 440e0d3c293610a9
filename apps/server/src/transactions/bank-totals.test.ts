import type { Insertable, Kysely } from "kysely";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { successfulCounts, successfulCountsPlain } from "../backoffice/merchants.repository.ts";
import type { DB, TransactionsTable } from "../db/schema.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { bankRollupPaymentTotals } from "./bank-totals.repository.ts";
import { type PaymentTotal, plainPaymentTotals, type TotalsRange } from "./totals.repository.ts";

/**
 * The bank rollup (migration 0045b, docs/backoffice.md "Performance") gives a whole bank's payments totals equal to
 * the plain scan of its rows, for every range shape and mode: with rows folded and not yet folded, soft-deleted
 * rows, refunds, voids, merchants in two zones, after analytics_rebuild, and when a merchant moves to another bank;
 * and the merchants summary's maintained successful counts equal counting the rows.
 */

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const START = Date.parse("2025-01-01T00:00:00Z");
const SPAN = 2 * 365 * 86_400_000;
const GATEWAYS = ["VPC", "UIG", "CAGG", "CASH", "VALU", "MPAY", "SOUHOOLA"];
const sorted = (rows: PaymentTotal[]) =>
  [...rows].sort((a, b) =>
    `${a.currency}/${a.gateway_type}`.localeCompare(`${b.currency}/${b.gateway_type}`),
  );

const RANGES: [string, Date | undefined, Date | undefined][] = [
  ["all time", undefined, undefined],
  ["from a day", new Date("2025-06-01T00:00:00Z"), undefined],
  ["a month of days", new Date("2025-10-01T00:00:00Z"), new Date("2025-11-01T00:00:00Z")],
  ["odd instants", new Date("2025-03-10T13:27:45.123Z"), new Date("2026-01-02T04:00:00.001Z")],
  ["within an hour", new Date("2025-05-05T10:10:00Z"), new Date("2025-05-05T10:50:00Z")],
  ["hours", new Date("2025-05-05T03:00:00Z"), new Date("2025-05-09T17:00:00Z")],
];

describeEachDatabase("bank totals rollup equals the plain recomputation", (get) => {
  let db: Kysely<DB>;
  let bankId: number;
  let otherBankId: number;
  const rand = random(12_0045);

  async function addRows(merchantId: number, payments: number): Promise<void> {
    const tx: Insertable<TransactionsTable>[] = [];
    for (let i = 0; i < payments; i++) {
      const status = rand() < 0.7 ? "success" : rand() < 0.5 ? "declined" : "pending";
      tx.push({
        merchant_id: merchantId,
        is_live: rand() < 0.8,
        amount_cents: 1 + Math.floor(rand() * 500_000),
        currency: rand() < 0.75 ? "EGP" : "USD",
        status,
        is_voided: status === "success" && rand() < 0.1,
        gateway_type: GATEWAYS[Math.floor(rand() * GATEWAYS.length)]!,
        trnx_type: "standalone",
        origin: "IFRAME",
        data: JSON.stringify({}),
        created_at: new Date(START + Math.floor(rand() * SPAN)),
      });
    }
    const inserted = await db.insertInto("transactions").values(tx).returning(["id", "created_at"]).execute();
    const children = inserted
      .filter(() => rand() < 0.1)
      .map(
        (p): Insertable<TransactionsTable> => ({
          merchant_id: merchantId,
          parent_transaction_id: p.id,
          is_live: true,
          amount_cents: 100,
          currency: "EGP",
          status: "success",
          gateway_type: "VPC",
          trnx_type: "refund",
          origin: "IFRAME",
          data: JSON.stringify({}),
          created_at: p.created_at,
        }),
      );
    if (children.length) await db.insertInto("transactions").values(children).execute();
  }

  async function expectEqual(label: string) {
    // The summary's successful transactions per merchant (merchant_success_counts) equal counting the rows.
    const ids = [cairo, dubai, other];
    const counts = await successfulCounts(db, ids);
    const plainCounts = await successfulCountsPlain(db, ids);
    expect(
      ids.map((id) => counts.get(id) ?? 0),
      `${label}: successful counts`,
    ).toEqual(ids.map((id) => plainCounts.get(id) ?? 0));
    for (const bank of [bankId, otherBankId])
      for (const isLive of [true, false])
        for (const [name, from, to] of RANGES) {
          const range: TotalsRange = { isLive, from, to };
          const plain = await plainPaymentTotals(db, { kind: "bank", bankId: bank }, range);
          const rollup = await bankRollupPaymentTotals(db, bank, range);
          expect(sorted(rollup), `${label}: bank ${bank} ${isLive ? "live" : "test"} ${name}`).toEqual(
            sorted(plain),
          );
        }
  }

  const fold = () => sql`select analytics_fold()`.execute(db);

  let cairo: number;
  let dubai: number;
  let other: number;

  beforeAll(async () => {
    db = get().database.db;
    const fx = fixtures(db);
    bankId = (await fx.bank()).id;
    otherBankId = (await fx.bank()).id;
    cairo = (await fx.merchant({ country: "EGY", bank_id: bankId })).id;
    dubai = (await fx.merchant({ country: "ARE", bank_id: bankId })).id;
    other = (await fx.merchant({ country: "EGY", bank_id: otherBankId })).id;
    await addRows(cairo, 300);
    await addRows(dubai, 200);
    await addRows(other, 150);
    await fold();
    // Left as deltas, and changes after the fold: voids and soft deletes.
    await addRows(cairo, 80);
    await sql`update transactions set is_voided = true where id % 11 = 0 and status = 'success'`.execute(db);
    await sql`update transactions set deleted_at = now() where id % 13 = 0`.execute(db);
  }, 120_000);

  it("with folded rows, unfolded deltas, voids and soft-deleted rows", async () => {
    await expectEqual("deltas");
    await fold();
    await expectEqual("folded");
  }, 120_000);

  it("after analytics_rebuild and when a merchant moves to another bank", async () => {
    await sql`select analytics_rebuild(${cairo}::bigint)`.execute(db);
    await expectEqual("rebuilt one");
    await sql`select analytics_rebuild(null)`.execute(db);
    await expectEqual("rebuilt all");
    await sql`update merchants set bank_id = ${otherBankId} where id = ${dubai}`.execute(db);
    await expectEqual("moved");
    await sql`update merchants set bank_id = ${bankId} where id = ${dubai}`.execute(db);
    await fold();
    await expectEqual("moved back");
  }, 120_000);

  describe("a bank without rows", () => {
    it("answers nothing", async () => {
      const empty = (await fixtures(db).bank()).id;
      expect(
        await bankRollupPaymentTotals(db, empty, { isLive: true, from: undefined, to: undefined }),
      ).toEqual([]);
    });
  });
});
