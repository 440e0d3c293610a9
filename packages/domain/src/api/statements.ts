import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { idParams, paging } from "./workspace-shared.ts";

/**
 * Monthly statements (merchant-dashboard.md "Statements", the Statement entity and the statements subscription;
 * issue 18 item 4; docs/settings.md "Monthly statements"). A merchant subscribed to the service (service name
 * MONTHLY STATEMENT) gets, on the 1st of each month in its time zone, the statement of the month before: opening
 * and closing balances per currency (never summed across currencies), payments by method, refunds, chargebacks,
 * fees, VAT and transfers. The list shows a New badge until the statement is downloaded (PDF or XLSX).
 */

/** The spec's service name of the monthly statement (section 10). */
export const STATEMENT_SERVICE_NAME = "MONTHLY STATEMENT";
export const STATEMENT_FORMATS = ["pdf", "xlsx"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_LANGUAGES = ["en", "ar"] as const;
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number];

export const STATEMENT_MESSAGES = {
  empty: "No Statements yet to show",
  downloadFailed: "Download Failed. If this problem persists, please contact your service provider.",
  saved: "Your request completed successfully.",
} as const;

/** Payments of one method (the integration's gateway type) in one currency. */
export const statementMethodSchema = z.object({
  method: z.string(),
  count: z.number(),
  amount_cents: z.number(),
});

/** The figures of one currency, in its minor units. closing = opening + net - transferred. */
export const statementCurrencySchema = z.object({
  currency: z.string(),
  /** What the provider held for the merchant at the start of the month: earned and not yet transferred. */
  opening_cents: z.number(),
  methods: z.array(statementMethodSchema),
  /** Payments and captures: their count and amount. */
  payments_count: z.number(),
  gross_cents: z.number(),
  refunds_count: z.number(),
  refunded_cents: z.number(),
  /** Lost chargebacks resolved in the month: amount, accept fees and VAT. */
  chargebacks_count: z.number(),
  chargeback_cents: z.number(),
  fees_cents: z.number(),
  vat_cents: z.number(),
  /** gross - refunded - chargebacks - fees - VAT. */
  net_cents: z.number(),
  /** Transfers whose settlement day falls in the month, and their net. */
  transfers_count: z.number(),
  transferred_cents: z.number(),
  closing_cents: z.number(),
});
export type StatementCurrency = z.infer<typeof statementCurrencySchema>;

export const statementItemSchema = z.object({
  id: z.number(),
  /** The month the statement covers, YYYY-MM. */
  month: z.string(),
  /** When it was issued (the 1st of the next month in the merchant's time zone). */
  statement_date: z.string(),
  time_zone: z.string(),
  /** New until downloaded in either format. */
  is_new: z.boolean(),
  downloaded_at: z.string().nullable(),
  currencies: z.array(statementCurrencySchema),
});
export type StatementItem = z.infer<typeof statementItemSchema>;
export const statementListAnswerSchema = listAnswer(statementItemSchema);
export const statementListQuerySchema = z.object({ ...paging });

export const statementDownloadQuerySchema = z.object({
  format: z.enum(STATEMENT_FORMATS).default("pdf"),
  lang: z.enum(STATEMENT_LANGUAGES).default("en"),
});

/** The subscription, shaped as the spec's services call answers (service_name, active, service_id). */
export const statementSubscriptionSchema = z.object({
  service_id: z.number(),
  service_name: z.literal(STATEMENT_SERVICE_NAME),
  active: z.boolean(),
});
export type StatementSubscription = z.infer<typeof statementSubscriptionSchema>;
export const statementSubscriptionBodySchema = z.object({ active: z.boolean() });

/** Statements and the subscription: whoever may view reports (the owner holds it; staff when granted). */
const VIEW = { permission: "can view reports" } as const;
const TAGS = ["Statements"] as const;

export const statementsApi = {
  list: route({
    method: "GET",
    path: "/api/statements",
    access: VIEW,
    tags: TAGS,
    summary: "The merchant's monthly statements, newest month first, with the New marker and figures",
    query: statementListQuerySchema,
    answers: { 200: statementListAnswerSchema, 403: errorResponseSchema },
  }),
  /** A file, not JSON: the dashboard downloads it with fetch (statements.api.ts), not call(). */
  download: route({
    method: "GET",
    path: "/api/statements/:id/download",
    access: VIEW,
    tags: TAGS,
    summary: "Download a statement as PDF or XLSX in English or Arabic; clears its New marker",
    params: idParams,
    query: statementDownloadQuerySchema,
    answers: {},
  }),
  subscription: route({
    method: "GET",
    path: "/api/statements/subscription",
    access: VIEW,
    tags: TAGS,
    summary: "Whether the merchant is subscribed to the MONTHLY STATEMENT service",
    answers: { 200: statementSubscriptionSchema, 403: errorResponseSchema },
  }),
  subscribe: route({
    method: "PUT",
    path: "/api/statements/subscription",
    access: VIEW,
    tags: TAGS,
    summary: "Turn the MONTHLY STATEMENT service on or off",
    body: statementSubscriptionBodySchema,
    answers: { 200: statementSubscriptionSchema, 400: errorResponseSchema, 403: errorResponseSchema },
  }),
};
