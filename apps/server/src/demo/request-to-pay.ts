import { createHash } from "node:crypto";
import { type TipType, tipCents } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { requestPageUrl, requestSmsText, requestToken } from "../request-to-pay/request-to-pay.service.ts";
import { tokenHash } from "../security/tokens.ts";
import type { DemoCredentials } from "./generate.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface DemoRequest {
  key: string;
  amount: number;
  mobNum: string;
  billNum: string | null;
  purpose: string;
  tipType: TipType;
  /** Whole units (fixed) or basis points (percentage). */
  tipValue: number | null;
  state: "created" | "sent" | "paid" | "expired" | "cancelled";
  /** The customer's own tip when paid (consumer tips), minor units. */
  consumerTip?: number;
  hoursAgo: number;
}

const REQUESTS: DemoRequest[] = [
  {
    key: "1",
    amount: 24_000,
    mobNum: "01001234501",
    billNum: "WB-2024-118",
    purpose: "Dinner for four, table 12",
    tipType: "percentage",
    tipValue: 1250,
    state: "paid",
    hoursAgo: 30,
  },
  {
    key: "2",
    amount: 15_000,
    mobNum: "01001234502",
    billNum: "WB-2024-119",
    purpose: "Home delivery, two pizzas",
    tipType: "consumer",
    tipValue: null,
    state: "paid",
    consumerTip: 2_000,
    hoursAgo: 26,
  },
  {
    key: "3",
    amount: 52_500,
    mobNum: "01001234503",
    billNum: "INV-7781",
    purpose: "Hair colour and cut",
    tipType: "fixed",
    tipValue: 50,
    state: "sent",
    hoursAgo: 5,
  },
  {
    key: "4",
    amount: 9_900,
    mobNum: "01001234504",
    billNum: null,
    purpose: "Car wash, premium",
    tipType: "consumer",
    tipValue: null,
    state: "sent",
    hoursAgo: 3,
  },
  {
    key: "5",
    amount: 120_000,
    mobNum: "01001234505",
    billNum: "CAT-0042",
    purpose: "Catering deposit",
    tipType: "none",
    tipValue: null,
    state: "created",
    hoursAgo: 1,
  },
  {
    key: "6",
    amount: 31_000,
    mobNum: "01001234506",
    billNum: "WB-2024-097",
    purpose: "Water bill, October",
    tipType: "none",
    tipValue: null,
    state: "expired",
    hoursAgo: 10 * 24,
  },
  {
    key: "7",
    amount: 45_000,
    mobNum: "01001234507",
    billNum: "EV-311",
    purpose: "Event tickets (cancelled by the venue)",
    tipType: "percentage",
    tipValue: 500,
    state: "cancelled",
    hoursAgo: 50,
  },
];

/**
 * Demo requests to pay (docs/pos-risk.md "Request to pay") of the Egyptian demo merchant, in both modes: paid ones
 * with a percentage tip and a customer's own tip (each with its order and successful card payment, the tip on the
 * transaction's details), sent ones and a created, an expired and a cancelled one, so the list, its state filter,
 * the details and every customer page state have an example. Every request that was sent has the SMS the customer
 * got (the SMS outbox row, at its sent time, as request-to-pay.service.ts writes it), shown by the SMS viewer.
 */
export async function seedDemoRequestsToPay(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
  publicUrl = "http://localhost:3000",
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  let made = 0;
  for (const isLive of [false, true]) {
    const integration = merchant.integrations.find(
      (i) => i.currency === "EGP" && i.is_live === isLive && ["VPC", "CARDS"].includes(i.gateway_type),
    );
    if (!integration) continue;
    for (const r of REQUESTS) {
      const createdAt = new Date(now.getTime() - r.hoursAgo * HOUR_MS);
      // A fixed salt per demo request, so its customer page link is stable across re-seeds of one data key.
      const salt = createHash("sha256")
        .update(`demo-request-to-pay:${merchant.merchant_id}:${isLive}:${r.key}`)
        .digest("hex")
        .slice(0, 32);
      const token = requestToken(dataKey, salt);
      const tip = tipCents(
        { amount_cents: r.amount, currency: "EGP", tip_type: r.tipType, tip_value: r.tipValue },
        r.consumerTip,
      );
      let orderId: number | null = null;
      if (r.state === "paid") {
        const paidAt = new Date(createdAt.getTime() + 2 * HOUR_MS);
        const total = r.amount + tip;
        const items = [{ name: r.purpose, description: "", quantity: 1, amount_cents: r.amount }];
        if (tip > 0) items.push({ name: "Tip", description: "", quantity: 1, amount_cents: tip });
        const order = await db
          .insertInto("orders")
          .values({
            merchant_id: merchant.merchant_id,
            is_live: isLive,
            amount_cents: total,
            paid_amount_cents: total,
            payment_status: "PAID",
            currency: "EGP",
            items: JSON.stringify(items),
            created_by: "demo",
            api_source: "OTHER",
            created_at: paidAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        orderId = order.id;
        await db
          .insertInto("transactions")
          .values({
            merchant_id: merchant.merchant_id,
            order_id: order.id,
            integration_id: integration.id,
            is_live: isLive,
            amount_cents: total,
            currency: "EGP",
            status: "success",
            gateway_type: "VPC",
            trnx_type: "standalone",
            origin: "IFRAME",
            channel: "Ecommerce",
            is_standalone: true,
            is_3d_secure: true,
            card_first6: "512345",
            card_last4: "2346",
            card_scheme: "MasterCard",
            card_type: "credit",
            txn_response_code: "APPROVED",
            acq_response_code: "00",
            data: JSON.stringify({
              message: "Approved",
              source_data: { type: "card", pan: "2346", sub_type: "MasterCard", tenure: null },
            }),
            created_by: null,
            created_at: paidAt,
            updated_at: paidAt,
          })
          .execute();
      }
      const sent = r.state !== "created";
      const sentAt = sent ? new Date(createdAt.getTime() + 60_000) : null;
      if (sentAt)
        await db
          .insertInto("sms_outbox")
          .values({
            merchant_id: merchant.merchant_id,
            to_number: r.mobNum,
            body: requestSmsText(
              merchant.company_name,
              { amount_cents: r.amount, currency: "EGP", bill_num: r.billNum },
              requestPageUrl(publicUrl, token),
            ),
            status: "local",
            created_at: sentAt,
          })
          .execute();
      await db
        .insertInto("request_to_pay")
        .values({
          merchant_id: merchant.merchant_id,
          is_live: isLive,
          salt,
          token_hash: tokenHash(token),
          amount_cents: r.amount,
          currency: "EGP",
          mob_num: r.mobNum,
          bill_num: r.billNum,
          purpose: r.purpose,
          store_id: r.key === "1" ? "ST-ZAMALEK" : null,
          term_id: r.key === "1" ? "T-0012" : null,
          tip_type: r.tipType,
          tip_value: r.tipValue,
          merchant_order_id: `R2P-${isLive ? "D" : "T"}-${r.key}`,
          status: r.state === "cancelled" ? "cancelled" : sent ? "sent" : "created",
          order_id: orderId,
          tip_cents: r.state === "paid" ? tip : null,
          created_by: "demo",
          created_at: createdAt,
          updated_at: createdAt,
          sent_at: sentAt,
          expires_at:
            r.state === "expired"
              ? new Date(now.getTime() - 3 * DAY_MS)
              : new Date(createdAt.getTime() + 7 * DAY_MS),
        })
        .execute();
      made++;
    }
  }
  return made;
}
