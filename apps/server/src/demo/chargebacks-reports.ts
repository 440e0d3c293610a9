import type { Kysely } from "kysely";
import { CHARGEBACK_FEES } from "../chargebacks/chargebacks.service.ts";
import { encryptEvidence } from "../chargebacks/evidence.ts";
import type { DB } from "../db/schema.ts";
import { runExport } from "../exports/exports.service.ts";
import { DISPUTE_CARDS } from "../payments/simulator.ts";

/**
 * Demo chargebacks and reports (docs/transfers.md). merchant.egypt's chargebacks in every state: three open (two
 * kept for the chargebacks journey, one per language), one under review with a PDF of evidence, one won, one lost
 * by acceptance and one lost unanswered; their payments carry the simulator's dispute cards, as if the acquirer
 * had opened them. Seeded before the transfers, so the lost ones settle in a transfer. Reports: merchant.egypt and
 * bank.egypt have ready reports (written by the exports' job now) and one Pending each, whose job the server
 * enqueues once it listens (reports.routes.ts).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINIMAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

type Plan = {
  status: "open" | "under_review" | "won" | "lost";
  answer: "accepted" | "evidence" | "expired" | null;
  /** days before now: opened, answered, resolved (null: not) */
  opened: number;
  deadlineIn: number;
  answered: number | null;
  resolved: number | null;
};

const PLANS: Plan[] = [
  { status: "open", answer: null, opened: 1, deadlineIn: 6, answered: null, resolved: null },
  { status: "open", answer: null, opened: 1.5, deadlineIn: 5.5, answered: null, resolved: null },
  { status: "open", answer: null, opened: 2, deadlineIn: 5, answered: null, resolved: null },
  { status: "under_review", answer: "evidence", opened: 4, deadlineIn: 3, answered: 2 / 24, resolved: null },
  { status: "won", answer: "evidence", opened: 20, deadlineIn: -13, answered: 18, resolved: 17 },
  { status: "lost", answer: "accepted", opened: 15, deadlineIn: -8, answered: 14, resolved: 14 },
  { status: "lost", answer: "expired", opened: 30, deadlineIn: -23, answered: null, resolved: 23 },
];

export async function seedDemoChargebacks(
  trx: Kysely<DB>,
  dataKey: Buffer,
  now: Date,
): Promise<{ chargebacks: number }> {
  const owner = await trx
    .selectFrom("users")
    .select(["id", "merchant_id"])
    .where("username", "=", "merchant.egypt")
    .executeTakeFirst();
  if (!owner?.merchant_id) return { chargebacks: 0 };
  const merchantId = owner.merchant_id;
  const payments = await trx
    .selectFrom("transactions")
    .select(["id", "order_id", "integration_id", "amount_cents", "currency", "created_at"])
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", true)
    .where("status", "=", "success")
    .where("parent_transaction_id", "is", null)
    .where("is_auth", "=", false)
    .where("is_voided", "=", false)
    .where("refunded_amount_cents", "=", 0)
    .where("gateway_type", "=", "VPC")
    .where("created_at", "<", new Date(now.getTime() - 35 * DAY))
    .where("created_at", ">", new Date(now.getTime() - 60 * DAY))
    .orderBy("created_at", "desc")
    .limit(PLANS.length)
    .execute();
  let n = 0;
  for (const [i, plan] of PLANS.entries()) {
    const tx = payments[i];
    if (!tx) break;
    const card = DISPUTE_CARDS[i % DISPUTE_CARDS.length]!;
    await trx
      .updateTable("transactions")
      .set({ card_first6: card.first6, card_last4: card.last4 })
      .where("id", "=", tx.id)
      .execute();
    const at = (days: number | null) => (days === null ? null : new Date(now.getTime() - days * DAY));
    const opened = at(plan.opened)!;
    const cb = await trx
      .insertInto("chargebacks")
      .values({
        merchant_id: merchantId,
        transaction_id: tx.id,
        order_id: tx.order_id,
        integration_id: tx.integration_id,
        is_live: true,
        amount_cents: tx.amount_cents,
        currency: tx.currency,
        accept_fees_cents: CHARGEBACK_FEES.feeCents,
        vat_cents: Math.round((CHARGEBACK_FEES.feeCents * CHARGEBACK_FEES.vatPercent) / 100),
        reason: card.reason,
        status: plan.status,
        answer: plan.answer,
        chargeback_date: opened,
        deadline_at: new Date(opened.getTime() + (plan.opened + plan.deadlineIn) * DAY),
        answered_at: at(plan.answered),
        answered_by: plan.answered === null || plan.answer === "expired" ? null : owner.id,
        evidence_note:
          plan.answer === "evidence" ? "Signed delivery receipt and the customer's order." : null,
        resolved_at: at(plan.resolved),
        created_at: opened,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (plan.answer === "evidence")
      await trx
        .insertInto("chargeback_evidence")
        .values({
          chargeback_id: cb.id,
          merchant_id: merchantId,
          file_name: "delivery-receipt.pdf",
          content_type: "application/pdf",
          size_bytes: MINIMAL_PDF.length,
          content: encryptEvidence(MINIMAL_PDF, dataKey, cb.id),
          uploaded_by: owner.id,
          created_at: new Date(at(plan.answered)!.getTime() - HOUR),
        })
        .execute();
    n++;
  }
  return { chargebacks: n };
}

/** Ready reports (their files written now by the exports' job) and one Pending each for the merchant and the bank. */
export async function seedDemoReports(
  trx: Kysely<DB>,
  dataDir: string,
  now: Date,
): Promise<{ reports: number }> {
  const users = await trx
    .selectFrom("users")
    .select(["id", "username", "merchant_id", "bank_id"])
    .where("username", "in", ["merchant.egypt", "bank.egypt"])
    .execute();
  const day = (n: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - n * DAY);
  let n = 0;
  for (const u of users) {
    const isBank = u.bank_id !== null;
    const wanted: {
      kind: "transactions" | "orders" | "merchants" | "invoices" | "transfers";
      from: number;
      to: number;
      ready: boolean;
    }[] = isBank
      ? [
          { kind: "merchants", from: 30, to: 0, ready: true },
          { kind: "transactions", from: 7, to: 0, ready: true },
          { kind: "orders", from: 14, to: 7, ready: false },
        ]
      : [
          { kind: "transactions", from: 7, to: 0, ready: true },
          { kind: "orders", from: 30, to: 0, ready: true },
          { kind: "invoices", from: 30, to: 0, ready: true },
          { kind: "transfers", from: 30, to: 0, ready: true },
          { kind: "transactions", from: 14, to: 7, ready: false },
        ];
    for (const [i, w] of wanted.entries()) {
      const row = await trx
        .insertInto("exports")
        .values({
          merchant_id: isBank ? null : u.merchant_id,
          bank_id: isBank ? u.bank_id : null,
          user_id: u.id,
          kind: w.kind,
          status_choice: "trx_all",
          is_live: true,
          date_from: day(w.from),
          date_to: day(w.to - 1),
          purpose: "report",
          created_at: new Date(now.getTime() - (wanted.length - i) * HOUR),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (w.ready) await runExport(trx, dataDir, row.id);
      n++;
    }
  }
  return { reports: n };
}
