import { localDate } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { createInvoices } from "../selling/invoices.service.ts";
import type { DemoCredentials } from "./generate.ts";

const DAY_MS = 86_400_000;
const ZONE = "Africa/Cairo";

/**
 * A few invoices of the Egyptian demo merchant made the way the dashboard makes them (createInvoices), in both
 * modes, besides the history's invoices (activity.ts: paid, unpaid, deactivated and canceled ones): open ones with
 * a far expiry (one with delivery), and one past its expiry, so the list shows paid, unpaid and expired invoices.
 */
export async function seedDemoInvoices(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  const day = (days: number) => localDate(new Date(now.getTime() + days * DAY_MS), ZONE);
  let made = 0;
  for (const isLive of [false, true]) {
    const methods = merchant.integrations
      .filter(
        (i) =>
          i.currency === "EGP" && i.is_live === isLive && ["VPC", "CARDS", "UIG"].includes(i.gateway_type),
      )
      .map((i) => i.id);
    if (methods.length === 0) continue;
    const prefix = isLive ? "INV-D" : "INV-T";
    const created = await createInvoices(
      db,
      { merchantId: merchant.merchant_id, isLive, username: "demo", timeZone: ZONE, now },
      [
        {
          fullName: "Mona Adel",
          phoneNumber: "+201001234567",
          email: "mona.adel@example.com",
          merchantOrderId: `${prefix}-1001`,
          orderName: "Website redesign, first half",
          orderDescription: "Design of the home and product pages",
          orderAmount: "2500.00",
          currency: "EGP",
          gatewayType: methods,
          deliveryNeeded: false,
          expiryDate: day(14),
          expiryHour: 18,
        },
        {
          fullName: "Karim Nabil",
          phoneNumber: "+201112223334",
          email: "karim.nabil@example.com",
          merchantOrderId: `${prefix}-1002`,
          orderName: "Office chairs (4)",
          orderDescription: "Delivered to the Maadi office",
          orderAmount: "7800.00",
          currency: "EGP",
          gatewayType: methods,
          deliveryNeeded: true,
          expiryDate: day(30),
          expiryHour: 12,
        },
        {
          fullName: "Salma Fathy",
          phoneNumber: "+201223344556",
          email: "salma.fathy@example.com",
          merchantOrderId: `${prefix}-1003`,
          orderName: "Photography session",
          orderDescription: "",
          orderAmount: "950.00",
          currency: "EGP",
          gatewayType: methods.slice(0, 1),
          deliveryNeeded: false,
          expiryDate: day(-3),
          expiryHour: 10,
        },
      ],
    );
    made += created.length;
  }
  return made;
}
