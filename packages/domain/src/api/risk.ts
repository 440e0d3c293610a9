import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { AMOUNT_MAX_MINOR, isCurrency } from "../currencies.ts";
import { normalizeDigits } from "../digits.ts";
import { parseCidr, RISK_LISTS, RISK_RULE_KINDS, RISK_SUBJECTS } from "../risk.ts";
import { hasForbiddenCharacters } from "../text-input.ts";
import { isEmail, isPhone, VALIDATION_MESSAGES } from "../validation.ts";
import { idParams, paging } from "./workspace-shared.ts";

/**
 * The risk center (issue 14 item 4; merchant-dashboard.md section 2 "Risk Center"; docs/pos-risk.md "Risk"): the
 * merchant's rules, blacklist and whitelist, and the audit of every change. The payment core enforces them before
 * the acquirer (apps/server/src/risk/risk.check.ts). Reading needs "can view transactions" (the Risk Center
 * screen's permission); a change needs "can update payment integration", since it decides which payments the
 * merchant's integrations take. The provider's proxy path answers the dashboard's calls in its own envelope.
 */

export const RISK_MESSAGES = {
  required: VALIDATION_MESSAGES.required,
  amount: "Enter an amount greater than zero in minor units, within the currency's maximum.",
  currency: "Choose a currency.",
  subject: "Choose what the rule counts by: card, email, phone or IP.",
  window: "Enter a time window between 1 minute and 30 days.",
  velocityLimit: "Enter a maximum number of payments, a maximum amount, or both.",
  maxPayments: "Enter a whole number of payments from 1 to 1,000,000.",
  countries: "Enter one or more two-letter country codes (for example EG, AE).",
  card: "Enter a valid card number.",
  email: VALIDATION_MESSAGES.invalid_email,
  phone: VALIDATION_MESSAGES.invalid_phone,
  ip: "Enter an IP address or range in CIDR form (for example 203.0.113.0/24 or 2001:db8::/32).",
  note: "Keep the note under 200 characters, without control characters.",
  duplicate: "This entry is already in the list.",
  saved: "Your request completed successfully.",
  deleted: "The entry was deleted.",
} as const;

export const RISK_WINDOW_MAX_SECONDS = 30 * 24 * 3600;
export const RISK_MAX_PAYMENTS = 1_000_000;

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

const note = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(200, { error: RISK_MESSAGES.note })
    .refine((v) => !hasForbiddenCharacters(v), { error: RISK_MESSAGES.note })
    .optional(),
);

// Bounds are checked in the refinements below, so the field's own message reaches the form (the error handler
// words a bare minimum or maximum generically).
const amount = z
  .number({ error: RISK_MESSAGES.amount })
  .refine((v) => Number.isInteger(v) && v >= 1 && v <= AMOUNT_MAX_MINOR, { error: RISK_MESSAGES.amount });
const inRange = (message: string, min: number, max: number) =>
  z.number({ error: message }).refine((v) => Number.isInteger(v) && v >= min && v <= max, { error: message });

/** A rule as the merchant sets it. Which fields a kind needs is checked below; others are ignored. */
export const riskRuleInputSchema = z
  .object({
    kind: z.enum(RISK_RULE_KINDS, { error: RISK_MESSAGES.required }),
    currency: z.preprocess(blankToUndefined, z.string().trim().toUpperCase().optional()),
    amount_cents: z.preprocess(blankToUndefined, amount.optional()),
    subject: z.preprocess(
      blankToUndefined,
      z.enum(RISK_SUBJECTS, { error: RISK_MESSAGES.subject }).optional(),
    ),
    max_payments: z.preprocess(
      blankToUndefined,
      inRange(RISK_MESSAGES.maxPayments, 1, RISK_MAX_PAYMENTS).optional(),
    ),
    window_seconds: z.preprocess(
      blankToUndefined,
      inRange(RISK_MESSAGES.window, 60, RISK_WINDOW_MAX_SECONDS).optional(),
    ),
    countries: z.preprocess(
      blankToUndefined,
      z
        .array(
          z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z]{2}$/, { error: RISK_MESSAGES.countries }),
          {
            error: RISK_MESSAGES.countries,
          },
        )
        .max(250, { error: RISK_MESSAGES.countries })
        .optional(),
    ),
    is_active: z.boolean().default(true),
    note,
  })
  .superRefine((r, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const currencyOk = r.currency !== undefined && isCurrency(r.currency);
    if (r.kind === "max_amount" || r.kind === "min_amount" || r.kind === "three_ds") {
      if (!currencyOk) need("currency", RISK_MESSAGES.currency);
      if (r.amount_cents === undefined) need("amount_cents", RISK_MESSAGES.amount);
    } else if (r.kind === "velocity") {
      if (r.subject === undefined) need("subject", RISK_MESSAGES.subject);
      if (r.window_seconds === undefined) need("window_seconds", RISK_MESSAGES.window);
      if (r.max_payments === undefined && r.amount_cents === undefined)
        need("max_payments", RISK_MESSAGES.velocityLimit);
      if (r.amount_cents !== undefined && !currencyOk) need("currency", RISK_MESSAGES.currency);
    } else if (r.kind === "countries") {
      if (!r.countries || r.countries.length === 0) need("countries", RISK_MESSAGES.countries);
    }
  });
export type RiskRuleInput = z.input<typeof riskRuleInputSchema>;
export type RiskRuleValues = z.output<typeof riskRuleInputSchema>;

export const riskRuleSchema = z.object({
  id: z.number(),
  kind: z.enum(RISK_RULE_KINDS),
  currency: z.string().nullable(),
  amount_cents: z.number().nullable(),
  subject: z.enum(RISK_SUBJECTS).nullable(),
  max_payments: z.number().nullable(),
  window_seconds: z.number().nullable(),
  countries: z.array(z.string()).nullable(),
  is_active: z.boolean(),
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RiskRule = z.infer<typeof riskRuleSchema>;

/** The value of a list entry: a full card number (kept only as first 6, last 4 and a keyed hash), e-mail, phone or IP range. */
export const riskEntryInputSchema = z
  .object({
    list: z.enum(RISK_LISTS, { error: RISK_MESSAGES.required }),
    kind: z.enum(RISK_SUBJECTS, { error: RISK_MESSAGES.required }),
    value: z
      .string({ error: RISK_MESSAGES.required })
      .trim()
      .min(1, { error: RISK_MESSAGES.required })
      .max(254, { error: RISK_MESSAGES.required })
      .refine((v) => !hasForbiddenCharacters(v), { error: RISK_MESSAGES.required }),
    note,
  })
  .superRefine((e, ctx) => {
    const bad = (message: string) => ctx.addIssue({ code: "custom", path: ["value"], message });
    if (e.kind === "card") {
      const digits = normalizeDigits(e.value).replace(/[\s-]/g, "");
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) bad(RISK_MESSAGES.card);
    } else if (e.kind === "email") {
      if (!isEmail(e.value)) bad(RISK_MESSAGES.email);
    } else if (e.kind === "phone") {
      if (!isPhone(e.value)) bad(RISK_MESSAGES.phone);
    } else if (!parseCidr(e.value)) bad(RISK_MESSAGES.ip);
  });
export type RiskEntryInput = z.input<typeof riskEntryInputSchema>;

function luhn(pan: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = pan.length - 1; i >= 0; i--) {
    let d = pan.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export const riskEntrySchema = z.object({
  id: z.number(),
  list: z.enum(RISK_LISTS),
  kind: z.enum(RISK_SUBJECTS),
  /** What the screen shows: a masked card (first 6 and last 4), the e-mail, the phone or the canonical range. */
  label: z.string(),
  card_first6: z.string().nullable(),
  card_last4: z.string().nullable(),
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type RiskEntry = z.infer<typeof riskEntrySchema>;

export const riskEntriesQuerySchema = z.object({
  list: z.enum(RISK_LISTS),
  ...paging,
});

export const riskAuditSchema = z.object({
  id: z.number(),
  user_email: z.string().nullable(),
  action: z.enum(["created", "updated", "deleted"]),
  target: z.enum(["rule", "black", "white"]),
  target_id: z.number(),
  summary: z.string(),
  created_at: z.string(),
});
export type RiskAudit = z.infer<typeof riskAuditSchema>;

/**
 * The provider's risk-center proxy (merchant-dashboard.md section 7: "A risk-center proxy is reached at
 * /api/ecommerce/risk-center-proxy/send"): the dashboard names the risk resource and the method; the answer wraps
 * what the risk center's own route answers in {success, status, data}. Not shown in the spec; the portal's choice
 * is written in docs/pos-risk.md.
 */
export const riskProxyBodySchema = z.object({
  endpoint: z.enum(["rules", "blacklist", "whitelist", "audit"]),
  method: z.enum(["GET", "POST", "PUT", "DELETE"]).default("GET"),
  id: z.number().int().positive().optional(),
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(10),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const riskProxyAnswerSchema = z.object({
  success: z.boolean(),
  status: z.number(),
  data: z.unknown(),
});

const TAGS = ["Risk center"] as const;
const VIEW = { permission: "can view transactions" } as const;
const EDIT = { permission: "can update payment integration" } as const;
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const riskApi = {
  rules: route({
    method: "GET",
    path: "/api/risk/rules",
    access: VIEW,
    tags: TAGS,
    summary: "The merchant's risk rules",
    answers: { 200: z.object({ results: z.array(riskRuleSchema) }), 403: errorResponseSchema },
  }),
  createRule: route({
    method: "POST",
    path: "/api/risk/rules",
    access: EDIT,
    tags: TAGS,
    summary: "Add a risk rule",
    body: riskRuleInputSchema,
    answers: { 201: riskRuleSchema, ...errors },
  }),
  updateRule: route({
    method: "PUT",
    path: "/api/risk/rules/:id",
    access: EDIT,
    tags: TAGS,
    summary: "Change a risk rule (its counters start again)",
    params: idParams,
    body: riskRuleInputSchema,
    answers: { 200: riskRuleSchema, ...errors },
  }),
  deleteRule: route({
    method: "DELETE",
    path: "/api/risk/rules/:id",
    access: EDIT,
    tags: TAGS,
    summary: "Delete a risk rule",
    params: idParams,
    answers: { 200: z.object({ detail: z.string() }), ...errors },
  }),
  entries: route({
    method: "GET",
    path: "/api/risk/entries",
    access: VIEW,
    tags: TAGS,
    summary: "A page of the blacklist or the whitelist, newest first",
    query: riskEntriesQuerySchema,
    answers: { 200: listAnswer(riskEntrySchema), 400: errorResponseSchema, 403: errorResponseSchema },
  }),
  createEntry: route({
    method: "POST",
    path: "/api/risk/entries",
    access: EDIT,
    tags: TAGS,
    summary: "Add a card, e-mail, phone or IP range to the blacklist or the whitelist",
    description: "400 validation with the field's message; 409 risk_entry_exists.",
    body: riskEntryInputSchema,
    answers: { 201: riskEntrySchema, ...errors, 409: errorResponseSchema },
  }),
  deleteEntry: route({
    method: "DELETE",
    path: "/api/risk/entries/:id",
    access: EDIT,
    tags: TAGS,
    summary: "Remove a list entry",
    params: idParams,
    answers: { 200: z.object({ detail: z.string() }), ...errors },
  }),
  audit: route({
    method: "GET",
    path: "/api/risk/audit",
    access: VIEW,
    tags: TAGS,
    summary: "Every change to the rules and lists: who and when, newest first",
    query: z.object({ ...paging }),
    answers: { 200: listAnswer(riskAuditSchema), 403: errorResponseSchema },
  }),
  proxy: route({
    method: "POST",
    path: "/api/ecommerce/risk-center-proxy/send",
    access: VIEW,
    tags: TAGS,
    summary: "The provider's risk-center proxy: one resource and method of the risk center in an envelope",
    description:
      "endpoint rules, blacklist, whitelist or audit; method GET lists, POST adds (data is the add body), PUT changes a rule (id, data), DELETE removes (id). Changes need can update payment integration. Errors answer {success:false, status, data:{detail, code, fields}}.",
    body: riskProxyBodySchema,
    answers: { 200: riskProxyAnswerSchema, 400: errorResponseSchema, 403: errorResponseSchema },
  }),
};
