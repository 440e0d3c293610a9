import fc from "fast-check";
import { type Kysely, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { foldAnalytics } from "../analytics/analytics.repository.ts";
import type { DB } from "../db/schema.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";
import { runTransfers } from "./settlement.repository.ts";
import { balanceFigures, balanceRecount, transferFigures } from "./transfers.repository.ts";

/**
 * The maintained balance (migration 0044, docs/transfers.md "The balance") equals the plain recount at every step:
 * after inserts of payments, authorisations, captures, refunds and voids, status changes, voids and un-voids,
 * moves of amount, fees, instant, currency, mode and merchant, multi-row updates, deletions, links made and
 * undone by hand, transfers runs and reruns, lost chargebacks, transfer status moves, folds and a rebuild; both
 * modes, two merchants of different countries, several currencies. Per (merchant, mode, currency, UTC day) too,
 * so a wrong day that the lower bound happens to hide is still found.
 */

const NOW = new Date("2027-01-15T00:00:00Z");
const START = Date.parse("2026-10-01T00:00:00Z");
const HOUR = 3_600_000;
/** Days the random transfers runs settle (the rows span 2026-10-01 to 2026-10-21). */
const DAYS = Array.from({ length: 24 }, (_, i) => new Date(START + i * 24 * HOUR).toISOString().slice(0, 10));

type Op =
  | {
      kind: "payment";
      m: number;
      live: boolean;
      cur: number;
      status: number;
      type: number;
      voided: boolean;
      amount: number;
      fees: number;
      hour: number;
    }
  | { kind: "child"; pick: number; type: number; status: number; amount: number; hour: number }
  | { kind: "status"; pick: number; status: number }
  | { kind: "void"; pick: number; voided: boolean }
  | { kind: "amount"; pick: number; amount: number }
  | { kind: "fees"; pick: number; fees: number }
  | { kind: "move"; pick: number; hour: number; cur: number; live: boolean; m: number }
  | { kind: "bulk"; m: number; status: number }
  | { kind: "delete"; pick: number }
  | { kind: "run"; day: number }
  | { kind: "unlink"; pick: number }
  | { kind: "chargeback"; pick: number }
  | { kind: "advance"; pick: number }
  | { kind: "fold" };

const STATUSES = ["success", "pending", "declined"] as const;
const CURRENCIES = ["EGP", "USD", "AED"] as const;
const PARENT_TYPES = ["standalone", "auth", "standalone"] as const;
const CHILD_TYPES = ["refund", "capture", "void"] as const;
const TRANSFER_STEPS = ["Approved", "Transferred", "Successful"] as const;

const pick = fc.nat({ max: 10_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("payment" as const),
      m: fc.nat({ max: 1 }),
      live: fc.boolean(),
      cur: fc.nat({ max: 2 }),
      status: fc.nat({ max: 2 }),
      type: fc.nat({ max: 2 }),
      voided: fc.boolean(),
      amount: fc.integer({ min: 1, max: 50_000 }),
      fees: fc.nat({ max: 900 }),
      hour: fc.nat({ max: 20 * 24 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("child" as const),
      pick,
      type: fc.nat({ max: 2 }),
      status: fc.nat({ max: 2 }),
      amount: fc.integer({ min: 1, max: 20_000 }),
      hour: fc.nat({ max: 72 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("status" as const), pick, status: fc.nat({ max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("void" as const), pick, voided: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("amount" as const),
      pick,
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("fees" as const), pick, fees: fc.nat({ max: 900 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      pick,
      hour: fc.nat({ max: 20 * 24 }),
      cur: fc.nat({ max: 2 }),
      live: fc.boolean(),
      m: fc.nat({ max: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("bulk" as const),
      m: fc.nat({ max: 1 }),
      status: fc.nat({ max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("run" as const), day: fc.nat({ max: DAYS.length - 1 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unlink" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("chargeback" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("advance" as const), pick }) },
  { weight: 1, arbitrary: fc.constant({ kind: "fold" as const }) },
);

describeEachDatabase("the maintained balance", (get) => {
  let db: Kysely<DB>;
  let merchants: number[] = [];

  beforeAll(async () => {
    db = get().database.db;
    const fx = fixtures(db);
    merchants = [(await fx.merchant({ country: "EGY" })).id, (await fx.merchant({ country: "ARE" })).id];
  });

  const at = (hour: number) => new Date(START + hour * HOUR);

  /** The row chosen by `n` among the current rows (undefined when none). */
  const chosen = async (n: number, where = sql`true`) => {
    const r = await sql<{ id: string; parent_transaction_id: string | null; created_at: Date }>`
      select id, parent_transaction_id, created_at from transactions where ${where} order by id`.execute(db);
    return r.rows.length === 0 ? undefined : r.rows[n % r.rows.length];
  };

  async function apply(op: Op): Promise<void> {
    switch (op.kind) {
      case "payment": {
        const type = PARENT_TYPES[op.type]!;
        await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type,
            trnx_type, is_auth, origin, is_voided, fees_cents, vat_cents, created_at)
          values (${merchants[op.m]!}, ${op.live}, ${op.amount}, ${CURRENCIES[op.cur]!}, ${STATUSES[op.status]!},
            'VPC', ${type}, ${type === "auth"}, 'IFRAME', ${op.voided}, ${op.fees}, ${Math.floor(op.fees * 0.14)},
            ${at(op.hour)})`.execute(db);
        return;
      }
      case "child": {
        const parent = await chosen(op.pick, sql`parent_transaction_id is null`);
        if (!parent) return;
        const type = CHILD_TYPES[op.type]!;
        await sql`insert into transactions (merchant_id, is_live, amount_cents, currency, status, gateway_type,
            trnx_type, origin, parent_transaction_id, fees_cents, vat_cents, created_at)
          select merchant_id, is_live, ${op.amount}, currency, ${STATUSES[op.status]!}, gateway_type, ${type},
            origin, id, 7, 1, created_at + ${`${op.hour} hours`}::interval
          from transactions where id = ${parent.id}`.execute(db);
        return;
      }
      case "status": {
        const row = await chosen(op.pick);
        if (row)
          await sql`update transactions set status = ${STATUSES[op.status]!} where id = ${row.id}`.execute(
            db,
          );
        return;
      }
      case "void": {
        const row = await chosen(op.pick, sql`parent_transaction_id is null`);
        if (row) await sql`update transactions set is_voided = ${op.voided} where id = ${row.id}`.execute(db);
        return;
      }
      case "amount": {
        const row = await chosen(op.pick);
        if (row)
          await sql`update transactions set amount_cents = ${op.amount} where id = ${row.id}`.execute(db);
        return;
      }
      case "fees": {
        // An authorisation's fees are its captures' too.
        const row = await chosen(op.pick, sql`parent_transaction_id is null`);
        if (row)
          await sql`update transactions set fees_cents = ${op.fees}, vat_cents = ${op.fees % 50}
            where id = ${row.id}`.execute(db);
        return;
      }
      case "move": {
        const row = await chosen(op.pick);
        if (!row) return;
        // A child keeps its parent's merchant, mode and currency; a parent moves with its children.
        const root = row.parent_transaction_id ?? row.id;
        await sql`update transactions set created_at = created_at + (${at(op.hour)}::timestamptz - ${at(240)}::timestamptz),
            currency = ${CURRENCIES[op.cur]!}, is_live = ${op.live}, merchant_id = ${merchants[op.m]!}
          where id = ${root} or parent_transaction_id = ${root}`.execute(db);
        return;
      }
      case "bulk":
        await sql`update transactions set status = ${STATUSES[op.status]!}
          where merchant_id = ${merchants[op.m]!} and id % 3 = 0`.execute(db);
        return;
      case "delete": {
        const row = await chosen(
          op.pick,
          sql`not exists (select 1 from transactions c where c.parent_transaction_id = transactions.id)
            and not exists (select 1 from chargebacks b where b.transaction_id = transactions.id)`,
        );
        if (row) await sql`delete from transactions where id = ${row.id}`.execute(db);
        return;
      }
      case "run":
        await runTransfers(db, DAYS[op.day]!, NOW);
        return;
      case "unlink": {
        const links = await sql<{ transaction_id: string }>`select transaction_id from transfer_transactions
          order by transaction_id`.execute(db);
        const link = links.rows[op.pick % Math.max(1, links.rows.length)];
        if (link)
          await sql`delete from transfer_transactions where transaction_id = ${link.transaction_id}`.execute(
            db,
          );
        return;
      }
      case "chargeback": {
        const row = await chosen(
          op.pick,
          sql`status = 'success' and parent_transaction_id is null
            and not exists (select 1 from chargebacks b where b.transaction_id = transactions.id)`,
        );
        if (row)
          await sql`insert into chargebacks (merchant_id, transaction_id, is_live, amount_cents, currency, reason,
              status, answer, deadline_at, resolved_at, accept_fees_cents, vat_cents)
            select merchant_id, id, is_live, greatest(amount_cents, 1), currency, 'Fraud', 'lost', 'expired',
              created_at + interval '9 days', created_at + interval '9 days', 1500, 210
            from transactions where id = ${row.id}`.execute(db);
        return;
      }
      case "advance": {
        const transfers = await sql<{ id: string; status: string }>`select id, status from transfers
          where status <> 'Successful' order by id`.execute(db);
        const t = transfers.rows[op.pick % Math.max(1, transfers.rows.length)];
        if (!t) return;
        const next = TRANSFER_STEPS[["Pending", "Approved", "Transferred"].indexOf(t.status)]!;
        await sql`update transfers set status = ${next} where id = ${t.id}`.execute(db);
        return;
      }
      case "fold":
        await foldAnalytics(db);
        return;
    }
  }

  /** Every (merchant, mode, currency, UTC day) of the maintained figure against a recount of the rows. */
  async function expectDaysEqualRecount(): Promise<void> {
    const maintained = await sql<Record<string, string>>`
      select merchant_id, is_live, currency, day::text, sum(transactions)::text as n, sum(gross)::text as gross,
        sum(refunded)::text as refunded, sum(fees)::text as fees, sum(vat)::text as vat
      from (select * from transfer_balance_days union all select * from transfer_balance_deltas) d
      group by 1, 2, 3, 4
      having sum(transactions) <> 0 or sum(gross) <> 0 or sum(refunded) <> 0 or sum(fees) <> 0 or sum(vat) <> 0
      order by 1, 2, 3, 4`.execute(db);
    const recount = await sql<Record<string, string>>`
      select t.merchant_id, t.is_live, t.currency, (t.created_at at time zone 'UTC')::date::text as day,
        count(*)::text as n,
        sum(case when t.trnx_type = 'refund' then 0 else t.amount_cents end)::text as gross,
        sum(case when t.trnx_type = 'refund' then t.amount_cents else 0 end)::text as refunded,
        sum(case when t.trnx_type = 'capture' then coalesce(p.fees_cents, 0)
          when t.trnx_type = 'refund' then 0 else t.fees_cents end)::text as fees,
        sum(case when t.trnx_type = 'capture' then coalesce(p.vat_cents, 0)
          when t.trnx_type = 'refund' then 0 else t.vat_cents end)::text as vat
      from transactions t
      left join transactions p on t.trnx_type = 'capture' and p.id = t.parent_transaction_id
      where t.status = 'success'
        and ((t.parent_transaction_id is null and not t.is_voided and t.trnx_type <> 'auth')
          or (t.parent_transaction_id is not null and t.trnx_type in ('capture', 'refund')))
        and not exists (select 1 from transfer_transactions x where x.transaction_id = t.id)
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db);
    expect(maintained.rows).toEqual(recount.rows);
  }

  /** The balance (and the reports' figure) equal to the plain recount for every merchant and mode. */
  async function expectBalanceEqualsRecount(context: string): Promise<void> {
    for (const m of [...merchants.map((id) => [id]), merchants])
      for (const live of [false, true]) {
        const recount = await balanceRecount(db, m, live);
        expect(await balanceFigures(db, m, live), `${context}: ${m} ${live}`).toEqual(recount);
        const figures = await transferFigures(db, m, live, new Date("2026-01-01"), new Date("2027-12-31"));
        for (const r of recount) expect(figures.get(r.currency)?.balance, context).toBe(r.net_cents);
      }
  }

  it("a known sequence: payments, refunds, voids, chargebacks, deletions, a transfers run and a rerun", async () => {
    const ops: Op[] = [
      {
        kind: "payment",
        m: 0,
        live: true,
        cur: 0,
        status: 0,
        type: 0,
        voided: false,
        amount: 10_000,
        fees: 250,
        hour: 5,
      },
      {
        kind: "payment",
        m: 0,
        live: true,
        cur: 0,
        status: 0,
        type: 1,
        voided: false,
        amount: 8_000,
        fees: 300,
        hour: 6,
      },
      {
        kind: "payment",
        m: 0,
        live: false,
        cur: 1,
        status: 0,
        type: 0,
        voided: false,
        amount: 4_000,
        fees: 90,
        hour: 7,
      },
      {
        kind: "payment",
        m: 1,
        live: true,
        cur: 2,
        status: 1,
        type: 0,
        voided: false,
        amount: 3_000,
        fees: 60,
        hour: 8,
      },
      { kind: "child", pick: 0, type: 0, status: 0, amount: 1_500, hour: 2 }, // a refund
      { kind: "child", pick: 1, type: 1, status: 0, amount: 7_000, hour: 3 }, // a capture of the auth
      { kind: "fees", pick: 1, fees: 420 }, // the auth's fees: its capture's
      { kind: "status", pick: 3, status: 0 }, // pending to success
      { kind: "void", pick: 2, voided: true },
      { kind: "chargeback", pick: 0 },
      { kind: "run", day: 3 },
      { kind: "run", day: 3 }, // a rerun
      { kind: "void", pick: 0, voided: true }, // a settled payment voided: stays out
      {
        kind: "payment",
        m: 0,
        live: true,
        cur: 0,
        status: 0,
        type: 0,
        voided: false,
        amount: 999,
        fees: 9,
        hour: 200,
      },
      { kind: "delete", pick: 9 },
      { kind: "unlink", pick: 0 },
      { kind: "advance", pick: 0 },
      { kind: "fold" },
      { kind: "run", day: 12 },
      { kind: "move", pick: 6, hour: 400, cur: 1, live: false, m: 1 },
      { kind: "bulk", m: 0, status: 0 },
    ];
    for (const [i, op] of ops.entries()) {
      await apply(op);
      await expectDaysEqualRecount();
      await expectBalanceEqualsRecount(`step ${i} ${op.kind}`);
    }
    const linked = await sql<{ n: string }>`select count(*)::text as n from transfer_transactions`.execute(
      db,
    );
    expect(Number(linked.rows[0]!.n)).toBeGreaterThan(0);
  });

  it("random sequences of writes, runs and folds keep it equal to a recount at every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const [i, op] of ops.entries()) {
          await apply(op);
          await expectDaysEqualRecount();
          await expectBalanceEqualsRecount(`step ${i} ${JSON.stringify(op)}`);
        }
      }),
      { numRuns: 12, seed: 1744 },
    );
  }, 600_000);

  it("a rebuild leaves exactly what the triggers kept", async () => {
    await foldAnalytics(db);
    const before = await sql`select * from transfer_balance_days order by 1, 2, 3, 4`.execute(db);
    await sql`select transfer_balance_rebuild(null)`.execute(db);
    const after = await sql`select * from transfer_balance_days order by 1, 2, 3, 4`.execute(db);
    expect(after.rows).toEqual(before.rows);
    await sql`select transfer_balance_rebuild(${merchants[0]!})`.execute(db);
    expect((await sql`select * from transfer_balance_days order by 1, 2, 3, 4`.execute(db)).rows).toEqual(
      before.rows,
    );
    await expectBalanceEqualsRecount("after a rebuild");
  });
});
