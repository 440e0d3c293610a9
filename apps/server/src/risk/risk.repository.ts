import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { DB, RiskListEntriesTable, RiskRulesTable } from "../db/schema.ts";

/**
 * The risk center's queries (docs/pos-risk.md "Risk"). Every one takes the merchant: another merchant's rules or
 * entries are never found. `riskCheck` is the payment core's one statement.
 */

const RULE_COLUMNS = [
  "r.id",
  "r.kind",
  "r.currency",
  "r.amount_cents",
  "r.subject",
  "r.max_payments",
  "r.window_seconds",
  "r.countries",
  "r.is_active",
  "r.note",
  "r.created_at",
  "r.updated_at",
] as const;

export async function listRules(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("risk_rules as r")
    .leftJoin("users as u", "u.id", "r.created_by")
    .select([...RULE_COLUMNS, "u.username as created_by"])
    .where("r.merchant_id", "=", merchantId)
    .orderBy("r.id")
    .execute();
}
export type RiskRuleRow = Awaited<ReturnType<typeof listRules>>[number];

export async function findRule(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom("risk_rules as r")
    .leftJoin("users as u", "u.id", "r.created_by")
    .select([...RULE_COLUMNS, "u.username as created_by"])
    .where("r.merchant_id", "=", merchantId)
    .where("r.id", "=", id)
    .executeTakeFirst();
}

export async function insertRule(db: Kysely<DB>, row: Insertable<RiskRulesTable>): Promise<number> {
  const { id } = await db.insertInto("risk_rules").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Changes the merchant's rule; its velocity counters start again (their limits were the old rule's). */
export async function updateRule(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  row: Updateable<RiskRulesTable>,
): Promise<boolean> {
  const done = await db
    .updateTable("risk_rules")
    .set({ ...row, updated_at: new Date() })
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (done.numUpdatedRows === BigInt(0)) return false;
  await db.deleteFrom("risk_counters").where("rule_id", "=", id).execute();
  return true;
}

export async function deleteRule(db: Kysely<DB>, merchantId: number, id: number): Promise<boolean> {
  const done = await db
    .deleteFrom("risk_rules")
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (done.numDeletedRows === BigInt(0)) return false;
  // The counters have no foreign key (migration 0041): they go with their rule here.
  await db.deleteFrom("risk_counters").where("rule_id", "=", id).execute();
  return true;
}

const ENTRY_COLUMNS = [
  "e.id",
  "e.list",
  "e.kind",
  "e.label",
  "e.card_first6",
  "e.card_last4",
  "e.note",
  "e.created_at",
] as const;

export async function listEntries(
  db: Kysely<DB>,
  merchantId: number,
  list: "black" | "white",
  page: { page: number; page_size: number },
) {
  const base = db
    .selectFrom("risk_list_entries as e")
    .where("e.merchant_id", "=", merchantId)
    .where("e.list", "=", list);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
    base
      .leftJoin("users as u", "u.id", "e.created_by")
      .select([...ENTRY_COLUMNS, "u.username as created_by"])
      .orderBy("e.id", "desc")
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      .execute(),
  ]);
  return { count: Number(count), rows };
}
export type RiskEntryRow = Awaited<ReturnType<typeof listEntries>>["rows"][number];

export async function findEntry(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom("risk_list_entries as e")
    .leftJoin("users as u", "u.id", "e.created_by")
    .select([...ENTRY_COLUMNS, "u.username as created_by"])
    .where("e.merchant_id", "=", merchantId)
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** Adds an entry; undefined when the list already holds the same value. */
export async function insertEntry(
  db: Kysely<DB>,
  row: Insertable<RiskListEntriesTable>,
): Promise<number | undefined> {
  const done = await db
    .insertInto("risk_list_entries")
    .values(row)
    .onConflict((oc) => oc.columns(["merchant_id", "list", "kind", "value_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return done?.id;
}

export async function deleteEntry(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .deleteFrom("risk_list_entries")
    .where("merchant_id", "=", merchantId)
    .where("id", "=", id)
    .returning(["id", "list", "kind", "label"])
    .executeTakeFirst();
}

export async function insertAudit(
  db: Kysely<DB>,
  row: {
    merchant_id: number;
    user_id: number | null;
    user_email: string | null;
    action: "created" | "updated" | "deleted";
    target: "rule" | "black" | "white";
    target_id: number;
    summary: string;
  },
): Promise<void> {
  await db.insertInto("risk_audit").values(row).execute();
}

export async function listAudit(
  db: Kysely<DB>,
  merchantId: number,
  page: { page: number; page_size: number },
) {
  const base = db.selectFrom("risk_audit as a").where("a.merchant_id", "=", merchantId);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
    base
      .select(["a.id", "a.user_email", "a.action", "a.target", "a.target_id", "a.summary", "a.created_at"])
      .orderBy("a.id", "desc")
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      .execute(),
  ]);
  return { count: Number(count), rows };
}

/** The merchant's risk flag follows its rows: on while an active rule or any entry exists. */
export async function refreshRiskFlag(db: Kysely<DB>, merchantId: number): Promise<void> {
  await sql`update merchants m set risk_active = (
      exists (select 1 from risk_rules r where r.merchant_id = m.id and r.is_active)
      or exists (select 1 from risk_list_entries e where e.merchant_id = m.id))
    where m.id = ${merchantId}`.execute(db);
}

/** What a payment is checked by: each null when the payment has none. */
export interface RiskSubjects {
  merchantId: number;
  amountCents: number;
  currency: string;
  /** The keyed hash of the card number. */
  card: string | null;
  email: string | null;
  phone: string | null;
  /** The payment's IP as its canonical single-address network, and every network holding it. */
  ip: string | null;
  ipNetworks: readonly string[];
  /** The card's issuing country (ISO 3166 alpha-2), null when unknown. */
  country: string | null;
  /** The cardholder is authenticated with 3-D Secure on this payment. */
  secure: boolean;
  /** Seconds since the epoch: the velocity windows are counted from it. */
  nowSeconds: number;
}

export interface RiskVerdict {
  white: boolean;
  black_id: number | null;
  black_kind: "card" | "email" | "phone" | "ip" | null;
  rule_id: number | null;
  rule_kind: "max_amount" | "min_amount" | "countries" | "three_ds" | null;
  velocity_rule_id: number | null;
}

/**
 * The payment's risk check in one statement: the whitelist, the blacklist, the static rules, then (only when none
 * of them decided) each velocity rule's counter for the payment's subject and window, counted by INSERT ... ON
 * CONFLICT DO UPDATE ... WHERE under the counter row's lock, so concurrent payments let exactly the limit through.
 * A whitelisted payment skips the rules (and is not counted); a blacklisted one is declined whatever the whitelist.
 * Every lookup is an index probe on (merchant_id, list, kind, value_key) or the merchant's few rules.
 */
export async function riskCheck(db: Kysely<DB>, s: RiskSubjects): Promise<RiskVerdict> {
  const nets = sql.val([...s.ipNetworks]);
  const matches = sql`((e.kind = 'card' and e.value_key = ${s.card}::text)
      or (e.kind = 'email' and e.value_key = ${s.email}::text)
      or (e.kind = 'phone' and e.value_key = ${s.phone}::text)
      or (e.kind = 'ip' and e.value_key = any(${nets}::text[])))`;
  const { rows } = await sql<RiskVerdict>`with
  b as (select e.id, e.kind from risk_list_entries e
    where e.merchant_id = ${s.merchantId} and e.list = 'black' and ${matches} order by e.id limit 1),
  w as (select exists (select 1 from risk_list_entries e
    where e.merchant_id = ${s.merchantId} and e.list = 'white' and ${matches}) as hit),
  r as (select * from risk_rules r where r.merchant_id = ${s.merchantId} and r.is_active
    and not exists (select 1 from b) and not (select hit from w)),
  st as (select r.id, r.kind from r where
      (r.kind = 'max_amount' and r.currency = ${s.currency}::text and ${s.amountCents}::bigint > r.amount_cents)
      or (r.kind = 'min_amount' and r.currency = ${s.currency}::text and ${s.amountCents}::bigint < r.amount_cents)
      or (r.kind = 'countries' and (${s.country}::text is null or not (${s.country}::text = any(r.countries))))
      or (r.kind = 'three_ds' and r.currency = ${s.currency}::text and ${s.amountCents}::bigint > r.amount_cents
        and not ${s.secure}::boolean)
    order by r.id limit 1),
  vc as (select r.id, k.key, r.max_payments, r.window_seconds,
      case when r.currency = ${s.currency}::text then r.amount_cents end as max_amount,
      case when r.currency = ${s.currency}::text then ${s.amountCents}::bigint else 0 end as add_amount
    from r cross join lateral (select case r.subject when 'card' then ${s.card}::text
      when 'email' then ${s.email}::text when 'phone' then ${s.phone}::text when 'ip' then ${s.ip}::text end as key) k
    where r.kind = 'velocity' and k.key is not null and not exists (select 1 from st)
      and (r.max_payments is not null or r.currency = ${s.currency}::text)),
  v as (insert into risk_counters as c (rule_id, subject_key, window_start, payments, amount_cents, max_payments,
      max_amount_cents)
    select vc.id, vc.key, (${s.nowSeconds}::bigint / vc.window_seconds) * vc.window_seconds, 1, vc.add_amount,
      vc.max_payments, vc.max_amount
    from vc where vc.max_amount is null or vc.add_amount <= vc.max_amount
    on conflict (rule_id, subject_key, window_start) do update
      set payments = c.payments + 1, amount_cents = c.amount_cents + excluded.amount_cents
      where (excluded.max_payments is null or c.payments < excluded.max_payments)
        and (excluded.max_amount_cents is null or c.amount_cents + excluded.amount_cents <= excluded.max_amount_cents)
    returning c.rule_id)
select (select hit from w) as white, (select id from b) as black_id, (select kind from b) as black_kind,
  (select id from st) as rule_id, (select kind from st) as rule_kind,
  (select min(vc.id) from vc where vc.id not in (select rule_id from v)) as velocity_rule_id`.execute(db);
  return rows[0]!;
}

/** Old velocity windows: a counter whose window ended a day ago counts nothing any more. */
export async function deleteOldCounters(db: Kysely<DB>, nowSeconds: number): Promise<number> {
  const done = await sql`delete from risk_counters c where not exists (select 1 from risk_rules r
    where r.id = c.rule_id and c.window_start + r.window_seconds >= ${nowSeconds}::bigint - 86400)`.execute(
    db,
  );
  return Number(done.numAffectedRows ?? 0);
}
