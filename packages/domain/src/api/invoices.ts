import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { type Currency, isCurrency } from "../currencies.ts";
import { normalizeDigits } from "../digits.ts";
import { safeParseAmount } from "../money.ts";
import { PAYMENT_LINK_STATUSES } from "../orders.ts";
import { boundedText, hasForbiddenCharacters, TEXT_MAX } from "../text-input.ts";
import { hasHtmlTags, isEmail, isPhone, VALIDATION_MESSAGES, type ValidationCode } from "../validation.ts";
import { boolParam, detailAnswerSchema, filterText, idParams, paging } from "./workspace-shared.ts";

/**
 * Invoices (merchant-dashboard.md sections 2-5, 8, 9; back-office.md "Invoice and payment link"). An invoice is a
 * payment_links row of kind 'invoice' with its order (cart, shipping, delivery needed). The create form's rules
 * live here once: the web form, the server route and the bulk upload all call `checkInvoiceDraft`.
 */

/** Payment attempts an invoice allows (spec section 9: up to 3 attempts). */
export const INVOICE_ATTEMPTS = 3;
/** A resend (SMS or e-mail) sooner than this answers 'Try again after 60 second' (back-office.md section 9). */
export const INVOICE_RESEND_SECONDS = 60;

/** The create form's fields, as the spec names them. */
export const INVOICE_FIELDS = [
  "fullName",
  "phoneNumber",
  "email",
  "merchantOrderId",
  "orderName",
  "orderDescription",
  "orderAmount",
  "currency",
  "gatewayType",
  "deliveryNeeded",
  "expiryDate",
  "expiryHour",
] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];

/** What a form (or a bulk file row) holds before the rules ran: text as typed, bounded only. */
export const invoiceDraftSchema = z.object({
  fullName: boundedText(TEXT_MAX.name).optional(),
  phoneNumber: boundedText(64).optional(),
  email: boundedText(TEXT_MAX.name).optional(),
  merchantOrderId: boundedText(TEXT_MAX.reference).optional(),
  orderName: boundedText(TEXT_MAX.name).optional(),
  orderDescription: boundedText(TEXT_MAX.description, { multiline: true }).optional(),
  orderAmount: boundedText(32).optional(),
  currency: boundedText(8).optional(),
  /** The payment integrations (ids) the customer may pay with. */
  gatewayType: z.array(z.number().int().positive()).max(20).optional(),
  deliveryNeeded: z.boolean().optional(),
  /** YYYY-MM-DD in the merchant's time zone; no date: one hour after creation. */
  expiryDate: boundedText(10).optional(),
  /** 0-23, the hour of expiryDate (0 when only a date is given). */
  expiryHour: z.number().int().min(0).max(23).optional(),
});
export type InvoiceDraft = z.infer<typeof invoiceDraftSchema>;

/** A draft that passed the rules: amounts in minor units, text trimmed, digits normalised. */
export interface InvoiceValues {
  fullName: string;
  phoneNumber: string;
  email: string;
  merchantOrderId: string | null;
  orderName: string;
  orderDescription: string | null;
  amountCents: number;
  currency: Currency;
  integrationIds: number[];
  deliveryNeeded: boolean;
  /** The chosen local expiry (date and hour), or null for the default (one hour after creation). */
  expiry: { date: string; hour: number } | null;
}

/** The spec's messages, and one of the portal's own: the spec says "Expiry date must be valid" without words. */
export const INVOICE_OWN_MESSAGES = { invalid_date: "Please enter a valid date." } as const;
export type InvoiceProblem = ValidationCode | keyof typeof INVOICE_OWN_MESSAGES;
export type InvoiceProblems = Partial<Record<InvoiceField, InvoiceProblem>>;

/** The English text of a problem (what the server answers in `fields`). */
export function invoiceProblemText(problem: InvoiceProblem): string {
  return problem in INVOICE_OWN_MESSAGES
    ? INVOICE_OWN_MESSAGES[problem as keyof typeof INVOICE_OWN_MESSAGES]
    : VALIDATION_MESSAGES[problem as ValidationCode];
}

export type InvoiceCheck = { ok: true; values: InvoiceValues } | { ok: false; problems: InvoiceProblems };

function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1970 && y <= 9999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && mo >= 1 && mo <= 12
  );
}

/**
 * The create form's rules (spec section 5, messages word for word): full name, phone, e-mail, order name,
 * amount, currency, payment method and delivery needed are required; phone and e-mail must be valid; the amount a
 * positive amount of the currency; text without HTML tags; the expiry a real date (it may lie in the past: the
 * customer page then refuses the invoice as expired). The first problem of each field is reported.
 */
export function checkInvoiceDraft(draft: InvoiceDraft): InvoiceCheck {
  const problems: InvoiceProblems = {};
  const text = (v: string | undefined) => (v ?? "").trim();
  const required = (field: InvoiceField, value: string) => {
    if (!value) problems[field] = "required";
    return value;
  };
  const plain = (field: InvoiceField, value: string) => {
    if (!problems[field] && value && hasHtmlTags(value)) problems[field] = "html_tags";
    return value;
  };
  const fullName = plain("fullName", required("fullName", text(draft.fullName)));
  const phone = normalizeDigits(required("phoneNumber", text(draft.phoneNumber)));
  if (!problems.phoneNumber && !isPhone(phone)) problems.phoneNumber = "invalid_phone";
  const email = required("email", text(draft.email));
  if (!problems.email && !isEmail(email)) problems.email = "invalid_email";
  const merchantOrderId = plain("merchantOrderId", text(draft.merchantOrderId));
  if (merchantOrderId && hasForbiddenCharacters(merchantOrderId)) problems.merchantOrderId = "html_tags";
  const orderName = plain("orderName", required("orderName", text(draft.orderName)));
  const orderDescription = plain("orderDescription", text(draft.orderDescription));
  const currency = required("currency", text(draft.currency).toUpperCase());
  if (!problems.currency && !isCurrency(currency)) problems.currency = "select_currency";
  const amountText = required("orderAmount", text(draft.orderAmount));
  let amountCents = 0;
  if (!problems.orderAmount) {
    const parsed = safeParseAmount(amountText, isCurrency(currency) ? currency : "EGP");
    if (!parsed.ok || parsed.amount <= 0) problems.orderAmount = "invalid_amount";
    else amountCents = parsed.amount;
  }
  const integrationIds = [...new Set(draft.gatewayType ?? [])];
  if (integrationIds.length === 0) problems.gatewayType = "select_payment";
  if (draft.deliveryNeeded === undefined) problems.deliveryNeeded = "required";
  const expiryDate = text(draft.expiryDate);
  if (expiryDate && !isRealDate(expiryDate)) problems.expiryDate = "invalid_date";
  if (!expiryDate && draft.expiryHour !== undefined) problems.expiryDate = "required";
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    values: {
      fullName,
      phoneNumber: phone,
      email,
      merchantOrderId: merchantOrderId || null,
      orderName,
      orderDescription: orderDescription || null,
      amountCents,
      currency: currency as Currency,
      integrationIds,
      deliveryNeeded: draft.deliveryNeeded === true,
      expiry: expiryDate ? { date: expiryDate, hour: draft.expiryHour ?? 0 } : null,
    },
  };
}

/** The instant of a local date and hour in a time zone (DST-aware: the zone's offset at that instant). */
export function zonedInstant(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  const offsetAt = (t: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
        .formatToParts(new Date(t))
        .map((p) => [p.type, p.value]),
    );
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    return local - t;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

// ---------------------------------------------------------------------------------------------- contracts

/** How the list shows an invoice: its stored state, or expired when an unpaid one is past its expiry. */
export const INVOICE_DISPLAY_STATUSES = [...PAYMENT_LINK_STATUSES, "expired"] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];

/** The list's paid / unpaid filter (unpaid: everything not paid). */
export const INVOICE_STATUS_FILTERS = ["paid", "unpaid"] as const;

export const invoiceListQuerySchema = z.object({
  is_live: boolParam.default(true),
  status: z.enum(INVOICE_STATUS_FILTERS).optional(),
  /** The beginning of a merchant invoice id, or of the client's name, phone number or e-mail. */
  search: filterText.optional(),
  ...paging,
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const clientSchema = z.object({
  full_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
});

export const invoiceListItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  merchant_invoice_id: z.string().nullable(),
  client: clientSchema,
  amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(INVOICE_DISPLAY_STATUSES),
  expires_at: z.string(),
  created_by: z.string().nullable(),
  is_live: z.boolean(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const invoiceListAnswerSchema = listAnswer(invoiceListItemSchema);
export type InvoiceListAnswer = z.infer<typeof invoiceListAnswerSchema>;

export const invoiceDetailsSchema = invoiceListItemSchema.extend({
  order_id: z.number().nullable(),
  description: z.string().nullable(),
  delivery_needed: z.boolean(),
  remaining_attempts: z.number().nullable(),
  source: z.string(),
  paid_at: z.string().nullable(),
  is_sms: z.boolean(),
  is_email: z.boolean(),
  sms_sent_at: z.string().nullable(),
  email_sent_at: z.string().nullable(),
  integrations: z.array(z.object({ id: z.number(), name: z.string(), gateway_type: z.string() })),
  cart: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      amount_cents: z.number().nullable(),
    }),
  ),
  shipping: z.record(z.string(), z.unknown()).nullable(),
  /** The customer page of the invoice (copy it, or scan its QR code). */
  invoice_url: z.string(),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

/** The merchant's active integrations of one mode, the form's payment choices. */
export const invoiceIntegrationsQuerySchema = z.object({ is_live: boolParam.default(true) });
export const invoiceIntegrationsAnswerSchema = z.object({
  integrations: z.array(
    z.object({ id: z.number(), name: z.string(), gateway_type: z.string(), currency: z.string() }),
  ),
});
export type InvoiceIntegrationsAnswer = z.infer<typeof invoiceIntegrationsAnswerSchema>;

export const invoiceCreateBodySchema = invoiceDraftSchema.extend({ is_live: z.boolean().default(true) });
export type InvoiceCreateBody = z.input<typeof invoiceCreateBodySchema>;

export const invoiceCreatedSchema = z.object({ detail: z.string(), invoice: invoiceDetailsSchema });

export const INVOICE_SEND_CHANNELS = ["sms", "email"] as const;
export type InvoiceSendChannel = (typeof INVOICE_SEND_CHANNELS)[number];
export const invoiceSendBodySchema = z.object({ channel: z.enum(INVOICE_SEND_CHANNELS) });

const TAGS = ["Invoices"] as const;
const VIEW = { permission: "can view orders" } as const;

export const invoicesApi = {
  list: route({
    method: "GET",
    path: "/api/invoices",
    access: VIEW,
    tags: TAGS,
    summary: "Invoices of the merchant: paid / unpaid, search by merchant invoice id or client, paging",
    query: invoiceListQuerySchema,
    answers: { 200: invoiceListAnswerSchema },
  }),
  integrations: route({
    method: "GET",
    path: "/api/invoices/integrations",
    access: { permission: "can create orders" },
    tags: TAGS,
    summary: "The payment integrations an invoice may offer (active, one mode)",
    query: invoiceIntegrationsQuerySchema,
    answers: { 200: invoiceIntegrationsAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/invoices/:id",
    access: VIEW,
    tags: TAGS,
    summary: "Invoice details: client, cart, shipping, status, expiry, attempts, link",
    params: idParams,
    answers: { 200: invoiceDetailsSchema, 404: errorResponseSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/invoices",
    access: { permission: "can create orders" },
    tags: TAGS,
    summary: "Creates an invoice (its order and payment link); field errors in the spec's words",
    body: invoiceCreateBodySchema,
    answers: { 201: invoiceCreatedSchema, 400: errorResponseSchema, 409: errorResponseSchema },
  }),
  send: route({
    method: "POST",
    path: "/api/invoices/:id/send",
    access: { permission: "can update orders" },
    tags: TAGS,
    summary: "Sends the invoice link by SMS or e-mail (once a minute at most)",
    params: idParams,
    body: invoiceSendBodySchema,
    answers: {
      200: detailAnswerSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
  remove: route({
    method: "DELETE",
    path: "/api/invoices/:id",
    access: { permission: "can delete orders" },
    tags: TAGS,
    summary: "Deletes an invoice that is not paid (its order leaves the lists)",
    params: idParams,
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  }),
};
