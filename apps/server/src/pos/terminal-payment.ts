import { randomBytes } from "node:crypto";
import {
  COUNTRY_INFO,
  type Country,
  isCountry,
  isCurrency,
  maxAmountMinor,
  type TerminalPayment,
  type terminalPaymentBodySchema,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { callbackJobsCommitted } from "../callbacks/queue.ts";
import type { TransactionRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import type { CardRef } from "../payments/acquirer.ts";
import { checkCard } from "../payments/card.ts";
import { paymentError } from "../payments/errors.ts";
import { idempotent, requestHash } from "../payments/idempotency.ts";
import { isUniqueViolation } from "../payments/orders.service.ts";
import { writePayment } from "../payments/payment.repository.ts";
import { MERCHANT_DEACTIVATED, rateLimited, resultColumns } from "../payments/payment-context.ts";
import type { PaymentsRuntime } from "../payments/runtime.ts";
import { hitRateLimit } from "../ratelimit/rate-limit.repository.ts";
import { riskDecline } from "../risk/risk.check.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import {
  cardPresentIntegration,
  insertPosOrder,
  terminalByKeyHash,
  terminalPayment,
} from "./pos.repository.ts";

/**
 * The terminal API (docs/pos-risk.md "The terminal API"): a terminal authenticates with its own key
 * (`Authorization: Terminal <key>`, one key per mode, stored only as a keyed hash), and takes card-present
 * payments through the payment core: the acquirer (the simulator) decides, and the payment is written by
 * `writePayment` with origin and channel POS and its terminal, so transactions, home and reports see it.
 */

export type TerminalPaymentBody = z.output<typeof terminalPaymentBodySchema>;

export interface TerminalCaller {
  terminalId: number;
  terminalCode: string;
  merchantId: number;
  isLive: boolean;
  country: Country;
  /** The merchant has risk rules or list entries: its payments are checked before the acquirer. */
  riskActive: boolean;
}

const KEY_PURPOSE = "terminal-key";
/** Wrong keys from one address per minute before every further try answers 429. */
const FAILED_KEYS_PER_MINUTE = 30;

export function terminalKeyHash(dataKey: Buffer, key: string): string {
  return keyedHash(dataKey, KEY_PURPOSE, key);
}

/** `egy_tk_test_<64 hex>`: the country, "tk" (terminal key) and the mode, then 256 random bits. */
export function generateTerminalKey(country: Country, isLive: boolean): { key: string; prefix: string } {
  const prefix = `${COUNTRY_INFO[country].keyPrefix}_tk_${isLive ? "live" : "test"}_`;
  return { key: prefix + randomBytes(32).toString("hex"), prefix };
}

const unauthenticated = () =>
  paymentError(401, "not_authenticated", "Authentication credentials were not provided.");
const invalidKey = () => paymentError(401, "invalid_terminal_key", "The terminal key is not valid.");

/** The terminal whose key the request carries; 401 without one or with a wrong one (429 after many wrong). */
export async function terminalCaller(
  rt: PaymentsRuntime,
  authorization: string | undefined,
  ip: string,
): Promise<TerminalCaller> {
  const match = /^Terminal\s+(\S+)$/.exec(authorization?.trim() ?? "");
  if (!match?.[1]) throw unauthenticated();
  const row = await terminalByKeyHash(rt.db, terminalKeyHash(rt.dataKey, match[1]));
  if (!row) {
    const hit = await hitRateLimit(rt.db, `terminal:key:${ip}`, {
      limit: FAILED_KEYS_PER_MINUTE,
      windowSeconds: 60,
    });
    if (!hit.allowed) throw rateLimited();
    throw invalidKey();
  }
  const country: Country = isCountry(row.country) ? row.country : "EGY";
  // A merchant its bank deactivated takes no live payment (as the checkout); test mode goes on.
  if (row.deactivated && row.is_live) throw paymentError(403, "merchant_deactivated", MERCHANT_DEACTIVATED);
  return {
    terminalId: Number(row.terminal_id),
    terminalCode: row.terminal_code,
    merchantId: Number(row.merchant_id),
    isLive: row.is_live,
    country,
    riskActive: row.risk_active,
  };
}

export function terminalPaymentAnswer(tx: TransactionRow, terminalCode: string): TerminalPayment {
  const data = (tx.data ?? {}) as { message?: string; entry_mode?: string };
  return {
    id: tx.id,
    order_id: tx.order_id,
    terminal_id: terminalCode,
    is_live: tx.is_live,
    status: tx.status,
    success: tx.status === "success",
    pending: tx.status === "pending",
    amount_cents: tx.amount_cents,
    currency: tx.currency,
    message: data.message ?? tx.failure_reason ?? null,
    txn_response_code: tx.txn_response_code,
    card: { first6: tx.card_first6, last4: tx.card_last4, scheme: tx.card_scheme },
    entry_mode: data.entry_mode ?? null,
    origin: tx.origin,
    channel: tx.channel,
    created_at: new Date(tx.created_at).toISOString(),
  };
}

/** POST /api/terminal/payments: a card-present payment of the calling terminal. */
export async function payAtTerminal(
  rt: PaymentsRuntime,
  caller: TerminalCaller,
  body: TerminalPaymentBody,
  idempotencyKey: string | undefined,
): Promise<TerminalPayment> {
  const currency = body.currency ?? COUNTRY_INFO[caller.country].currency;
  if (currency !== COUNTRY_INFO[caller.country].currency || !isCurrency(currency))
    throw paymentError(400, "invalid", "A terminal takes payments in its country's currency.", {
      fields: { currency: [`Use ${COUNTRY_INFO[caller.country].currency}.`] },
    });
  if (body.amount_cents > maxAmountMinor(currency))
    throw paymentError(400, "invalid", "The amount is over the maximum.", {
      fields: { amount_cents: ["The amount is over the maximum."] },
    });
  const checked = checkCard(
    {
      pan: body.card.pan,
      expiry_month: body.card.expiry_month,
      expiry_year: body.card.expiry_year,
      // Chip, contactless and swipe reads carry no CVV (the card checks the PIN): nothing to check but a keyed card's.
      cvv: body.card.cvv ?? (body.entry_mode === "manual" ? "" : "000"),
      card_holder: body.card.card_holder?.trim() || "CARDHOLDER",
    },
    rt.now(),
  );
  if (!checked.ok)
    throw paymentError(400, "invalid", "Please check the card details.", { fields: checked.fields });
  const card = checked.card;
  const result = await idempotent(
    rt.db,
    {
      merchantId: caller.merchantId,
      scope: `terminal.pay:${caller.terminalId}:${caller.isLive ? "live" : "test"}`,
      key: idempotencyKey,
      hash: () =>
        requestHash(rt.dataKey, {
          pan: card.pan,
          amount: body.amount_cents,
          currency,
          ref: body.merchant_order_id ?? null,
        }),
      atomicStatements: true,
    },
    async (db) => ({ statusCode: 200, body: await pay(rt, db, caller, body, currency, card) }),
  );
  return result.body;
}

async function pay(
  rt: PaymentsRuntime,
  db: Kysely<DB>,
  caller: TerminalCaller,
  body: TerminalPaymentBody,
  currency: string,
  card: { pan: string; first6: string; last4: string; subtype: string },
): Promise<TerminalPayment> {
  const integration = await cardPresentIntegration(db, caller.merchantId, caller.isLive, currency);
  const now = rt.now();
  let orderId: number;
  try {
    orderId = await insertPosOrder(db, {
      merchant_id: caller.merchantId,
      is_live: caller.isLive,
      merchant_order_id: body.merchant_order_id ?? null,
      amount_cents: body.amount_cents,
      currency,
      items: JSON.stringify([]),
      created_by: caller.terminalCode,
      api_source: "POS",
      created_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw paymentError(422, "duplicate", "An order with this merchant_order_id already exists.");
    throw error;
  }
  const ref: CardRef = { first6: card.first6, last4: card.last4, subtype: card.subtype };
  // The merchant's risk rules and lists, before the acquirer, as for the hosted card form (docs/pos-risk.md
  // "Risk"): the card's fingerprint and issuing country; no e-mail, phone or customer IP at a till. A chip,
  // contactless or swipe read is verified by the card itself, so only a keyed (manual) entry counts as not
  // authenticated for the "3-D Secure required above an amount" rule.
  const blocked = caller.riskActive
    ? await riskDecline(db, rt.dataKey, {
        merchantId: caller.merchantId,
        amountCents: body.amount_cents,
        currency,
        pan: card.pan,
        first6: card.first6,
        secure: body.entry_mode !== "manual",
        now,
      })
    : null;
  const answer =
    blocked ??
    (await rt.acquirer.payCard({
      pan: card.pan,
      card: ref,
      amountCents: body.amount_cents,
      currency,
      isLive: caller.isLive,
      authOnly: false,
      // The cardholder is at the terminal: no 3-D Secure.
      threeDSecure: false,
    }));
  // A card-present payment is never challenged; the simulator's challenge card declines here.
  const outcome =
    answer.outcome === "challenge"
      ? {
          ...answer,
          outcome: "declined" as const,
          message: "Authentication not possible",
          threeDSecure: false,
        }
      : answer;
  const source = { type: "card", pan: card.last4, sub_type: card.subtype, tenure: null };
  const { tx } = await writePayment(
    db,
    {
      insert: {
        merchant_id: caller.merchantId,
        order_id: orderId,
        integration_id: integration ? Number(integration.id) : null,
        terminal_id: caller.terminalId,
        is_live: caller.isLive,
        amount_cents: body.amount_cents,
        currency,
        gateway_type: "card_present",
        trnx_type: "standalone",
        origin: "POS",
        channel: "POS",
        is_auth: false,
        is_standalone: true,
        created_by: caller.terminalCode,
        created_at: now,
        ...resultColumns(outcome, { source_data: source, entry_mode: body.entry_mode }),
        is_3d_secure: false,
        card_first6: card.first6,
        card_last4: card.last4,
        card_scheme: card.subtype,
        card_type: "credit",
      },
    },
    () => undefined,
    {
      known: {
        key: null,
        integration: {
          processed_callback_url: integration?.processed_callback_url ?? null,
          response_callback_url: null,
        },
        paymentLinkId: null,
      },
    },
  );
  if (!db.isTransaction && tx.status !== "pending") callbackJobsCommitted();
  return terminalPaymentAnswer(tx, caller.terminalCode);
}

/** GET /api/terminal/payments/:id: the calling terminal's own payment in its key's mode; 404 for any other. */
export async function readTerminalPayment(
  rt: PaymentsRuntime,
  caller: TerminalCaller,
  id: number,
): Promise<TerminalPayment> {
  const tx = await terminalPayment(
    rt.db,
    { merchantId: caller.merchantId, terminalId: caller.terminalId, isLive: caller.isLive },
    id,
  );
  if (!tx) throw paymentError(404, "not_found", "Not found.");
  return terminalPaymentAnswer(tx as TransactionRow, caller.terminalCode);
}
