import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { insertAccount, insertLender, insertLoan } from "./lending.repository.ts";
import { maskNationalId, nationalIdHash, pinHash } from "./lending.service.ts";

/**
 * A lender with its customers and loans, as the demo (demo/lending.ts) and the tests make them: national IDs
 * are stored only as their keyed hash and masked form, PINs as a keyed hash.
 */
export interface SeedLoan {
  reference: string;
  service_name: string;
  amount_cents: number;
  instalment_cents: number;
  fee_cents: number;
  instalments_total: number;
  instalments_paid?: number;
}

export interface SeedCustomer {
  national_id: string;
  pin: string;
  balance_cents: number;
  status?: "active" | "suspended";
  loans: SeedLoan[];
}

export async function seedLender(
  db: Kysely<DB>,
  dataKey: Buffer,
  lender: { merchantId: number; integrationId: number; publicId: string; currency: string; now: Date },
  customers: readonly SeedCustomer[],
): Promise<{ lenderId: number; accounts: Map<string, number>; loans: Map<string, number> }> {
  const row = await insertLender(db, {
    merchant_id: lender.merchantId,
    integration_id: lender.integrationId,
    public_id: lender.publicId,
    created_at: lender.now,
  });
  const accounts = new Map<string, number>();
  const loans = new Map<string, number>();
  for (const c of customers) {
    const idHash = nationalIdHash(dataKey, c.national_id);
    const account = await insertAccount(db, {
      lender_id: row.id,
      merchant_id: lender.merchantId,
      national_id_hash: idHash,
      national_id_masked: maskNationalId(c.national_id),
      currency: lender.currency,
      balance_cents: c.balance_cents,
      pin_hash: pinHash(dataKey, idHash, c.pin),
      status: c.status ?? "active",
      created_at: lender.now,
    });
    accounts.set(c.national_id, account.id);
    for (const l of c.loans) {
      const paid = l.instalments_paid ?? 0;
      const outstanding = Math.max(0, l.amount_cents - paid * l.instalment_cents);
      const loan = await insertLoan(db, {
        lender_id: row.id,
        merchant_id: lender.merchantId,
        account_id: account.id,
        reference: l.reference,
        service_name: l.service_name,
        currency: lender.currency,
        amount_cents: l.amount_cents,
        instalment_cents: l.instalment_cents,
        fee_cents: l.fee_cents,
        instalments_total: l.instalments_total,
        instalments_paid: paid,
        outstanding_cents: outstanding,
        status: outstanding === 0 || paid >= l.instalments_total ? "closed" : "open",
        created_at: lender.now,
        updated_at: lender.now,
      });
      loans.set(l.reference, loan.id);
    }
  }
  return { lenderId: row.id, accounts, loans };
}
