import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { type SeedCustomer, seedLender } from "../lending/lending.seed.ts";
import type { DemoCredentials } from "./generate.ts";

/**
 * Demo lending collection (docs/pos-risk.md "Lending", docs/demo-data.md): the first Egyptian merchant (Nile
 * Electronics, merchant.egypt) sells appliances on instalments and collects them on
 * /checkout/lending?lender=nile-electronics through its test card integration (sandbox cards). Its customers,
 * by national ID, cover every answer of the page: loans to pay by card or balance, a low balance, no loan, a
 * suspended balance, a last instalment.
 */
export const DEMO_LENDER_ID = "nile-electronics";

export const DEMO_LENDING_CUSTOMERS: readonly SeedCustomer[] = [
  {
    // Pays by card and by balance (the journeys use it: 50,000 pounds last many runs).
    national_id: "29001011234567",
    pin: "1234",
    balance_cents: 5_000_000,
    loans: [
      {
        reference: "NE-LN-1001",
        service_name: "Refrigerator instalment plan",
        amount_cents: 6_000_000,
        instalment_cents: 250_000,
        fee_cents: 1_500,
        instalments_total: 24,
        instalments_paid: 2,
      },
    ],
  },
  {
    // Too little balance for its instalment: 'User does not have enough balance'; the card still pays.
    national_id: "29105152101234",
    pin: "4321",
    balance_cents: 20_000,
    loans: [
      {
        reference: "NE-LN-1002",
        service_name: "Smart TV instalment plan",
        amount_cents: 1_800_000,
        instalment_cents: 100_000,
        fee_cents: 1_500,
        instalments_total: 18,
        instalments_paid: 5,
      },
    ],
  },
  {
    // Its only loan is paid off: 'User does not have Loan'.
    national_id: "28807070105678",
    pin: "5678",
    balance_cents: 150_000,
    loans: [
      {
        reference: "NE-LN-0907",
        service_name: "Washing machine instalment plan",
        amount_cents: 900_000,
        instalment_cents: 75_000,
        fee_cents: 1_500,
        instalments_total: 12,
        instalments_paid: 12,
      },
    ],
  },
  {
    // Two loans; the laptop's last instalment is smaller than the others.
    national_id: "29512240112345",
    pin: "1111",
    balance_cents: 800_000,
    loans: [
      {
        reference: "NE-LN-1003",
        service_name: "Laptop instalment plan",
        amount_cents: 850_000,
        instalment_cents: 150_000,
        fee_cents: 1_000,
        instalments_total: 6,
        instalments_paid: 5,
      },
      {
        reference: "NE-LN-1004",
        service_name: "Air conditioner instalment plan",
        amount_cents: 3_000_000,
        instalment_cents: 250_000,
        fee_cents: 1_500,
        instalments_total: 12,
      },
    ],
  },
  {
    // A suspended balance: paying from it answers 'Payment failed, please try again later'.
    national_id: "29203030208765",
    pin: "2222",
    balance_cents: 900_000,
    status: "suspended",
    loans: [
      {
        reference: "NE-LN-1005",
        service_name: "Cooker instalment plan",
        amount_cents: 1_200_000,
        instalment_cents: 100_000,
        fee_cents: 1_500,
        instalments_total: 12,
        instalments_paid: 1,
      },
    ],
  },
];

export async function seedDemoLending(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  const card = merchant?.integrations.find(
    (i) => i.currency === "EGP" && !i.is_live && ["VPC", "CARDS"].includes(i.gateway_type),
  );
  if (!merchant || !card) return 0;
  await seedLender(
    db,
    dataKey,
    {
      merchantId: merchant.merchant_id,
      integrationId: card.id,
      publicId: DEMO_LENDER_ID,
      currency: "EGP",
      now,
    },
    DEMO_LENDING_CUSTOMERS,
  );
  return DEMO_LENDING_CUSTOMERS.length;
}
