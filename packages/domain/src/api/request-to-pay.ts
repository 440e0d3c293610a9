import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { AMOUNT_MAX_MINOR, currencyExponent, isCurrency, maxAmountMinor } from "../currencies.ts";
import { safeParseAmount } from "../money.ts";
import { boundedText } from "../text-input.ts";
import { hasHtmlTags, isPhone, VALIDATION_MESSAGES as V } from "../validation.ts";
import { checkoutLookSchema } from "./checkout-customization.ts";
import { boolParam, cappedListAnswer, idParams, paging } from "./workspace-shared.ts";

/**
 * Request to pay (issue 14 item 5; back-office.md sections 2 "Transactions: request to pay", 3 "Request to pay",
 * 5 "Tip types"; docs/pos-risk.md "Request to pay"). A merchant creates or edits a payment request for a customer's
 * mobile number (amount, mobNum, billNum, storeId, loyalNum, refNum, consId, termId, purpose, tip type and value,
 * merchant order id), sends it by SMS, and the customer pays it on the hosted page /checkout/request?token=T, which
 * adds the tip. Amounts are integer minor units; the tip is computed here, once, for the server and the page.
 */

/** The four tip types of back-office.md section 5. */
export const TIP_TYPES = ["none", "fixed", "percentage", "consumer"] as const;
export type TipType = (typeof TIP_TYPES)[number];

/** What the list shows: the stored status, or expired once an unpaid request is past its expiry. */
export const REQUEST_STATES = ["created", "sent", "paid", "expired", "cancelled"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** How long a request can be paid, from its creation (the spec gives none; docs/pos-risk.md). */
export const REQUEST_TO_PAY_DAYS = 7;

/** The reference fields' length (billNum, storeId, loyalNum, refNum, consId, termId, merchant order id). */
export const REQUEST_REF_MAX = 64;
export const REQUEST_PURPOSE_MAX = 200;

/** The portal's messages (the spec states the tip rules without wording; docs/pos-risk.md). */
export const REQUEST_TO_PAY_MESSAGES = {
  required: V.required,
  invalid_phone: V.invalid_phone,
  invalid_amount: V.invalid_amount,
  html_tags: V.html_tags,
  amount_too_large: "The amount is above the maximum allowed for this currency.",
  fixed_tip: "The tip must be a whole number above 0.",
  percentage_tip: "The tip percentage must be between 0 and 100, both excluded.",
  no_tip_value: "This tip type takes no tip value.",
  consumer_tip: "Please enter a valid tip amount.",
  total_too_large: "The amount with the tip is above the maximum allowed for this currency.",
  order_id_exists: "Order ID already exists",
  no_card_integration: "You don't have a card payment integration for this currency in this mode.",
  paid_not_editable: "This request has been paid and cannot be edited.",
  not_editable: "This request is {state} and cannot be edited.",
  not_sendable: "This request is {state} and cannot be sent.",
  not_cancelable: "This request is {state} and cannot be cancelled.",
  already_paid: "This request has already been paid.",
  not_payable: "This request is {state} and cannot be paid.",
  payment_in_progress: "A payment of this request is in progress. Please wait for its result.",
  created: "Request to pay created successfully.",
  updated: "Request to pay updated successfully.",
  sent: "The request was sent by SMS.",
  cancelled: "The request was cancelled.",
} as const;
export type RequestToPayMessage = keyof typeof REQUEST_TO_PAY_MESSAGES;

// ------------------------------------------------------------------------------------------------- the tip

/**
 * A tip value as typed: a fixed tip is a whole number of major units above 0 ("10" is 10.00 EGP); a percentage
 * has at most two decimals and lies strictly between 0 and 100 ("12.5"). Stored as an integer: the whole units,
 * or hundredths of a percent (basis points: "12.5" is 1250). Answers the stored integer or a message code.
 */
export function parseTipValue(
  tipType: TipType,
  value: string | null | undefined,
): { ok: true; stored: number | null } | { ok: false; code: RequestToPayMessage } {
  const text = (value ?? "").trim();
  if (tipType === "none" || tipType === "consumer")
    return text === "" ? { ok: true, stored: null } : { ok: false, code: "no_tip_value" };
  if (tipType === "fixed") {
    if (!/^\d{1,11}$/.test(text)) return { ok: false, code: "fixed_tip" };
    const units = Number(text);
    return units > 0 ? { ok: true, stored: units } : { ok: false, code: "fixed_tip" };
  }
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, code: "percentage_tip" };
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp > 0 && bp < 10_000 ? { ok: true, stored: bp } : { ok: false, code: "percentage_tip" };
}

/** The stored tip value as the form shows it: "10" for a fixed tip, "12.5" for 1250 basis points. */
export function tipValueText(tipType: TipType, stored: number | null): string {
  if (stored === null || tipType === "none" || tipType === "consumer") return "";
  if (tipType === "fixed") return String(stored);
  const whole = Math.floor(stored / 100);
  const fraction = String(stored % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * The tip in minor units. Fixed: the whole units times the currency's divisor (100, or 1000 for the
 * three-decimal set). Percentage: amount × basis points / 10,000 rounded half up to the minor unit, in integers
 * (amount ≤ 10^10 and basis points < 10^4 keep the product below 2^53). Consumer: what the customer entered.
 */
export function tipCents(
  request: { amount_cents: number; currency: string; tip_type: TipType; tip_value: number | null },
  consumerTipCents?: number,
): number {
  switch (request.tip_type) {
    case "none":
      return 0;
    case "fixed":
      return (request.tip_value ?? 0) * 10 ** currencyExponent(request.currency);
    case "percentage":
      return Math.floor((request.amount_cents * (request.tip_value ?? 0) + 5000) / 10_000);
    case "consumer":
      return consumerTipCents ?? 0;
  }
}

/** The customer's typed tip (major units, the currency's decimals; zero allowed) in minor units, or undefined. */
export function parseConsumerTip(text: string, currency: string): number | undefined {
  if (!isCurrency(currency)) return undefined;
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const parsed = safeParseAmount(trimmed, currency);
  return parsed.ok && parsed.amount >= 0 ? parsed.amount : undefined;
}

/** Whether an amount (or amount plus tip) is within its currency's documented maximum (docs/domain-rules.md). */
export function withinMaximum(amountCents: number, currency: string): boolean {
  return amountCents <= (isCurrency(currency) ? maxAmountMinor(currency) : AMOUNT_MAX_MINOR);
}

// ------------------------------------------------------------------------------------------------ the form

const m = (code: RequestToPayMessage) => ({ error: REQUEST_TO_PAY_MESSAGES[code] });

/** An optional reference: trimmed, bounded, no HTML; blank is null. */
const refText = (max = REQUEST_REF_MAX) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v),
    boundedText(max)
      .transform((v) => v.trim())
      .refine((v) => !hasHtmlTags(v), m("html_tags"))
      .nullable(),
  );

const requestToPayFields = {
  is_live: z.boolean(),
  /** Integer minor units, above 0 and at most the currency's maximum. */
  amount_cents: z
    .number(m("invalid_amount"))
    .int(m("invalid_amount"))
    // Refinements, not positive/max: the error handler words a bound's issue in the provider's way.
    .refine((v) => v > 0, { ...m("invalid_amount"), abort: true })
    .refine((v) => v <= AMOUNT_MAX_MINOR, m("amount_too_large")),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isCurrency(v), { error: "Please select one currency." }),
  /** The customer's mobile number: the request is sent to it. */
  mob_num: z
    .string(m("required"))
    .trim()
    .refine((v) => v.length > 0, { ...m("required"), abort: true })
    .refine((v) => v.length <= 20 && isPhone(v), m("invalid_phone")),
  bill_num: refText(),
  store_id: refText(),
  loyal_num: refText(),
  ref_num: refText(),
  cons_id: refText(),
  term_id: refText(),
  purpose: refText(REQUEST_PURPOSE_MAX),
  tip_type: z.enum(TIP_TYPES),
  /** Fixed: whole units ("10"); percentage: "12.5"; none and consumer: blank. */
  tip_value: z.string().max(20).nullish(),
  merchant_order_id: refText(),
};

type TipFields = {
  amount_cents: number;
  currency: string;
  tip_type: TipType;
  tip_value?: string | null | undefined;
};

/** The tip rules (section 5) and the amount bounds with the tip (docs/domain-rules.md). */
function tipRules(body: TipFields, ctx: z.RefinementCtx): void {
  const tip = parseTipValue(body.tip_type, body.tip_value);
  if (!tip.ok) {
    ctx.addIssue({ code: "custom", path: ["tip_value"], message: REQUEST_TO_PAY_MESSAGES[tip.code] });
    return;
  }
  if (!isCurrency(body.currency)) return;
  if (body.amount_cents > maxAmountMinor(body.currency)) {
    ctx.addIssue({
      code: "custom",
      path: ["amount_cents"],
      message: REQUEST_TO_PAY_MESSAGES.amount_too_large,
    });
    return;
  }
  const total =
    body.amount_cents +
    tipCents({
      amount_cents: body.amount_cents,
      currency: body.currency,
      tip_type: body.tip_type,
      tip_value: tip.stored,
    });
  if (!withinMaximum(total, body.currency))
    ctx.addIssue({ code: "custom", path: ["tip_value"], message: REQUEST_TO_PAY_MESSAGES.total_too_large });
}

export const requestToPayBodySchema = z.object(requestToPayFields).superRefine(tipRules);
export type RequestToPayBody = z.input<typeof requestToPayBodySchema>;

export const requestToPayCreateSchema = z
  .object({
    ...requestToPayFields,
    /** Send the SMS at once (the form's "Create and send"). */
    send: z.boolean().default(false),
  })
  .superRefine(tipRules);
export type RequestToPayCreate = z.input<typeof requestToPayCreateSchema>;

// ---------------------------------------------------------------------------------------------- the answers

export const requestToPayItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  is_live: z.boolean(),
  amount_cents: z.number(),
  currency: z.string(),
  mob_num: z.string(),
  bill_num: z.string().nullable(),
  store_id: z.string().nullable(),
  loyal_num: z.string().nullable(),
  ref_num: z.string().nullable(),
  cons_id: z.string().nullable(),
  term_id: z.string().nullable(),
  purpose: z.string().nullable(),
  tip_type: z.enum(TIP_TYPES),
  /** As the form shows it ("10", "12.5"), blank for none and consumer. */
  tip_value: z.string(),
  merchant_order_id: z.string().nullable(),
  state: z.enum(REQUEST_STATES),
  /** The tip of the payment, once paid (minor units). */
  tip_cents: z.number().nullable(),
  /** Amount plus tip, once paid. */
  paid_amount_cents: z.number().nullable(),
  transaction_id: z.number().nullable(),
  sent_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
  created_by: z.string().nullable(),
});
export type RequestToPayItem = z.infer<typeof requestToPayItemSchema>;

export const requestToPayDetailsSchema = requestToPayItemSchema.extend({
  /** The customer page the SMS links to. */
  link_url: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
});
export type RequestToPayDetails = z.infer<typeof requestToPayDetailsSchema>;

export const requestToPayListQuerySchema = z.object({
  is_live: boolParam.default(true),
  state: z.enum(REQUEST_STATES).optional(),
  ...paging,
});
export type RequestToPayListQuery = z.infer<typeof requestToPayListQuerySchema>;

// ----------------------------------------------------------------------------------------- the customer page

const tokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/) });

export const CUSTOMER_REQUEST_STATES = ["open", "paid", "expired", "cancelled"] as const;

export const customerRequestSchema = z.object({
  merchant: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  look: checkoutLookSchema.nullable(),
  amount_cents: z.number(),
  currency: z.string(),
  exponent: z.union([z.literal(2), z.literal(3)]),
  purpose: z.string().nullable(),
  bill_num: z.string().nullable(),
  reference: z.string().nullable(),
  tip_type: z.enum(TIP_TYPES),
  /** Percentage tips: the percent as text ("12.5"); fixed: the whole units; else blank. */
  tip_value: z.string(),
  /** The tip the merchant set (fixed or percentage) in minor units; 0 for none; null when the customer enters it. */
  tip_cents: z.number().nullable(),
  /** Paid: the tip and total paid. */
  paid_tip_cents: z.number().nullable(),
  expires_at: z.string(),
  state: z.enum(CUSTOMER_REQUEST_STATES),
  is_live: z.boolean(),
});
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

export const customerRequestPayBodySchema = z.object({
  /** The customer's tip (consumer tip type only): major units as typed, e.g. "5.50"; blank is no tip. */
  tip: z.string().max(24).optional(),
});

export const customerRequestPayAnswerSchema = z.object({
  amount_cents: z.number(),
  tip_cents: z.number(),
  total_cents: z.number(),
  currency: z.string(),
  /** The hosted checkout's payment token (/checkout/pay?payment_token=...). */
  payment_token: z.string(),
});

const TAGS = ["Request to pay"] as const;
const VIEW = { permission: "can view transactions" } as const;
const CREATE = { permission: "can create transactions" } as const;
const ANSWERS = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
} as const;

export const requestToPayApi = {
  list: route({
    method: "GET",
    path: "/api/request-to-pay",
    access: VIEW,
    tags: TAGS,
    summary: "The merchant's payment requests in one mode, newest first, with a state filter",
    query: requestToPayListQuerySchema,
    answers: { 200: cappedListAnswer(requestToPayItemSchema), 403: errorResponseSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/request-to-pay/:id",
    access: VIEW,
    tags: TAGS,
    summary: "One payment request with its customer page link",
    params: idParams,
    answers: { 200: requestToPayDetailsSchema, 403: errorResponseSchema, 404: errorResponseSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/request-to-pay",
    access: CREATE,
    tags: TAGS,
    summary: "Create a payment request (and send its SMS when send is true)",
    description:
      "400 with fields (the tip rules of back-office.md section 5, amount bounds, no card integration), 409 order_id_exists.",
    body: requestToPayCreateSchema,
    answers: { 201: requestToPayDetailsSchema, ...ANSWERS },
  }),
  edit: route({
    method: "PUT",
    path: "/api/request-to-pay/:id",
    access: CREATE,
    tags: TAGS,
    summary: "Edit an unpaid payment request (a paid, cancelled or expired one: 409)",
    params: idParams,
    body: requestToPayBodySchema,
    answers: { 200: requestToPayDetailsSchema, ...ANSWERS },
  }),
  send: route({
    method: "POST",
    path: "/api/request-to-pay/:id/send",
    access: CREATE,
    tags: TAGS,
    summary: "Send (or send again) the request's SMS to its mobile number",
    params: idParams,
    answers: { 200: requestToPayDetailsSchema, ...ANSWERS },
  }),
  cancel: route({
    method: "POST",
    path: "/api/request-to-pay/:id/cancel",
    access: CREATE,
    tags: TAGS,
    summary: "Cancel an unpaid payment request",
    params: idParams,
    answers: { 200: requestToPayDetailsSchema, ...ANSWERS },
  }),
} as const;

export const customerRequestApi = {
  show: route({
    method: "GET",
    path: "/api/checkout/requests/:token",
    access: { public: true },
    tags: ["checkout"],
    summary: "The customer page of a request to pay: merchant, amount, tip and whether it can be paid",
    params: tokenParams,
    answers: { 200: customerRequestSchema, 404: errorResponseSchema, 429: errorResponseSchema },
  }),
  pay: route({
    method: "POST",
    path: "/api/checkout/requests/:token/pay",
    access: { public: true },
    tags: ["checkout"],
    summary: "Start paying a request: the tip is added and a payment token of amount plus tip is issued",
    description:
      "400 tip (consumer tip invalid or total above the maximum), 409 already_paid or not payable.",
    params: tokenParams,
    body: customerRequestPayBodySchema,
    answers: {
      200: customerRequestPayAnswerSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
} as const;
