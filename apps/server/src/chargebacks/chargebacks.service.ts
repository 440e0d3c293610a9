import {
  CHARGEBACK_MESSAGES,
  type ChargebackDetails,
  type ChargebackItem,
  type EvidenceUpload,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { DisputeRule } from "../payments/acquirer.ts";
import type { Scope } from "../transactions/scope.ts";
import {
  decideReviewed,
  evidenceList,
  expireOverdue,
  findChargeback,
  lockChargeback,
  markAccepted,
  openDisputes,
  storeEvidence,
} from "./chargebacks.repository.ts";
import { checkEvidenceFiles, encryptEvidence } from "./evidence.ts";

/**
 * Chargebacks (docs/transfers.md "Chargebacks"). The acquirer opens a dispute (the simulator: its dispute cards,
 * SIMULATOR_DISPUTE_AFTER_DAYS after the payment); the merchant has CHARGEBACK_RESPONSE_DAYS to accept it (lost at
 * once) or answer with evidence (under review; the acquirer decides CHARGEBACK_REVIEW_DAYS later: won or lost);
 * unanswered by the deadline it is lost. A lost chargeback's amount, fee and the fee's VAT leave the merchant's
 * next transfer (transfers/transfers.job.ts takes lost chargebacks whose transfer_id is null, once).
 */
export const CHARGEBACK_RESPONSE_DAYS = 7;
export const CHARGEBACK_REVIEW_DAYS = 1;
/** The chargeback fee (minor units of the payment's currency) and the VAT on it. */
export const CHARGEBACK_FEES = { feeCents: 1500, vatPercent: 14 } as const;

type Found = NonNullable<Awaited<ReturnType<typeof findChargeback>>>;

export function chargebackItem(
  r: Omit<Found, "reason" | "answer" | "answered_at" | "evidence_note" | "resolved_at" | "transfer_id">,
): ChargebackItem {
  return {
    id: r.id,
    transaction_id: r.transaction_id,
    order_id: r.order_id,
    amount_cents: r.amount_cents,
    currency: r.currency,
    status: r.status,
    chargeback_date: r.chargeback_date.toISOString(),
    deadline_at: r.deadline_at.toISOString(),
    vat_cents: r.vat_cents,
    accept_fees_cents: r.accept_fees_cents,
    parent_transaction_id: r.parent_transaction_id,
    integration_id: r.integration_id,
    is_live: r.is_live,
    merchant: { id: r.merchant_id, name: r.company_name },
  };
}

/** The details of one of the caller's chargebacks; 404 when it is not theirs. */
export async function chargebackDetails(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
  now: Date = new Date(),
): Promise<ChargebackDetails> {
  const r = await findChargeback(db, scope, id);
  if (!r) throw new HttpError(404, "not_found", "Not found.");
  const files = await evidenceList(db, id);
  return {
    ...chargebackItem(r),
    reason: r.reason,
    answer: r.answer,
    answered_at: r.answered_at?.toISOString() ?? null,
    evidence_note: r.evidence_note,
    resolved_at: r.resolved_at?.toISOString() ?? null,
    transfer_id: r.transfer_id,
    can_answer: scope.kind === "merchant" && r.status === "open" && r.deadline_at.getTime() > now.getTime(),
    evidence: files.map((f) => ({
      id: f.id,
      file_name: f.file_name,
      content_type: f.content_type,
      size_bytes: f.size_bytes,
      created_at: f.created_at.toISOString(),
    })),
  };
}

/** Refuses an answer to a chargeback that is not open, or whose deadline passed. */
function assertAnswerable(row: { status: string; deadline_at: Date }, now: Date): void {
  if (row.status !== "open")
    throw new HttpError(409, "chargeback_answered", CHARGEBACK_MESSAGES.alreadyAnswered);
  if (row.deadline_at.getTime() <= now.getTime())
    throw new HttpError(409, "chargeback_closed", CHARGEBACK_MESSAGES.deadlinePassed);
}

/** The merchant accepts the chargeback: lost now, settled by the next transfer. */
export async function acceptChargeback(
  database: Database,
  merchantId: number,
  userId: number,
  id: number,
  now: Date = new Date(),
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const row = await lockChargeback(trx, merchantId, id);
    if (!row) throw new HttpError(404, "not_found", "Not found.");
    assertAnswerable(row, now);
    await markAccepted(trx, id, userId, now);
  });
}

/** The merchant answers with evidence: every file checked first, then stored encrypted with the new state. */
export async function submitEvidence(
  database: Database,
  dataKey: Buffer,
  merchantId: number,
  userId: number,
  id: number,
  body: EvidenceUpload,
  now: Date = new Date(),
): Promise<void> {
  const files = checkEvidenceFiles(body.files);
  await database.db.transaction().execute(async (trx) => {
    const row = await lockChargeback(trx, merchantId, id);
    if (!row) throw new HttpError(404, "not_found", "Not found.");
    assertAnswerable(row, now);
    await storeEvidence(
      trx,
      id,
      userId,
      body.note?.trim() || null,
      files.map((f) => ({
        chargeback_id: id,
        merchant_id: merchantId,
        file_name: f.name,
        content_type: f.type,
        size_bytes: f.bytes.length,
        content: encryptEvidence(f.bytes, dataKey, id),
        uploaded_by: userId,
      })),
      now,
    );
  });
}

export interface DisputeCycleResult {
  opened: number;
  expired: number;
  decided: number;
}

/**
 * One turn of the acquirer's side: opens the disputes now due, loses the overdue ones, decides the reviewed ones.
 * Every statement is idempotent and guarded by the state it moves from, so processes may run it at once.
 */
export async function runDisputeCycle(
  db: Kysely<DB>,
  rules: readonly DisputeRule[],
  now: Date = new Date(),
): Promise<DisputeCycleResult> {
  let opened = 0;
  for (const rule of rules)
    opened += await openDisputes(db, rule, now, CHARGEBACK_FEES, CHARGEBACK_RESPONSE_DAYS);
  const expired = await expireOverdue(db, now);
  const winning = rules.filter((r) => r.evidenceWins).map((r) => r.first6 + r.last4);
  const decided = await decideReviewed(db, now, winning, CHARGEBACK_REVIEW_DAYS);
  return { opened, expired, decided };
}
