import { CUSTOMER_MESSAGES, type CustomerDetails, type CustomerItem } from "@portal/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import {
  type CustomerListRow,
  findCustomer,
  lockCustomerIdentities,
  otherCustomerWith,
  savedCards,
  settleCustomerActivity,
  updateCustomer,
} from "./customers.repository.ts";

/**
 * Customers (docs/settings.md "Customers"): the list item and details of a merchant's customer, and the edit of
 * its name, e-mail and phone. A customer's totals and card are the payments' (migration 0033); the edit never
 * touches them. An e-mail or phone is one customer's: the edit refuses one another customer has (409), because
 * the next payment with it would otherwise match one of them by chance.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function customerItem(r: CustomerListRow): CustomerItem {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    points: r.points,
    card_last4: r.card_last4,
    card_scheme: r.card_scheme,
    total_transactions: r.total_transactions,
    last_transaction_at: iso(r.last_transaction_at),
    created_at: new Date(r.created_at).toISOString(),
  };
}

function notFound(): HttpError {
  return new HttpError(404, "not_found", "Not found.");
}

/** One of the merchant's customers with its saved cards; 404 when it is not the merchant's. */
export async function customerDetails(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
): Promise<CustomerDetails> {
  // Its totals exact: what the payments queued is folded first (migration 0053).
  await settleCustomerActivity(db);
  const row = await findCustomer(db, merchantId, id);
  if (!row) throw notFound();
  const cards = await savedCards(db, merchantId, row.email);
  return {
    ...customerItem(row),
    updated_at: iso(row.updated_at),
    saved_cards: cards.map((c) => ({
      id: c.id,
      masked_pan: c.masked_pan,
      card_subtype: c.card_subtype,
      is_live: c.is_live,
      created_at: new Date(c.created_at).toISOString(),
    })),
  };
}

/** The edit (validated by the contract): all of it or nothing. */
export async function editCustomer(
  database: Database,
  merchantId: number,
  id: number,
  values: { name: string; email: string | null; phone: string | null },
  now: Date = new Date(),
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await lockCustomerIdentities(
      trx,
      merchantId,
      [values.email, values.phone].filter((v): v is string => v !== null),
    );
    if (values.email !== null && (await otherCustomerWith(trx, merchantId, id, "email", values.email)))
      throw new HttpError(409, "customer_email_taken", CUSTOMER_MESSAGES.emailTaken, {
        email: [CUSTOMER_MESSAGES.emailTaken],
      });
    if (values.phone !== null && (await otherCustomerWith(trx, merchantId, id, "phone", values.phone)))
      throw new HttpError(409, "customer_phone_taken", CUSTOMER_MESSAGES.phoneTaken, {
        phone: [CUSTOMER_MESSAGES.phoneTaken],
      });
    if (!(await updateCustomer(trx, merchantId, id, values, now))) throw notFound();
  });
}
