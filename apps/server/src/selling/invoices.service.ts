import {
  checkInvoiceDraft,
  INVOICE_ATTEMPTS,
  INVOICE_RESEND_SECONDS,
  type InvoiceDetails,
  type InvoiceDisplayStatus,
  type InvoiceDraft,
  type InvoiceField,
  type InvoiceListItem,
  type InvoiceProblem,
  type InvoiceSendChannel,
  invoiceProblemText,
  isCurrency,
  linkExpiresAt,
  messageText,
  paymentLinkStatus,
  toMajorString,
  zonedInstant,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { enqueueEmail, type OutboxMode } from "../mail/outbox.repository.ts";
import { customerPageUrl } from "../payments/links.service.ts";
import { isUniqueViolation } from "../payments/orders.service.ts";
import { sendSms } from "../sms/sms.ts";
import { merchantNow } from "../test-clock/clock.ts";
import { notFoundError } from "../transactions/scope.ts";
import {
  deleteInvoiceRows,
  findInvoice,
  type InvoiceRecord,
  insertInvoiceLinks,
  insertInvoiceOrders,
  integrationNames,
  invoiceIntegrations,
  linkInvoiceOrders,
  lockInvoice,
  markInvoiceSent,
  merchantName,
  type NewInvoiceRow,
  nextIds,
  takenIds,
} from "./invoices.repository.ts";

/**
 * Invoices (issue 13 item 2): an invoice is a payment_links row of kind 'invoice' and its order; the customer
 * pays it on the payment link's customer page (by the row's public token). `createInvoices` is the one way to
 * create them: the dashboard form (one) and the bulk upload (many, in one transaction) both call it.
 */

/** Who creates invoices: the merchant, the mode (the dashboard's live/test view), the user, the time. */
export interface InvoiceCaller {
  merchantId: number;
  isLive: boolean;
  /** The user's name (created_by). */
  username: string | null;
  /** The merchant's time zone: the expiry date and hour are local. */
  timeZone: string;
  now: Date;
}

/** A row's problem: a field rule's code or one of the duplicate id answers. */
export type InvoiceRowProblem = InvoiceProblem | "merchant_invoice_id_exists" | "order_id_exists";

export interface InvoiceRowErrors {
  /** The input's index (0-based). */
  index: number;
  /** Codes by field (clients translate them). */
  problems: Partial<Record<InvoiceField, InvoiceRowProblem>>;
  /** The English texts by field (the answer's `fields`). */
  fields: Partial<Record<InvoiceField, string[]>>;
}

function rowProblemText(problem: InvoiceRowProblem): string {
  return problem === "merchant_invoice_id_exists" || problem === "order_id_exists"
    ? messageText(problem)
    : invoiceProblemText(problem);
}

function rowErrors(
  index: number,
  problems: Partial<Record<InvoiceField, InvoiceRowProblem>>,
): InvoiceRowErrors {
  const fields: Partial<Record<InvoiceField, string[]>> = {};
  for (const [field, problem] of Object.entries(problems) as [InvoiceField, InvoiceRowProblem][])
    fields[field] = [rowProblemText(problem)];
  return { index, problems, fields };
}

/** Some inputs broke the rules: nothing was created. `rows` holds each bad row's problems (only bad rows). */
export class InvoiceInputError extends Error {
  constructor(readonly rows: InvoiceRowErrors[]) {
    super("invalid invoice input");
    this.name = "InvoiceInputError";
  }

  /** The answer of a single-invoice request: 409 for a duplicate id, else 400 with the fields. */
  toHttpError(): HttpError {
    const first = this.rows[0];
    const problems = Object.values(first?.problems ?? {});
    const duplicate = problems.find((p) => p === "merchant_invoice_id_exists" || p === "order_id_exists");
    if (duplicate && problems.length === 1)
      return new HttpError(409, duplicate, messageText(duplicate), first?.fields as Record<string, string[]>);
    return new HttpError(400, "validation", "Invalid request.", first?.fields as Record<string, string[]>);
  }
}

export interface CreatedInvoice {
  id: number;
  orderId: number;
  merchantInvoiceId: string | null;
}

/**
 * Creates invoices in the caller's transaction `trx`: each input is checked with the form's rules
 * (checkInvoiceDraft), its payment integrations must be the merchant's active ones of the caller's mode and the
 * invoice's currency, and its merchant invoice id unused (by an invoice: 'Merchant Invoice ID already exists'; by
 * another order: 'Order ID already exists'; twice in the inputs: the later one). Any problem throws an
 * InvoiceInputError with every bad row and creates nothing. The ids are also guarded by unique indexes: a
 * concurrent request with the same id makes this throw too (the transaction must then be rolled back).
 */
export async function createInvoices(
  trx: Kysely<DB>,
  caller: InvoiceCaller,
  inputs: readonly InvoiceDraft[],
): Promise<CreatedInvoice[]> {
  const usable = await invoiceIntegrations(trx, caller.merchantId, caller.isLive);
  const byId = new Map(usable.map((i) => [Number(i.id), i]));
  const checked = inputs.map((input) => checkInvoiceDraft(input));
  const ids = checked.flatMap((c) => (c.ok && c.values.merchantOrderId ? [c.values.merchantOrderId] : []));
  const taken = await takenIds(trx, caller.merchantId, ids);
  const seen = new Set<string>();
  const bad: InvoiceRowErrors[] = [];
  checked.forEach((check, index) => {
    if (!check.ok) {
      bad.push(rowErrors(index, check.problems));
      return;
    }
    const v = check.values;
    const problems: Partial<Record<InvoiceField, InvoiceRowProblem>> = {};
    if (v.integrationIds.some((id) => byId.get(id)?.currency !== v.currency))
      problems.gatewayType = "select_payment";
    const ref = v.merchantOrderId;
    if (ref !== null) {
      if (taken.get(ref) === "invoice" || seen.has(ref))
        problems.merchantOrderId = "merchant_invoice_id_exists";
      else if (taken.get(ref) === "order") problems.merchantOrderId = "order_id_exists";
      seen.add(ref);
    }
    if (Object.keys(problems).length > 0) bad.push(rowErrors(index, problems));
  });
  if (bad.length > 0) throw new InvoiceInputError(bad);

  const values = checked.map((c) => (c.ok ? c.values : undefined)).filter((v) => v !== undefined);
  const [linkIds, orderIds] = [
    await nextIds(trx, "payment_links", values.length),
    await nextIds(trx, "orders", values.length),
  ];
  const rows: NewInvoiceRow[] = values.map((v, i) => ({
    linkId: linkIds[i]!,
    orderId: orderIds[i]!,
    merchantId: caller.merchantId,
    isLive: caller.isLive,
    merchantInvoiceId: v.merchantOrderId,
    amountCents: v.amountCents,
    currency: v.currency,
    client: { full_name: v.fullName, email: v.email, phone_number: v.phoneNumber },
    description: v.orderDescription,
    integrationIds: v.integrationIds,
    expiresAt: v.expiry
      ? zonedInstant(v.expiry.date, v.expiry.hour, caller.timeZone)
      : linkExpiresAt(caller.now),
    remainingAttempts: INVOICE_ATTEMPTS,
    createdBy: caller.username,
    createdAt: caller.now,
    deliveryNeeded: v.deliveryNeeded,
    items: [
      { name: v.orderName, description: v.orderDescription ?? "", quantity: 1, amount_cents: v.amountCents },
    ],
  }));
  await duplicateAs(rows, "merchant_invoice_id_exists", () => insertInvoiceLinks(trx, rows));
  await duplicateAs(rows, "order_id_exists", () => insertInvoiceOrders(trx, rows));
  await linkInvoiceOrders(trx, rows);
  return rows.map((r) => ({ id: r.linkId, orderId: r.orderId, merchantInvoiceId: r.merchantInvoiceId }));
}

/** One invoice (the dashboard form) in its own transaction; a bad input answers as an HttpError (400 or 409). */
export async function createInvoice(
  db: Kysely<DB>,
  caller: InvoiceCaller,
  draft: InvoiceDraft,
): Promise<CreatedInvoice> {
  try {
    const [created] = await db.transaction().execute((trx) => createInvoices(trx, caller, [draft]));
    return created!;
  } catch (error) {
    throw error instanceof InvoiceInputError ? error.toHttpError() : error;
  }
}

/** A unique violation of `insert` (a concurrent request took an id) becomes the duplicate id's row error. */
async function duplicateAs(
  rows: readonly NewInvoiceRow[],
  problem: "merchant_invoice_id_exists" | "order_id_exists",
  insert: () => Promise<void>,
): Promise<void> {
  try {
    await insert();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const detail = String((error as { detail?: unknown }).detail ?? "");
    const hit = rows.findIndex(
      (r) => r.merchantInvoiceId !== null && detail.includes(`${r.merchantInvoiceId})`),
    );
    throw new InvoiceInputError([rowErrors(Math.max(0, hit), { merchantOrderId: problem })]);
  }
}

// ---------------------------------------------------------------------------------------------- reading

/** An invoice's display status: its stored state, or expired once an unpaid one is past its expiry. */
export function invoiceStatus(
  row: { status: string; expires: Date | string },
  now: Date,
): InvoiceDisplayStatus {
  const status = paymentLinkStatus(row.status);
  if (status === "unpaid" && new Date(row.expires).getTime() <= now.getTime()) return "expired";
  return status;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type ListRow = Pick<
  InvoiceRecord,
  | "id"
  | "created_at"
  | "merchant_invoice_id"
  | "client"
  | "amount_cents"
  | "currency"
  | "status"
  | "created_by"
  | "is_live"
  | "expires"
>;

export function invoiceListItem(row: ListRow, now: Date): InvoiceListItem {
  const client = (row.client ?? {}) as Record<string, string | undefined>;
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    merchant_invoice_id: row.merchant_invoice_id,
    client: {
      full_name: client.full_name ?? null,
      phone_number: client.phone_number ?? null,
      email: client.email ?? null,
    },
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    status: invoiceStatus(row, now),
    expires_at: new Date(row.expires).toISOString(),
    created_by: row.created_by,
    is_live: row.is_live,
  };
}

export async function invoiceDetails(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  publicUrl: string,
  now: Date,
): Promise<InvoiceDetails> {
  const row = await findInvoice(db, merchantId, id);
  if (!row) throw notFoundError();
  const integrations = await integrationNames(db, merchantId, row.integration_ids.map(Number));
  return {
    // A test-mode invoice expires by the merchant's test clock (`now` is real time).
    ...invoiceListItem(row, await merchantNow(db, merchantId, row.is_live, now)),
    order_id: row.order_id === null ? null : Number(row.order_id),
    description: row.description,
    delivery_needed: row.delivery_needed ?? false,
    remaining_attempts: row.remaining_attempts,
    source: row.api_source ?? "INVOICE",
    paid_at: iso(row.paid_at),
    is_sms: row.is_sms,
    is_email: row.is_email,
    sms_sent_at: iso(row.sms_sent_at),
    email_sent_at: iso(row.email_sent_at),
    integrations: integrations.map((i) => ({ id: Number(i.id), name: i.name, gateway_type: i.gateway_type })),
    cart: (row.items ?? []).map((item) => ({
      name: item.name,
      description: item.description || null,
      quantity: item.quantity,
      amount_cents: item.amount_cents ?? null,
    })),
    shipping: row.shipping_data ?? null,
    invoice_url: customerPageUrl(publicUrl, row.public_token),
  };
}

// ---------------------------------------------------------------------------------------------- actions

/**
 * Sends the invoice's link to its client by SMS (SMS outbox) or e-mail (e-mail outbox), in one transaction with
 * the sent time: a second send within INVOICE_RESEND_SECONDS answers 429 'Try again after 60 second'. A paid,
 * canceled or deactivated invoice is not sent (409).
 */
export async function sendInvoice(
  db: Kysely<DB>,
  mail: OutboxMode,
  publicUrl: string,
  merchantId: number,
  id: number,
  channel: InvoiceSendChannel,
  now: Date,
): Promise<void> {
  const row = await findInvoice(db, merchantId, id);
  if (!row) throw notFoundError();
  const status = paymentLinkStatus(row.status);
  if (status !== "unpaid")
    throw new HttpError(409, "invoice_not_payable", `This invoice is ${status} and cannot be sent.`);
  const client = (row.client ?? {}) as Record<string, string | undefined>;
  const to = channel === "sms" ? client.phone_number : client.email;
  if (!to)
    throw new HttpError(409, "invoice_no_contact", "The invoice has no client contact for this channel.");
  const merchant = await merchantName(db, merchantId);
  const url = customerPageUrl(publicUrl, row.public_token);
  const amount = `${isCurrency(row.currency) ? toMajorString(Number(row.amount_cents), row.currency) : row.amount_cents} ${row.currency}`;
  const ref = row.merchant_invoice_id ? ` ${row.merchant_invoice_id}` : "";
  await db.transaction().execute(async (trx) => {
    const marked = await markInvoiceSent(trx, merchantId, id, channel, now, INVOICE_RESEND_SECONDS);
    if (!marked)
      throw new HttpError(429, "resend_sms_wait", messageText("resend_sms_wait"), undefined, {
        "retry-after": String(INVOICE_RESEND_SECONDS),
      });
    if (channel === "sms") {
      await sendSms(trx, {
        to,
        merchantId,
        text: `${merchant}: invoice${ref} for ${amount}. Pay here: ${url}\n${merchant}: فاتورة${ref} بمبلغ ${amount}. ادفع من هنا: ${url}`,
      });
    } else {
      await enqueueEmail(trx, mail, {
        to,
        subject: `Invoice${ref} from ${merchant} / فاتورة${ref} من ${merchant}`,
        text: `Hello ${client.full_name ?? ""},\n\n${merchant} sent you an invoice${ref} for ${amount}. Pay it here:\n${url}\n\nمرحبًا ${client.full_name ?? ""}،\n\nأرسل لك ${merchant} فاتورة${ref} بمبلغ ${amount}. ادفعها من هنا:\n${url}`,
      });
    }
  });
}

/** Deletes an invoice that is not paid (a paid one keeps its record: 409). */
export async function deleteInvoice(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockInvoice(trx, merchantId, id);
    if (!row) throw notFoundError();
    if (paymentLinkStatus(row.status) === "paid")
      throw new HttpError(409, "invoice_paid", "A paid invoice cannot be deleted.");
    await deleteInvoiceRows(
      trx,
      { id: Number(row.id), order_id: row.order_id === null ? null : Number(row.order_id) },
      now,
    );
  });
}
