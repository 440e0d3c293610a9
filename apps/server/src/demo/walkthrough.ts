import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { callbackPayload } from "../callbacks/delivery.ts";
import type { DB } from "../db/schema.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import type { DemoCredentials } from "./generate.ts";
import { LIVE_CARD, seedJourneyMerchant, TEST_CARD } from "./journey-merchant.ts";

/**
 * The checkout integration walkthrough's demo (docs/settings.md "Checkout integration walkthrough"):
 *
 * - Nile Electronics (merchant.egypt) has completed it: its Integrate-with page shows the Checkout V2 summaries,
 *   fed by intentions made for its SDK orders of the last 30 days and their processed callbacks;
 * - Riyadh Home Furnishings (merchant.saudi) is in the middle of it: Test Integration, step 2 (mount);
 * - Aswan Crafts (walkthrough.en) and Siwa Dates (walkthrough.ar) have not started it: they are the walkthrough
 *   journey's own accounts (e2e/journeys/walkthrough.test.ts), one per language, each with a test and a live card
 *   integration in EGP and its own keys, which the journey takes from the screens as a merchant would.
 */

const DAY = 86_400_000;

export const WALKTHROUGH_ACCOUNTS = [
  { username: "walkthrough.en", company: "Aswan Crafts", phone: "+201001234561" },
  { username: "walkthrough.ar", company: "Siwa Dates", phone: "+201001234562" },
] as const;

export async function seedDemoWalkthrough(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
  publicUrl = "http://localhost:3000",
): Promise<void> {
  for (const account of WALKTHROUGH_ACCOUNTS) await journeyMerchant(trx, credentials, dataKey, now, account);
  const egypt = credentials.merchants.find((m) => m.company_name === "Nile Electronics");
  const saudi = credentials.merchants.find((m) => m.company_name === "Riyadh Home Furnishings");
  if (egypt) await completedWalkthrough(trx, egypt.merchant_id, now, { dataKey, publicUrl });
  if (saudi) {
    await trx
      .insertInto("checkout_walkthroughs")
      .values({
        merchant_id: saudi.merchant_id,
        view: "test",
        test_step: 2,
        started_at: new Date(now.getTime() - 2 * DAY),
        updated_at: new Date(now.getTime() - 2 * DAY + 600_000),
      })
      .execute();
  }
}

async function journeyMerchant(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
  account: (typeof WALKTHROUGH_ACCOUNTS)[number],
): Promise<void> {
  const created = new Date(now.getTime() - 10 * DAY);
  // Its keys are not in the credentials file's merchants (the journey takes them from the screens, as a merchant
  // does); the sign-in is in its accounts.
  await seedJourneyMerchant(trx, credentials, dataKey, account, {
    created,
    merchant: {
      payout_enabled: true,
      payout_terms: true,
      logo_url: null,
      bank_merchant_status: "approved",
      digital_status: "approved",
      is_live: true,
      live_date: new Date(created.getTime() + DAY),
      mcc: "5947",
    },
    integrations: [TEST_CARD, LIVE_CARD],
  });
}

/**
 * Nile Electronics finished the walkthrough 20 days ago with a test card payment. Its SDK (Checkout V2) orders of
 * the last 30 days become intentions (paid ones confirmed), and their successful payments get a processed
 * callback: delivered, or refused once by the merchant's server and delivered on the retry.
 */
async function completedWalkthrough(
  trx: Kysely<DB>,
  merchantId: number,
  now: Date,
  keys: Pick<PaymentsRuntime, "dataKey" | "publicUrl">,
): Promise<void> {
  const started = new Date(now.getTime() - 21 * DAY);
  const since = new Date(now.getTime() - 30 * DAY);
  const testPayment = await trx
    .selectFrom("transactions")
    .select(["id", "created_at"])
    .where("merchant_id", "=", merchantId)
    .where("is_live", "=", false)
    .where("status", "=", "success")
    .where("parent_transaction_id", "is", null)
    .where("created_at", ">=", started)
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  await trx
    .insertInto("checkout_walkthroughs")
    .values({
      merchant_id: merchantId,
      view: "integrate",
      test_step: 3,
      started_at: started,
      test_transaction_id: testPayment?.id ?? null,
      test_completed_at: testPayment ? testPayment.created_at : null,
      completed_at: testPayment ? new Date(testPayment.created_at.getTime() + 3_600_000) : null,
      updated_at: testPayment ? new Date(testPayment.created_at.getTime() + 3_600_000) : started,
    })
    .execute();

  const payments = await trx
    .selectFrom("transactions as t")
    .innerJoin("orders as o", "o.id", "t.order_id")
    .select([
      "t.id",
      "t.order_id",
      "t.integration_id",
      "t.is_live",
      "t.status",
      "t.amount_cents",
      "t.currency",
      "t.created_at",
      "t.customer_name",
      "t.customer_email",
      "t.customer_phone",
      "o.items",
      "o.merchant_order_id",
    ])
    .where("t.merchant_id", "=", merchantId)
    .where("t.origin", "=", "SDK")
    .where("t.parent_transaction_id", "is", null)
    .where("t.created_at", ">=", since)
    .orderBy("t.id")
    .execute();
  // One intention per order (a retried payment belongs to the intention of its order).
  const byOrder = new Map<number, (typeof payments)[number][]>();
  for (const p of payments) {
    if (p.order_id === null) continue;
    byOrder.set(p.order_id, [...(byOrder.get(p.order_id) ?? []), p]);
  }
  let n = 0;
  for (const [orderId, tries] of byOrder) {
    const first = tries[0]!;
    const paid = tries.find((p) => p.status === "success");
    const [firstName, ...rest] = (first.customer_name ?? "Demo Customer").split(" ");
    n += 1;
    const mode = first.is_live ? "live" : "test";
    await trx
      .insertInto("payment_intentions")
      .values({
        public_id: `pi_${mode}_demo${String(orderId).padStart(8, "0")}`,
        merchant_id: merchantId,
        is_live: first.is_live,
        client_secret_hash: createHash("sha256").update(`demo-intention-${orderId}`).digest("hex"),
        order_id: orderId,
        amount_cents: first.amount_cents,
        currency: first.currency,
        integration_ids: first.integration_id ? [first.integration_id] : [],
        items: JSON.stringify(first.items ?? []),
        billing_data: JSON.stringify({
          first_name: firstName ?? "Demo",
          last_name: rest.join(" ") || "Customer",
          email: first.customer_email ?? "NA",
          phone_number: first.customer_phone ?? "NA",
        }),
        customer: null,
        extras: JSON.stringify({}),
        special_reference: first.merchant_order_id,
        notification_url: "https://nile-electronics.example.com/payments/processed",
        redirection_url: "https://nile-electronics.example.com/payments/done",
        status: paid ? "confirmed" : "intended",
        confirmed: paid !== undefined,
        payment_link_id: null,
        expires_at: new Date(first.created_at.getTime() + 36 * DAY),
        created_at: new Date(first.created_at.getTime() - 60_000),
        updated_at: paid ? paid.created_at : first.created_at,
      })
      .execute();
    if (!paid) continue;
    // Every seventh callback is refused once (HTTP 500) and delivered on the retry a minute later. A test-mode
    // attempt keeps the body it sent and its signature, as the delivery does (the Developers page shows them).
    const attempts = n % 7 === 0 ? [500, 200] : [200];
    const sent = paid.is_live
      ? undefined
      : await callbackPayload(keys, trx, { transactionId: paid.id, kind: "TRANSACTION" });
    for (const [i, status] of attempts.entries()) {
      const at = new Date(paid.created_at.getTime() + 2_000 + i * 60_000);
      await trx
        .insertInto("callback_attempts")
        .values({
          transaction_id: paid.id,
          merchant_id: merchantId,
          kind: "TRANSACTION",
          trigger: i === 0 ? "event" : "retry",
          attempt: i + 1,
          job_id: null,
          url: "https://nile-electronics.example.com/payments/processed",
          attempted_at: at,
          finished_at: new Date(at.getTime() + 180),
          status_code: status,
          latency_ms: 180,
          response_excerpt: status === 200 ? "ok" : "Internal Server Error",
          error: null,
          ...(sent ? { request_body: JSON.stringify(sent.body), signature: sent.hmac } : {}),
        })
        .execute();
    }
  }
}
