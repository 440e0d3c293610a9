import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { generateTerminalKey, terminalKeyHash } from "../pos/terminal-payment.ts";
import type { DemoCredentials } from "./generate.ts";

/**
 * Demo branches and terminals (docs/pos-risk.md, docs/demo-data.md): Nile Electronics (merchant.egypt) has three
 * branches in Cairo and Alexandria and four terminals: its generated terminal T-EGY-000101 (whose POS payments
 * the generator made, bound to terminal.egypt) and three more, two with card-present payments of the last three
 * weeks, one new without any. Every other terminal that named a branch without a row (the bank's demo merchants)
 * gets its branch. The other merchants with sign-ins have no terminal: their Terminals screen shows "You haven't
 * set up a POS". Terminal keys are stored as keyed hashes of random keys nobody knows (new ones are made on the
 * terminal's page).
 */

const NILE_BRANCHES = [
  { name: "Nasr City Branch", code: "NSR-01", city: "Cairo", address: "12 Abbas El Akkad Street, Nasr City" },
  { name: "Maadi Branch", code: "MAA-02", city: "Cairo", address: "18 Road 9, Maadi" },
  { name: "Smouha Branch", code: "ALX-03", city: "Alexandria", address: "Victor Emmanuel Square, Smouha" },
] as const;

/** New terminals of Nile Electronics: code, branch, payments over the last 21 days. */
const NILE_TERMINALS = [
  { code: "T-EGY-000102", branch: "NSR-01", payments: 24, daysAgo: 60 },
  { code: "T-EGY-000201", branch: "MAA-02", payments: 18, daysAgo: 45 },
  { code: "T-EGY-000301", branch: "ALX-03", payments: 0, daysAgo: 2 },
] as const;

const CARDS = [
  { first6: "512345", last4: "2346", scheme: "MasterCard" },
  { first6: "422222", last4: "4242", scheme: "Visa" },
  { first6: "507803", last4: "1180", scheme: "Meeza" },
  { first6: "545454", last4: "5454", scheme: "MasterCard" },
] as const;

const DAY_MS = 86_400_000;

export async function seedDemoPos(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
): Promise<number> {
  let made = 0;
  const nile = credentials.merchants.find((m) => m.country === "EGY");
  if (nile) made += await seedNile(db, nile.merchant_id, dataKey, now);
  await adoptBranchNames(db);
  return made;
}

async function seedNile(db: Kysely<DB>, merchantId: number, dataKey: Buffer, now: Date): Promise<number> {
  const branchIds = new Map<string, { id: number; name: string; city: string; address: string }>();
  for (const [i, b] of NILE_BRANCHES.entries()) {
    const row = await db
      .insertInto("merchant_branches")
      .values({
        merchant_id: merchantId,
        branch_name: b.name,
        branch_code: b.code,
        city: b.city,
        address: b.address,
        created_at: new Date(now.getTime() - (90 - i * 20) * DAY_MS),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    branchIds.set(b.code, { id: Number(row.id), name: b.name, city: b.city, address: b.address });
  }
  // The generated terminal (its branch named only) joins its branch.
  const nasr = branchIds.get("NSR-01")!;
  await db
    .updateTable("terminals")
    .set({ branch_id: nasr.id, branch_name: nasr.name, city: nasr.city, address: nasr.address })
    .where("merchant_id", "=", merchantId)
    .where("branch_name", "=", nasr.name)
    .execute();

  const integration = await db
    .selectFrom("integrations")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("gateway_type", "=", "card_present")
    .where("is_live", "=", true)
    .orderBy("id")
    .executeTakeFirst();
  let payments = 0;
  for (const [ti, t] of NILE_TERMINALS.entries()) {
    const branch = branchIds.get(t.branch)!;
    const terminal = await db
      .insertInto("terminals")
      .values({
        merchant_id: merchantId,
        terminal_code: t.code,
        branch_id: branch.id,
        branch_name: branch.name,
        city: branch.city,
        address: branch.address,
        created_at: new Date(now.getTime() - t.daysAgo * DAY_MS),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < t.payments; i++) {
      // Deterministic spread: one or two a day over three weeks, at shop hours; mostly approved.
      const at = new Date(
        now.getTime() - (21 - (i * 21) / t.payments) * DAY_MS - ((i * 7 + ti * 3) % 9) * 3_600_000,
      );
      const amount = 5_000 + ((i * 7919 + ti * 104_729) % 295_000);
      const status = i % 13 === 5 ? "declined" : i % 17 === 9 ? "pending" : "success";
      const card = CARDS[(i + ti) % CARDS.length]!;
      const order = await db
        .insertInto("orders")
        .values({
          merchant_id: merchantId,
          is_live: true,
          amount_cents: amount,
          paid_amount_cents: status === "success" ? amount : 0,
          payment_status: status === "success" ? "PAID" : "UNPAID",
          currency: "EGP",
          // One line for the sale, so the order's items add up to its amount like every demo order's.
          items: JSON.stringify([
            { name: "In-store purchase", description: t.code, quantity: 1, amount_cents: amount },
          ]),
          created_by: t.code,
          api_source: "POS",
          created_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const message =
        status === "success" ? "Approved" : status === "declined" ? "Insufficient funds" : "Pending";
      await db
        .insertInto("transactions")
        .values({
          merchant_id: merchantId,
          order_id: order.id,
          integration_id: integration ? Number(integration.id) : null,
          terminal_id: terminal.id,
          is_live: true,
          amount_cents: amount,
          currency: "EGP",
          status,
          gateway_type: "card_present",
          trnx_type: "standalone",
          origin: "POS",
          channel: "POS",
          is_standalone: true,
          card_first6: card.first6,
          card_last4: card.last4,
          card_scheme: card.scheme,
          card_type: "debit",
          failure_reason: status === "declined" ? message : null,
          txn_response_code:
            status === "success" ? "APPROVED" : status === "declined" ? "DECLINED" : "PENDING",
          acq_response_code: status === "success" ? "00" : status === "declined" ? "51" : null,
          data: JSON.stringify({
            message,
            source_data: { type: "card", pan: card.last4, sub_type: card.scheme, tenure: null },
            entry_mode: i % 3 === 0 ? "contactless" : "chip",
          }),
          created_by: t.code,
          created_at: at,
          updated_at: at,
        })
        .execute();
      payments++;
    }
  }
  // Keys for every Nile terminal, so the pages show their prefixes; nobody knows them until renewed.
  const terminals = await db
    .selectFrom("terminals")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .execute();
  for (const t of terminals)
    for (const isLive of [false, true]) {
      const k = generateTerminalKey("EGY", isLive);
      await db
        .insertInto("terminal_keys")
        .values({
          terminal_id: t.id,
          merchant_id: merchantId,
          is_live: isLive,
          key_hash: terminalKeyHash(dataKey, k.key),
          key_prefix: k.prefix,
          created_at: now,
        })
        .execute();
    }
  return payments;
}

/** Terminals that name a branch without a row get one (as migration 0039 did for older data), and join it. */
async function adoptBranchNames(db: Kysely<DB>): Promise<void> {
  await sql`insert into merchant_branches (merchant_id, branch_name, branch_code, city, address)
    select t.merchant_id, t.branch_name, 'BR-' || min(t.id), min(t.city), min(t.address)
    from terminals t
    where t.branch_name is not null and t.branch_id is null
      and not exists (select 1 from merchant_branches b where b.merchant_id = t.merchant_id and b.branch_name = t.branch_name)
    group by t.merchant_id, t.branch_name
    on conflict (merchant_id, branch_code) do nothing`.execute(db);
  await sql`update terminals t set branch_id = b.id
    from merchant_branches b
    where t.branch_id is null and b.merchant_id = t.merchant_id and b.branch_name = t.branch_name`.execute(
    db,
  );
  await sql`update merchant_branches b set city = coalesce(b.city, x.city), address = coalesce(b.address, x.address)
    from (select branch_id, min(city) as city, min(address) as address from terminals group by branch_id) x
    where x.branch_id = b.id and (b.city is null or b.address is null)`.execute(db);
}
