import type { ChargebackListQuery } from "@portal/domain";
import { type Insertable, type Kysely, sql } from "kysely";
import type { ChargebackRow } from "../db/rows.ts";
import type { ChargebackEvidenceTable, DB } from "../db/schema.ts";
import type { DisputeRule } from "../payments/acquirer.ts";
import { merchantCondition, parseDateParam, type Scope } from "../transactions/scope.ts";

/**
 * The chargebacks' queries. What the dashboard reads takes the caller's scope (a merchant's own, a terminal's
 * payments', a bank's merchants'); the disputes job's statements are set-based and idempotent (the unique
 * transaction_id, and updates guarded by the status they move from), so processes may run them at once.
 */

function scoped(db: Kysely<DB>, scope: Scope) {
  return db
    .selectFrom("chargebacks as c")
    .innerJoin("transactions as t", "t.id", "c.transaction_id")
    .innerJoin("merchants as m", "m.id", "c.merchant_id")
    .where(merchantCondition(db, scope, sql.ref("c.merchant_id"), sql.ref("t.terminal_id")));
}

const ITEM = [
  "c.id",
  "c.transaction_id",
  "c.order_id",
  "c.amount_cents",
  "c.currency",
  "c.status",
  "c.chargeback_date",
  "c.deadline_at",
  "c.vat_cents",
  "c.accept_fees_cents",
  "t.parent_transaction_id",
  "c.integration_id",
  "c.is_live",
  "c.merchant_id",
  "m.company_name",
] as const;

/** A page of the caller's chargebacks, newest first, and how many match. */
export async function listChargebacks(db: Kysely<DB>, scope: Scope, f: ChargebackListQuery) {
  let q = scoped(db, scope).where("c.is_live", "=", f.is_live);
  if (f.status) q = q.where("c.status", "=", f.status);
  if (f.transaction_id !== undefined) q = q.where("c.transaction_id", "=", f.transaction_id);
  if (f.merchant_id !== undefined) q = q.where("c.merchant_id", "=", f.merchant_id);
  const from = parseDateParam(f.date_from, "date_from", false);
  const to = parseDateParam(f.date_to, "date_to", true);
  if (from) q = q.where("c.chargeback_date", ">=", from);
  if (to) q = q.where("c.chargeback_date", "<", to);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select(ITEM)
    .orderBy("c.chargeback_date", "desc")
    .orderBy("c.id", "desc")
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  return { count: Number(n), rows };
}

/** One of the caller's chargebacks with everything its details show, or undefined. */
export function findChargeback(db: Kysely<DB>, scope: Scope, id: number) {
  return scoped(db, scope)
    .select([
      ...ITEM,
      "c.reason",
      "c.answer",
      "c.answered_at",
      "c.evidence_note",
      "c.resolved_at",
      "c.transfer_id",
    ])
    .where("c.id", "=", id)
    .executeTakeFirst();
}

/** The evidence files' descriptions (never their content) of a chargeback. */
export function evidenceList(db: Kysely<DB>, chargebackId: number) {
  return db
    .selectFrom("chargeback_evidence")
    .select(["id", "file_name", "content_type", "size_bytes", "created_at"])
    .where("chargeback_id", "=", chargebackId)
    .orderBy("id")
    .execute();
}

/** One evidence file of a chargeback the caller sees, with its (encrypted) content. */
export function findEvidenceFile(db: Kysely<DB>, scope: Scope, chargebackId: number, fileId: number) {
  return db
    .selectFrom("chargeback_evidence as e")
    .innerJoin("chargebacks as c", "c.id", "e.chargeback_id")
    .innerJoin("transactions as t", "t.id", "c.transaction_id")
    .where(merchantCondition(db, scope, sql.ref("c.merchant_id"), sql.ref("t.terminal_id")))
    .where("e.id", "=", fileId)
    .where("e.chargeback_id", "=", chargebackId)
    .select(["e.id", "e.chargeback_id", "e.file_name", "e.content_type", "e.content"])
    .executeTakeFirst();
}

/** The merchant's chargeback, locked for the answer (in the answer's transaction). */
export function lockChargeback(
  trx: Kysely<DB>,
  merchantId: number,
  id: number,
): Promise<ChargebackRow | undefined> {
  return trx
    .selectFrom("chargebacks")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .forUpdate()
    .executeTakeFirst();
}

/** Accepting: lost at once, to be carried by the next transfer. */
export async function markAccepted(trx: Kysely<DB>, id: number, userId: number, now: Date): Promise<void> {
  await trx
    .updateTable("chargebacks")
    .set({ status: "lost", answer: "accepted", answered_at: now, answered_by: userId, resolved_at: now })
    .where("id", "=", id)
    .where("status", "=", "open")
    .execute();
}

/** Answering with evidence: the files and the chargeback's new state, in the caller's transaction. */
export async function storeEvidence(
  trx: Kysely<DB>,
  id: number,
  userId: number,
  note: string | null,
  files: Insertable<ChargebackEvidenceTable>[],
  now: Date,
): Promise<void> {
  await trx.insertInto("chargeback_evidence").values(files).execute();
  await trx
    .updateTable("chargebacks")
    .set({
      status: "under_review",
      answer: "evidence",
      answered_at: now,
      answered_by: userId,
      evidence_note: note,
    })
    .where("id", "=", id)
    .where("status", "=", "open")
    .execute();
}

/**
 * A card's digits as a literal, not a parameter: the partial index of the dispute cards (migration 0030) matches
 * only literal values, also under a generic plan of a prepared statement.
 */
function digits(value: string) {
  if (!/^\d{4,6}$/.test(value)) throw new RangeError("card digits expected");
  return sql.lit(value);
}

/** Chargeback fee and its VAT, in the transaction's currency's minor units (docs/transfers.md). */
export interface ChargebackFees {
  feeCents: number;
  vatPercent: number;
}

/**
 * Opens the rule's disputes: every approved payment with the rule's card made at least `afterDays` before `now`
 * (and at most 30 days more: older ones were opened by earlier runs) that has no chargeback yet. The amount is
 * what is left after refunds. Answers how many were opened.
 */
export async function openDisputes(
  db: Kysely<DB>,
  rule: DisputeRule,
  now: Date,
  fees: ChargebackFees,
  responseDays: number,
): Promise<number> {
  const due = new Date(now.getTime() - rule.afterDays * 86_400_000);
  const oldest = new Date(due.getTime() - 30 * 86_400_000);
  const result = await sql`
    insert into chargebacks (merchant_id, transaction_id, order_id, integration_id, is_live, amount_cents, currency,
      vat_cents, accept_fees_cents, reason, chargeback_date, deadline_at)
    select t.merchant_id, t.id, t.order_id, t.integration_id, t.is_live, t.amount_cents - t.refunded_amount_cents,
      t.currency, ${Math.round((fees.feeCents * fees.vatPercent) / 100)}, ${fees.feeCents}, ${rule.reason},
      ${now}, ${new Date(now.getTime() + responseDays * 86_400_000)}
    from transactions t
    where t.card_first6 = ${digits(rule.first6)} and t.card_last4 = ${digits(rule.last4)}
      and t.created_at <= ${due} and t.created_at > ${oldest}
      and t.status = 'success' and t.parent_transaction_id is null and not t.is_auth and not t.is_voided
      and t.deleted_at is null and t.amount_cents > t.refunded_amount_cents
    on conflict (transaction_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Open chargebacks whose deadline passed unanswered: lost. */
export async function expireOverdue(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .updateTable("chargebacks")
    .set({ status: "lost", answer: "expired", resolved_at: now })
    .where("status", "=", "open")
    .where("deadline_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Decides the disputes answered with evidence at least `reviewDays` ago: won when the payment's card is one whose
 * rule lets evidence win, lost otherwise.
 */
export async function decideReviewed(
  db: Kysely<DB>,
  now: Date,
  winningCards: string[],
  reviewDays: number,
): Promise<number> {
  const before = new Date(now.getTime() - reviewDays * 86_400_000);
  const wins = winningCards.length > 0 ? winningCards : [""];
  const result = await sql`
    update chargebacks c set
      status = case when (t.card_first6 || t.card_last4) in (${sql.join(wins)}) then 'won' else 'lost' end,
      resolved_at = ${now}
    from transactions t
    where t.id = c.transaction_id and c.status = 'under_review' and c.answered_at <= ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
